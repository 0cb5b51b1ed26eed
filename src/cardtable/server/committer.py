"""Group commit: the moves of many tables written in one database transaction.

Every move is committed before its result is sent (the contract's "nothing accepted is
lost"); what this module changes is only how many moves share a transaction.  A move waits
for its commit (``await commit(...)``) under its table's lock, so a table has at most one
move in a batch.  The moves that reach ``commit`` in the same turn of the event loop, and
those that arrive while a batch is being written, are written together by the next batch:
one ``BEGIN … COMMIT`` and one ``executemany`` per statement instead of one transaction
per move.  At low load a batch holds one move and costs what a single commit did.

A batch that the database refuses as a whole (another process committed one of its seqs
first, or any other failure) is rolled back and its moves are written one by one, so that
each move gets its own answer (``SeqTaken`` for the taken seq, committed for the others).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from .store import MoveRow, Store


@dataclass
class PendingMove:
    table_id: str
    move: MoveRow
    status: str
    totals: list[int]
    deadline_ms: int | None
    done: asyncio.Future[None] = field(repr=False)


class Committer:
    """Batches ``Store.commit_move`` calls; one batch is written at a time."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._pending: list[PendingMove] = []
        self._scheduled = False
        self._writing = False
        self.batches = 0            # counters for the benchmark and the tests
        self.moves = 0
        self.at_once = 0            # ... batches written on the loop (_write_at_once)
        self._busy_ms = 0                   # the store's busy timeout (ms), for _write_waiting
        self._waitless: Any = None          # the connection for moves, once its timeout is 0

    async def commit(self, table_id: str, move: MoveRow, status: str, totals: list[int],
                     deadline_ms: int | None) -> None:
        """Return once ``move`` is committed; SeqTaken (or the database's error) if not."""
        loop = asyncio.get_running_loop()
        item = PendingMove(table_id, move, status, list(totals), deadline_ms, loop.create_future())
        self._pending.append(item)
        if not self._scheduled and not self._writing:
            self._scheduled = True
            # after the other tasks ready in this turn of the loop: their moves join the batch
            loop.call_soon(self._start)
        await item.done

    def _start(self) -> None:
        self._scheduled = False
        if self._writing or not self._pending:
            return
        batch, self._pending = self._pending, []
        self._writing = True
        if self.store.offload and self._write_at_once(batch):
            return
        if self.store.offload:
            task = asyncio.ensure_future(self.store.run(self._write_waiting, batch))
            task.add_done_callback(lambda t: self._finish(batch, t))
        else:
            # a store told to call inline (``offload = False``: tests, tools): written here, on
            # the loop.  The server's store never is: a SQLite file locked by another process
            # would stop every table for up to the busy timeout (issue 28)
            try:
                answers: list[BaseException | None] | BaseException = self._write(batch)
            except Exception as e:  # noqa: BLE001 - every move of the batch is refused
                answers = e
            self._finish(batch, answers)

    def _write_at_once(self, batch: list[PendingMove]) -> bool:
        """SQLite (``Store.inline_commits``): write ``batch`` here, on the loop, if the
        database's write lock is free at this instant; True when every move of it is
        committed.  The connection for moves keeps a busy timeout of 0 (``_write_waiting``
        gives it the store's for a batch written in the thread), so the attempt never waits:
        when another connection holds the lock (another process, a tool, the store's own
        thread) it fails at once and the batch goes to the database thread, which waits for
        the lock there; any other failure goes there too, where each move gets its own
        answer.  Why try here at all: a commit is ~20 µs of SQLite's work, while handing it
        to a thread and back costs ~100 µs of CPU (two thread wake-ups) and a wait for the
        GIL behind the loop: 0.2–0.3 ms more CPU per person move (docs/performance.md)."""
        store = self.store
        raw = getattr(store, "_move_conn", None)
        if not getattr(store, "inline_commits", False) or raw is None:
            return False        # the first batch opens the connection for moves, in the thread
        conn = raw.driver_connection
        if conn is None or conn.in_transaction:
            return False
        if conn is not self._waitless:
            self._busy_ms = int(conn.execute("PRAGMA busy_timeout").fetchone()[0])
            conn.execute("PRAGMA busy_timeout=0")
            self._waitless = conn
        try:
            store.commit_moves([(p.table_id, p.move, p.status, p.totals, p.deadline_ms) for p in batch])
        except Exception:  # noqa: BLE001 - locked, a taken seq, anything: the thread writes it
            return False
        self.batches += 1
        self.moves += len(batch)
        self.at_once += 1
        self._finish(batch, [None] * len(batch))
        return True

    def _write_waiting(self, batch: list[PendingMove]) -> list[BaseException | None]:
        """``_write`` with the store's own busy timeout (in the database thread: it may wait
        there for a lock held elsewhere)."""
        conn = self._waitless
        if conn is None:
            return self._write(batch)
        conn.execute(f"PRAGMA busy_timeout={self._busy_ms}")
        try:
            return self._write(batch)
        finally:
            conn.execute("PRAGMA busy_timeout=0")

    def _finish(self, batch: list[PendingMove],
                result: asyncio.Future[list[BaseException | None]] | list[BaseException | None] | BaseException
                ) -> None:
        self._writing = False
        if isinstance(result, asyncio.Future):
            if result.cancelled():
                result = asyncio.CancelledError()
            else:
                result = result.exception() or result.result()
        here = asyncio.get_running_loop()
        for i, item in enumerate(batch):
            exc = result if isinstance(result, BaseException) else result[i]
            loop = item.done.get_loop()
            if loop is here:
                _answer(item.done, exc)
            else:
                # a move of another event loop (tests run one app in several): told in its own
                loop.call_soon_threadsafe(_answer, item.done, exc)
        if self._pending and not self._scheduled:
            self._scheduled = True
            asyncio.get_running_loop().call_soon(self._start)

    def _write(self, batch: list[PendingMove]) -> list[BaseException | None]:
        """Write ``batch`` in one transaction, else each move on its own (in the store's
        database thread); each move's answer: None when committed, else the error."""
        self.batches += 1
        self.moves += len(batch)
        try:
            self.store.commit_moves([(p.table_id, p.move, p.status, p.totals, p.deadline_ms) for p in batch])
            return [None] * len(batch)
        except Exception as e:  # noqa: BLE001 - retried one by one below, each with its own answer
            if len(batch) == 1:
                return [e]
        answers: list[BaseException | None] = []
        for p in batch:
            try:
                self.store.commit_move(p.table_id, p.move, p.status, p.totals, p.deadline_ms)
                answers.append(None)
            except Exception as e:  # noqa: BLE001 - the move's own answer
                answers.append(e)
        return answers


def _answer(done: asyncio.Future[None], exc: BaseException | None) -> None:
    if done.done():
        return
    if exc is None:
        done.set_result(None)
    else:
        done.set_exception(exc)
