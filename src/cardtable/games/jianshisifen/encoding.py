"""捡十四分 for the research API (cardtable.rl).

``draw`` and ``put <card>`` are whole actions; ``pick <hand card> <table card>`` takes
sub-steps: ``pick``, the two cards (in pack order), commit."""

from __future__ import annotations

from typing import Any

from ...parts import obsfields as o
from ...parts.encoding import Encoding
from .state import PHASE_NAMES


def encoding(game: Any, players: int, options: Any) -> Encoding:
    p = players
    return Encoding(
        verbs=("pick", "draw", "put"),
        card_verbs=("put",),
        fields=[
            o.cards("hand", "own hand"),
            o.cards("table", "face-up table cards"),
            o.choice("phase", PHASE_NAMES, "phase one-hot: " + ", ".join(PHASE_NAMES)),
            o.seat("dealer", p, "dealer (relative)"),
            o.seat("turn", p, "seat to move (relative)"),
            o.num("stock", 54.0, "stock size / 54"),
            o.per_seat_num("hand_sizes", p, 6.0, doc="hand sizes per seat / 6"),
            o.per_seat_cards("pairs", p, doc="cards each seat has picked (its pairs)"),
            o.per_seat_num("pile_points", p, 100.0, doc="points picked per seat / 100"),
        ],
        reward_scale=20.0,
        reward_doc="deal points (points picked, settled as the engine scores them); "
                   "normalised: minus the mean, / 20",
    )
