"""Protocol version 2 against a real `cardtable serve` process, through its own command-line
flags: a friend who closed the tab takes the seat back, one seat per player, the host's
table, the per-address limits and the header timeout (docs/server.md, "Limits")."""

from __future__ import annotations

import asyncio
import socket
import time
from typing import Any

import pytest

from tests.server_e2e.harness import Client, ServerProcess

pytestmark = pytest.mark.slow


def test_a_friend_who_closed_the_tab_takes_the_seat_back(make_server: Any, sqlite_db: str) -> None:
    server: ServerProcess = make_server(sqlite_db).start()
    assert server.http("GET", "/api/health") == (200, {"ok": True, "protocol": 3})
    host, bo = server.new_player("Ann"), server.new_player("Bo")
    status, table = server.http("POST", "/api/tables", {"game": "gin", "seats": ["me", "open"]}, player=host)
    assert status == 201 and table["host"] is True and table["url"].startswith(server.base)
    tid = table["id"]
    first = server.join(tid, 1, "Bo", player=bo)
    # one seat each: Bo cannot also take the host's, nobody can take Bo's
    assert server.http("POST", f"/api/tables/{tid}/seats/0", {}, player=bo)[0] == 409
    status, body = server.http("POST", f"/api/tables/{tid}/seats/1", {}, player=server.new_player("Cy"))
    assert status == 409 and "seat 2 is taken (person 'Bo')" in body["error"]

    async def run() -> None:
        tab = await Client.connect(server, tid, first)
        before = await tab.expect("state")
        await tab.close()                                   # the tab is closed ...
        again = server.join(tid, 1, "Bo", player=bo)        # ... and the invite link opened again
        assert again != first
        old = await Client.connect(server, tid, first)
        assert await old.close_code() == (4401, [])
        back = await Client.connect(server, tid, again)
        now = await back.expect("state")
        assert now["seat"] == 1 and now["view"] == before["view"] and now["seq"] == before["seq"]
        assert now["finished"] is None and now["seats"][1] == {"kind": "person", "name": "Bo"}
        await back.close()

    asyncio.run(run())
    status, mine = server.http("GET", "/api/players/me/tables", player=bo)
    assert status == 200 and [(t["id"], t["you"]["seats"]) for t in mine] == [(tid, [1])]


def test_the_limits_of_the_command_line(make_server: Any, sqlite_db: str) -> None:
    server: ServerProcess = make_server(sqlite_db, extra_args=[
        "--max-players-per-minute", "2", "--max-tables-per-minute", "2", "--header-timeout", "1"]).start()
    assert server.http("POST", "/api/players", {"name": "a"})[0] == 201
    assert server.http("POST", "/api/players", {"name": "b"})[0] == 201
    status, body = server.http("POST", "/api/players", {"name": "c"})
    assert status == 429 and "a minute" in body["error"]
    # tables of bots only: not at once, and they count
    status, body = server.http("POST", "/api/tables", {"game": "gin", "seats": ["bot:random", "bot:random"],
                                                       "bot_delay_ms": 0})
    assert status == 400 and "bot_delay_ms" in body["error"]
    for _ in range(2):
        assert server.http("POST", "/api/tables", {"game": "gin", "seats": ["bot:random", "bot:random"]})[0] == 201
    assert server.http("POST", "/api/tables", {"game": "gin", "seats": ["open", "open"]})[0] == 429
    # half a request: closed after about a second
    start = time.monotonic()
    with socket.create_connection(("127.0.0.1", server.port), timeout=15) as s:
        s.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
        assert s.recv(1024) == b""
    assert time.monotonic() - start < 4
    # a body over 64 KiB: refused by its length, as JSON
    status, body = server.http("POST", "/api/tables", {"pad": "x" * 70_000})
    assert status == 413 and "65536" in body["error"]
