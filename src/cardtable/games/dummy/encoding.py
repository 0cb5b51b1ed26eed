"""Thai Dummy for the research API (cardtable.rl).

Whole actions: ``draw``, ``pass``, ``show``, ``discard <card>``, ``knock <card>``.  Sub-steps:
``meld`` (its cards one by one, commit), ``take`` (the pile card, then ``next group`` and the
cards of the meld it makes), ``layoff`` (the cards, ``next group``, the table meld's cards);
cards go in pack order, and the mask allows only prefixes of legal moves."""

from __future__ import annotations

from typing import Any

from ...parts import obsfields as o
from ...parts.encoding import Encoding
from .notation import VERBS

PHASES = ("take", "play", "over")


def _hands(players: int) -> o.Field:
    """Own hand as cards, the others' known cards; plus every hand's size."""
    def read(view: dict[str, Any], me: int, out: o.FloatArray) -> None:
        for s, h in enumerate(view.get("hands") or ()):
            r = (s - me) % players
            known = h.get("known") if isinstance(h, dict) else h
            o.add_cards(out[r * o.NBASE:(r + 1) * o.NBASE], known)
            n = h.get("count", 0) if isinstance(h, dict) else len(h)
            out[players * o.NBASE + r] = n / 15.0
    return o.custom("hands", players * (o.NBASE + 1), read,
                    "per seat (relative): the cards known in its hand (all of the own hand), × 55; "
                    "then each hand's size / 15")


def encoding(game: Any, players: int, options: Any) -> Encoding:
    p = players
    return Encoding(
        verbs=VERBS,
        card_verbs=("discard", "knock"),
        fields=[
            _hands(p),
            o.choice("phase", PHASES, "phase one-hot: " + ", ".join(PHASES)),
            o.seat("starter", p, "the starting seat (relative)"),
            o.num("turn", 100.0, "turn number / 100"),
            o.num("stock_count", 52.0, "stock size / 52"),
            o.cards("head", "the head card (หัว)"),
            o.num("head_in_pile", 1.0, "1 while the head card is in the pile"),
            o.cards("discard_pile", "the discard pile"),
            o.owned_cards("melds", p, doc="table melds by owner (relative) × 55"),
            o.per_seat_num("born", p, doc="seats that have melded (born), relative"),
            o.num("must_knock", 1.0, "1 when this turn must knock"),
            o.num("final_turn", 1.0, "1 on the final turn"),
        ],
        reward_scale=100.0,
        reward_doc="deal points (tabled cards minus cards in hand, bonuses and penalties); "
                   "normalised: minus the mean, / 100",
    )
