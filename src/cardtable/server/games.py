"""What ``GET /api/games`` lists, and each game's default (best) bot; ``title`` is the
name in the request's language (the rest is data).

Version 2 adds what a lobby needs to build its forms without knowing the games: each bot's
label and one-line description in the request's language (the levels easy … expert first,
``default_level``), each preset with its description, each option with its type, default,
choices, bounds and description, and ``match_length``: the options that decide when a match
ends.
"""

from __future__ import annotations

import copy
from typing import Any

from ..bots import bot_names, default_bot_name, operator
from ..bots.labels import bot_description, bot_label
from ..bots.levels import LEVELS
from ..i18n import current_language, use_language
from ..options import option_rows
from ..registry import game_ids, get_game
from .lang import game_name

#: the level a lobby offers first (levels.py: the game's own bot, which knows the basics)
DEFAULT_LEVEL = "medium"

#: the options that end a match, per game (``Game.match_end`` reads them)
MATCH_LENGTH: dict[str, tuple[str, ...]] = {
    "gin": ("game_target",), "dummy": ("match_target",), "remik": ("threshold_per_opponent",),
    "shisanzhang": ("deals",), "zuihoushengli": ("target", "deals"), "sibaifen": ("target",),
    "wushiyifen": ("target",), "yijiang": ("target",), "biefufen": ("deals",), "bieqi": ("deals",),
    "jianshisifen": ("deals",), "zhuoheia": ("deals",),
}


#: the list per language: the same for the process's life (it took 0.6 s, and every table
#: page and lobby asks for it)
# Keyed by the operator's bots too: they join the lists' bot choices, and a process (a test
# run) may register and forget them between apps.
_LISTS: dict[tuple[str, tuple[tuple[str, str], ...]], list[dict[str, Any]]] = {}


def games_list() -> list[dict[str, Any]]:
    """The list in the current language."""
    key = (current_language(), tuple(sorted(operator.specs().items())))
    if key not in _LISTS:
        _LISTS[key] = _games_list()
    return copy.deepcopy(_LISTS[key])


def games_list_in(lang: str) -> list[dict[str, Any]]:
    """The list in ``lang`` (for a worker thread, which has no request's language)."""
    with use_language(lang):
        return games_list()


def _games_list() -> list[dict[str, Any]]:
    out = []
    for gid in game_ids():
        game = get_game(gid)
        names = bot_names(gid)
        ordered = [b for b in LEVELS if b in names] + [b for b in names if b not in LEVELS]
        options = [{"key": r["key"], "type": r["type"], "default": r["default"], "choices": r["choices"],
                    "min": r["min"], "max": r["max"], "description": r["doc"]}
                   for r in option_rows(game.options_class)]
        out.append({"id": gid, "name": game.name, "native_name": game.native_name,
                    "title": game_name(game),      # the name in the request's language
                    "players": [game.min_players, game.max_players],
                    "default_players": game.default_players,
                    "family": game.family,          # the table's shape: what the page puts in the middle
                    "bots": names, "default_bot": default_bot_name(gid),
                    "presets": sorted(game.presets),
                    # version 2: the lobby's forms, in the request's language
                    "bot_choices": [{"name": b, "label": bot_label(b), "description": bot_description(b),
                                     "level": b in LEVELS} for b in ordered],
                    "default_level": DEFAULT_LEVEL if DEFAULT_LEVEL in names else default_bot_name(gid),
                    "preset_choices": [{"name": p.name, "description": p.shown_description}
                                       for _, p in sorted(game.presets.items())],
                    "options": options,
                    "match_length": [k for k in MATCH_LENGTH.get(gid, ()) if any(o["key"] == k for o in options)]})
    return out
