"""The ``cardtable`` command: a typer app wired from one module per command.

To add a command, write ``cli/<name>.py`` with a ``register(app)`` function and list the
module in :data:`COMMANDS` (``referee`` will be added this way).
"""

from __future__ import annotations

import importlib

import typer

from .. import __version__
from ..registry import game_ids

#: command modules, in the order ``cardtable --help`` lists them
COMMANDS = ("rules", "play", "replay", "simulate", "ladder", "referee", "serve", "export")

app = typer.Typer(
    name="cardtable",
    help=("Rules engine, bots and terminal play for traditional card games.\n\n"
          f"Games: {', '.join(game_ids())} (an id in any case, or the game's English or native "
          "name, e.g. 十三张; 'cardtable games' lists them; 'cardtable rules GAME' teaches one)."),
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
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Show the version and exit."),
) -> None:
    """cardtable: play, replay, simulate and look up the rules of card games."""


for _name in COMMANDS:
    importlib.import_module(f"{__package__}.{_name}").register(app)


def main() -> None:
    """Entry point of the ``cardtable`` script (pyproject ``[project.scripts]``)."""
    app()


if __name__ == "__main__":
    main()
