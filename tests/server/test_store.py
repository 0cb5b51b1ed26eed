"""Storage on SQLite and PostgreSQL: migrations, the log as the source of truth, restarts,
and the database as the arbiter between processes."""

from __future__ import annotations

import time
from typing import Any

import pytest
import sqlalchemy as sa

from cardtable.server.store import MoveRow, SeqTaken, Store
from tests.server.helpers import Socket, connect, join, new_table


def test_migrations_upgrade_an_empty_database(db_url: str) -> None:
    store = Store(db_url)
    store.migrate()
    store.migrate()                 # a second start finds the schema current
    insp = sa.inspect(store.engine)
    assert {"tables", "seats", "moves", "alembic_version"} <= set(insp.get_table_names())
    with store.engine.connect() as c:
        assert c.exec_driver_sql("SELECT version_num FROM alembic_version").scalar_one() == "0001"
    pk = insp.get_pk_constraint("moves")["constrained_columns"]
    assert pk == ["table_id", "seq"]
    if not store.is_postgres:
        with store.engine.connect() as c:
            assert c.exec_driver_sql("PRAGMA journal_mode").scalar_one() == "wal"
            assert c.exec_driver_sql("PRAGMA synchronous").scalar_one() == 1    # NORMAL
    store.close()


def test_a_seq_is_committed_once(db_url: str, make_server: Any) -> None:
    server = make_server(db_url)
    t = new_table(server, "gin", ["open", "open"])
    store = server.app.state.service.store
    row = MoveRow(0, 0, 0, "pass", "person", 0)
    store.commit_move(t["id"], row, "playing", [0, 0], None)
    with pytest.raises(SeqTaken):
        store.commit_move(t["id"], MoveRow(0, 0, 1, "take", "person", 0), "playing", [0, 0], None)
    assert [(m.seq, m.move) for m in store.load_moves(t["id"])] == [(0, "pass")]


def test_a_restart_rebuilds_every_table_from_its_log(db_url: str, make_server: Any) -> None:
    first = make_server(db_url)
    t = new_table(first, "dummy", ["open", "bot:random", "bot:random"])
    tok = join(first, t["id"], 0)
    with connect(first, t["id"], tok) as ws:
        s = Socket(ws)
        f = s.until(lambda x: x["type"] == "state" and x["legal"])
        for _ in range(6):
            s.move(f["legal"][-1], f["seq"])
            f = s.until(lambda x: x["type"] == "state" and (x["legal"] or x["status"] != "playing"))
            if f["status"] != "playing":
                break
    spect = first.portal.call(first.app.state.service.get, t["id"]).frame(None)
    first.__exit__(None, None, None)
    second = make_server(db_url)
    with connect(second, t["id"], tok) as ws, connect(second, t["id"]) as sp:
        g = Socket(ws).recv()
        assert g == f
        assert Socket(sp).recv() == spect
    assert second.get(f"/api/tables/{t['id']}").json()["seq"] == f["seq"]


def test_a_move_lost_to_another_process_is_answered_stale(db_url: str, make_server: Any) -> None:
    """Two servers on one database, the second not told of the first's move (as if its
    notification were late): its attempt at the same seq loses to the database."""
    a = make_server(db_url)
    t = new_table(a, "gin", ["open", "open"])
    toks = [join(a, t["id"], s) for s in range(2)]
    b = make_server(db_url)
    tb = b.portal.call(b.app.state.service.get, t["id"])     # b caches the table at seq 0
    ta = a.portal.call(a.app.state.service.get, t["id"])
    seat = ta.state.to_move()[0]
    with connect(a, t["id"], toks[seat]) as ws:
        s = Socket(ws)
        f = s.recv()
        s.move(f["legal"][0], 0)
        s.until(lambda x: x["type"] == "state" and x["seq"] == 1)
    tb.rebuild(tb.row, [])      # b's memory at seq 0, whatever it may have heard
    err = b.portal.call(b.app.state.service.submit, tb, seat, f["legal"][-1], 0)
    assert err is not None and "stale" in err
    assert tb.seq == 1                      # b reloaded the table from the database
    assert [m.seq for m in b.app.state.service.store.load_moves(t["id"])] == [0]


@pytest.mark.slow
def test_two_servers_on_one_postgresql_serve_one_table(pg_url: str, make_server: Any) -> None:
    """A move accepted by one server reaches the clients of the other (LISTEN/NOTIFY)."""
    from fastapi.testclient import TestClient

    from cardtable.server import create_app
    from tests.server.helpers import make_settings
    with TestClient(create_app(make_settings(pg_url))) as a, TestClient(create_app(make_settings(pg_url))) as b:
        t = new_table(a, "gin", ["open", "open"])
        toks = [join(a, t["id"], 0, "ann"), join(b, t["id"], 1, "bob")]
        seat = a.portal.call(a.app.state.service.get, t["id"]).state.to_move()[0]
        with connect(a, t["id"], toks[seat]) as wa, connect(b, t["id"], toks[1 - seat]) as wb:
            sa_, sb = Socket(wa), Socket(wb)
            fa, fb = sa_.recv(), sb.recv()
            assert fa["status"] == fb["status"] == "playing" and fa["seq"] == fb["seq"] == 0
            sa_.move(fa["legal"][0], 0)
            deadline = time.monotonic() + 10
            gb = sb.until(lambda x: x["type"] == "state" and x["seq"] == 1)
            assert time.monotonic() < deadline
            assert gb["view"]["log"] == [f"{seat}: {fa['legal'][0]}"]
            # and back: the other seat moves through server b, a's client sees it
            if gb["legal"]:
                sb.move(gb["legal"][0], 1)
                sa_.until(lambda x: x["type"] == "state" and x["seq"] == 2)
