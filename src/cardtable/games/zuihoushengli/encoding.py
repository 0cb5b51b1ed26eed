"""最后胜利 for the research API (cardtable.rl): ``play <card>``, one action per card."""

from __future__ import annotations

from typing import Any

from ...parts import obsfields as o
from ...parts.encoding import Encoding


def encoding(game: Any, players: int, options: Any) -> Encoding:
    p = players
    return Encoding(
        verbs=("play",),
        card_verbs=("play",),
        fields=[
            o.cards("hand", "own hand"),
            o.seat("dealer", p, "dealer (relative)"),
            o.cards("turned", "the turned trump card(s)"),
            o.choice("trump", ("♠", "♥", "♦", "♣"), "trump suit one-hot (none: all zero)"),
            o.num("stock_size", 54.0, "stock size / 54"),
            o.cards("stock_known", "stock cards known to all"),
            o.per_seat_num("hand_sizes", p, 10.0, doc="hand sizes per seat / 10"),
            o.per_seat_cards("known_in_hands", p, doc="cards known to be in each hand"),
            o.plays("trick.plays", p, "the trick in progress: card of each seat"),
            o.seat("trick.leader", p, "leader of the trick in progress"),
            o.cards("tricks", "every card of the finished tricks"),
            o.seats("bankrupt", p, "bankrupt seats (out of cards)"),
            o.seat("survivor", p, "the last seat holding cards"),
        ],
        reward_scale=30.0,
        reward_doc="deal points (the survivor wins, bankrupt seats pay); normalised: minus the mean, / 30",
    )
