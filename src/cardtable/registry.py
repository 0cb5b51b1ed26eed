"""Which games exist, and how a person may name them.

A game registers through the ``cardtable.games`` entry-point group (pyproject.toml:
``[project.entry-points."cardtable.games"] gin = "cardtable.games.gin"``), so a game package
of its own distribution is found without editing this file.  The built-in list below is the
fallback for a source tree that is not installed; the games' packages are imported lazily.
"""

from __future__ import annotations

import importlib
import unicodedata
from importlib import metadata
from typing import TYPE_CHECKING, Any

from .errors import BadOption, UnknownGame
from .game import Game, State
from .i18n import _
from .options import Options
from .parts import NO_PARTS, GameParts

if TYPE_CHECKING:
    from .match import Match

ENTRY_POINT_GROUP = "cardtable.games"

#: the games this distribution ships (id -> module that defines ``GAME``)
BUILTIN_GAMES: dict[str, str] = {
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

def _registered() -> dict[str, str]:
    """The built-in games, then every installed ``cardtable.games`` entry point (which may
    add games or point an id at another module)."""
    found = dict(BUILTIN_GAMES)
    try:
        eps = metadata.entry_points(group=ENTRY_POINT_GROUP)
    except Exception:   # a broken installation's metadata must not hide the built-in games
        return found
    for ep in eps:
        found[ep.name] = ep.value.split(":")[0].strip()
    return found


#: id -> module that defines ``GAME`` (a plain dict: tests and tools may add entries)
GAME_MODULES: dict[str, str] = _registered()

_loaded: dict[str, Game[Any]] = {}
_parts: dict[str, GameParts] = {}


def game_ids() -> list[str]:
    return sorted(GAME_MODULES)


def get_game(game_id: str) -> Game[Any]:
    if game_id not in GAME_MODULES:
        raise UnknownGame(game_id, game_ids())
    if game_id not in _loaded:
        _loaded[game_id] = importlib.import_module(GAME_MODULES[game_id]).GAME
    return _loaded[game_id]


def game_parts(game_id: str) -> GameParts:
    """The parts of ``game_id`` (its layout, explanations, advice, encoding, bots …): the
    ``PARTS`` its package exports beside ``GAME``; a package that exports none has no parts
    (:data:`cardtable.parts.NO_PARTS`), and the outer layers fall back to generic ones."""
    got = _parts.get(game_id)
    if got is None:
        get_game(game_id)
        declared = vars(importlib.import_module(GAME_MODULES[game_id])).get("PARTS", NO_PARTS)
        if not isinstance(declared, GameParts):
            raise TypeError(f"{GAME_MODULES[game_id]}.PARTS is a {type(declared).__name__}, not GameParts")
        got = _parts[game_id] = declared
    return got


def game_name(game: Game[Any] | str) -> str:
    """A game's name as a reader of the current language reads it (the catalog's translation
    of its English name where there is one, else the English name); ``game`` is a game or its
    id.  Data (the API's ``name``) stays English."""
    g = get_game(game) if isinstance(game, str) else game
    return _(g.name)


def _key(name: str) -> str:
    """A name as compared: Unicode-normalised, case-folded, without spaces, '-' and '_'."""
    text = unicodedata.normalize("NFKC", name).casefold()
    return "".join(ch for ch in text if not ch.isspace() and ch not in "-_")


def game_names() -> dict[str, list[str]]:
    """id -> the names a game answers to: its id, English name, native name, its ``aliases``
    (games that cannot be loaded answer to their id only)."""
    names: dict[str, list[str]] = {gid: [gid] for gid in game_ids()}
    for gid in names:
        try:
            g = get_game(gid)
        except Exception:
            continue
        for n in (g.name, g.native_name, *g.aliases):
            if n and n not in names[gid]:
                names[gid].append(n)
    return names


def resolve_game(name: str) -> str:
    """The id of the game ``name`` means: an id in any case, or a game's English or native
    name (``"十三张"``, ``"ดัมมี่"``, ``"Remik"``, ``"gin rummy"``); :class:`UnknownGame`
    listing the valid ids and native names otherwise."""
    if name in GAME_MODULES:
        return name
    key = _key(name)
    for gid in GAME_MODULES:          # ids first: no game package needs to be imported
        if _key(gid) == key:
            return gid
    names = game_names()
    for gid, spellings in names.items():
        if any(_key(n) == key for n in spellings):
            return gid
    raise UnknownGame(name, [_id_and_native(gid) for gid in game_ids()])


def _id_and_native(gid: str) -> str:
    try:
        g = get_game(gid)
    except Exception:
        return gid
    native = g.native_name if g.native_name and _key(g.native_name) not in (_key(g.name), _key(gid)) else ""
    return f"{gid} ({native})" if native else gid


def list_games() -> list[Game[Any]]:
    return [get_game(g) for g in game_ids()]


def _check_seed(seed: object) -> None:
    """A seed is a whole number (or None: a fresh shuffle); anything else is a BadOption
    (``random.Random`` would take ``"abc"`` or ``1.5`` and hide the mistake)."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise BadOption(_("seed must be a whole number (or None for a fresh shuffle), not {seed}",
                          seed=repr(seed)))


def new_game(game_id: str, players: int | None = None, preset: str | None = None,
             rules: dict[str, Any] | None = None, seed: int | None = None,
             deal: dict[str, Any] | None = None) -> State:
    """A new deal of ``game_id``: the public entry point (``cardtable.new_game``).

    Raises :class:`UnknownGame` for an unknown id and :class:`BadOption` for a bad player
    count, preset, rules, seed or deal (a deal is a dict as scenario files write it)."""
    game = get_game(game_id)
    options: Options = game.make_options(preset, rules)
    _check_seed(seed)
    if deal is not None and not isinstance(deal, dict):
        raise BadOption(_("deal must be a mapping as scenario files write it (hands, stock …), not {deal}",
                          deal=repr(deal)))
    return game.new_state(players, options, seed=seed, deal=deal)


def new_match(game_id: str, players: int | None = None, preset: str | None = None,
              rules: dict[str, Any] | None = None, seed: int | None = None) -> Match:
    """A new match of ``game_id`` (deals in sequence, running totals): the public entry point
    (``cardtable.new_match``).  The same checks as :func:`new_game`: :class:`UnknownGame` for
    an unknown id, :class:`BadOption` for a bad player count, preset, rules or seed."""
    from .match import Match
    game = get_game(game_id)
    options = game.make_options(preset, rules)
    _check_seed(seed)
    return Match(game, players if players is not None else game.default_players, options, seed)
