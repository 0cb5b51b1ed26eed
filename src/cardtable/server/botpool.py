"""Bots that think in worker processes, off the event loop and outside its GIL.

A search bot (IS-MCTS, rollouts: anything ``uses_sampler``) thinks for tenths of a second to
seconds a move.  In a thread of the server's process it still takes the GIL from the event
loop at every step: twenty tables of such bots made every other table's moves wait (issue
28).  Here a ``ProcessPoolExecutor`` (``forkserver`` where there is one, else ``spawn``;
``cardtable serve --bot-workers``, the number of cores by default) computes the move from
picklable inputs only (a ``BotJob``): the game, its players and rules, the current deal and
its moves so far as values (``State.deal`` and ``State.history``), the seat, the bot's name
and the table's generator for that move (``LiveTable.bot_rng``: seeded by table, seq and
seat).  The worker rebuilds the state as the server's replay does and asks
``bots.bot_move``: the move is the one the bot would choose in the server's process
(``tests/server/test_botpool.py`` compares them).  A worker keeps the states it rebuilt (the
last ``CACHED_STATES`` tables) and only applies the moves made since, when the same table
comes back to it.

The workers run at a lower priority (``nice``): on a machine whose cores they fill, the
server's own process still gets the CPU when a person's move arrives.  They start with the
first job (``move`` starts them in a thread; ``start`` at once): a server whose tables have
only quick bots runs none.  As with any ``multiprocessing`` start method but ``fork``, a
script that makes a pool must guard its own code with ``if __name__ == "__main__"`` (the
``cardtable`` command does).  Quick bots are not sent here (``TableService._choose``): a job
costs the server's process 0.3–0.4 ms of CPU itself, more than most of their moves.

Fairness: at most one job per worker is handed to the executor at a time; the jobs waiting
for a worker are queued per client (the address that made the table) and served round
robin, so one client's many bot tables take turns with the others' rather than queueing in
front of them.

A job that fails (the worker crashed, it raised, or it took longer than ``timeout_s`` from
the moment a worker took it) raises ``BotFailed``: the service then plays the game's quick
default bot instead (logged), so no table stalls.  After a crash or a timeout the pool is
replaced by a new one (the old processes are killed; the jobs they held fail the same way).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from ..bots import Bot, bot_move, make_bot, operator
from ..deal import Deal
from ..game import State
from ..moves import Move
from ..registry import GAME_MODULES, get_game

log = logging.getLogger("cardtable.server")

#: tables whose rebuilt state a worker keeps
CACHED_STATES = 64


@dataclass
class BotJob:
    """Everything a worker needs to choose a bot's move; picklable."""

    table: str                  # the table's id (the worker's cache key)
    game: str
    players: int
    preset: str | None
    rules: dict[str, Any]
    deal_index: int
    deal: Deal
    history: list[tuple[int, Move]]
    seat: int
    bot: str
    rng: random.Random          # LiveTable.bot_rng(seat): the same numbers as in the server's process
    seq: int = 0                # for messages only


class BotFailed(Exception):
    """The pool gave no move (crash, timeout, an error in the bot); the reason is the text."""


# --- in the worker --------------------------------------------------------------------------

_states: OrderedDict[str, tuple[int, Deal, State]] = OrderedDict()
_bots: dict[tuple[str, str], Bot] = {}


def rebuild(job: BotJob) -> State:
    """The state of ``job``'s deal after its history: the one this worker kept for the table
    with the moves made since applied, else replayed from the deal."""
    kept = _states.get(job.table)
    state: State | None = None
    if kept is not None:
        index, deal, st = kept
        n = len(st.history)
        if index == job.deal_index and n <= len(job.history) and deal == job.deal \
                and st.history == job.history[:n]:
            state = st
            for seat, move in job.history[n:]:
                state.apply(move, seat)
    if state is None:
        game = get_game(job.game)
        options = game.make_options(job.preset, job.rules)
        state = game.start(job.players, options, job.deal)
        for seat, move in job.history:
            state.apply(move, seat)
    _states[job.table] = (job.deal_index, job.deal, state)
    _states.move_to_end(job.table)
    while len(_states) > CACHED_STATES:
        _states.popitem(last=False)
    return state


def think(job: Any) -> str:
    """The bot's move in text (run in a worker; also callable in-process).  A job that is not
    a bot's move (a review, ``server/reviews.py``) runs itself."""
    if not isinstance(job, BotJob):
        return str(job.run())
    try:
        state = rebuild(job)
    except Exception:
        _states.pop(job.table, None)
        raise
    bot = _bots.get((job.game, job.bot))
    if bot is None:
        bot = _bots[(job.game, job.bot)] = make_bot(job.game, job.bot)
    return state.move_text(bot_move(bot, state, job.seat, job.rng))


def _worker_start(nice: int, extra: dict[str, str] | None = None) -> None:
    """A new worker: lower its priority, register the operator's bots (``serve --bot``), and
    load every game now rather than at its first move (under ``forkserver`` they are loaded
    already: the fork server imported them)."""
    for name, spec in (extra or {}).items():
        operator.register(name, spec)
    if nice:
        try:
            os.nice(nice)
        except (AttributeError, OSError):
            pass
    for gid in GAME_MODULES:
        try:
            get_game(gid)
        except Exception:  # noqa: BLE001 - a broken plug-in game fails at its own move, not here
            pass


def _context() -> Any:
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        # the fork server imports the engine and the games once; a worker forked from it
        # starts in milliseconds (a replaced one too) and shares those pages
        ctx.set_forkserver_preload([__name__, *sorted(set(GAME_MODULES.values()))])
        return ctx
    return multiprocessing.get_context("spawn")


# --- in the server --------------------------------------------------------------------------


@dataclass
class _Waiting:
    job: Any
    done: asyncio.Future[str]
    timeout_s: float


class BotPool:
    """``workers`` processes choosing bots' moves; ``await move(client, job)``."""

    def __init__(self, workers: int, timeout_s: float = 30.0, nice: int = 10,
                 target: Callable[[Any], Any] = think, extra_bots: dict[str, str] | None = None) -> None:
        if workers < 1:
            raise ValueError("a bot pool needs at least one worker")
        self.workers = workers
        self.timeout_s = timeout_s
        self.nice = nice
        self.target = target
        self.extra_bots = dict(extra_bots or {})     # the operator's bots: name → module:factory
        self._executor: ProcessPoolExecutor | None = None
        self._starting: asyncio.Future[ProcessPoolExecutor] | None = None
        self._generation = 0
        self._running = 0                               # jobs handed to the current executor
        self._queues: dict[str, deque[_Waiting]] = {}   # per client, waiting for a worker
        self._turns: deque[str] = deque()               # clients with waiting jobs, round robin
        self.closed = False
        # counters for tests, the benchmark and logs
        self.done = 0
        self.failed = 0
        self.restarts = 0

    # --- life cycle --------------------------------------------------------------------------

    def start(self) -> None:
        """Start the workers now and wait for them (else the first ``move`` starts them)."""
        if self._executor is None:
            self._install(self._launch())

    def _launch(self) -> ProcessPoolExecutor:
        """A new executor with its processes started.  The first one also starts the fork
        server, which imports the engine and every game: a second or so, seconds on a busy
        machine; ``move`` runs it in a thread so that the event loop goes on meanwhile."""
        executor = ProcessPoolExecutor(self.workers, mp_context=_context(), initializer=_worker_start,
                                       initargs=(self.nice, self.extra_bots))
        for _ in range(self.workers):
            executor.submit(int)        # each submit starts a process while none is idle
        return executor

    def _install(self, executor: ProcessPoolExecutor) -> None:
        self._generation += 1
        self._running = 0
        self._executor = executor

    async def _started(self) -> None:
        if self._starting is None:
            self._starting = asyncio.ensure_future(asyncio.to_thread(self._launch))
        try:
            executor = await asyncio.shield(self._starting)
        except Exception as e:  # noqa: BLE001 - the next move tries again
            self._starting = None
            raise BotFailed(f"the bot workers did not start ({type(e).__name__}: {e})") from e
        if self.closed:
            _kill(executor)
        elif self._executor is None:
            self._install(executor)

    def close(self) -> None:
        """Stop: waiting jobs fail, the workers are killed (a search under way is not waited for)."""
        self.closed = True
        for q in self._queues.values():
            for w in q:
                if not w.done.done():
                    w.done.set_exception(BotFailed("the server is stopping"))
        self._queues.clear()
        self._turns.clear()
        if self._executor is not None:
            _kill(self._executor)
            self._executor = None

    def _replace(self, executor: ProcessPoolExecutor, why: str) -> None:
        """A worker crashed or hung: kill this executor's processes and start a new one."""
        if executor is not self._executor or self.closed:
            return
        log.warning("bot pool: %s; restarting its %d workers", why, self.workers)
        self.restarts += 1
        _kill(executor)
        self._executor = None
        try:
            self._install(self._launch())    # the fork server runs already: milliseconds
        except Exception:  # noqa: BLE001 - the next move starts them again (``_started``)
            log.exception("bot pool: cannot start new workers")
            self._starting = None

    # --- jobs ----------------------------------------------------------------------------------

    @property
    def waiting(self) -> int:
        return sum(len(q) for q in self._queues.values())

    async def move(self, client: str, job: Any, timeout_s: float | None = None) -> str:
        """The move ``target(job)`` returns; BotFailed if none came (crash, timeout, error).
        Jobs wait for a free worker in a queue per ``client``, served round robin.
        ``timeout_s``: this job's limit instead of the pool's (a review's)."""
        if self._executor is None:
            await self._started()
        if self.closed:
            raise BotFailed("the bot pool is closed")
        w = _Waiting(job, asyncio.get_running_loop().create_future(),
                     self.timeout_s if timeout_s is None else timeout_s)
        q = self._queues.get(client)
        if q is None:
            q = self._queues[client] = deque()
            self._turns.append(client)
        q.append(w)
        self._dispatch()
        return await w.done

    def _dispatch(self) -> None:
        while self._running < self.workers and self._turns:
            client = self._turns.popleft()
            q = self._queues[client]
            w = q.popleft()
            if q:
                self._turns.append(client)      # its next job after the other clients' next ones
            else:
                del self._queues[client]
            if not w.done.done():               # not cancelled meanwhile (the table moved on)
                self._run(w)

    def _run(self, w: _Waiting) -> None:
        executor = self._executor
        if executor is None:            # replaced, and the new one did not start
            self._fail(w, "no bot workers")
            return
        generation = self._generation
        try:
            cf: Future[Any] = executor.submit(self.target, w.job)
        except (BrokenProcessPool, RuntimeError) as e:
            self._replace(executor, f"cannot take a job ({e!r})")
            self._fail(w, f"the pool was broken ({type(e).__name__})")
            return
        self._running += 1
        loop = asyncio.get_running_loop()

        def timed_out() -> None:
            if not w.done.done():
                self._fail(w, f"no move in {w.timeout_s:g} s")
            if not cf.done():
                # the worker is still at it: a process that never answers would keep its place
                self._replace(executor, f"a bot took over {w.timeout_s:g} s")
                self._dispatch()

        timer = loop.call_later(w.timeout_s, timed_out)

        def finished(f: asyncio.Future[Any]) -> None:
            timer.cancel()
            if generation == self._generation:
                self._running -= 1
            if f.cancelled():
                self._fail(w, "cancelled")
            elif f.exception() is not None:
                exc = f.exception()
                if isinstance(exc, BrokenProcessPool):
                    self._replace(executor, "a worker died")
                self._fail(w, f"{type(exc).__name__}: {exc}")
            elif not w.done.done():
                self.done += 1
                w.done.set_result(f.result())
            self._dispatch()

        asyncio.wrap_future(cf, loop=loop).add_done_callback(finished)

    def _fail(self, w: _Waiting, why: str) -> None:
        if not w.done.done():
            self.failed += 1
            w.done.set_exception(BotFailed(why))


def _kill(executor: ProcessPoolExecutor) -> None:
    """Kill an executor's processes and let its threads end (no waiting for a search)."""
    for proc in list((getattr(executor, "_processes", None) or {}).values()):
        try:
            proc.kill()
        except (OSError, ValueError, AttributeError):
            pass
    executor.shutdown(wait=False, cancel_futures=True)


def job_for(table: Any, seat: int, name: str) -> BotJob:
    """The job of ``name``'s move at ``seat`` of a ``LiveTable`` (its lock held)."""
    state = table.state
    row = table.row
    return BotJob(table=row.id, game=row.game, players=row.players, preset=row.preset, rules=row.rules,
                  deal_index=table.deal_index, deal=state.deal, history=list(state.history), seat=seat,
                  bot=name, rng=table.bot_rng(seat), seq=table.seq)


def client_of(table: Any) -> str:
    """Whose bots these are, for the pool's round robin: the address that made the table,
    else its host, else the table itself."""
    row = table.row
    return str(row.client_addr or row.host_player or row.id)
