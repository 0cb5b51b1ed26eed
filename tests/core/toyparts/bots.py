"""The toy's own bot (a game's bots are the ``bots`` of its parts; ``cardtable.bots.make_bot``
finds them there).  A bot is a :class:`ViewBot`: it decides from the seat's view and legal
moves alone, and reads no move log (so ``bot_move`` leaves the log out of its view)."""

from __future__ import annotations

import random
from typing import Any

from cardtable.moves import Move
from cardtable.parts.botbase import ViewBot


class HighFirstBot(ViewBot):
    """Plays its highest card.  Every card is played by the end, so the order never changes a
    total: any fixed rule is as good as another, and this one is easy to explain in a hint."""

    name = "heuristic"

    def choose(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        return max(legal, key=lambda m: (m.cards[0].rank, int(m.cards[0])) if m.cards else (0, 0))
