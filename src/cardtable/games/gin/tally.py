"""A gin hand scored from its end as the players lay it out (gin.md A.6–A.10; the scorekeeper).

An entry: ``dead`` (the hand died, rule 35), or ``knocker`` and both players' ``hands`` as
shown after the knock (the knocker's 10 cards without his face-down discard, 11 for big
gin; the defender's 10).  The knocker's ``melds`` may be given where his arrangement is not
the least-deadwood one (rule 20); with ``defender_auto`` off the defender's ``kept`` cards
(those he neither melded nor laid off) may be given, else his best play is made for him
(rule 29).  Oklahoma needs the ``upcard`` (rules 42–44).  The hand is then scored by
:func:`.scoring.settle_knock`, as a played hand is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...cards import Card, card_str, mask_json, mask_of
from ...i18n import N_, _
from ...melds import GIN
from ...parts.tally import EntryReader, Field, Tally
from ...scoring import ScoreItem
from .rules import GinOptions
from .scoring import dead_hand, settle_knock
from .state import GinState, deal_limit

FIELDS = [
    Field("dead", N_("dead hand"), "flag", rule="gin:35",
          help=N_("the stock ran down to two cards and nobody knocked: nobody scores")),
    Field("knocker", N_("knocker"), "seat", rule="gin:19", optional=True,
          help=N_("who knocked or went gin")),
    Field("hands", N_("cards shown"), "cards", per_seat=True, rule="gin:19", optional=True,
          help=N_("10 cards each after the knock, the knocker's face-down discard left out; 11 for big gin")),
    Field("melds", N_("knocker's melds"), "melds", rule="gin:20", optional=True,
          help=N_("only where the knocker laid out other melds than his least-deadwood ones")),
    Field("kept", N_("defender's unmelded cards"), "cards", rule="gin:25", unless="defender_auto", optional=True,
          help=N_("the cards he neither melded nor laid off; left empty, his best play is made")),
    Field("upcard", N_("upcard"), "card", rule="gin:42", when="oklahoma",
          help=N_("the first upcard sets the knock limit")),
]


def fields(players: int, options: Any) -> list[Field]:
    return list(FIELDS)


def describe(state: GinState) -> dict[str, Any]:
    """A finished hand's end: the hands laid out, the knocker's arrangement where it is not
    the least-deadwood one, the manual defender's unmelded cards, the Oklahoma upcard."""
    opts = state.opts
    out: dict[str, Any] = {}
    if opts.oklahoma:
        out["upcard"] = card_str(state.upcard)
    if state.dead:
        return out | {"dead": True}
    k = state.knocker
    laid = mask_of(c for c, _i in state.d_layoffs)
    melds = [m & ~laid for m in state.k_melds]
    out |= {"knocker": k, "hands": [mask_json(h) for h in state.hands]}
    if sorted(melds) != sorted(GIN.best_partition(state.hands[k]).melds):
        out["melds"] = [mask_json(m) for m in melds]
    if not opts.defender_auto:
        out["kept"] = mask_json(state.d_rest)
    return out


def score(entry: Mapping[str, Any], players: int, options: Any) -> list[ScoreItem]:
    """The hand's score items (gin.md rules 30–35), or :class:`BadEntry`."""
    assert isinstance(options, GinOptions)
    r = EntryReader(entry, FIELDS, players, options, range(52))
    upcard = r.card("upcard", place=False) if options.oklahoma else None
    if r.flag("dead"):
        for key in ("knocker", "hands", "melds", "kept"):
            if r.given(key):
                raise r.fail(key, _("a dead hand has no knock to score"))
        return dead_hand().items
    knocker = r.seat("knocker")
    assert knocker is not None
    defender = 1 - knocker
    hands = [mask_of(r.cards("hands", s)) for s in range(2)]
    k_hand, d_hand = hands[knocker], hands[defender]
    if d_hand.bit_count() != 10:
        raise r.fail("hands", _("the defender shows 10 cards, not {n}", n=d_hand.bit_count()), defender)
    big_gin = k_hand.bit_count() == 11
    if k_hand.bit_count() != 10 and not big_gin:
        raise r.fail("hands", _("the knocker shows 10 cards (his discard left out), not {n}",
                                n=k_hand.bit_count()), knocker)
    if big_gin and not options.big_gin:
        raise r.fail("hands", _("the knocker shows 11 cards, but big gin is not played (option big_gin)"), knocker)
    melds = _knocker_melds(r, k_hand)
    used = 0
    for m in melds:
        used |= m
    k_dead = k_hand & ~used
    k_points = GIN.value(k_dead)
    if big_gin and k_dead:
        raise r.fail("hands", _("big gin melds all 11 cards; {cards} do not meld",
                                cards=" ".join(mask_json(k_dead))), knocker)
    limit, knock_ok = deal_limit(options, upcard if upcard is not None else 0)
    if k_points and not knock_ok:
        raise r.fail("hands", _("only gin may end this hand, and the knocker keeps {points} deadwood",
                                points=k_points), knocker)
    if k_points > limit:
        raise r.fail("hands", _("the knocker keeps {points} deadwood, over the knock limit {limit}",
                                points=k_points, limit=limit), knocker)
    gin = k_points == 0
    d_rest = _defender_rest(r, d_hand, list(melds), gin, options)
    mult = 2 if (options.oklahoma and options.oklahoma_spade_double and upcard is not None
                 and Card(upcard).suit == 0) else 1
    return settle_knock(options, knocker, k_points, k_dead, GIN.value(d_rest), d_rest, gin, big_gin,
                        mult).items


def _knocker_melds(r: EntryReader, k_hand: int) -> tuple[int, ...]:
    """The knocker's melds as entered (checked), else his least-deadwood arrangement."""
    if not r.given("melds"):
        return GIN.best_partition(k_hand).melds
    groups = [mask_of(g) for g in r.melds("melds", place=False)]
    bad = GIN.check_arrangement(k_hand, groups)
    if bad:
        raise r.fail("melds", bad)
    return tuple(groups)


def _defender_rest(r: EntryReader, d_hand: int, k_melds: list[int], gin: bool, options: GinOptions) -> int:
    """The defender's deadwood cards: his best play (rules 25–29), or the cards he kept (a
    manual defender), which must leave the rest meldable or laid off on the knocker's melds
    (none on a gin, rule 27)."""
    if options.defender_auto or not r.given("kept"):
        return GIN.best_defence(d_hand, k_melds, layoffs=not gin).deadwood_mask
    kept = mask_of(r.cards("kept", place=False))
    if kept & ~d_hand:
        raise r.fail("kept", _("{cards} are not in the defender's hand", cards=" ".join(mask_json(kept & ~d_hand))))
    left = GIN.best_defence(d_hand & ~kept, k_melds, layoffs=not gin).deadwood_mask
    if left:
        cards = " ".join(mask_json(left))
        raise r.fail("kept", _("{cards} can neither be melded nor laid off (no lay-offs on gin)", cards=cards)
                     if gin else _("{cards} can neither be melded nor laid off", cards=cards))
    return kept


TALLY = Tally(fields=fields, describe=describe, score=score)

__all__ = ["FIELDS", "TALLY", "describe", "fields", "score"]
