"""A real ``cardtable serve`` for the agent's tests, and a second client that plays another
seat as a person's browser would: its own seat taken over HTTP, its own WebSocket, moves
chosen from its frames (the browser half is the user's own test)."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server_e2e.harness import GENEROUS_LIMITS, ServerProcess

pytest.importorskip("websockets", reason="the agent extra brings websockets: pip install -e '.[agent]'")

#: no away timer (a slow machine must not hand a seat to a bot), bots thinking in threads
SERVER_ARGS = [*GENEROUS_LIMITS, "--away-seconds", "0", "--bot-workers", "0", "--bot-delay-ms", "0"]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    srv = ServerProcess(f"sqlite:///{tmp_path / 'tables.db'}", tmp_path, extra_args=SERVER_ARGS)
    srv.start()
    try:
        yield srv
    finally:
        srv.kill()


class Person(threading.Thread):
    """A second client: takes ``seat`` as a new player and plays it with ``choose(view, legal)``
    from its own frames until the match is over (or ``stop`` is set)."""

    def __init__(self, server: ServerProcess, table: str, seat: int,
                 choose: Callable[[dict[str, Any], list[str]], str], name: str = "friend") -> None:
        super().__init__(daemon=True)
        self.server, self.table, self.seat, self.choose, self.name = server, table, seat, choose, name
        self.moves = 0
        self.last: dict[str, Any] | None = None
        self.error: BaseException | None = None
        self.stop = threading.Event()

    def run(self) -> None:
        try:
            self._play()
        except BaseException as e:  # noqa: BLE001 - reported by the test
            self.error = e

    def _play(self) -> None:
        from websockets.exceptions import ConnectionClosed
        from websockets.sync.client import connect

        token = self.server.join(self.table, self.seat, self.name)
        acted: tuple[int, int] | None = None
        while not self.stop.is_set():
            try:
                with connect(f"{self.server.ws_base}/ws/tables/{self.table}?token={token}", open_timeout=20) as ws:
                    while not self.stop.is_set():
                        try:
                            frame = json.loads(ws.recv(timeout=0.5))
                        except TimeoutError:
                            continue
                        if frame.get("type") != "state":
                            continue
                        self.last = frame
                        if frame["status"] == "over":
                            return
                        key = (frame["deal"], frame["seq"])
                        if frame["legal"] and key != acted:
                            move = self.choose(frame["view"], frame["legal"])
                            ws.send(json.dumps({"type": "move", "move": move, "seq": frame["seq"]}))
                            acted = key
                            self.moves += 1
            except (ConnectionClosed, OSError):
                acted = None            # the server restarts: connect again
                self.stop.wait(0.5)


@pytest.fixture
def person() -> Iterator[Callable[..., Person]]:
    made: list[Person] = []

    def make(*args: Any, **kwargs: Any) -> Person:
        p = Person(*args, **kwargs)
        made.append(p)
        p.start()
        return p

    yield make
    for p in made:
        p.stop.set()
        p.join(timeout=5)
