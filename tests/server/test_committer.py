"""Group commit (server/committer.py): the moves of several tables that arrive together share
one transaction, and each move still gets its own answer."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
import sqlalchemy as sa

from cardtable.server.committer import Committer
from cardtable.server.store import MoveRow, SeqTaken, Store, tables_t
from tests.server.helpers import new_table


def _move(seq: int, text: str) -> MoveRow:
    return MoveRow(seq, 0, 0, text, "person", 1000 + seq)


async def _commit_all(committer: Committer, items: list[tuple[str, MoveRow]]) -> list[Any]:
    return await asyncio.gather(*[committer.commit(tid, m, "playing", [0, 0], None) for tid, m in items],
                                return_exceptions=True)


def test_moves_arriving_together_share_one_transaction(db_url: str, make_server: Any) -> None:
    server = make_server(db_url)
    ids = [new_table(server, "gin", ["open", "open"])["id"] for _ in range(5)]
    store = Store(db_url)
    committer = Committer(store)
    got = asyncio.run(_commit_all(committer, [(tid, _move(0, f"pass {i}")) for i, tid in enumerate(ids)]))
    assert got == [None] * 5
    assert (committer.batches, committer.moves) == (1, 5)
    for i, tid in enumerate(ids):
        assert [(m.seq, m.move, m.at_ms) for m in store.load_moves(tid)] == [(0, f"pass {i}", 1000)]
    with store.engine.connect() as c:
        seqs = dict(c.execute(sa.select(tables_t.c.id, tables_t.c.seq).where(tables_t.c.id.in_(ids))).all())
    assert seqs == {tid: 1 for tid in ids}
    store.close()


def test_a_taken_seq_refuses_only_its_own_move(db_url: str, make_server: Any) -> None:
    """Another process committed seq 0 of the second table first: that move gets SeqTaken,
    the other moves of the batch are committed all the same."""
    server = make_server(db_url)
    ids = [new_table(server, "gin", ["open", "open"])["id"] for _ in range(3)]
    store = Store(db_url)
    store.commit_move(ids[1], _move(0, "elsewhere"), "playing", [0, 0], None)
    committer = Committer(store)
    got = asyncio.run(_commit_all(committer, [(tid, _move(0, "here")) for tid in ids]))
    assert got[0] is None and got[2] is None
    assert isinstance(got[1], SeqTaken)
    assert [m.move for m in store.load_moves(ids[0])] == ["here"]
    assert [m.move for m in store.load_moves(ids[1])] == ["elsewhere"]
    assert [m.move for m in store.load_moves(ids[2])] == ["here"]
    store.close()


def test_moves_arriving_while_a_batch_is_written_go_in_the_next(sqlite_url: str, make_server: Any) -> None:
    server = make_server(sqlite_url)
    ids = [new_table(server, "gin", ["open", "open"])["id"] for _ in range(4)]
    store = Store(sqlite_url)
    committer = Committer(store)

    async def staggered() -> None:
        first = asyncio.gather(*[committer.commit(tid, _move(0, "a"), "playing", [0, 0], None) for tid in ids[:2]])
        await asyncio.sleep(0)           # the first batch is written at the next turn of the loop
        later = asyncio.gather(*[committer.commit(tid, _move(0, "b"), "playing", [0, 0], None) for tid in ids[2:]])
        await first
        await later

    asyncio.run(staggered())
    assert (committer.batches, committer.moves) == (2, 4)
    assert [store.load_moves(t)[0].move for t in ids] == ["a", "a", "b", "b"]
    store.close()


def test_a_database_failure_refuses_every_move_of_the_batch(sqlite_url: str, make_server: Any) -> None:
    server = make_server(sqlite_url)
    ids = [new_table(server, "gin", ["open", "open"])["id"] for _ in range(2)]
    store = Store(sqlite_url)
    committer = Committer(store)
    store.engine.dispose()
    with store.engine.begin() as c:
        c.exec_driver_sql("DROP TABLE moves")     # every write now fails
    got = asyncio.run(_commit_all(committer, [(tid, _move(0, "x")) for tid in ids]))
    assert all(isinstance(g, Exception) and not isinstance(g, SeqTaken) for g in got)
    with pytest.raises(sa.exc.OperationalError):
        store.load_moves(ids[0])
    store.close()


@pytest.mark.parametrize("own", [False, True])
def test_the_wal_is_checkpointed_by_the_service_not_by_a_commit(sqlite_url: str, make_server: Any,
                                                                own: bool) -> None:
    """With ``own_checkpoints`` (the running service) the connection kept for commits never
    checkpoints by itself; ``checkpoint()`` (the service's thread) copies every frame."""
    server = make_server(sqlite_url)
    ids = [new_table(server, "gin", ["open", "open"])["id"] for _ in range(3)]
    store = Store(sqlite_url)
    store.own_checkpoints = own
    for seq in range(3):
        store.commit_moves([(tid, _move(seq, f"m{seq}"), "playing", [0, 0], None) for tid in ids])
    conn = store._move_conn.driver_connection
    assert conn.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == (0 if own else 1000)
    store.checkpoint()
    busy, wal_frames, copied = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    assert busy == 0 and wal_frames > 0 and copied == wal_frames
    assert [m.move for m in store.load_moves(ids[2])] == ["m0", "m1", "m2"]
    store.close()


def test_the_running_service_checkpoints_the_wal(sqlite_url: str) -> None:
    from cardtable.server.service import TableService
    from tests.server.helpers import make_settings

    async def scenario() -> tuple[bool, int]:
        svc = TableService(make_settings(sqlite_url, checkpoint_s=0.02))
        await svc.start(background=True)
        await svc.create_table({"game": "gin", "seats": ["bot:heuristic", "bot:heuristic"]}, None)
        await asyncio.sleep(0.3)            # the bots play; the checkpoint loop runs
        own = svc.store.own_checkpoints
        conn = svc.store._ckpt_conn
        await svc.stop()
        return own, conn is not None

    own, checkpointed = asyncio.run(scenario())
    assert own and checkpointed
