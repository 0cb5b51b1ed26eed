"""憋七 for the research API (cardtable.rl).

Whole actions: ``play <card>`` and ``lend <card>``, one action per card, and ``borrow``; a
live joker played for a position (``play BJ for ♠6``) takes sub-steps: ``play``, the card,
the position (a target token, suit first), commit."""

from __future__ import annotations

from typing import Any

from ...parts import obsfields as o
from ...parts.encoding import Encoding
from ...suitchains import position_str


def encoding(game: Any, players: int, options: Any) -> Encoding:
    p = players
    return Encoding(
        verbs=("play", "borrow", "lend"),
        card_verbs=("play", "lend"),
        target_tokens=tuple(position_str(b) for b in range(52)),
        fields=[
            o.cards("hand", "own hand"),
            o.cards("table", "cards played to the layout"),
            o.per_seat_num("hand_sizes", p, 14.0, doc="hand sizes per seat / 14"),
            o.seat("turn", p, "seat to play (relative)"),
            o.per_seat_cards("known", p, doc="cards known to be in each hand (lent cards)"),
            o.seat("borrowing.borrower", p, "the seat borrowing now (relative)"),
            o.seat("borrowing.lender", p, "the seat lending now (relative)"),
            o.per_seat_cards("hands", p, doc="every hand once the deal is over"),
            o.seats("winners", p, "the deal's winners, at the end"),
            o.seats("losers", p, "the deal's losers, at the end"),
        ],
        reward_scale=5.0,
        reward_doc="deal points; normalised: minus the mean, / 5",
    )
