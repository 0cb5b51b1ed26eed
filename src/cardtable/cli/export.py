"""``cardtable export``: bot-played deals as per-seat RL trajectories (.npz or .parquet).

The work is :func:`cardtable.rl.trajectories.collect`; this module only parses the options
and writes the file.  Needs the ``rl`` extra (``parquet`` for .parquet files)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .common import bot_list, check_players, fail, load_game, make_options, out_console


def export_command(
    game: Annotated[str, typer.Argument(help="Game id (see 'cardtable rules').")],
    out: Annotated[Path, typer.Option("--out", "-o", help="Output file: .npz or .parquet.")],
    games: Annotated[int, typer.Option("--games", "-g", help="Number of deals to play.")] = 10,
    bots: Annotated[str | None, typer.Option(
        "--bots", "-b", help="Bot names, comma-separated: one for every seat or one per seat.")] = None,
    players: Annotated[int | None, typer.Option("--players", "-n", help="Number of players.")] = None,
    seed: Annotated[int, typer.Option(help="Base seed; deal i uses a seed derived from it.")] = 0,
    preset: Annotated[str | None, typer.Option("--preset", "-p", help="A named rule preset.")] = None,
    rule: Annotated[list[str] | None, typer.Option(
        "--rule", "-r", help="Rule override KEY=VALUE (repeatable).")] = None,
    normalised: Annotated[bool, typer.Option(
        "--normalised", help="Zero-sum rewards scaled by the game's constant.")] = False,
) -> None:
    """Play deals bot against bot and write every seat's (observation, mask, action, reward)."""
    g = load_game(game)
    options = make_options(g, preset, rule)
    n = check_players(g, players)
    if games < 1:
        fail(f"--games must be at least 1, not {games}")
    if out.suffix.lower() not in (".npz", ".parquet"):
        fail(f"--out must end in .npz or .parquet, not {out.name!r}")
    if not out.parent.is_dir():
        fail(f"the folder of --out does not exist: {out.parent}")
    names = bot_list(g.id, bots, n)
    try:
        from ..rl import trajectories
    except ImportError as e:
        fail(f"export needs the rl extra (pip install 'cardtable[rl]'): {e}")
    if out.suffix.lower() == ".parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            fail("writing .parquet needs pyarrow: pip install 'cardtable[parquet]'")
    data = trajectories.collect(g.id, games, names, n, preset, options.diff(), seed, normalised)
    trajectories.save(data, out)
    out_console().print(f"{out}: {len(data['action'])} actions from {games} deals of {g.name} "
                        f"({n} players, bots {', '.join(names)}); observation "
                        f"{data['observation'].shape[1]} floats, {data['mask'].shape[1]} actions")


def register(app: typer.Typer) -> None:
    app.command("export")(export_command)
