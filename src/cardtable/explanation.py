"""Scores a player can read: each score item said in words, with its arithmetic.

The score items themselves (``ScoreItem``: seat, points, rule, cards, note) are the contract
that scenario files check, so they are not changed; this module only words them.  A game
declares its wording in its parts' :class:`cardtable.parts.Explanation`: ``explain(item,
ctx)`` the sentence for one item (e.g. "K♦ left face down: −1 × 1"; ``None`` hides an item,
allowed only for items worth 0 that tell nothing, such as a tribute row), ``scoring_note``
shown above the scores, ``deal_note(view)`` what happened to a deal without score items (a
thrown-in or void deal).

Without an explanation the item's own note is used, with seats named as players see them.  Rule
labels (``gin:31``) and the spec references a sentence cites ("(rule 44)", "(§2.3)") are shown
only with ``verbose`` (:func:`cardtable.parts.refs.strip_refs`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .i18n import _
from .parts import Explanation
from .parts.screen import ExplainContext, card_sum, name_of, seats_text, signed, strip_refs
from .registry import GAME_MODULES, game_parts


def game_explanation(game_id: str) -> Explanation | None:
    """The game's declared score wording, or None."""
    return game_parts(game_id).explanation if game_id in GAME_MODULES else None


@dataclass(frozen=True)
class ScoreLine:
    """One line of a seat's score: the words, the points it adds and the rule behind it."""

    text: str
    points: int
    rule: str = ""

    def __str__(self) -> str:
        return self.text

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "points": self.points, "rule": self.rule}


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def explain_items(game_id: str, items: Sequence[dict[str, Any]], players: int,
                  seat_names: Sequence[str], view: dict[str, Any] | None = None,
                  verbose: bool = False) -> list[list[ScoreLine]]:
    """Each seat's score lines, in item order; ``items`` are ``ScoreItem.to_json()`` dicts.

    The points of a seat's lines add up to the seat's score: a line is dropped only when
    its item is worth 0 and the game says it tells nothing.
    """
    part = game_explanation(game_id)
    explain = part.explain if part else None
    ctx = ExplainContext(seat_names, players, view, items)
    out: list[list[ScoreLine]] = [[] for _ in range(players)]
    for k, it in enumerate(items):
        ctx.index = k
        seat = int(it["seat"])
        points = int(it.get("points", 0))
        text: str | None
        if explain is not None:
            text = explain(it, ctx)
            if text is None and points != 0:
                text = _fallback(it, ctx)
        else:
            text = _fallback(it, ctx)
        if text is None:
            continue
        text = _capital(text if verbose else strip_refs(text, seat_names))
        if verbose:
            text += f"  [{it.get('rule', '')}]"
        if 0 <= seat < players:
            out[seat].append(ScoreLine(text, points, str(it.get("rule", ""))))
    return out


def _fallback(it: dict[str, Any], ctx: ExplainContext) -> str:
    note = ctx.words(str(it.get("note") or "")) or _("score")
    cards = " ".join(it.get("cards") or [])
    if cards and not all(c in note for c in it.get("cards") or []):
        note += f": {cards}"
    return note


def score_summary(game_id: str, view: dict[str, Any], seat_names: Sequence[str],
                  verbose: bool = False, winners: Sequence[int] | None = None) -> dict[str, Any]:
    """The end-of-deal screen as data: a note on how to read the scores, then per seat its
    name, total and lines, then who won in words.  ``view`` is a finished deal's view."""
    players = int(view.get("players", len(seat_names)))
    items = list(view.get("items") or [])
    lines = explain_items(game_id, items, players, seat_names, view, verbose)
    scores = list(view.get("scores") or [sum(li.points for li in seat) for seat in lines])
    part = game_explanation(game_id)
    note = _(part.scoring_note) if part and part.scoring_note else ""
    happened = part.deal_note(view) if part and part.deal_note else None
    if not verbose:
        note, happened = strip_refs(note), strip_refs(happened) if happened else happened
    seats = [{"seat": s, "name": name_of(s, seat_names), "total": int(scores[s]),
              "lines": lines[s]} for s in range(players)]
    won = ""
    if winners:
        won = _("Won the deal: {seats}.", seats=seats_text(list(winners), seat_names))
    return {"note": note, "deal": happened or "", "seats": seats, "winners": won}


def summary_json(summary: dict[str, Any]) -> dict[str, Any]:
    """:func:`score_summary` with its lines as plain dicts (for the browser table)."""
    return {**summary, "seats": [{**s, "lines": [line.to_json() for line in s["lines"]]}
                                 for s in summary["seats"]]}


__all__ = ["ExplainContext", "ScoreLine", "card_sum", "explain_items", "game_explanation", "score_summary",
           "signed", "summary_json"]
