"""Helpers of the in-process server tests: a WebSocket session that keeps its frames, and
short ways to make a table, take a seat and connect."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

from cardtable.server import Settings

#: tests play faster than people and make many tables, players and seats from one address:
#: those limits are lifted unless a test sets its own (the limits have their own tests)
GENEROUS = {"bot_delay_ms": 0, "moves_per_second": 1e6, "min_bot_only_delay_ms": 0,
            "max_tables_per_minute": 0, "max_players_per_minute": 0, "max_seats_per_minute": 0,
            "max_connections_per_client": 0, "max_reads_per_minute": 0}


def make_settings(url: str, **kw: Any) -> Settings:
    base: dict[str, Any] = dict(GENEROUS)
    base.update(kw)
    return Settings(db_url=url, **base)


class Socket:
    """A WebSocket test session that keeps every frame it received."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.frames: list[dict[str, Any]] = []

    def recv(self) -> dict[str, Any]:
        f = self.ws.receive_json()
        self.frames.append(f)
        return f

    def send(self, data: Any) -> None:
        self.ws.send_json(data)

    def until(self, pred: Callable[[dict[str, Any]], bool], limit: int = 20000) -> dict[str, Any]:
        for _ in range(limit):
            f = self.recv()
            if pred(f):
                return f
        raise AssertionError("the awaited frame never came")

    def sync(self) -> list[dict[str, Any]]:
        """The frames that arrive before the answer to a ping (everything already queued)."""
        self.send({"type": "ping"})
        got = []
        while True:
            f = self.recv()
            if f["type"] == "pong":
                return got
            got.append(f)

    def move(self, text: str, seq: int) -> None:
        self.send({"type": "move", "move": text, "seq": seq})


def new_table(client: TestClient, game: str, seats: list[str], **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json={"game": game, "seats": seats, "bot_delay_ms": 0, **body})
    assert r.status_code == 201, r.text
    return dict(r.json())


def new_player(client: TestClient, name: str = "ann") -> dict[str, str]:
    """A player credential (``{"player", "secret", "name"}``)."""
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 201, r.text
    return dict(r.json())


def as_player(player: dict[str, str]) -> dict[str, str]:
    """The headers of requests made by ``player``."""
    return {"X-Player": player["secret"]}


def join(client: TestClient, table_id: str, seat: int, name: str = "ann",
         player: dict[str, str] | None = None) -> str:
    """Take a seat as ``player`` (a new player named ``name`` unless given); its token."""
    player = player or new_player(client, name)
    r = client.post(f"/api/tables/{table_id}/seats/{seat}", json={"name": name}, headers=as_player(player))
    assert r.status_code == 200, r.text
    assert r.json()["seat"] == seat
    return str(r.json()["token"])


def connect(client: TestClient, table_id: str, token: str | None = None) -> Any:
    q = f"?token={token}" if token is not None else ""
    return client.websocket_connect(f"/ws/tables/{table_id}{q}")
