"""A 五十一分 deal scored from the hands shown at its end (wushiyifen.md §5.4, §5.6; the scorekeeper).

An entry holds the ``declarer`` and how he declared (``kind``: 明亮 open, 暗亮 hidden), the
``hands`` that were shown — the declarer's, and in 明亮 each player's who showed a hand that
beats or ties it, in 暗亮 the ``challenger``'s (顶) — or ``void`` when the stock ran out with
no declaration.  Scored by :func:`.state.open_items` / :func:`.state.hidden_items`, as a played
deal is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...cards import cards_json, cards_of, mask_of
from ...i18n import N_, _, ngettext
from ...parts.tally import Choice, EntryReader, Field, Tally
from ...scoring import ScoreItem
from .rules import HAND_SIZE, WushiyifenOptions
from .scoring import Rating, compare, qualifies, rate
from .state import WushiyifenState, hidden_items, open_items

FIELDS = [
    Field("void", N_("void deal"), "flag", rule="wushiyifen:5.6",
          help=N_("the stock ran out and nobody declared: no score, the deal is replayed")),
    Field("declarer", N_("declarer"), "seat", rule="wushiyifen:5.4", optional=True),
    Field("kind", N_("declaration"), "choice", rule="wushiyifen:5.4", optional=True,
          choices=(Choice("open", N_("明亮 (open)"), "wushiyifen:5.4"),
                   Choice("hidden", N_("暗亮 (hidden)"), "wushiyifen:5.4"))),
    Field("challenger", N_("challenger (顶)"), "seat", rule="wushiyifen:5.4", optional=True,
          help=N_("暗亮 only: who challenged, none if nobody did")),
    Field("hands", N_("hands shown"), "cards", per_seat=True, rule="wushiyifen:5.4", optional=True,
          help=N_("the declarer's 5 cards, and those of each player who showed (明亮) or challenged (暗亮)")),
]


def fields(players: int, options: Any) -> list[Field]:
    return list(FIELDS)


def describe(state: WushiyifenState) -> dict[str, Any]:
    if state.void:
        return {"void": True}
    seats = [state.declarer] + (state.shown if state.kind == "open" else
                                [state.challenger] if state.challenger >= 0 else [])
    hands: list[Any] = [None] * state.players
    for s in seats:
        hands[s] = cards_json(cards_of(state.hands[s]))
    out: dict[str, Any] = {"declarer": state.declarer, "kind": state.kind, "hands": hands}
    if state.kind == "hidden" and state.challenger >= 0:
        out["challenger"] = state.challenger
    return out


def score(entry: Mapping[str, Any], players: int, options: Any) -> list[ScoreItem]:
    """The deal's score items (§5.4), or :class:`BadEntry`."""
    assert isinstance(options, WushiyifenOptions)
    r = EntryReader(entry, FIELDS, players, options, range(54))
    if r.flag("void"):
        for key in ("declarer", "kind", "challenger", "hands"):
            if r.given(key):
                raise r.fail(key, _("a void deal has no declaration to score"))
        return []
    declarer, kind = r.seat("declarer"), r.choice("kind")
    challenger = r.seat("challenger", required=False)
    assert declarer is not None
    hands = [mask_of(r.cards("hands", s)) for s in range(players)]
    ratings: dict[int, Rating] = {}
    for s in range(players):
        if hands[s]:
            if hands[s].bit_count() != HAND_SIZE:
                raise r.fail("hands", ngettext("a hand of {n} card, not {got}", "a hand of {n} cards, not {got}",
                                               HAND_SIZE, got=hands[s].bit_count()), s)
            ratings[s] = rate(hands[s], options.nonflush_variant, options.nonflush_value)
    if declarer not in ratings:
        raise r.fail("hands", _("the declarer's hand is missing"), declarer)
    rd = ratings[declarer]
    if not rd.counts:
        raise r.fail("hands", _("this hand may not be declared: it is not a flush"), declarer)
    if not qualifies(rd, options.declare_threshold):
        raise r.fail("hands", _("this hand may not be declared: it is worth {value}, a declaration needs {need}",
                                value=rd.value, need=options.declare_threshold), declarer)
    if kind == "hidden":
        return _hidden(r, declarer, challenger, hands, ratings)
    if challenger is not None:
        raise r.fail("challenger", _("only a hidden declaration (暗亮) is challenged"))
    shown = [declarer] + [(declarer + k) % players for k in range(1, players) if (declarer + k) % players in ratings]
    for s in shown[1:]:
        rs = ratings[s]
        if not qualifies(rs, options.declare_threshold) or compare(rs, ratings[declarer]) < 0:
            raise r.fail("hands", _("only a hand that may be declared and beats or ties the declarer's is shown"), s)
    return open_items(shown, ratings, hands)


def _hidden(r: EntryReader, declarer: int, challenger: int | None, hands: list[int],
            ratings: dict[int, Rating]) -> list[ScoreItem]:
    others = [s for s in ratings if s != declarer]
    if challenger is None:
        if others:
            raise r.fail("hands", _("with no challenger only the declarer's hand is shown"), others[0])
        return [ScoreItem(declarer, ratings[declarer].value, "wushiyifen:5.4", tuple(cards_of(hands[declarer])),
                          "暗亮 not challenged: the declarer records his value")]
    if challenger == declarer:
        raise r.fail("challenger", _("the declarer does not challenge himself"))
    if challenger not in ratings:
        raise r.fail("hands", _("the challenger's hand is missing"), challenger)
    if len(others) > 1:
        raise r.fail("hands", _("only the declarer's and the challenger's hands are shown"),
                     next(s for s in others if s != challenger))
    return hidden_items(declarer, challenger, ratings[declarer], ratings[challenger], hands)


TALLY = Tally(fields=fields, describe=describe, score=score)

__all__ = ["FIELDS", "TALLY", "describe", "fields", "score"]
