"""The ``cardtable`` command: a typer app wired from one module per command.

To add a command, write ``cli/<name>.py`` with a ``register(app)`` function and list the
module in :data:`COMMANDS`.  Help texts are marked ``N_`` and translated when shown
(:mod:`.lang`); every command is registered with ``cls=LocalizedCommand``.
"""

from __future__ import annotations

import importlib
from typing import Annotated

import typer

from .. import __version__
from ..i18n import N_
from ..registry import game_ids
from .lang import LANG_HELP, LocalizedGroup, lang_callback

#: command modules, in the order ``cardtable --help`` lists them
COMMANDS = ("rules", "play", "replay", "review", "puzzle", "simulate", "ladder", "referee", "score", "serve", "export",
            "agent", "mcp")

ROOT_HELP = N_("Rules engine, bots and terminal play for traditional card games.\n\n"
               "Games: {games} (an id in any case, or the game's English or native name, e.g. "
               "十三张; 'cardtable games' lists them; 'cardtable rules GAME' teaches one).")


class RootGroup(LocalizedGroup):
    help_params = {"games": ", ".join(game_ids())}


app = typer.Typer(
    name="cardtable",
    cls=RootGroup,
    help=ROOT_HELP,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"cardtable {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    lang: Annotated[str | None, typer.Option(
        "--lang", metavar="LOC", callback=lang_callback, is_eager=True,
        help=LANG_HELP)] = None,
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help=N_("Show the version and exit."))] = False,
) -> None:
    """cardtable: play, replay, simulate and look up the rules of card games."""


for _name in COMMANDS:
    importlib.import_module(f"{__package__}.{_name}").register(app)
#: commands whose module is not named as the command: (module, command)
MORE_COMMANDS = (("exportgames", "export-games"), ("accounts", "account-password"))
for _module, _command in MORE_COMMANDS:
    importlib.import_module(f"{__package__}.{_module}").register(app)


def main() -> None:
    """Run the app (the language was chosen by :func:`cardtable.cli.main` before the import)."""
    app()
