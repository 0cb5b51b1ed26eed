"""憋负分 for the research API (cardtable.rl).

Whole actions: ``play <card>`` and ``kou <card>`` (face down), one action per card; a wild
card played for a position (``play <wild> for ♠6``) takes sub-steps: ``play``, the card, the
position (a target token, suit first), commit."""

from __future__ import annotations

from typing import Any

from ...parts import obsfields as o
from ...parts.encoding import Encoding
from ...suitchains import position_str


def encoding(game: Any, players: int, options: Any) -> Encoding:
    p = players
    return Encoding(
        verbs=("play", "kou"),
        card_verbs=("play", "kou"),
        target_tokens=tuple(position_str(b) for b in range(52)),
        fields=[
            o.cards("hand", "own hand"),
            o.cards("table", "cards played to the layout"),
            o.cards("pile", "own face-down (扣) cards"),
            o.per_seat_num("hand_sizes", p, 13.0, doc="hand sizes per seat / 13"),
            o.per_seat_num("pile_sizes", p, 13.0, doc="face-down pile sizes per seat / 13"),
            o.seat("turn", p, "seat to play (relative)"),
            o.per_seat_cards("piles", p, doc="every face-down pile once the deal is over"),
            o.seats("losers", p, "the deal's losers, at the end"),
        ],
        reward_scale=50.0,
        reward_doc="deal points (minus the face-down cards' values); normalised: minus the mean, / 50",
    )
