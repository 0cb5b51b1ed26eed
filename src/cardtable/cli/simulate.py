"""``cardtable simulate``: many bot-only deals, with per-bot and per-seat results.

One "game" here is one deal (``Game.new_state``), not a match: the statistics are per-deal
scores and ``State.winners()``.  The work is :mod:`cardtable.simulate`: deal ``i`` is
shuffled with a seed derived from ``--seed`` and ``i`` alone, and its bots draw from their
own generator seeded the same way, so the results do not depend on ``--workers``, on Ray or
on the order in which workers finish.  Bots rotate round the table and the deal by default
(``--no-rotate`` keeps them in the listed seats); ``--duplicate`` plays every deal once per
rotation.
"""

import json
import random
import time
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from ..bots import bot_move, make_bot
from ..errors import BadOption
from ..i18n import N_, _, ngettext, pgettext
from ..registry import get_game
from ..simulate import MAX_MOVES, Plan, Results, game_seed, run_plays
from .common import bot_list, check_players, command, fail, game_heading, load_game, make_options, out_console

__all__ = ["game_seed", "play_one", "simulate_command", "register"]


def play_one(game_id: str, players: int, rules: dict[str, Any], bot_names: tuple[str, ...],
             seed: int) -> tuple[list[int], list[int], int]:
    """Play one deal with bots in the listed seats and the game's own first dealer; returns
    scores, winners and the number of moves (the ``--no-rotate`` deal of that seed)."""
    game = get_game(game_id)
    state = game.new_state(players, game.make_options(None, rules), seed=seed)
    bots = [make_bot(game_id, name) for name in bot_names]
    rng = random.Random(seed ^ 0x5EED_CA7D)
    moves = 0
    while not state.is_over:
        if moves >= MAX_MOVES:
            raise RuntimeError(f"the deal did not end within {MAX_MOVES} moves")
        seat = state.to_move()[0]
        move = bot_move(bots[seat], state, seat, rng)
        state.apply(move, seat)
        moves += 1
    return state.scores, state.winners(), moves


def _ci(lo_hi: tuple[float, float], pct: bool = False) -> str:
    lo, hi = lo_hi
    return f"[{lo:.1%}, {hi:.1%}]" if pct else f"[{lo:+.2f}, {hi:+.2f}]"


def simulate_command(
    game: Annotated[str, typer.Argument(help=N_("Game id (see 'cardtable games')."))],
    games: Annotated[int, typer.Option("--games", "-g", help=N_("Number of deals to play."))] = 100,
    bots: Annotated[str | None, typer.Option(
        "--bots", "-b", help=N_("Bot names, comma-separated: one for every seat or one per seat."))] = None,
    players: Annotated[int | None, typer.Option("--players", "-n", help=N_("Number of players."))] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help=N_("Worker processes."))] = 1,
    seed: Annotated[int, typer.Option(help=N_("Base seed; game i uses a seed derived from it."))] = 0,
    preset: Annotated[str | None, typer.Option("--preset", "-p", help=N_("A named rule preset."))] = None,
    rule: Annotated[list[str] | None, typer.Option(
        "--rule", "-r", help=N_("Rule override KEY=VALUE (repeatable)."))] = None,
    rotate: Annotated[bool, typer.Option(
        "--rotate/--no-rotate", help=N_("Rotate the bots round the seats and the deal across "
                                        "deals (default), or keep them in the listed seats."))] = True,
    duplicate: Annotated[bool, typer.Option(
        "--duplicate", help=N_("Play every deal once per rotation of the bots round the table "
                               "(same cards, every bot in every seat)."))] = False,
    ray: Annotated[bool, typer.Option(
        "--ray", help=N_("Spread the deals over Ray: a local cluster bound to 127.0.0.1 with "
                         "--workers CPUs, or the cluster at --ray-address.  Needs the 'ray' extra."))] = False,
    ray_address: Annotated[str | None, typer.Option(
        "--ray-address", metavar="ADDRESS",
        help=N_("Join the running Ray cluster at ADDRESS (host:port, or 'auto'); implies --ray."))] = None,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print the results as JSON."))] = False,
) -> None:
    """Play many deals bot against bot; per-bot mean points and win rate with 95 % intervals,
    per-seat figures and speed."""
    console = out_console()
    g = load_game(game)
    options = make_options(g, preset, rule)
    n = check_players(g, players)
    if games < 1:
        fail(_("--games must be at least 1, not {value}", value=games))
    if workers < 1:
        fail(_("--workers must be at least 1, not {value}", value=workers))
    if duplicate and not rotate:
        fail(_("--duplicate rotates the bots round the table; it cannot go with --no-rotate"))
    names = bot_list(g.id, bots, n)
    plan = Plan(g.id, n, tuple(names), games, seed, options.diff(), rotate, duplicate)
    backend: str | bool | None = ray_address if ray_address else (True if ray else None)
    total = games * plan.rotations
    got: list[Any] = []
    start = time.perf_counter()
    progress = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TimeRemainingColumn(), console=console, transient=True,
                        disable=as_json)
    try:
        with progress:
            task = progress.add_task(_("{game}: simulating", game=g.id), total=total)
            for batch in run_plays(plan, workers, backend):
                got += batch
                progress.advance(task, len(batch))
    except BadOption as e:
        fail(str(e))
    elapsed = max(time.perf_counter() - start, 1e-9)
    results = Results(plan, got)
    rate = total / elapsed
    if as_json:
        data = results.to_json()
        data["games_per_second"] = rate
        data["workers"] = workers
        data["backend"] = "ray" if backend is not None else "processes"
        print(json.dumps(data, ensure_ascii=False))
    else:
        _print_tables(console, g, options.diff(), results, rate, elapsed, workers, backend)
    raise typer.Exit(1 if results.errors else 0)


def _print_tables(console: Any, g: Any, rules: dict[str, Any], results: Results, rate: float,
                  elapsed: float, workers: int, backend: Any) -> None:
    plan, n = results.plan, results.n
    mode = (_("duplicate") if plan.duplicate else
            _("rotating seats") if plan.rotate else _("fixed seats"))
    deals = len({p.index for p in results.plays})
    title = _("{game}: {deals} deals ({mode}, {played} played), {n} players, seed {seed}",
              game=game_heading(g), deals=deals, mode=mode, played=len(results.plays), n=n, seed=plan.seed)
    if rules:
        title = _("{about}, rules {rules}", about=title, rules=rules)
    table = Table(title=title, title_justify="left")
    cols = (pgettext("simulate table", "bot"), pgettext("simulate table", "mean points"),
            pgettext("simulate table", "95% CI"), pgettext("simulate table", "win rate"),
            pgettext("simulate table", "95% CI") + " ")
    for i, col in enumerate(cols):
        table.add_column(col, justify="left" if i == 0 else "right")
    for st in results.entries():
        table.add_row(st.bot if plan.bots.count(st.bot) == 1 else f"{st.bot} #{st.entry}",
                      f"{st.mean:+.2f}", _ci(st.mean_ci), f"{st.win_rate:.1%}", _ci(st.win_ci, True))
    console.print(table)
    seats = Table(title=_("per seat (whoever sat there)"), title_justify="left")
    cols = (pgettext("simulate table", "seat"), pgettext("simulate table", "bot"),
            pgettext("simulate table", "mean score"), pgettext("simulate table", "sd"),
            pgettext("simulate table", "win rate"))
    for i, col in enumerate(cols):
        seats.add_column(col, justify="left" if i < 2 else "right")
    for s in range(n):
        seats.add_row(str(s + 1), plan.bots[s] if not plan.rotate else _("(rotating)"),
                      f"{results.seat_mean(s):+.2f}", f"{results.seat_sd(s):.1f}",
                      f"{results.seat_win_rate(s):.1%}")
    console.print(seats)
    where = "Ray" if backend is not None else ngettext("{n} worker", "{n} workers", workers)
    console.print(_("deals without a winner: {none}; mean moves per deal: {moves}; {rate} games/s "
                    "({where}, {seconds} s)", none=results.no_winner,
                    moves=f"{results.moves / max(len(results.plays), 1):.1f}", rate=f"{rate:.1f}",
                    where=where, seconds=f"{elapsed:.2f}"))
    for e in results.errors[:10]:
        console.print(Text(e, style="red"))


def register(app: typer.Typer) -> None:
    command(app, "simulate", simulate_command, SIMULATE_HELP)


SIMULATE_HELP = N_("Play many deals bot against bot: per-bot mean points and win rate with "
                   "intervals at 95 %, per-seat figures and speed.")
