"""A 憋7 hand scored from how it ended (bieqi.md §4.4–§4.7; the scorekeeper).

An entry says who went ``out`` first (no cards left) and who held the dead card then
(``holder``) — the joker, or in 活王 the card the joker was played for (``dead_card``); or
which seat was caught borrowing while holding a legal card (``illegal_borrow``, with
``illegal_borrow = allow_and_penalise``); or that the hand was ``aborted`` after
``max_turns``.  Scored by :func:`.state.end_items`, as a played hand is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...cards import card_str, parse_card
from ...i18n import N_, _
from ...parts.tally import EntryReader, Field, Tally
from ...scoring import ScoreItem
from .rules import BieqiOptions
from .state import BieqiState, end_items

FIELDS = [
    Field("out", N_("went out"), "seat", rule="bieqi:4.5", optional=True,
          help=N_("the first player with no cards left: he wins")),
    Field("holder", N_("dead card holder"), "seat", rule="bieqi:4.5", optional=True,
          help=N_("who held the dead card then: he loses")),
    Field("dead_card", N_("card the 活王 stood for"), "card", rule="bieqi:4.7", when="live_joker", optional=True,
          help=N_("the joker was played in its place: that card is the dead card")),
    Field("illegal_borrow", N_("illegal borrow"), "seat", rule="bieqi:4.4", optional=True,
          when="illegal_borrow=allow_and_penalise",
          help=N_("who borrowed while holding a legal card: he loses the hand")),
    Field("aborted", N_("aborted"), "flag", rule="bieqi:4.5",
          help=N_("stopped as a draw after the most moves a hand may take")),
]


def fields(players: int, options: Any) -> list[Field]:
    return list(FIELDS)


def describe(state: BieqiState) -> dict[str, Any]:
    if state.end_rule == "bieqi:4.4":
        return {"illegal_borrow": state.losers[0]}
    if not state.winners_:
        return {"aborted": True}
    out: dict[str, Any] = {"out": state.winners_[0]}
    if state.losers:
        out["holder"] = state.losers[0]
    if state.dead >= 0:
        out["dead_card"] = card_str(state.dead)
    return out


def score(entry: Mapping[str, Any], players: int, options: Any) -> list[ScoreItem]:
    """The hand's score items (§4.4, §4.5, §4.7), or :class:`BadEntry`."""
    assert isinstance(options, BieqiOptions)
    r = EntryReader(entry, FIELDS, players, options)
    out, holder, cheat = r.seat("out", required=False), r.seat("holder", required=False), \
        r.seat("illegal_borrow", required=False)
    aborted = r.flag("aborted")
    dead_card = r.card("dead_card", required=False, place=False) if options.live_joker else None
    if [out is not None, cheat is not None, aborted].count(True) != 1:
        raise r.fail("out", _("say who went out, who borrowed illegally, or that the hand was aborted "
                              "(one of the three)"))
    joker = parse_card(options.joker)
    if cheat is not None:
        if holder is not None or dead_card is not None:
            raise r.fail("holder", _("a hand lost by an illegal borrow has no dead card to count"))
        others = [s for s in range(players) if s != cheat]
        return end_items(others if options.illegal_borrow_others_win else [], [cheat], "bieqi:4.4", joker,
                         options.score_points)
    if aborted:
        if holder is not None or dead_card is not None:
            raise r.fail("holder", _("an aborted hand has no winner and no loser"))
        return []
    assert out is not None
    if holder == out:
        raise r.fail("holder", _("who went out holds no card"))
    if dead_card is not None and dead_card == joker:
        raise r.fail("dead_card", _("the joker stands for another card"))
    rule = "bieqi:4.7" if dead_card is not None else "bieqi:4.5"
    return end_items([out], [] if holder is None else [holder], rule, joker if dead_card is None else dead_card,
                     options.score_points)


TALLY = Tally(fields=fields, describe=describe, score=score)

__all__ = ["FIELDS", "TALLY", "describe", "fields", "score"]
