"""What every game's own bot starts from: its name, the game it plays, and that it reads
no move log (so ``bot_move`` and playouts leave the log out of the view it gets).

The bot contract itself (``cardtable.bots.base.Bot``) is a protocol: a bot is anything with
``name`` and ``choose(view, legal, rng)``.  A game's bots sit below the generic bots, so
this base lives below the games too.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ..moves import Move


def moves_by_verb(legal: list[Move]) -> dict[str, list[Move]]:
    """The legal moves grouped by verb, each group in list order."""
    out: dict[str, list[Move]] = {}
    for m in legal:
        out.setdefault(m.verb, []).append(m)
    return out


class ViewBot:
    """A bot that decides from a seat's view and legal moves alone."""

    name: str = "heuristic"
    needs_log: ClassVar[bool] = False     # reads no move log: views come without it

    def __init__(self, game_id: str | None = None) -> None:
        self.game_id = game_id

    def choose(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        raise NotImplementedError


__all__ = ["ViewBot", "moves_by_verb"]
