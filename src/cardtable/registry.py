"""Which games exist.  A game registers by being listed here; its package is imported lazily."""

from __future__ import annotations

import importlib
from typing import Any

from .errors import UnknownGame
from .game import Game, State
from .options import Options

# id -> module that defines ``GAME``
GAME_MODULES: dict[str, str] = {
    "gin": "cardtable.games.gin",
    "dummy": "cardtable.games.dummy",
    "shisanzhang": "cardtable.games.shisanzhang",
    "remik": "cardtable.games.remik",
    "zhuoheia": "cardtable.games.zhuoheia",
    "bieqi": "cardtable.games.bieqi",
    "biefufen": "cardtable.games.biefufen",
    "sibaifen": "cardtable.games.sibaifen",
    "zuihoushengli": "cardtable.games.zuihoushengli",
    "wushiyifen": "cardtable.games.wushiyifen",
    "jianshisifen": "cardtable.games.jianshisifen",
    "yijiang": "cardtable.games.yijiang",
}

_loaded: dict[str, Game[Any]] = {}


def game_ids() -> list[str]:
    return sorted(GAME_MODULES)


def get_game(game_id: str) -> Game[Any]:
    if game_id not in GAME_MODULES:
        raise UnknownGame(game_id, game_ids())
    if game_id not in _loaded:
        _loaded[game_id] = importlib.import_module(GAME_MODULES[game_id]).GAME
    return _loaded[game_id]


def list_games() -> list[Game[Any]]:
    return [get_game(g) for g in game_ids()]


def new_game(game_id: str, players: int | None = None, preset: str | None = None,
             rules: dict[str, Any] | None = None, seed: int | None = None,
             deal: dict[str, Any] | None = None) -> State:
    """A new deal of ``game_id``: the public entry point (``cardtable.new_game``)."""
    game = get_game(game_id)
    options: Options = game.make_options(preset, rules)
    return game.new_state(players, options, seed=seed, deal=deal)


def new_match(game_id: str, players: int | None = None, preset: str | None = None,
              rules: dict[str, Any] | None = None, seed: int | None = None) -> Any:
    from .match import Match
    game = get_game(game_id)
    options = game.make_options(preset, rules)
    return Match(game, players if players is not None else game.default_players, options, seed)
