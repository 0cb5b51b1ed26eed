"""The protocol over a real socket: uvicorn on 127.0.0.1 in a thread, a ``websockets`` client."""

from __future__ import annotations

import asyncio
import json
import random
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

websockets = pytest.importorskip("websockets")
uvicorn = pytest.importorskip("uvicorn")

from cardtable.server import create_app  # noqa: E402
from tests.server.helpers import make_settings  # noqa: E402


@pytest.fixture
def live_url(sqlite_url: str) -> Iterator[str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = uvicorn.Config(create_app(make_settings(sqlite_url)), host="127.0.0.1", port=port,
                            log_level="warning", ws_max_size=1 << 20)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            if httpx.get(url + "/api/health").json().get("ok"):
                break
        except httpx.HTTPError:
            time.sleep(0.05)
    yield url
    server.should_exit = True
    thread.join(10)


async def recv(ws: Any) -> dict[str, Any]:
    return dict(json.loads(await asyncio.wait_for(ws.recv(), 20)))


def test_a_match_against_a_bot_over_a_real_socket(live_url: str) -> None:
    t = httpx.post(live_url + "/api/tables", json={"game": "gin", "seats": ["open", "bot:heuristic"],
                                                   "bot_delay_ms": 0, "rules": {"game_target": 25}}).json()
    ann = httpx.post(f"{live_url}/api/players", json={"name": "ann"}).json()
    token = httpx.post(f"{live_url}/api/tables/{t['id']}/seats/0", json={"name": "ann"},
                       headers={"X-Player": ann["secret"]}).json()["token"]
    ws_url = live_url.replace("http", "ws") + f"/ws/tables/{t['id']}"

    async def play() -> dict[str, Any]:
        rng = random.Random(3)
        async with websockets.connect(f"{ws_url}?token={token}") as ws:
            f = await recv(ws)
            stale_checked = False
            while f["status"] != "over":
                if f["type"] == "state" and f["legal"]:
                    await ws.send(json.dumps({"type": "move", "move": rng.choice(f["legal"]), "seq": f["seq"]}))
                    if not stale_checked and f["seq"] > 0:
                        # the same seq again: refused as stale
                        await ws.send(json.dumps({"type": "move", "move": f["legal"][0], "seq": f["seq"]}))
                        stale_checked = True
                f = await recv(ws)
                if f["type"] == "error":
                    assert "stale" in f["message"], f
                    f = await recv(ws)
            return f

    last = asyncio.run(play())
    assert last["legal"] == [] and last["end"]["winners"]
    scen = httpx.get(f"{live_url}/api/tables/{t['id']}/replay")
    assert scen.status_code == 200 and scen.json()["expect"]["scores"] == last["totals"]


def test_close_codes_and_spectators_over_a_real_socket(live_url: str) -> None:
    t = httpx.post(live_url + "/api/tables", json={"game": "gin", "seats": ["open", "open"]}).json()
    base = live_url.replace("http", "ws") + "/ws/tables/"

    async def run() -> None:
        for path, code in ((f"{t['id']}?token=forged", 4401), ("nosuch", 4404)):
            async with websockets.connect(base + path) as ws:
                with pytest.raises(websockets.ConnectionClosed) as e:
                    await asyncio.wait_for(ws.recv(), 10)
                assert e.value.rcvd is not None and e.value.rcvd.code == code
        async with websockets.connect(base + t["id"]) as ws:
            f = await recv(ws)
            assert f["seat"] is None and f["status"] == "waiting"
            await ws.send(json.dumps({"type": "move", "move": "take", "seq": 0}))
            err = await recv(ws)
            assert err["type"] == "error" and "spectators" in err["message"]
            await ws.send("x" * (70 * 1024))
            assert "64 KiB" in (await recv(ws))["message"]

    asyncio.run(run())


def test_tokens_stay_out_of_the_logs() -> None:
    import logging

    from cardtable.server.app import redact_tokens_in_logs
    redact_tokens_in_logs()
    logger = logging.getLogger("uvicorn.error")
    records: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record.getMessage())

    h = Keep()
    logger.addHandler(h)
    try:
        logger.warning('%s - "WebSocket %s" [accepted]', "127.0.0.1:5", "/ws/tables/x?token=SECRET123&a=1")
    finally:
        logger.removeHandler(h)
    assert records and "SECRET123" not in records[0] and "/ws/tables/x?token=" in records[0]
