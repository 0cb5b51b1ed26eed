"""Scores a player can read: each score item said in words, with its arithmetic.

The score items themselves (``ScoreItem``: seat, points, rule, cards, note) are the contract
that scenario files check, so they are not changed; this module only words them.  A game
package may add ``games/<id>/explain.py`` with

* ``explain(item, ctx) -> str | None``: the sentence for one item (its JSON form), e.g.
  "K♦ left face down: −1 × 1".  ``None`` hides an item, allowed only for items worth 0
  that tell nothing (a tribute row); an item with points is always shown;
* ``SCORING_NOTE``: a sentence shown above the scores ("Lower is better: …"), marked
  ``N_`` (shown through ``_``);
* ``deal_note(view) -> str | None``: what happened to a deal without score items (a
  thrown-in or void deal), shown above the seats.

Without ``explain`` the item's own note is used, with seats named as players see them.  Rule
labels (``gin:31``) are shown only with ``verbose``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import parse_card
from .errors import BadCard
from .i18n import _
from .presentation import game_part, name_of, name_seats, seat_ref, seats_text

_SPEC_REF = re.compile(r"\s*\((?:§|[a-z]+\.md\b)[^)]*\)")


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


@dataclass
class ExplainContext:
    """What a game's ``explain`` may use: the names, the table size, the final view."""

    names: Sequence[str]
    players: int
    view: dict[str, Any] | None = None
    items: Sequence[dict[str, Any]] = ()
    index: int = 0          # the place of the item being explained in ``items``
    extra: dict[str, Any] = field(default_factory=dict)

    def seat(self, s: Any, possessive: bool = False) -> str:
        return seat_ref(int(s), self.names, possessive)

    def name(self, s: Any) -> str:
        return name_of(s, self.names)

    def words(self, text: str) -> str:
        """A note of the engine with its seat numbers turned into names and its spec
        references ("(gin.md rule 31)", "(§4.5)") left out."""
        return name_seats(_SPEC_REF.sub("", text), self.names).strip()

    def partner_item(self, step: int) -> dict[str, Any] | None:
        """The item ``step`` places away (a zero-sum pair of items is written side by side)."""
        k = self.index + step
        return self.items[k] if 0 <= k < len(self.items) else None

    @property
    def options(self) -> dict[str, Any]:
        return dict((self.view or {}).get("options") or {})


def signed(points: int) -> str:
    """Points as a person writes them: +5, −3 (a true minus sign), 0."""
    return f"+{points}" if points > 0 else f"−{-points}" if points < 0 else "0"


def card_sum(cards: Sequence[str], value: Callable[[int], int]) -> tuple[str, int]:
    """``("2♥ 20 + 5♦ 5", 25)``: each card with its value, and the sum."""
    parts, total = [], 0
    for t in cards:
        try:
            v = value(parse_card(t))
        except BadCard:
            continue
        parts.append(f"{t} {v}")
        total += v
    return " + ".join(parts), total


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def explain_items(game_id: str, items: Sequence[dict[str, Any]], players: int,
                  seat_names: Sequence[str], view: dict[str, Any] | None = None,
                  verbose: bool = False) -> list[list[ScoreLine]]:
    """Each seat's score lines, in item order; ``items`` are ``ScoreItem.to_json()`` dicts.

    The points of a seat's lines add up to the seat's score: a line is dropped only when
    its item is worth 0 and the game says it tells nothing.
    """
    mod = game_part(game_id, "explain")
    explain = getattr(mod, "explain", None)
    ctx = ExplainContext(seat_names, players, view, items)
    out: list[list[ScoreLine]] = [[] for _ in range(players)]
    for k, it in enumerate(items):
        ctx.index = k
        seat = int(it["seat"])
        points = int(it.get("points", 0))
        text: str | None
        if callable(explain):
            text = explain(it, ctx)
            if text is None and points != 0:
                text = _fallback(it, ctx)
        else:
            text = _fallback(it, ctx)
        if text is None:
            continue
        text = _capital(text)
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
    mod = game_part(game_id, "explain")
    note = str(getattr(mod, "SCORING_NOTE", "") or "")
    note = _(note) if note else ""
    deal_fn = getattr(mod, "deal_note", None)
    happened = deal_fn(view) if callable(deal_fn) else None
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


__all__ = ["ExplainContext", "ScoreLine", "card_sum", "explain_items", "score_summary", "signed",
           "summary_json"]
