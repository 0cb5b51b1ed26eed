"""What the attack found on the wire: uvicorn on 127.0.0.1 in a thread (with the header
timeout protocol ``cardtable serve`` uses), raw sockets, ``httpx`` and ``websockets``.

- one chat text with a lone surrogate blinded every browser (its frames could not be sent;
  the sockets stayed open, nothing was logged);
- a 300 MB POST was read whole before the 64 KiB check; half-sent headers were never timed
  out;
- deeply nested JSON, seat ``²`` and a 5,000-digit seat answered 500 in plain text;
- a seat token taken back must close the connections that use the old one (4401).
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

websockets = pytest.importorskip("websockets")
uvicorn = pytest.importorskip("uvicorn")

from cardtable.server import create_app  # noqa: E402
from cardtable.server.guard import header_timeout_protocol  # noqa: E402
from tests.server.helpers import make_settings  # noqa: E402

HEADER_TIMEOUT = 1.0


class Live:
    """A server on a free port of 127.0.0.1 (stopped by the fixture)."""

    def __init__(self, url: str, port: int) -> None:
        self.url = url
        self.port = port
        self.ws = url.replace("http", "ws")

    def player(self, name: str = "Ann") -> dict[str, str]:
        r = httpx.post(self.url + "/api/players", json={"name": name})
        assert r.status_code == 201, r.text
        return dict(r.json())

    def table(self, game: str, seats: list[str], **body: Any) -> dict[str, Any]:
        r = httpx.post(self.url + "/api/tables", json={"game": game, "seats": seats, "bot_delay_ms": 0, **body})
        assert r.status_code == 201, r.text
        return dict(r.json())

    def join(self, tid: str, seat: int, player: dict[str, str]) -> str:
        r = httpx.post(f"{self.url}/api/tables/{tid}/seats/{seat}", json={}, headers={"X-Player": player["secret"]})
        assert r.status_code == 200, r.text
        return str(r.json()["token"])


@pytest.fixture
def start_live(sqlite_url: str) -> Iterator[Callable[..., Live]]:
    servers: list[tuple[Any, threading.Thread]] = []

    def start(**settings: Any) -> Live:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        config = uvicorn.Config(create_app(make_settings(sqlite_url, **settings)), host="127.0.0.1", port=port,
                                log_level="warning", ws_max_size=1 << 20,
                                http=header_timeout_protocol(HEADER_TIMEOUT))
        server = uvicorn.Server(config)
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        servers.append((server, thread))
        url = f"http://127.0.0.1:{port}"
        for _ in range(200):
            try:
                if httpx.get(url + "/api/health").json().get("ok"):
                    break
            except httpx.HTTPError:
                time.sleep(0.05)
        return Live(url, port)

    yield start
    for server, thread in servers:
        server.should_exit = True
        thread.join(10)


@pytest.fixture
def live(start_live: Callable[..., Live]) -> Live:
    return start_live()


async def recv(ws: Any, timeout: float = 20) -> dict[str, Any]:
    return dict(json.loads(await asyncio.wait_for(ws.recv(), timeout)))


async def until(ws: Any, pred: Callable[[dict[str, Any]], bool], timeout: float = 20) -> dict[str, Any]:
    end = time.monotonic() + timeout
    while True:
        f = await recv(ws, max(0.1, end - time.monotonic()))
        if pred(f):
            return f


async def close_code(ws: Any, timeout: float = 20) -> int | None:
    try:
        async with asyncio.timeout(timeout):
            while True:
                await ws.recv()
    except websockets.ConnectionClosed as e:
        return e.rcvd.code if e.rcvd else None


# --- finding 4: one chat message blinds every browser ------------------------------------------

def test_a_lone_surrogate_in_chat_is_refused_and_blinds_nobody(live: Live) -> None:
    t = live.table("gin", ["open", "bot:heuristic"])
    token = live.join(t["id"], 0, live.player())
    base = f"{live.ws}/ws/tables/{t['id']}"

    async def run() -> None:
        async with websockets.connect(f"{base}?token={token}&layout=1") as me, \
                websockets.connect(f"{base}?layout=1") as watcher, \
                websockets.connect(f"{base}?layout=1") as attacker:
            first = await until(me, lambda f: f["type"] == "state" and bool(f["legal"]))
            await until(watcher, lambda f: f["type"] == "state" and f["seq"] == first["seq"])
            await recv(attacker)
            await attacker.send('{"type": "chat", "text": "\\ud800"}')
            err = await until(attacker, lambda f: f["type"] == "error")
            assert "lone surrogate" in err["message"]
            # everyone still gets every frame: a move, then a chat
            await me.send(json.dumps({"type": "move", "move": first["legal"][0], "seq": first["seq"]}))
            for ws in (me, watcher, attacker):
                f = await until(ws, lambda f: f["type"] == "state" and f["seq"] == first["seq"] + 1)
                assert f["layout"]
            await attacker.send(json.dumps({"type": "chat", "text": "hi"}))
            for ws in (me, watcher):
                assert (await until(ws, lambda f: f["type"] == "chat"))["text"] == "hi"

    asyncio.run(run())


def test_a_frame_that_cannot_be_sent_closes_its_connection_and_is_logged(caplog: Any) -> None:
    """Whatever the frame: a failed send never leaves a writer dead behind an open socket."""
    from cardtable.server.frames import Outbox

    class Refusing:
        def __init__(self) -> None:
            self.closed_with: int | None = None

        async def send_text(self, text: str) -> None:
            text.encode("utf-8")            # what a socket does: a lone surrogate fails here

        async def close(self, code: int, reason: str = "") -> None:
            self.closed_with = code

    async def run() -> tuple[Refusing, Outbox]:
        ws = Refusing()
        box = Outbox(ws, None)
        box.put("bad \ud800 text")
        await asyncio.sleep(0.05)
        return ws, box

    with caplog.at_level("WARNING", logger="cardtable.server"):
        ws, box = asyncio.run(run())
    assert box.closed and ws.closed_with == Outbox.CLOSE_SEND_FAILED
    assert any("could not be sent" in r.getMessage() for r in caplog.records)


def test_frames_holding_a_lone_surrogate_are_still_encoded_for_the_wire() -> None:
    from cardtable.server.frames import encode

    text = encode({"type": "chat", "text": "x\ud800y"})
    text.encode("utf-8")                    # sendable
    assert json.loads(text)["text"] == "x\ud800y"


# --- finding 7: bodies, headers, bad input ----------------------------------------------------

def raw_exchange(live: Live, head: bytes, body_chunks: Any = (), timeout: float = 10
                 ) -> tuple[bytes, float, int]:
    """Send ``head`` and then ``body_chunks`` (stopping when the server answers or closes);
    (everything the server sent until it closed, seconds it took, chunks sent)."""
    start = time.monotonic()
    got = b""
    sent = 0
    with socket.create_connection(("127.0.0.1", live.port), timeout=timeout) as s:
        s.sendall(head)
        for chunk in body_chunks:
            s.setblocking(False)
            try:
                got += s.recv(65536)
            except BlockingIOError:
                pass
            s.setblocking(True)
            if got:
                break
            try:
                s.sendall(chunk)
                sent += 1
            except (BrokenPipeError, ConnectionResetError):
                break
        s.setblocking(True)
        s.settimeout(timeout)
        try:
            while True:
                data = s.recv(65536)
                if not data:
                    break
                got += data
        except (TimeoutError, ConnectionResetError):
            pass
    return got, time.monotonic() - start, sent


def status_and_json(raw: bytes) -> tuple[int, Any]:
    head, _, body = raw.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    assert b"application/json" in head.lower(), head
    return status, json.loads(body)


def test_a_huge_body_is_refused_by_its_length_before_it_is_read(live: Live) -> None:
    head = (b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 300000000\r\n\r\n")
    raw, took, _ = raw_exchange(live, head, [b"x" * 16384] * 8)
    status, body = status_and_json(raw)
    assert status == 413 and "65536" in body["error"]
    assert took < 5                                     # answered, and closed, at once


def test_a_chunked_body_is_refused_once_it_passes_the_limit(live: Live) -> None:
    head = (b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n")
    chunk = b"4000\r\n" + b"x" * 0x4000 + b"\r\n"        # 16 KiB each, never the last
    total = 12_800                                      # 200 MB if the server read it all
    raw, took, sent = raw_exchange(live, head, [chunk] * total, timeout=60)
    status, body = status_and_json(raw)
    # answered once the body passed 64 KiB: the client was still sending (what it sent
    # after that sat in socket buffers)
    assert status == 413 and sent < total // 4, (sent, took)
    assert httpx.get(live.url + "/api/tables").json() == []


def test_unfinished_request_headers_are_closed_after_a_few_seconds(live: Live) -> None:
    raw, took, _ = raw_exchange(live, b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ",
                                timeout=HEADER_TIMEOUT + 10)
    assert raw == b"" and took < HEADER_TIMEOUT + 3
    # the next request of a kept-alive connection has the same deadline
    with socket.create_connection(("127.0.0.1", live.port), timeout=15) as s:
        s.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
        first = s.recv(65536)
        assert first.startswith(b"HTTP/1.1 200")
        s.sendall(b"GET /api/health HTTP/1.1\r\nHo")
        start = time.monotonic()
        assert s.recv(65536) == b"" and time.monotonic() - start < HEADER_TIMEOUT + 3
    # a complete request is unaffected, and a WebSocket outlives the header deadline
    assert httpx.get(live.url + "/api/health").json()["protocol"] == 3
    t = live.table("gin", ["open", "open"])

    async def run() -> None:
        async with websockets.connect(f"{live.ws}/ws/tables/{t['id']}") as ws:
            await recv(ws)
            await asyncio.sleep(HEADER_TIMEOUT + 0.5)
            await ws.send(json.dumps({"type": "ping"}))
            assert (await recv(ws)) == {"type": "pong"}

    asyncio.run(run())


@pytest.mark.parametrize(("method", "path", "content"), [
    ("POST", "/api/tables", b"[" * 100_000 + b"]" * 100_000),
    ("POST", "/api/players", b'{"name": ' + b"[" * 50_000 + b"]" * 50_000 + b"}"),
    ("POST", "/api/tables/{tid}/seats/\u00b2", b"{}"),
    ("POST", "/api/tables/{tid}/seats/" + "9" * 5000, b"{}"),
    ("POST", "/api/tables/{tid}/seats/-1", b"{}"),
    ("POST", "/api/tables/{tid}/seats/1.0/bot", b"{}"),
    ("GET", "/api/tables/{tid}/replay/steps?seat=\u00b2", None),
    ("GET", "/api/tables/{tid}/replay/steps?seat=" + "9" * 5000, None),
    ("POST", "/api/tables", b'{"game": "gin", "seats": ["open", "open"], "rules": [1]}'),
    ("POST", "/api/tables", b'{"game": "gin", "seats": ["open", "open"], "players": "two"}'),
    ("POST", "/api/tables", b'{"game": "gin", "seats": ["open", "open"], "players": 1e400}'),
    ("POST", "/api/tables", b'{"game": "gin", "seats": ["open", "open"], "listed": "yes"}'),
    ("POST", "/api/tables", b'{"game": "gin", "seats": ["open", "open"], "turn_seconds": 1' + b"0" * 5000 + b"}"),
    ("POST", "/api/tables", b'{"game": "gin", "seats": ["open", "open"], "preset": ["x"]}'),
    ("POST", "/api/tables", b'{"game": ["gin"], "seats": ["open", "open"]}'),
    ("POST", "/api/tables", b'{"same_cards_as": {"a": 1}, "seats": ["open", "open"]}'),
    ("POST", "/api/players", b'"just a string"'),
    ("POST", "/api/players", b'{"name": "ann", "admin": true}'),
    ("POST", "/api/tables/{tid}/seats/0", b"[1]"),
    ("POST", "/api/tables/{tid}/seats/0/bot", b'{"bot": 7}'),
])
def test_bad_input_is_a_4xx_json_error_naming_the_problem(live: Live, method: str, path: str,
                                                           content: bytes | None) -> None:
    t = live.table("gin", ["open", "open"])
    host = live.player("Host")
    path = path.replace("{tid}", t["id"])
    headers = {"content-type": "application/json", "X-Player": host["secret"]}
    r = httpx.request(method, live.url + path, content=content, headers=headers, timeout=30)
    assert 400 <= r.status_code < 500, (r.status_code, r.text[:300])
    assert r.headers["content-type"].startswith("application/json")
    assert isinstance(r.json()["error"], str) and r.json()["error"]
    assert httpx.get(f"{live.url}/api/tables/{t['id']}").json()["seats"][0]["kind"] == "open"


def test_a_deeply_nested_websocket_message_is_an_error_frame(live: Live) -> None:
    t = live.table("gin", ["open", "open"])

    async def run() -> None:
        async with websockets.connect(f"{live.ws}/ws/tables/{t['id']}", max_size=None) as ws:
            await recv(ws)
            await ws.send("[" * 30_000 + "]" * 30_000)
            err = await until(ws, lambda f: f["type"] == "error")
            assert "nested" in err["message"]
            await ws.send(json.dumps({"type": "ping"}))
            assert (await until(ws, lambda f: f["type"] == "pong")) == {"type": "pong"}

    asyncio.run(run())


# --- finding 1 on the wire: the old token's connection is closed -----------------------------

def test_taking_the_seat_back_closes_the_old_tokens_socket(live: Live) -> None:
    t = live.table("gin", ["open", "open"])
    bo = live.player("Bo")
    old = live.join(t["id"], 0, bo)

    async def run() -> None:
        async with websockets.connect(f"{live.ws}/ws/tables/{t['id']}?token={old}") as ws:
            await recv(ws)
            fresh = await asyncio.to_thread(live.join, t["id"], 0, bo)
            assert fresh != old
            assert await close_code(ws) == 4401
        async with websockets.connect(f"{live.ws}/ws/tables/{t['id']}?token={fresh}") as ws:
            assert (await recv(ws))["seat"] == 0

    asyncio.run(run())


# --- finding 7: connections per address ------------------------------------------------------

def test_connections_per_address_are_limited_with_a_clear_reason(start_live: Callable[..., Live]) -> None:
    live = start_live(max_connections_per_client=3)
    t = live.table("gin", ["open", "open"])
    url = f"{live.ws}/ws/tables/{t['id']}"

    async def run() -> None:
        open_ = [await websockets.connect(url) for _ in range(3)]
        for ws in open_:
            await recv(ws)
        extra = await websockets.connect(url)
        err = await recv(extra)
        assert err["type"] == "error" and "too many connections" in err["message"]
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await asyncio.wait_for(extra.recv(), 10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
        assert "too many connections" in closed.value.rcvd.reason
        await open_[0].close()
        await asyncio.sleep(0.2)
        again = await websockets.connect(url)            # a place is free again
        assert (await recv(again))["type"] == "state"
        for ws in [again, *open_[1:]]:
            await ws.close()

    asyncio.run(run())
