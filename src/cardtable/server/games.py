"""What ``GET /api/games`` lists, and each game's default (best) bot."""

from __future__ import annotations

import importlib
from typing import Any

from ..bots import GENERIC_BOTS, bot_names
from ..registry import GAME_MODULES, game_ids, get_game


def default_bot_name(game_id: str) -> str:
    """The game's best bot, chosen as ``cardtable play`` does: its ``DEFAULT_BOT``, else
    ``heuristic``, else the first of its own ``BOTS``, else the generic ``random``."""
    mod = importlib.import_module(GAME_MODULES[game_id])
    bots: dict[str, Any] = getattr(mod, "BOTS", {}) or {}
    chosen = getattr(mod, "DEFAULT_BOT", None)
    if isinstance(chosen, str) and (chosen in bots or chosen in GENERIC_BOTS):
        return chosen
    if "heuristic" in bots:
        return "heuristic"
    for name in bots:
        if name not in GENERIC_BOTS:
            return str(name)
    return "random"


def games_list() -> list[dict[str, Any]]:
    out = []
    for gid in game_ids():
        game = get_game(gid)
        out.append({"id": gid, "name": game.name, "native_name": game.native_name,
                    "players": [game.min_players, game.max_players],
                    "default_players": game.default_players,
                    "bots": bot_names(gid), "default_bot": default_bot_name(gid),
                    "presets": sorted(game.presets)})
    return out
