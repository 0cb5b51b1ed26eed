"""The uniform random bot, for every game."""

from __future__ import annotations

import random
from typing import Any

from ..moves import Move


class RandomBot:
    """Uniform over the legal moves."""

    name = "random"
    needs_view = False      # bot_move passes only the seat: building a view costs more than the choice

    def __init__(self, game_id: str | None = None) -> None:
        self.game_id = game_id

    def choose(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        return legal[rng.randrange(len(legal))]
