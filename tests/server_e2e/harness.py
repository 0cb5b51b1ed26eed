"""The real server as a subprocess, and plain clients for it (stdlib HTTP, ``websockets``).

Everything here talks to ``cardtable serve`` only through the contract
(``shared/contracts/table-protocol.md``): HTTP on 127.0.0.1 and WebSocket frames.  Every wait
is bounded; a server that does not answer in time fails the test with the tail of its log.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.support.postgres import free_port

START_TIMEOUT = 60.0     # seconds for `cardtable serve` to answer /api/health (migrations included)
FRAME_TIMEOUT = 20.0     # seconds to wait for one expected frame
GENEROUS_LIMITS = ["--moves-per-second", "10000", "--max-tables-per-client", "10000",
                   "--max-tables-per-minute", "0", "--max-players-per-minute", "0",
                   "--max-seats-per-minute", "0", "--max-connections-per-client", "0",
                   "--bot-only-min-delay-ms", "0"]


def cardtable_command() -> list[str]:
    """The `cardtable` of the running interpreter's environment (the venv under test)."""
    script = Path(sys.executable).with_name("cardtable")
    if script.is_file():
        return [str(script)]
    return [sys.executable, "-c", "from cardtable.cli.main import main; main()"]


class ServerProcess:
    """``cardtable serve`` on a free port of 127.0.0.1, with its output in ``log_path``."""

    def __init__(self, db: str, log_dir: Path, name: str = "server", extra_args: list[str] | None = None) -> None:
        self.db = db
        self.log_path = log_dir / f"{name}.log"
        # Tests play faster than people and make many tables from one address: lift those
        # limits unless a test sets its own (the limits have their own test).
        self.extra_args = extra_args if extra_args is not None else GENEROUS_LIMITS
        self.port = 0
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, port: int | None = None) -> ServerProcess:
        """Start (or restart, on the same port unless told otherwise) and wait for health."""
        first = not self.port and port is None
        for attempt in range(3):
            self.launch(port)
            try:
                self.wait_healthy()
                return self
            except AssertionError:
                # another process (a parallel test worker) took the free port first: try another
                if not first or attempt == 2 or "address already in use" not in self.log_tail(600).lower():
                    raise
                self.port = 0
        return self

    def launch(self, port: int | None = None) -> ServerProcess:
        """Start the process without waiting for it (``wait_healthy`` waits)."""
        if self.proc is not None and self.proc.poll() is None:
            raise RuntimeError("server already running")
        self.port = port or self.port or free_port()
        self.starts += 1
        log = open(self.log_path, "ab")  # noqa: SIM115  (the child holds it; closed in kill/stop)
        log.write(f"\n===== start #{self.starts} on port {self.port} =====\n".encode())
        log.flush()
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            [*cardtable_command(), "serve", "--host", "127.0.0.1", "--port", str(self.port),
             "--db", self.db, *self.extra_args],
            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, env=env,
            start_new_session=True,
        )
        log.close()
        return self

    def wait_healthy(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            assert self.proc is not None
            if self.proc.poll() is not None:
                raise AssertionError(f"cardtable serve exited with {self.proc.returncode}\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(self.base + "/api/health", timeout=2) as r:
                    if r.status == 200 and json.loads(r.read()).get("ok") is True:
                        return
            except (OSError, ValueError):
                pass
            time.sleep(0.1)
        self.kill()
        raise AssertionError(f"cardtable serve did not become healthy in {START_TIMEOUT} s\n{self.log_tail()}")

    def kill(self) -> None:
        """``kill -9``: no shutdown code of the server runs."""
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.kill()

    def log_tail(self, chars: int = 4000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-chars:]
        except OSError:
            return "(no log)"

    # --- HTTP ------------------------------------------------------------------------------

    def http(self, method: str, path: str, body: Any = None, player: dict[str, Any] | None = None
             ) -> tuple[int, Any]:
        """(status, decoded JSON or text) of one request (as ``player``, a credential of
        ``new_player``, if given); 4xx/5xx are returned, not raised."""
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"} if data else {}
        if player is not None:
            headers["X-Player"] = player["secret"]
        req = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=FRAME_TIMEOUT) as r:
                return r.status, _decode(r.read(), r.headers.get_content_type())
        except urllib.error.HTTPError as e:
            return e.code, _decode(e.read(), e.headers.get_content_type())

    def create_table(self, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
        status, body = self.http("POST", "/api/tables", {"game": game, "seats": seats, **extra})
        assert status == 201, (status, body)
        return body

    def new_player(self, name: str = "tester") -> dict[str, Any]:
        """A player credential (protocol version 2): ``{"player", "secret", "name"}``."""
        status, body = self.http("POST", "/api/players", {"name": name})
        assert status == 201, (status, body)
        return body

    def join(self, table_id: Any, seat: int, name: str = "tester", player: dict[str, Any] | None = None) -> str:
        """Take a seat as ``player`` (a new player named ``name`` unless given); its token."""
        player = player or self.new_player(name)
        status, body = self.http("POST", f"/api/tables/{table_id}/seats/{seat}", {"name": name}, player=player)
        assert status == 200 and body["seat"] == seat, (status, body)
        return body["token"]

    def summary(self, table_id: Any) -> dict[str, Any]:
        status, body = self.http("GET", f"/api/tables/{table_id}")
        assert status == 200, (status, body)
        return body


def _decode(raw: bytes, content_type: str) -> Any:
    if content_type == "application/json":
        return json.loads(raw)
    return raw.decode("utf-8", errors="replace")


# --- WebSocket clients -----------------------------------------------------------------------


@dataclass
class Client:
    """One WebSocket connection to a table; keeps every frame it received."""

    ws: Any
    frames: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    async def connect(cls, server: ServerProcess, table_id: Any, token: str | None = None) -> Client:
        import websockets

        url = f"{server.ws_base}/ws/tables/{table_id}" + (f"?token={token}" if token else "")
        # A test may leave a connection unread for a while (a spectator during a whole match):
        # buffer every frame, and send no keepalive pings whose pongs would wait behind them.
        ws = await asyncio.wait_for(websockets.connect(url, max_size=None, max_queue=None, ping_interval=None,
                                                       open_timeout=FRAME_TIMEOUT), FRAME_TIMEOUT)
        return cls(ws)

    async def send(self, message: Any) -> None:
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def recv(self, timeout: float = FRAME_TIMEOUT) -> dict[str, Any]:
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        frame = json.loads(raw)
        self.frames.append(frame)
        return frame

    async def expect(self, kind: str, timeout: float = FRAME_TIMEOUT) -> dict[str, Any]:
        """The next frame, which must be of type ``kind``."""
        frame = await self.recv(timeout)
        assert frame["type"] == kind, f"expected a {kind!r} frame, got {frame}"
        return frame

    async def state_where(self, pred: Any, timeout: float = FRAME_TIMEOUT) -> dict[str, Any]:
        """Skip frames until a state frame for which ``pred(frame)`` holds."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no matching state within {timeout} s; last frames: {self.frames[-3:]}")
            frame = await self.recv(left)
            if frame["type"] == "state" and pred(frame):
                return frame

    def last_state(self) -> dict[str, Any] | None:
        return next((f for f in reversed(self.frames) if f["type"] == "state"), None)

    async def turn_or_end(self, timeout: float = FRAME_TIMEOUT) -> dict[str, Any]:
        """The latest state if the seat may move in it or the match is over, else the next such."""
        last = self.last_state()
        if last is not None and (is_my_turn(last) or last["status"] == "over"):
            return last
        return await self.state_where(lambda f: is_my_turn(f) or f["status"] == "over", timeout)

    async def quiet(self, seconds: float) -> list[dict[str, Any]]:
        """Every frame that arrives within ``seconds`` (expecting none, usually)."""
        got: list[dict[str, Any]] = []
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                got.append(await self.recv(left))
            except TimeoutError:
                break
        return got

    async def close_code(self, timeout: float = FRAME_TIMEOUT) -> tuple[int | None, list[Any]]:
        """Wait for the server to close; the close code and any frames that came first."""
        import websockets

        frames = []
        try:
            async with asyncio.timeout(timeout):
                while True:
                    frames.append(await self.ws.recv())
        except websockets.ConnectionClosed as closed:
            return (closed.rcvd.code if closed.rcvd else None), frames
        except TimeoutError:
            raise AssertionError(f"server did not close the connection in {timeout} s; got {frames}") from None

    async def close(self) -> None:
        await self.ws.close()


def is_my_turn(frame: dict[str, Any]) -> bool:
    return frame["type"] == "state" and bool(frame["legal"]) and frame["status"] == "playing"
