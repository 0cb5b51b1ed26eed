"""Issue 28: the health check reads the database — a damaged SQLite file, or a database that
cannot be read, answers 503 (a proxy then stops sending players to a server that would lose
their moves)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from cardtable.server.store import Store

from .helpers import new_table


def test_healthy_server_reads_its_database(server: TestClient) -> None:
    new_table(server, "gin", ["bot:random", "bot:random"])
    r = server.get("/api/health")
    assert r.status_code == 200 and r.json()["ok"] is True and r.json()["protocol"] >= 2


def test_a_damaged_sqlite_file_fails_the_deep_check(tmp_path: Path) -> None:
    path = tmp_path / "d.db"
    store = Store(f"sqlite:///{path}")
    store.migrate()
    with store.engine.begin() as c:      # enough rows for the tables to fill several pages
        c.exec_driver_sql("CREATE TABLE filler (x TEXT)")
        for i in range(400):
            c.exec_driver_sql("INSERT INTO filler VALUES (?)", (f"{i:04d}" * 100,))
    store.check(deep=True)               # sound
    store.close()
    data = bytearray(path.read_bytes())
    assert len(data) > 16 * 4096
    for at in range(5 * 4096, 12 * 4096, 7):     # damage the middle of the file (not its header)
        data[at] = 0xA5
    path.write_bytes(bytes(data))
    damaged = Store(f"sqlite:///{path}")
    with pytest.raises(sa.exc.DatabaseError):
        damaged.check(deep=True)
    damaged.close()


def test_the_health_check_answers_503_when_the_database_cannot_be_read(
        server: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    store = server.app.state.service.store  # type: ignore[attr-defined]

    def broken(*_a: Any) -> None:
        raise sa.exc.OperationalError("SELECT", None, Exception("disk I/O error"))
    monkeypatch.setattr(store, "check", broken)
    r = server.get("/api/health")
    assert r.status_code == 503
    assert r.json() == {"ok": False, "error": "the database cannot be read"}
