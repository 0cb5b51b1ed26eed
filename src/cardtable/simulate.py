"""Fair bot-against-bot simulation: seeded deals, seat and dealer rotation, duplicate deals,
per-bot means with 95 % confidence intervals, on one process, a process pool or Ray.

A *plan* names the game, the bots (one *entry* per seat: the same name may appear twice)
and how the deals are played.  Every deal is a pure function of ``(plan, deal index,
rotation)``: its shuffle seed and the bots' generator are derived from the master seed and
those two numbers only, so the results are the same whatever the worker count, the backend
or the order in which workers finish.

Seating.  ``rotate`` (the default) moves the bots round the table: in rotation ``r`` seat
``s`` is played by entry ``(s + r) % n``.  Without duplicate, deal ``i`` uses rotation
``i % n`` and dealer ``(i // n) % n``, so over ``n²`` deals every entry sits in every seat
at every distance from the dealer equally often.  With ``duplicate`` every deal is played
``n`` times, once per rotation, from the same shuffle (the same hands go round the bots),
with dealer ``i % n``.  The dealer is set only for games whose first deal has one
(``Game.first_context`` returns ``dealer``); games that draw the starter in the shuffle
(Dummy, 捉黑A) keep their own random choice.  ``rotate=False`` keeps the bots in the listed
seats and the game's own first dealer: the historical behaviour of ``cardtable simulate``.

Statistics.  Per entry: mean points per deal and win rate, each with a 95 % interval.  The
independent unit is the deal: without duplicate one play, with duplicate the mean of the
entry over the deal's rotations (the rotations of one deal are correlated, which is the
point of duplicate play).  Means use the normal interval ``mean ± 1.96·sd/√m``; win rates
without duplicate the Wilson interval, with duplicate the normal interval of the per-deal
win fractions, clipped to [0, 1].

This module is engine level: standard library only (Ray is imported only when asked for).
"""

from __future__ import annotations

import hashlib
import json
import math
import multiprocessing
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bots import Bot, bot_move, make_bot
from .errors import BadOption, IllegalMove
from .game import Game, State
from .i18n import _
from .options import Options
from .registry import get_game

MAX_MOVES = 100_000
Z95 = 1.959963984540054


def game_seed(seed: int, index: int) -> int:
    """The shuffle seed of deal ``index`` of a run seeded ``seed`` (stable across machines)."""
    digest = hashlib.sha256(f"cardtable-simulate:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def bot_seed(deal_seed: int, rotation: int) -> int:
    """The seed of the bots' generator for one play of a deal (rotation 0: as before rotation
    existed, so fixed-seat runs reproduce older results)."""
    return (deal_seed ^ 0x5EED_CA7D) + rotation * 0x9E37_79B9


@dataclass(frozen=True)
class Plan:
    """What to simulate.  ``bots`` has one name per seat (an *entry* each); the options are
    ``preset`` (if any) with ``rules`` on top, as in ``Game.make_options``."""

    game_id: str
    players: int
    bots: tuple[str, ...]
    deals: int
    seed: int = 0
    rules: dict[str, Any] = field(default_factory=dict)
    rotate: bool = True
    duplicate: bool = False
    preset: str | None = None

    def __post_init__(self) -> None:
        if len(self.bots) != self.players:
            raise BadOption(_("a {players}-player plan needs {players} bots, not {count}",
                              players=self.players, count=len(self.bots)))
        if self.deals < 1:
            raise BadOption(_("deals must be at least 1, not {deals}", deals=self.deals))
        if self.duplicate and not self.rotate:
            raise BadOption(_("duplicate deals rotate the bots; they cannot keep fixed seats"))

    @property
    def rotations(self) -> int:
        return self.players if self.duplicate else 1

    def plays(self) -> list[tuple[int, int]]:
        """Every play as (deal index, rotation), in the order results are reported."""
        return [(i, r) for i in range(self.deals) for r in range(self.rotations)]

    def rotation_of(self, index: int, rotation: int) -> int:
        if not self.rotate:
            return 0
        return rotation if self.duplicate else index % self.players

    def dealer_of(self, index: int) -> int | None:
        if not self.rotate:
            return None
        return index % self.players if self.duplicate else (index // self.players) % self.players

    def seating(self, index: int, rotation: int = 0) -> tuple[int, ...]:
        """The entry playing each seat in this play."""
        r = self.rotation_of(index, rotation)
        return tuple((s + r) % self.players for s in range(self.players))


@dataclass
class Play:
    """One played deal: scores and winners by seat, and which entry sat where."""

    index: int
    rotation: int
    seating: tuple[int, ...]
    scores: list[int]
    winners: list[int]
    moves: int
    error: str | None = None

    def entry_scores(self) -> list[int]:
        out = [0] * len(self.seating)
        for seat, entry in enumerate(self.seating):
            out[entry] = self.scores[seat]
        return out

    def entry_wins(self) -> list[int]:
        out = [0] * len(self.seating)
        for seat in self.winners:
            out[self.seating[seat]] = 1
        return out


class _Table:
    """What every play of a plan reuses in one process: the game and options.  Bots are made
    afresh for every play, so a bot that learns during a deal cannot carry it to the next
    one (which would make results depend on how plays fall on workers)."""

    def __init__(self, plan: Plan) -> None:
        self.game: Game[Any] = get_game(plan.game_id)
        self.options: Options = self.game.make_options(plan.preset, plan.rules)
        for name in dict.fromkeys(plan.bots):
            make_bot(self.game.id, name)        # a bad name fails before the first deal

    def bots(self, names: Sequence[str]) -> list[Bot]:
        return [make_bot(self.game.id, n) for n in names]


_TABLES: dict[str, _Table] = {}


def _table(plan: Plan) -> _Table:
    key = json.dumps([plan.game_id, plan.bots, plan.preset, plan.rules], sort_keys=True)
    t = _TABLES.get(key)
    if t is None:
        _TABLES.clear()         # one plan at a time per process
        t = _TABLES[key] = _Table(plan)
    return t


def play(plan: Plan, index: int, rotation: int = 0) -> Play:
    """Play one deal of ``plan`` (a failure of the game or a bot is reported, not raised)."""
    seat_of = plan.seating(index, rotation)
    seed = game_seed(plan.seed, index)
    try:
        scores, winners, moves = _play(plan, index, rotation, seed)
        return Play(index, rotation, seat_of, scores, winners, moves)
    except Exception as e:  # noqa: BLE001 - one bad deal must not stop the run
        kind = "" if isinstance(e, (IllegalMove, RuntimeError)) else f"{type(e).__name__}: "
        return Play(index, rotation, seat_of, [0] * plan.players, [], 0,
                    f"deal {index}{f' rotation {rotation}' if plan.duplicate else ''} "
                    f"(seed {seed}): {kind}{e}")


def initial_state(plan: Plan, index: int) -> State:
    """Deal ``index`` of ``plan`` before its first move (the same for every rotation)."""
    t = _table(plan)
    game, n = t.game, plan.players
    seed = game_seed(plan.seed, index)
    dealer = plan.dealer_of(index)
    context = None
    if dealer is not None:
        context = game.first_context(n, t.options, random.Random(seed))
        if "dealer" in context:
            context["dealer"] = dealer
    return game.new_state(n, t.options, seed=seed, context=context)


def _play(plan: Plan, index: int, rotation: int, seed: int) -> tuple[list[int], list[int], int]:
    t = _table(plan)
    n = plan.players
    state = initial_state(plan, index)
    seating = plan.seating(index, rotation)
    bots = t.bots([plan.bots[seating[s]] for s in range(n)])
    rng = random.Random(bot_seed(seed, rotation))
    moves = 0
    while not state.is_over:
        if moves >= MAX_MOVES:
            raise RuntimeError(f"the deal did not end within {MAX_MOVES} moves")
        seat = state.to_move()[0]
        move = bot_move(bots[seat], state, seat, rng)
        state.apply(move, seat)
        moves += 1
    return state.scores, state.winners(), moves


def play_batch(plan: Plan, plays: Sequence[tuple[int, int]]) -> list[Play]:
    return [play(plan, i, r) for i, r in plays]


def _batch_job(args: tuple[Plan, tuple[tuple[int, int], ...]]) -> list[Play]:
    return play_batch(*args)


def batches(plan: Plan, workers: int) -> list[tuple[tuple[int, int], ...]]:
    """The plays cut into batches: small enough to spread, large enough that the per-task
    cost (a pickle round trip, Ray's scheduling) stays small beside the play itself."""
    plays = plan.plays()
    size = max(1, min(50, len(plays) // (workers * 8) or 1))
    return [tuple(plays[a:a + size]) for a in range(0, len(plays), size)]


def _pool(workers: int) -> Any:
    """A process pool, forked where the platform can (workers then inherit the registry,
    including games registered at run time)."""
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
    return ctx.Pool(workers)


def run_plays(plan: Plan, workers: int = 1, ray: str | bool | None = None,
              pool: Any = None) -> Iterator[list[Play]]:
    """Every play of ``plan`` in batches, as they finish (in no fixed order with several
    workers: :class:`Results` sorts them).  ``ray``: None for local processes, True for a
    local Ray cluster, or the address of a running one.  An unknown game, option or bot
    raises BadOption before any deal is played."""
    _table(plan)
    work = batches(plan, workers)
    if ray is not None and ray is not False:
        yield from _ray_batches(plan, work, workers, None if ray is True else str(ray))
    elif workers <= 1 and pool is None:
        for b in work:
            yield play_batch(plan, b)
    else:
        own = pool is None
        pool = _pool(workers) if own else pool
        try:
            yield from pool.imap_unordered(_batch_job, [(plan, b) for b in work])
        finally:
            if own:
                pool.terminate()
                pool.join()


def ray_init(address: str | None = None, workers: int | None = None) -> Any:
    """Start (or join, with ``address``) a Ray cluster; a local one listens on 127.0.0.1
    only and runs no dashboard.  Needs the ``ray`` extra."""
    try:
        import ray
    except ImportError:
        raise BadOption(_("--ray needs Ray: pip install 'cardtable[ray]'")) from None
    if not ray.is_initialized():
        try:
            if address:
                ray.init(address=address, log_to_driver=False)
            else:
                ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False,
                         _node_ip_address="127.0.0.1")
        except (ValueError, ConnectionError, RuntimeError) as e:
            raise BadOption(_("could not start or join Ray at {address}: {why}", address=address,
                              why=e) if address else
                            _("could not start or join Ray: {why}", why=e)) from None
    return ray


def _ray_batches(plan: Plan, work: list[tuple[tuple[int, int], ...]], workers: int,
                 address: str | None) -> Iterator[list[Play]]:
    ray = ray_init(address, workers if workers > 1 else None)
    task = ray.remote(_batch_job)
    pending = [task.remote((plan, b)) for b in work]
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            yield ray.get(ref)


# --- statistics ---------------------------------------------------------------------------------

def mean_ci(values: Sequence[float]) -> tuple[float, tuple[float, float]]:
    """Mean and its normal 95 % interval (a single value: an interval of zero width)."""
    m = len(values)
    if m == 0:
        return 0.0, (0.0, 0.0)
    mean = math.fsum(values) / m
    if m < 2:
        return mean, (mean, mean)
    var = math.fsum((v - mean) ** 2 for v in values) / (m - 1)
    half = Z95 * math.sqrt(var / m)
    return mean, (mean - half, mean + half)


def wilson_ci(wins: float, n: int) -> tuple[float, float]:
    """Wilson's 95 % interval of a proportion ``wins / n``."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class EntryStats:
    bot: str
    entry: int
    mean: float
    mean_ci: tuple[float, float]
    win_rate: float
    win_ci: tuple[float, float]

    def to_json(self) -> dict[str, Any]:
        return {"bot": self.bot, "entry": self.entry, "mean_points": self.mean,
                "mean_points_ci95": list(self.mean_ci), "win_rate": self.win_rate,
                "win_rate_ci95": list(self.win_ci)}


class Results:
    """The finished plays of a plan (sorted by deal and rotation) and their statistics."""

    def __init__(self, plan: Plan, plays: Iterable[Play]) -> None:
        self.plan = plan
        all_plays = sorted(plays, key=lambda p: (p.index, p.rotation))
        self.errors = [p.error for p in all_plays if p.error is not None]
        self.plays = [p for p in all_plays if p.error is None]
        self.moves = sum(p.moves for p in self.plays)
        self.no_winner = sum(1 for p in self.plays if not p.winners)

    @property
    def n(self) -> int:
        return self.plan.players

    # per seat (whoever sat there)
    def seat_mean(self, seat: int) -> float:
        return sum(p.scores[seat] for p in self.plays) / len(self.plays) if self.plays else 0.0

    def seat_sd(self, seat: int) -> float:
        vals = [p.scores[seat] for p in self.plays]
        if len(vals) < 2:
            return 0.0
        m = sum(vals) / len(vals)
        return math.sqrt(max(0.0, math.fsum((v - m) ** 2 for v in vals) / (len(vals) - 1)))

    def seat_win_rate(self, seat: int) -> float:
        return sum(1 for p in self.plays if seat in p.winners) / len(self.plays) if self.plays else 0.0

    # per entry (bot), the fair figures
    def deal_units(self) -> list[tuple[list[float], list[float]]]:
        """Per independent deal: each entry's mean points and win fraction over its plays."""
        groups: dict[int, list[Play]] = {}
        for p in self.plays:
            groups.setdefault(p.index, []).append(p)
        out = []
        for plays in groups.values():
            k = len(plays)
            pts = [0.0] * self.n
            wins = [0.0] * self.n
            for p in plays:
                for e, v in enumerate(p.entry_scores()):
                    pts[e] += v / k
                for e, w in enumerate(p.entry_wins()):
                    wins[e] += w / k
            out.append((pts, wins))
        return out

    def entries(self) -> list[EntryStats]:
        units = self.deal_units()
        out = []
        for e, name in enumerate(self.plan.bots):
            mean, ci = mean_ci([u[0][e] for u in units])
            wins = [u[1][e] for u in units]
            rate, (lo, hi) = mean_ci(wins)
            wci = (max(0.0, lo), min(1.0, hi))
            if not self.plan.duplicate:
                wci = wilson_ci(sum(wins), len(wins))
            out.append(EntryStats(name, e, mean, ci, rate, wci))
        return out

    def to_json(self) -> dict[str, Any]:
        plan = self.plan
        n = self.n
        return {
            "game": plan.game_id, "players": n, "seed": plan.seed, "bots": list(plan.bots),
            "rules": plan.rules, "preset": plan.preset, "rotate": plan.rotate, "duplicate": plan.duplicate,
            "deals": len({p.index for p in self.plays}), "games": len(self.plays),
            "per_bot": [s.to_json() for s in self.entries()],
            "mean_score": [self.seat_mean(s) for s in range(n)],
            "win_rate": [self.seat_win_rate(s) for s in range(n)],
            "no_winner": self.no_winner, "mean_moves": self.moves / max(len(self.plays), 1),
            "errors": self.errors,
        }


def simulate(plan: Plan, workers: int = 1, ray: str | bool | None = None,
             progress: Callable[[int], None] | None = None) -> Results:
    """Play every deal of ``plan`` and return the results (``progress`` is told how many
    plays each finished batch held)."""
    got: list[Play] = []
    for batch in run_plays(plan, workers, ray):
        got += batch
        if progress is not None:
            progress(len(batch))
    return Results(plan, got)


__all__ = ["Plan", "Play", "Results", "EntryStats", "game_seed", "initial_state", "play", "simulate",
           "mean_ci", "wilson_ci", "ray_init"]
