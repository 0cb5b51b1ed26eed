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
    assert {"tables", "seats", "moves", "players", "accounts", "sessions", "ratings", "rating_events", "seat_stats",
            "reviews", "puzzle_ratings", "puzzle_attempts", "puzzle_skill",
            "alembic_version"} <= set(insp.get_table_names())
    with store.engine.connect() as c:
        assert c.exec_driver_sql("SELECT version_num FROM alembic_version").scalar_one() == "0007"
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


@pytest.mark.slow
def test_bots_go_on_when_the_driving_process_is_gone(pg_url: str) -> None:
    """The process that made a table's last move plays its bots; when it is gone, another
    process that watches the table takes over after its stand-by pause."""
    from fastapi.testclient import TestClient

    from cardtable.server import create_app
    from tests.server.helpers import make_settings
    b = TestClient(create_app(make_settings(pg_url)))
    b.__enter__()
    try:
        b.app.state.service.FALLBACK_S = 0.3
        with TestClient(create_app(make_settings(pg_url, bot_delay_ms=100))) as a:
            t = new_table(a, "gin", ["bot:random", "bot:random"], bot_delay_ms=100)
            with connect(b, t["id"]) as ws:
                s = Socket(ws)
                f = s.recv()
                s.until(lambda x: x["type"] == "state" and x["seq"] >= f["seq"] + 2)
        # a has stopped; b's spectator keeps getting moves
        with connect(b, t["id"]) as ws:
            s = Socket(ws)
            g = s.recv()
            h = s.until(lambda x: x["type"] == "state" and x["seq"] >= g["seq"] + 3)
        assert h["seq"] >= g["seq"] + 3
    finally:
        b.__exit__(None, None, None)


def test_the_people_migration_keeps_tables_and_matches(db_url: str, make_server: Any) -> None:
    """A database of version 1 (migration 0001) with a table in play: migration 0002 (players,
    hosts, seats' players, listed/hints/known/abandoned) keeps it, and it plays on."""
    from pathlib import Path

    from alembic import command
    from alembic.config import Config

    import cardtable.server.store as store_module
    from cardtable.server.store import token_hash

    store = Store(db_url)
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(store_module.__file__).parent / "migrations"))
    with store.engine.connect() as c:
        cfg.attributes["connection"] = c
        command.upgrade(cfg, "0001")
        c.commit()
    token = "old-token-" + "x" * 30
    with store.engine.begin() as c:
        c.execute(sa.text("INSERT INTO tables (id, game, players, preset, rules, seed, turn_seconds, bot_delay_ms, "
                          "status, seq, totals, deadline_ms, client_addr, created_ms) VALUES ('old', 'gin', 2, NULL, "
                          "'{}', 12345, NULL, 0, 'playing', 0, '[0, 0]', NULL, NULL, 1)"))
        c.execute(sa.text("INSERT INTO seats (table_id, seat, kind, name, token_hash) VALUES "
                          "('old', 0, 'person', 'ann', :h), ('old', 1, 'bot', 'heuristic', NULL)"),
                  {"h": token_hash(token)})
    store.close()
    server = make_server(db_url)          # migrates to the head on start
    summary = server.get("/api/tables/old").json()
    assert summary["seats"] == [{"kind": "person", "name": "ann"}, {"kind": "bot", "name": "heuristic"}]
    assert summary["listed"] is True and summary["known_deal"] is False and summary["host"] is None
    assert summary["hints"] is True                         # one person: the default
    assert summary["rated"] is False                        # migration 0003: unrated, not quick
    assert [t["id"] for t in server.get("/api/tables").json()] == ["old"]
    with connect(server, "old", token) as ws:
        s = Socket(ws)
        f = s.until(lambda x: x["type"] == "state" and bool(x["legal"]))
        s.move(f["legal"][0], f["seq"])
        assert s.until(lambda x: x["type"] == "state" and x["seq"] == f["seq"] + 1)["finished"] is None
    with server.app.state.service.store.engine.connect() as c:
        assert c.exec_driver_sql("SELECT version_num FROM alembic_version").scalar_one() == "0007"
