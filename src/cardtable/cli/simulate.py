"""``cardtable simulate``: many bot-only deals, with per-seat results.

One "game" here is one deal (``Game.new_state``), not a match: the statistics are per-deal
scores and ``State.winners()``.  Game ``i`` is shuffled with a seed derived from ``--seed``
and ``i`` alone, and its bots draw from their own generator seeded the same way, so the
results do not depend on ``--workers`` or on the order in which workers finish.
"""

import hashlib
import json
import multiprocessing
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from ..bots import bot_move, make_bot
from ..errors import IllegalMove
from ..registry import get_game
from .common import bot_list, check_players, fail, load_game, make_options, out_console

MAX_MOVES = 100_000


def game_seed(seed: int, index: int) -> int:
    """The shuffle seed of game ``index`` of a run seeded ``seed`` (stable across machines)."""
    digest = hashlib.sha256(f"cardtable-simulate:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass(frozen=True)
class Job:
    game_id: str
    players: int
    rules: dict[str, Any]
    bots: tuple[str, ...]
    seed: int
    indices: tuple[int, ...]


@dataclass
class Outcome:
    index: int
    scores: list[int]
    winners: list[int]
    moves: int
    error: str | None = None


def play_one(game_id: str, players: int, rules: dict[str, Any], bot_names: tuple[str, ...],
             seed: int) -> tuple[list[int], list[int], int]:
    """Play one deal with bots; returns scores, winners and the number of moves."""
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


def run_job(job: Job) -> list[Outcome]:
    out = []
    for i in job.indices:
        try:
            scores, winners, moves = play_one(job.game_id, job.players, job.rules, job.bots,
                                              game_seed(job.seed, i))
            out.append(Outcome(i, scores, winners, moves))
        except Exception as e:  # report a game's or bot's failure, keep simulating
            kind = "" if isinstance(e, (IllegalMove, RuntimeError)) else f"{type(e).__name__}: "
            out.append(Outcome(i, [0] * job.players, [], 0, f"game {i} (seed "
                               f"{game_seed(job.seed, i)}): {kind}{e}"))
    return out


def jobs_for(game_id: str, players: int, rules: dict[str, Any], bots: list[str], seed: int,
             games: int, workers: int) -> list[Job]:
    size = max(1, min(50, games // (workers * 8) or 1))
    return [Job(game_id, players, rules, tuple(bots), seed, tuple(range(a, min(games, a + size))))
            for a in range(0, games, size)]


@dataclass
class Summary:
    players: int
    games: int = 0
    score_sum: list[int] = field(default_factory=list)
    score_sq: list[int] = field(default_factory=list)
    wins: list[int] = field(default_factory=list)
    no_winner: int = 0
    moves: int = 0
    errors: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.score_sum = [0] * self.players
        self.score_sq = [0] * self.players
        self.wins = [0] * self.players

    def add(self, o: Outcome) -> None:
        if o.error is not None:
            self.errors.append(o.error)
            return
        self.games += 1
        self.moves += o.moves
        for s, v in enumerate(o.scores):
            self.score_sum[s] += v
            self.score_sq[s] += v * v
        for s in o.winners:
            self.wins[s] += 1
        if not o.winners:
            self.no_winner += 1

    def mean(self, s: int) -> float:
        return self.score_sum[s] / self.games if self.games else 0.0

    def sd(self, s: int) -> float:
        if self.games < 2:
            return 0.0
        m = self.mean(s)
        return max(0.0, (self.score_sq[s] - self.games * m * m) / (self.games - 1)) ** 0.5

    def win_rate(self, s: int) -> float:
        return self.wins[s] / self.games if self.games else 0.0


def _pool(workers: int) -> Any:
    """A process pool, forked where the platform can (workers then inherit the registry,
    including games registered at run time); created before any progress-bar thread."""
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
    return ctx.Pool(workers)


def outcomes(jobs: list[Job], pool: Any) -> Iterator[list[Outcome]]:
    if pool is None:
        for job in jobs:
            yield run_job(job)
    else:
        yield from pool.imap_unordered(run_job, jobs)


def simulate_command(
    game: Annotated[str, typer.Argument(help="Game id (see 'cardtable games').")],
    games: Annotated[int, typer.Option("--games", "-g", help="Number of deals to play.")] = 100,
    bots: Annotated[str | None, typer.Option(
        "--bots", "-b", help="Bot names, comma-separated: one for every seat or one per seat.")] = None,
    players: Annotated[int | None, typer.Option("--players", "-n", help="Number of players.")] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes.")] = 1,
    seed: Annotated[int, typer.Option(help="Base seed; game i uses a seed derived from it.")] = 0,
    preset: Annotated[str | None, typer.Option("--preset", "-p", help="A named rule preset.")] = None,
    rule: Annotated[list[str] | None, typer.Option(
        "--rule", "-r", help="Rule override KEY=VALUE (repeatable).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
) -> None:
    """Play many deals bot against bot; per-seat mean score, win rate and speed."""
    console = out_console()
    g = load_game(game)
    options = make_options(g, preset, rule)
    n = check_players(g, players)
    if games < 1:
        fail(f"--games must be at least 1, not {games}")
    if workers < 1:
        fail(f"--workers must be at least 1, not {workers}")
    names = bot_list(g.id, bots, n)
    jobs = jobs_for(g.id, n, options.diff(), names, seed, games, workers)
    summary = Summary(n)
    start = time.perf_counter()
    progress = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TimeRemainingColumn(), console=console, transient=True,
                        disable=as_json)
    pool = _pool(workers) if workers > 1 else None
    try:
        with progress:
            task = progress.add_task(f"{g.id}: simulating", total=games)
            for batch in outcomes(jobs, pool):
                for o in batch:
                    summary.add(o)
                progress.advance(task, len(batch))
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
    elapsed = max(time.perf_counter() - start, 1e-9)
    rate = games / elapsed
    if as_json:
        print(json.dumps({
            "game": g.id, "players": n, "games": summary.games, "seed": seed, "bots": names,
            "rules": options.diff(), "mean_score": [summary.mean(s) for s in range(n)],
            "win_rate": [summary.win_rate(s) for s in range(n)],
            "no_winner": summary.no_winner, "mean_moves": summary.moves / max(summary.games, 1),
            "games_per_second": rate, "errors": summary.errors}, ensure_ascii=False))
    else:
        table = Table(title=f"{g.name}: {summary.games} deals, {n} players, seed {seed}"
                      + (f", rules {options.diff()}" if options.diff() else ""), title_justify="left")
        for col in ("seat", "bot", "mean score", "sd", "win rate"):
            table.add_column(col, justify="left" if col in ("seat", "bot") else "right")
        for s in range(n):
            table.add_row(str(s), names[s], f"{summary.mean(s):+.2f}", f"{summary.sd(s):.1f}",
                          f"{summary.win_rate(s):.1%}")
        console.print(table)
        console.print(f"deals without a winner: {summary.no_winner}; mean moves per deal: "
                      f"{summary.moves / max(summary.games, 1):.1f}; {rate:.1f} games/s "
                      f"({workers} worker{'s' if workers > 1 else ''}, {elapsed:.2f} s)")
        for e in summary.errors[:10]:
            console.print(Text(e, style="red"))
    raise typer.Exit(1 if summary.errors else 0)


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate_command)
