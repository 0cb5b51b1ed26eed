"""Game-independent bots, and the lookup of a game's own bots (``games/<id>.BOTS``)."""

from __future__ import annotations

import importlib
import random
from typing import Any

from ..errors import BadOption
from ..game import State
from ..moves import Move
from ..registry import GAME_MODULES, get_game
from .base import Bot
from .random_bot import RandomBot
from .search import GuidedSearchBot, SearchBot

GENERIC_BOTS: dict[str, type[Any]] = {"random": RandomBot, "search": SearchBot,
                                      "search_heuristic": GuidedSearchBot}


def game_bots(game_id: str) -> dict[str, type[Any]]:
    """The game's own bots (``BOTS`` in its package)."""
    get_game(game_id)
    return dict(getattr(importlib.import_module(GAME_MODULES[game_id]), "BOTS", {}))


def bot_names(game_id: str) -> list[str]:
    return sorted(set(GENERIC_BOTS) | set(game_bots(game_id)))


def make_bot(game_id: str, name: str) -> Bot:
    """A bot by name for ``game_id``: the game's own bots first, then the generic ones."""
    table = {**GENERIC_BOTS, **game_bots(game_id)}
    if name not in table:
        raise BadOption(f"no bot {name!r} for {game_id}; valid bots: {', '.join(sorted(table))}")
    bot: Bot = table[name](game_id)
    return bot


def bot_move(bot: Bot, state: State, seat: int, rng: random.Random) -> Move:
    """Ask ``bot`` for ``seat``'s move: it gets that seat's view and legal moves only, and a
    search bot also a sampler of worlds consistent with that view (never the state itself)."""
    view = state.view(seat)
    legal = state.legal_moves(seat)
    if getattr(bot, "uses_sampler", False):
        def sampler(r: random.Random) -> State:
            return state.sample_hidden(seat, r)
        return bot.choose(view, legal, rng, sampler=sampler)  # type: ignore[call-arg]
    return bot.choose(view, legal, rng)


__all__ = ["Bot", "GuidedSearchBot", "RandomBot", "SearchBot", "game_bots", "bot_move", "bot_names", "make_bot"]
