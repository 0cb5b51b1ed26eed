"""What ``GET /api/games`` lists, and each game's default (best) bot; ``title`` is the
name in the request's language (the rest is data)."""

from __future__ import annotations

from typing import Any

from ..bots import bot_names, default_bot_name
from ..registry import game_ids, get_game
from .lang import game_name


def games_list() -> list[dict[str, Any]]:
    out = []
    for gid in game_ids():
        game = get_game(gid)
        out.append({"id": gid, "name": game.name, "native_name": game.native_name,
                    "title": game_name(game),      # the name in the request's language
                    "players": [game.min_players, game.max_players],
                    "default_players": game.default_players,
                    "family": game.family,          # the table's shape: what the page puts in the middle
                    "bots": bot_names(gid), "default_bot": default_bot_name(gid),
                    "presets": sorted(game.presets)})
    return out
