"""``cardtable export``: bot-played deals as per-seat RL trajectories (.npz or .parquet).

The work is :func:`cardtable.rl.trajectories.collect`; this module only parses the options
and writes the file.  Needs the ``rl`` extra (``parquet`` for .parquet files)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..i18n import N_, _
from .common import bot_list, check_players, command, fail, game_heading, load_game, make_options, out_console


def export_command(
    game: Annotated[str, typer.Argument(help=N_("Game id (see 'cardtable rules')."))],
    out: Annotated[Path, typer.Option("--out", "-o", help=N_("Output file: .npz or .parquet."))],
    games: Annotated[int, typer.Option("--games", "-g", help=N_("Number of deals to play."))] = 10,
    bots: Annotated[str | None, typer.Option(
        "--bots", "-b", help=N_("Bot names, comma-separated: one for every seat or one per seat."))] = None,
    players: Annotated[int | None, typer.Option("--players", "-n", help=N_("Number of players."))] = None,
    seed: Annotated[int, typer.Option(help=N_("Base seed; deal i uses a seed derived from it."))] = 0,
    preset: Annotated[str | None, typer.Option("--preset", "-p", help=N_("A named rule preset."))] = None,
    rule: Annotated[list[str] | None, typer.Option(
        "--rule", "-r", help=N_("Rule override KEY=VALUE (repeatable)."))] = None,
    normalised: Annotated[bool, typer.Option(
        "--normalised", help=N_("Zero-sum rewards scaled by the game's constant."))] = False,
) -> None:
    """Play deals bot against bot and write every seat's (observation, mask, action, reward)."""
    g = load_game(game)
    options = make_options(g, preset, rule)
    n = check_players(g, players)
    if games < 1:
        fail(_("--games must be at least 1, not {value}", value=games))
    if out.suffix.lower() not in (".npz", ".parquet"):
        fail(_("--out must end in .npz or .parquet, not {name!r}", name=out.name))
    if not out.parent.is_dir():
        fail(_("the folder of --out does not exist: {folder}", folder=out.parent))
    names = bot_list(g.id, bots, n)
    try:
        from ..rl import trajectories
    except ImportError as e:
        fail(_("export needs the rl extra (pip install 'cardtable[rl]'): {error}", error=e))
    if out.suffix.lower() == ".parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            fail(_("writing .parquet needs pyarrow: pip install 'cardtable[parquet]'"))
    data = trajectories.collect(g.id, games, names, n, preset, options.diff(), seed, normalised)
    trajectories.save(data, out)
    out_console().print(_("{file}: {actions} actions from {games} deals of {game} ({n} players, bots "
                          "{bots}); observation {floats} floats, {size} actions", file=out,
                          actions=len(data["action"]), games=games, game=game_heading(g), n=n,
                          bots=", ".join(names), floats=data["observation"].shape[1],
                          size=data["mask"].shape[1]))


def register(app: typer.Typer) -> None:
    command(app, "export", export_command, EXPORT_HELP)


EXPORT_HELP = N_("Play deals bot against bot and write every seat's (observation, mask, action, "
                 "reward).")
