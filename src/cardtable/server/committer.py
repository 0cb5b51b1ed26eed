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
        if self.store.offload:
            task = asyncio.ensure_future(self.store.run(self._write, batch))
            task.add_done_callback(lambda t: self._finish(batch, t))
        else:
            # SQLite: a batch's Python work would not run in parallel anyway (the GIL), and a
            # thread would wait for the GIL at each of the driver's calls; write it here
            try:
                answers: list[BaseException | None] | BaseException = self._write(batch)
            except Exception as e:  # noqa: BLE001 - every move of the batch is refused
                answers = e
            self._finish(batch, answers)

    def _finish(self, batch: list[PendingMove],
                result: asyncio.Future[list[BaseException | None]] | list[BaseException | None] | BaseException
                ) -> None:
        self._writing = False
        if isinstance(result, asyncio.Future):
            if result.cancelled():
                result = asyncio.CancelledError()
            else:
                result = result.exception() or result.result()
        for i, item in enumerate(batch):
            if item.done.done():
                continue
            exc = result if isinstance(result, BaseException) else result[i]
            if exc is None:
                item.done.set_result(None)
            else:
                item.done.set_exception(exc)
        if self._pending and not self._scheduled:
            self._scheduled = True
            asyncio.get_running_loop().call_soon(self._start)

    def _write(self, batch: list[PendingMove]) -> list[BaseException | None]:
        """Write ``batch`` in one transaction, else each move on its own (in a database
        thread for PostgreSQL); each move's answer: None when committed, else the error."""
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
