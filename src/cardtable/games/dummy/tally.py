"""A Dummy hand scored from its end as the players see it (dummy.md §3, §4; the scorekeeper).

An entry holds what lies on the table when the hand ends: the cards each seat ``tabled``
(its own melds, picked-up cards it melded, its lay-offs on anyone's melds) and those left
in each ``hand``; who knocked (``knocker``, none when the stock ran out, B27), the
``knock_card`` and whether the knock was ``dark`` (B20: nothing on the table when that
turn began); the ``head`` card (B26); whether the knock card could have been laid off
(``knock_card_fits``, O2); the seats that showed both spetos (S8); and the penalties called
during the hand (O3, O4, O6–O9, P1), each as the rule and the seat charged — the events
themselves happened in the move history, which the entry does not hold.  The colour knock
(B21) and dark minus (S3) follow from the cards.  Scored by :func:`.scoring.hand_items`, as
a played hand is.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from ...cards import Card, card_str, mask_json, mask_of
from ...i18n import N_, _
from ...parts.tally import Choice, EntryReader, Field, Penalty, Tally, penalty_items
from ...scoring import ScoreItem
from .rules import DummyOptions
from .scoring import hand_items, knock_card_fits
from .state import DummyState

_SEAT = re.compile(r"seat (\d+) (?:melded|laid|picked)")

#: the penalties an entry may call: rule → the option giving its amount (0 = off)
PENALTY_OPTIONS = {
    "dummy:O3": "opt_ting_mee", "dummy:O4": "opt_ting_tem", "dummy:O6": "opt_pee_hua",
    "dummy:O7": "opt_pee_speto", "dummy:O8": "opt_ti_on", "dummy:O9": "opt_speto_laid_on_you",
    "dummy:P1": "fool_discard_penalty",
}
PENALTIES = (
    Choice("dummy:O3", N_("ทิ้งมี่: discarded a card that could be laid off"), "dummy:O3", "opt_ting_mee"),
    Choice("dummy:O4", N_("ทิ้งเต็ม: discarded a card that melds with two pile cards"), "dummy:O4", "opt_ting_tem"),
    Choice("dummy:O6", N_("ทิ้งปี้หัว: fed the head"), "dummy:O6", "opt_pee_hua"),
    Choice("dummy:O7", N_("ทิ้งปี้สเปโต: fed a speto meld"), "dummy:O7", "opt_pee_speto"),
    Choice("dummy:O8", N_("ตีอ้อน: fed a lone speto connector"), "dummy:O8", "opt_ti_on"),
    Choice("dummy:O9", N_("ถูกฝากสเปโต: a speto was laid off next to your card"), "dummy:O9",
           "opt_speto_laid_on_you"),
    Choice("dummy:P1", N_("ทิ้งโง่: the next player took your discard and knocked"), "dummy:P1",
           "fool_discard_penalty"),
)

FIELDS = [
    Field("knocker", N_("knocker"), "seat", rule="dummy:B18", optional=True,
          help=N_("none when the stock ran out")),
    Field("tabled", N_("cards on the table"), "cards", per_seat=True, rule="dummy:S1",
          help=N_("every card the player placed: his melds, the cards he picked up and melded, his lay-offs")),
    Field("hand", N_("cards in hand"), "cards", per_seat=True, rule="dummy:S2"),
    Field("knock_card", N_("knock card"), "card", rule="dummy:B23", optional=True,
          help=N_("the knocker's last card, face down")),
    Field("dark", N_("dark knock"), "flag", rule="dummy:B20",
          help=N_("the knocker had nothing on the table when his last turn began")),
    Field("head", N_("head card"), "card", rule="dummy:B26", when="head_value_mode"),
    Field("knock_card_fits", N_("knock card fits a meld"), "flag", rule="dummy:O2", when="opt_knock_layoff_100",
          help=N_("the knock card could have been laid off on a meld on the table")),
    Field("showed_spetos", N_("showed both spetos"), "flag", per_seat=True, rule="dummy:S8",
          when="show_speto_bonus", help=N_("before the first action of the hand")),
    Field("penalties", N_("penalties"), "penalty", rule="dummy:O3", choices=PENALTIES, optional=True,
          help=N_("each penalty called during the hand, with the player charged")),
]


def fields(players: int, options: Any) -> list[Field]:
    return list(FIELDS)


@dataclass
class DescribedEnd:
    """What :func:`.scoring.hand_items` reads of a hand, from an entry instead of a state."""

    options: DummyOptions
    players: int
    tabled: list[int]
    hands: list[int]
    head: int
    knocker: int | None
    knock_card: int | None
    knock_dark: bool
    penalties: list[ScoreItem]
    turn: int | None = None
    melds: list[Any] = field(default_factory=list)


def describe(state: DummyState) -> dict[str, Any]:
    """A finished hand's end as the table shows it, with the penalties called during it."""
    o = state.options
    out: dict[str, Any] = {
        "tabled": [mask_json(m) for m in state.tabled],
        "hand": [mask_json(m) for m in state.hands],
    }
    if o.head_value_mode != "off":
        out["head"] = card_str(state.head)
    if state.knocker is not None:
        out["knocker"] = state.knocker
        out["knock_card"] = card_str(state.knock_card) if state.knock_card is not None else None
        if state.knock_dark:
            out["dark"] = True
        if o.opt_knock_layoff_100 and knock_card_fits(state):
            out["knock_card_fits"] = True
    shown = {it.seat for it in state.bonuses if it.rule == "dummy:S8"}
    if shown:
        out["showed_spetos"] = [s in shown for s in range(state.players)]
    if state.penalties:
        out["penalties"] = [_event(it) for it in state.penalties]
    return out


def _event(item: ScoreItem) -> dict[str, Any]:
    """A charged penalty as the table calls it: the rule, who pays, the card and who profited."""
    event: dict[str, Any] = {"rule": item.rule, "seat": item.seat}
    if item.cards:
        event["card"] = card_str(item.cards[0])
    against = _seat_in(item.note)
    if against is not None:
        event["against"] = against
    return event


def score(entry: Mapping[str, Any], players: int, options: Any) -> list[ScoreItem]:
    """The hand's score items (dummy.md §3 S1–S8 with B19–B26, and the penalties called), or
    :class:`BadEntry`."""
    assert isinstance(options, DummyOptions)
    r = EntryReader(entry, FIELDS, players, options, range(52))
    knocker = r.seat("knocker", required=False)
    tabled = [mask_of(r.cards("tabled", s)) for s in range(players)]
    hands = [mask_of(r.cards("hand", s)) for s in range(players)]
    knock_card = r.card("knock_card", required=False)
    head = r.card("head", place=False) if options.head_value_mode != "off" else None
    dark, fits = r.flag("dark"), r.flag("knock_card_fits")
    _check_end(r, knocker, knock_card, tabled, hands, options)
    events = r.penalties("penalties")
    _check_fool(r, events, knocker)
    amounts = {rule: int(getattr(options, key)) for rule, key in PENALTY_OPTIONS.items()}
    penalties = penalty_items(events, amounts, _note)
    end = DescribedEnd(options, players, tabled, hands, -1 if head is None else int(head), knocker,
                       None if knock_card is None else int(knock_card), dark, penalties)
    bonuses = [ScoreItem(s, options.show_speto_bonus, "dummy:S8", (), "showed both spetos")
               for s in range(players) if options.show_speto_bonus and r.flag("showed_spetos", s)]
    return bonuses + hand_items(cast(DummyState, end), knock_fits=fits) + penalties


def _note(e: Penalty) -> str:
    """An entered penalty's note, as the engine words a charged one (the explanation reads
    the seat that profited from it)."""
    card = "" if e.card is None else card_str(e.card)
    if e.against is None:
        return "called at the table"
    if e.rule == "dummy:O9":
        return f"seat {e.against} laid {card} off next to a card seat {e.seat} placed"
    if e.rule == "dummy:P1":
        return f"seat {e.against} picked up after this discard and knocked"
    return f"called at the table; seat {e.against} melded it"


def _seat_in(note: str) -> int | None:
    """The other seat a charged penalty's note names (who melded the feed, laid the speto on,
    took the discard and knocked)."""
    m = _SEAT.search(note)
    return int(m.group(1)) if m else None


def _check_end(r: EntryReader, knocker: int | None, knock_card: Card | None, tabled: list[int],
               hands: list[int], options: DummyOptions) -> None:
    """B15, B18, B27: a knocker holds nothing but his face-down card and has tabled a meld;
    everyone else keeps at least one card; no knock, no knock card."""
    if knocker is None:
        for key in ("knock_card", "dark", "knock_card_fits"):
            if r.given(key):
                raise r.fail(key, _("nobody knocked (the stock ran out), so there is no knock to describe"))
    else:
        if knock_card is None:
            raise r.fail("knock_card", _("missing"))
        if hands[knocker]:
            raise r.fail("hand", _("the knocker holds no card but the knock card, not {cards}",
                                   cards=" ".join(mask_json(hands[knocker]))), knocker)
        least = 3 if options.knock_requires_own_meld else 1
        if tabled[knocker].bit_count() < least:
            raise r.fail("tabled", _("the knocker must have tabled a meld of his own (B18)")
                         if options.knock_requires_own_meld else _("the knocker must have tabled a card"),
                         knocker)
    for s in range(r.players):
        if s != knocker and not hands[s]:
            raise r.fail("hand", _("a player who did not knock keeps at least one card (B15)"), s)


def _check_fool(r: EntryReader, events: list[Any], knocker: int | None) -> None:
    """P1 is charged once, to the player just before the knocker (whose discard he took)."""
    fools = [e for e in events if e.rule == "dummy:P1"]
    if fools and (knocker is None or len(fools) > 1 or fools[0].seat != (knocker - 1) % r.players):
        raise r.fail("penalties", _("ทิ้งโง่ (P1) is charged once, to the player just before the knocker"))


__all__ = ["FIELDS", "PENALTIES", "TALLY", "describe", "fields", "score"]

TALLY = Tally(fields=fields, describe=describe, score=score)
