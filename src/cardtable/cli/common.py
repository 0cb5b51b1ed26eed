"""What every command shares: consoles, errors that exit cleanly, game and option lookup, bots.

Everything here works against the game contract only (``Game``, ``State``, the registry and
``cardtable.bots``), so every registered game gets the whole command line for free.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.text import Text

from ..bots import Bot, default_bot_name, make_bot
from ..errors import BadOption, UnknownGame
from ..game import Game
from ..i18n import _, ngettext
from ..options import Options
from ..registry import game_ids, get_game, resolve_game

#: exit status of a usage error (bad game, option, preset, bot, malformed file)
EXIT_USAGE = 2


def out_console() -> Console:
    """A console on the current ``sys.stdout`` (so test runners capture it)."""
    return Console(file=sys.stdout, highlight=False, soft_wrap=False)


def err_console() -> Console:
    return Console(file=sys.stderr, highlight=False)


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    """Print ``Error: message`` on stderr and leave with ``code``."""
    err_console().print(Text.assemble((_("Error:"), "bold red"), " ", message))
    raise typer.Exit(code)


def load_game(name: str) -> Game[Any]:
    """The registered game that ``name`` means (an id in any case, an English or native name:
    :func:`cardtable.registry.resolve_game`); a clear error listing the valid names otherwise."""
    try:
        game_id = resolve_game(name)
    except UnknownGame as e:
        fail(str(e))
    try:
        return get_game(game_id)
    except Exception as e:  # registered, but its package is missing or half-written
        fail(_("game {game!r} is registered but cannot be loaded yet ({error}); "
               "registered games: {games}", game=game_id, error=f"{type(e).__name__}: {e}",
               games=", ".join(game_ids())))


def parse_rules(pairs: Sequence[str] | None) -> dict[str, str]:
    """``["knock_limit=5", "big_gin=true"]`` → a dict; the game's options coerce the text."""
    rules: dict[str, str] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            fail(_("--rule takes KEY=VALUE (e.g. --rule game_target=50), not {pair!r}", pair=pair))
        rules[key.strip()] = value.strip()
    return rules


def make_options(game: Game[Any], preset: str | None, rule_pairs: Sequence[str] | None) -> Options:
    """Defaults, then the preset, then ``--rule`` values; bad ones fail naming the valid ones."""
    try:
        return game.make_options(preset, parse_rules(rule_pairs))
    except BadOption as e:
        fail(str(e))


def check_players(game: Game[Any], players: int | None) -> int:
    n = game.default_players if players is None else players
    try:
        game.check_players(n)
    except BadOption as e:
        fail(str(e))
    return n


def bot_list(game_id: str, spec: str | None, players: int, fixed: int | None = None) -> list[str]:
    """One bot name per seat from ``--bots``.

    ``spec`` may name one bot (every seat), one per seat, or, when ``fixed`` is a seat played
    by a person, one per other seat in seat order.  The result always has ``players`` names;
    the entry of ``fixed`` is only used with ``--auto``.
    """
    default = default_bot_name(game_id)
    if not spec:
        return [default] * players
    names = [n.strip() for n in spec.split(",") if n.strip()]
    if len(names) == 1:
        out = names * players
    elif len(names) == players:
        out = names
    elif fixed is not None and len(names) == players - 1:
        out = names[:fixed] + [default] + names[fixed:]
    else:
        given = ngettext("--bots names {n} bot", "--bots names {n} bots", len(names))
        if fixed is not None:
            fail(_("{given}; give 1, {players} or {others} (the other seats) for a "
                   "{players}-player table", given=given, players=players, others=players - 1))
        fail(_("{given}; give 1 or {players} for a {players}-player table", given=given,
               players=players))
    for name in dict.fromkeys(out):     # seat order, so the first bad name is the one named
        make_checked_bot(game_id, name)
    return out


def make_checked_bot(game_id: str, name: str) -> Bot:
    try:
        return make_bot(game_id, name)
    except BadOption as e:
        fail(str(e))


def command(app: typer.Typer, name: str, function: Any, help: str) -> None:
    """Register ``function`` as ``cardtable NAME``: ``help`` (marked ``N_``) and the help of its
    options are translated when shown (:class:`cardtable.cli.lang.LocalizedCommand`)."""
    from .lang import LocalizedCommand

    app.command(name, cls=LocalizedCommand, help=help)(function)


def game_heading(game: Any) -> str:
    """The game's title as the terminal heads a screen: "Thai Dummy (ดัมมี่)", in the current
    language (the core's :func:`~cardtable.presentation.game_title`, native name in brackets)."""
    from ..presentation import game_title

    name, sep, native = game_title(game, sep="\0").partition("\0")
    return f"{name} ({native})" if sep else name
