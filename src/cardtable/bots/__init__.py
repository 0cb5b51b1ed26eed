"""Game-independent bots, and the lookup of a game's own bots (``games/<id>.BOTS``)."""

from __future__ import annotations

import importlib
from typing import Any

from ..errors import BadOption
from ..registry import GAME_MODULES, get_game
from .base import Bot
from .random_bot import RandomBot

GENERIC_BOTS: dict[str, type[Any]] = {"random": RandomBot}


def bot_names(game_id: str) -> list[str]:
    get_game(game_id)
    mod = importlib.import_module(GAME_MODULES[game_id])
    return sorted(set(GENERIC_BOTS) | set(getattr(mod, "BOTS", {})))


def make_bot(game_id: str, name: str) -> Bot:
    """A bot by name for ``game_id``: the game's own bots first, then the generic ones."""
    get_game(game_id)
    mod = importlib.import_module(GAME_MODULES[game_id])
    table = {**GENERIC_BOTS, **getattr(mod, "BOTS", {})}
    if name not in table:
        raise BadOption(f"no bot {name!r} for {game_id}; valid bots: {', '.join(sorted(table))}")
    bot: Bot = table[name](game_id)
    return bot


__all__ = ["Bot", "RandomBot", "bot_names", "make_bot"]
