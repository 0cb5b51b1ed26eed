"""The backups docs/server-deployment.md gives, taken while the server runs, restore into a
server that shows every table where it was (and the restored copy plays on)."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.server_e2e.harness import Client, ServerProcess, is_my_turn
from tests.support.postgres import create_database, find_bindir, libpq_url

pytestmark = pytest.mark.slow


def play_some(server: ServerProcess, moves: int) -> tuple[Any, str, dict[str, Any]]:
    """A gin table against a bot with ``moves`` of ours played; (id, token, last state)."""
    tid = server.create_table("gin", ["open", "bot:random"], bot_delay_ms=0)["id"]
    token = server.join(tid, 0)

    async def run() -> dict[str, Any]:
        c = await Client.connect(server, tid, token)
        rng = random.Random(1)
        frame = await c.turn_or_end()
        for _ in range(moves):
            await c.send({"type": "move", "move": rng.choice(frame["legal"]), "seq": frame["seq"]})
            await c.state_where(lambda f, s=frame["seq"]: f["seq"] > s)
            frame = await c.turn_or_end()
        await c.close()
        return frame

    return tid, token, asyncio.run(run())


def same_table_plays_on(server: ServerProcess, tid: Any, token: str, last: dict[str, Any]) -> None:
    async def run() -> None:
        c = await Client.connect(server, tid, token)
        now = await c.expect("state")
        assert now["seq"] == last["seq"] and now["view"] == last["view"]
        assert is_my_turn(now)
        await c.send({"type": "move", "move": now["legal"][0], "seq": now["seq"]})
        assert (await c.state_where(lambda f: True))["seq"] == now["seq"] + 1
        await c.close()

    asyncio.run(run())


def test_sqlite_online_backup_and_vacuum_into(make_server: Any, tmp_path: Path) -> None:
    live = tmp_path / "live.db"
    server: ServerProcess = make_server(f"sqlite:///{live}", name="live").start()
    tid, token, last = play_some(server, 6)
    # While the server runs: the online backup API (`sqlite3 live.db ".backup copy.db"`) and
    # VACUUM INTO; both give a consistent copy that includes what is still in the WAL file.
    src = sqlite3.connect(live)
    with sqlite3.connect(tmp_path / "backup.db") as dst:
        src.backup(dst)
    src.execute("VACUUM INTO ?", (str(tmp_path / "vacuumed.db"),))
    src.close()
    server.kill()
    for name in ("backup.db", "vacuumed.db"):
        restored = make_server(f"sqlite:///{tmp_path / name}", name=name).start()
        same_table_plays_on(restored, tid, token, last)
        restored.kill()


def test_pg_dump_and_restore(make_server: Any, pg_server: str) -> None:
    bindir = find_bindir()
    if bindir is None:
        pytest.skip("pg_dump comes with the PostgreSQL binaries")
    db = create_database(pg_server)
    server: ServerProcess = make_server(db, name="live").start()
    tid, token, last = play_some(server, 6)
    dump = subprocess.run([str(bindir / "pg_dump"), "--format=custom", "--dbname", libpq_url(db)],
                          capture_output=True, timeout=120, check=True).stdout
    server.kill()
    target = create_database(pg_server, prefix="cardtable_restored")
    subprocess.run([str(bindir / "pg_restore"), "--no-owner", "--dbname", libpq_url(target)],
                   input=dump, capture_output=True, timeout=120, check=True)
    restored = make_server(target, name="restored").start()
    same_table_plays_on(restored, tid, token, last)
