"""The bot contract: a bot sees only a seat's view and the legal moves, never the full state."""

from __future__ import annotations

import random
from typing import Any, Protocol

from ..moves import Move


class Bot(Protocol):
    name: str

    def choose(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        """Pick one of ``legal`` from what ``view`` shows."""
        ...
