"""Where a loss becomes an inaccuracy, a mistake or a blunder, per game.

A point lost means more in a game whose deals swing by a few points than in one whose deals
swing by hundreds, so the thresholds are fractions of the spread of deal results: the
standard deviation of a seat's deal value (review points, :mod:`.values`) over deals the
game's heuristic plays against itself (every seat, the default rules, seeded deals).
``bench/review_calibration.py`` measures it for every game and player count and writes
:mod:`.calibration`; a game it has not measured (a game of another distribution, a player
count not measured) is measured on first use, with the same seeded procedure and fewer deals.

A loss below ``inaccuracy`` (or whose interval includes 0) is not marked.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..registry import get_game
from . import calibration

#: the fractions of the spread: a loss of ``FRACTIONS[mark] × sd`` or more earns the mark
FRACTIONS: dict[str, float] = dict(calibration.FRACTIONS)
#: deals measured when a game has no calibration (on first use)
FALLBACK_DEALS = 120
MAX_MOVES = 5000


@dataclass(frozen=True)
class Thresholds:
    """A game's thresholds in review points (and the spread they come from)."""

    game: str
    players: int
    sd: float
    inaccuracy: float
    mistake: float
    blunder: float
    unit: str               # "points", or "wins" where every seat scores alike each deal
    measured: str           # "calibration" (the file) or "on first use"

    def mark(self, loss: float) -> str | None:
        if loss >= self.blunder:
            return "blunder"
        if loss >= self.mistake:
            return "mistake"
        if loss >= self.inaccuracy:
            return "inaccuracy"
        return None

    def to_json(self) -> dict[str, Any]:
        return {"sd": round(self.sd, 3), "inaccuracy": round(self.inaccuracy, 3),
                "mistake": round(self.mistake, 3), "blunder": round(self.blunder, 3),
                "unit": self.unit, "measured": self.measured}


def from_spread(game_id: str, players: int, sd: float, unit: str, measured: str) -> Thresholds:
    sd = max(sd, 1e-9)
    return Thresholds(game_id, players, sd, FRACTIONS["inaccuracy"] * sd,
                      FRACTIONS["mistake"] * sd, FRACTIONS["blunder"] * sd, unit, measured)


@cache
def thresholds(game_id: str, players: int) -> Thresholds:
    """The game's thresholds at a table of ``players`` (measured, or measured now)."""
    entry = calibration.MEASURED.get(game_id, {}).get(str(players))
    if entry is not None:
        return from_spread(game_id, players, float(entry["sd"]), str(entry["unit"]), "calibration")
    sd, unit = measure_spread(game_id, players, FALLBACK_DEALS, seed=0)
    return from_spread(game_id, players, sd, unit, "on first use")


def measure_spread(game_id: str, players: int, deals: int, seed: int) -> tuple[float, str]:
    """The standard deviation of a seat's deal value over ``deals`` heuristic self-play deals
    (all seats pooled), and the unit (``wins`` when every deal scored all seats alike)."""
    from .evaluate import base_policy
    from .values import deal_values

    game = get_game(game_id)
    options = game.make_options(None)
    policy = base_policy(game_id)
    log = getattr(policy, "needs_log", True)
    values: list[float] = []
    alike = True
    for k in range(deals):
        state = game.new_state(players, options, seed=seed * 1_000_003 + k)
        rng = random.Random(f"calibrate:{seed}:{k}")
        for _ in range(MAX_MOVES):
            if state.is_over:
                break
            movers = state.to_move()
            mover = movers[0] if len(movers) == 1 else movers[rng.randrange(len(movers))]
            legal = (state.legal_moves(mover) if getattr(policy, "needs_all_legal", True)
                     else state.legal_moves_head(mover))
            move = legal[0] if len(legal) == 1 else policy.choose(state.view(mover, log=log), legal, rng)
            state.play_legal(move, mover)
        if not state.is_over:
            continue
        alike = alike and len(set(state.scores)) <= 1
        values.extend(deal_values(state))
    if len(values) < 2:
        return 1.0, "points"
    m = sum(values) / len(values)
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (len(values) - 1))
    return sd, "wins" if alike else "points"
