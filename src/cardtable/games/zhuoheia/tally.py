"""A 捉黑A hand scored from its finishing order (zhuoheia.md §2.3–§2.4; the scorekeeper).

An entry holds the ``order`` in which every player went out, the 庄家 (``dealer``) and the
A♠ holder (``partner``; the 庄家 himself when he played alone), which make the sides; and,
for a hand after the first, the previous hand's ``prev_order``, ``prev_dealer`` and
``prev_partner``, which settled this hand's tribute (进贡, recorded as items worth 0).
Scored by :func:`.state.hand_end_items` and :func:`.tribute.assign`, as a played hand is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...i18n import N_, _
from ...parts.tally import EntryReader, Field, Tally
from ...scoring import ScoreItem
from . import tribute as tb
from .rules import ZhuoheiaOptions
from .state import RULE_TRIBUTE, ZhuoheiaState, hand_end_items

FIELDS = [
    Field("order", N_("order out"), "order", rule="zhuoheia:2.4",
          help=N_("every player in the order they went out, the first first")),
    Field("dealer", N_("庄家"), "seat", rule="zhuoheia:2.1"),
    Field("partner", N_("A♠ holder"), "seat", rule="zhuoheia:2.1",
          help=N_("the 庄家's partner; the 庄家 himself when he held A♠")),
    Field("prev_order", N_("previous hand's order out"), "order", rule="zhuoheia:2.3", optional=True,
          help=N_("from the second hand on: it settles the tribute")),
    Field("prev_dealer", N_("previous hand's 庄家"), "seat", rule="zhuoheia:2.3", optional=True),
    Field("prev_partner", N_("previous hand's A♠ holder"), "seat", rule="zhuoheia:2.3", optional=True),
]


def fields(players: int, options: Any) -> list[Field]:
    return list(FIELDS)


def describe(state: ZhuoheiaState) -> dict[str, Any]:
    out: dict[str, Any] = {"order": list(state.finish_order), "dealer": state.dealer, "partner": state.partner}
    if hasattr(state, "prev_order"):
        out |= {"prev_order": list(state.prev_order), "prev_dealer": state.deal.extra["prev_dealer"],
                "prev_partner": state.deal.extra["prev_partner"]}
    return out


def score(entry: Mapping[str, Any], players: int, options: Any) -> list[ScoreItem]:
    """The hand's score items (§2.3 tribute records, §2.4 places), or :class:`BadEntry`."""
    assert isinstance(options, ZhuoheiaOptions)
    r = EntryReader(entry, FIELDS, players, options)
    order, dealer, partner = r.order("order"), r.seat("dealer"), r.seat("partner")
    assert order is not None and dealer is not None and partner is not None
    return _tribute_items(r, dealer, options) + hand_end_items(order, dealer, partner, options.score_per_hand)


def _tribute_items(r: EntryReader, dealer: int, options: ZhuoheiaOptions) -> list[ScoreItem]:
    """§2.3: a record (0 points) for each tribute card received and each returned card
    taken; who gives whom follows from the previous hand alone (the cards do not matter)."""
    given = [r.given(k) for k in ("prev_order", "prev_dealer", "prev_partner")]
    if not any(given):
        return []
    if not all(given):
        raise r.fail("prev_order", _("the previous hand needs its order out, its 庄家 and its A♠ holder"))
    prev = r.order("prev_order")
    prev_dealer, prev_partner = r.seat("prev_dealer"), r.seat("prev_partner")
    assert prev is not None and prev_dealer is not None and prev_partner is not None
    if prev[0] != dealer:
        raise r.fail("dealer", _("the 庄家 is the first player out of the previous hand, seat {seat}",
                                 seat=prev[0] + 1))
    side = tb.sides(r.players, prev_dealer, prev_partner)
    owed = tb.owed(prev, side, options.tribute_model)
    cards = iter(range(54))         # stand-ins: which cards change hands does not score
    aside = {q: [next(cards) for _ in range(tb.give_count(rec, options.tribute_model))] for q, rec in owed.items()}
    items = []
    for q, rcv, _card in tb.assign(prev, side, options.tribute_model, aside):
        items.append(ScoreItem(rcv, 0, RULE_TRIBUTE, (), f"tribute from seat {q}"))
        items.append(ScoreItem(q, 0, RULE_TRIBUTE, (), f"returned by seat {rcv}"))
    return items


def winners(entry: Mapping[str, Any], players: int, options: Any) -> list[int]:
    """§2.4: the side of the first player out wins the hand (as ``ZhuoheiaState.winners``)."""
    r = EntryReader(entry, FIELDS, players, options)
    order, dealer, partner = r.order("order"), r.seat("dealer"), r.seat("partner")
    assert order is not None and dealer is not None and partner is not None
    side = tb.sides(players, dealer, partner)
    return [s for s in range(players) if side[s] == side[order[0]]]


TALLY = Tally(fields=fields, describe=describe, score=score, winners=winners)

__all__ = ["FIELDS", "TALLY", "describe", "fields", "score", "winners"]
