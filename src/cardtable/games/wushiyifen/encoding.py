"""五十一分 for the research API (cardtable.rl).

Whole actions: ``draw``, ``take``, ``show``, ``pass``, ``challenge``, ``declare open|hidden``
and ``throw <card>``; a throw that also declares (``throw 9♠ open``) takes sub-steps:
``throw``, the card, the declaration, commit."""

from __future__ import annotations

from typing import Any

from ...parts import obsfields as o
from ...parts.encoding import Encoding
from .state import PHASE_NAMES

KINDS = ("open", "hidden")


def encoding(game: Any, players: int, options: Any) -> Encoding:
    p = players
    return Encoding(
        verbs=("draw", "take", "throw", "declare", "show", "pass", "challenge"),
        card_verbs=("throw",),
        flat_targets={"declare": KINDS},
        target_tokens=KINDS,
        fields=[
            o.cards("hand", "own hand"),
            o.choice("phase", PHASE_NAMES, "phase one-hot: " + ", ".join(PHASE_NAMES)),
            o.seat("dealer", p, "dealer (relative)"),
            o.seat("turn", p, "seat to move (relative)"),
            o.num("stock", 54.0, "stock size / 54"),
            o.per_seat_cards("thrown", p, doc="cards each seat threw"),
            o.cards("set_aside", "cards set aside"),
            o.cards("last_throw", "the last card thrown"),
            o.cards("picked", "the card picked up"),
            o.per_seat_num("hand_sizes", p, 6.0, doc="hand sizes per seat / 6"),
            o.per_seat_cards("known", p, doc="cards known to be in each hand"),
            o.num("threshold", 51.0, "the threshold / 51"),
            o.num("void", 1.0, "1 when the deal is void"),
            o.num("my_value", 51.0, "own hand value / 51"),
            o.num("my_pure", 1.0, "1 when the own hand is pure (one suit)"),
            o.per_seat_cards("revealed", p, doc="hands revealed by a declaration"),
        ],
        reward_scale=10.0,
        reward_doc="deal points; normalised: minus the mean, / 10",
    )
