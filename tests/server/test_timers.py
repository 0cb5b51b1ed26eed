"""Turn timers with an injected clock: expiry plays the default bot, marked as a timeout;
deadlines are stored and survive a restart."""

from __future__ import annotations

from typing import Any

from cardtable.server.games import default_bot_name
from tests.server.helpers import Socket, connect, join, new_table


def fire(client: Any) -> int:
    return int(client.portal.call(client.app.state.service.fire_expired))


def test_expiry_plays_the_default_bot_and_is_marked(db_url: str, make_server: Any, clock: Any) -> None:
    server = make_server(db_url)
    t = new_table(server, "gin", ["open", "open"], turn_seconds=30)
    toks = [join(server, t["id"], s) for s in range(2)]
    table = server.portal.call(server.app.state.service.get, t["id"])
    seat = table.state.to_move()[0]
    with connect(server, t["id"], toks[seat]) as ws:
        s = Socket(ws)
        f = s.recv()
        assert f["deadline"] == clock.now_ms() + 30_000
        clock.advance(29)
        assert fire(server) == 0
        assert s.sync() == []
        # what the default bot plays from this seat's view (its seeded choice)
        expected = table.choose_bot_move(seat, default_bot_name("gin"))
        clock.advance(2)
        assert fire(server) == 1
        f2 = s.until(lambda x: x["type"] == "state")
        assert f2["seq"] == 1 and f2["view"]["log"][-1] == f"{seat}: {expected}"
        nxt = table.state.to_move()[0]
        assert f2["deadline"] == clock.now_ms() + 30_000 or nxt == seat
        assert fire(server) == 0        # nothing more has expired
    moves = server.app.state.service.store.load_moves(t["id"])
    assert [(m.seat, m.move, m.source) for m in moves] == [(seat, expected, "timeout")]
    # a person's move in time is not a timeout, and resets the deadline
    with connect(server, t["id"], toks[nxt]) as ws:
        s = Socket(ws)
        f = s.recv()
        clock.advance(5)
        s.move(f["legal"][0], f["seq"])
        f3 = s.until(lambda x: x["type"] == "state" and x["seq"] == 2)
        assert f3["deadline"] == clock.now_ms() + 30_000
    assert server.app.state.service.store.load_moves(t["id"])[1].source == "person"


def test_no_timer_without_turn_seconds(make_server: Any, sqlite_url: str, clock: Any) -> None:
    """Without turn_seconds and with the default timer of version 2 off (``away_after_s``
    0), nothing ever expires; one person against a bot has no default timer either."""
    server = make_server(sqlite_url, away_after_s=0)
    t = new_table(server, "gin", ["open", "open"])
    toks = [join(server, t["id"], s) for s in range(2)]
    solo = new_table(server, "gin", ["open", "bot:heuristic"])
    with connect(server, solo["id"], join(server, solo["id"], 0)) as ws:
        assert Socket(ws).recv()["deadline"] is None
    with connect(server, t["id"], toks[0]) as ws:
        assert Socket(ws).recv()["deadline"] is None
    clock.advance(10 ** 6)
    assert fire(server) == 0


def test_deadline_survives_a_restart(db_url: str, make_server: Any, clock: Any) -> None:
    first = make_server(db_url)
    t = new_table(first, "gin", ["open", "bot:heuristic"], turn_seconds=20)
    tok = join(first, t["id"], 0)
    with connect(first, t["id"], tok) as ws:
        s = Socket(ws)
        f = s.until(lambda x: x["type"] == "state" and 0 in x["view"]["to_move"])
    deadline = f["deadline"]
    assert deadline is not None
    first.__exit__(None, None, None)          # the server stops; the deadline is in the database
    clock.advance(5)
    second = make_server(db_url)
    with connect(second, t["id"], tok) as ws:
        s = Socket(ws)
        g = s.recv()
        assert g["deadline"] == deadline and g["seq"] == f["seq"] and g["view"] == f["view"]
        clock.advance(16)
        assert fire(second) == 1
        h = s.until(lambda x: x["type"] == "state" and x["seq"] == f["seq"] + 1)
        assert h["view"]["log"][-1].startswith("0: ")
    assert second.app.state.service.store.load_moves(t["id"])[f["seq"]].source == "timeout"


def test_simultaneous_deadline_is_shared_and_kept(server: Any, clock: Any) -> None:
    t = new_table(server, "shisanzhang", ["open", "open", "open", "open"], turn_seconds=60)
    toks = [join(server, t["id"], s, f"p{s}") for s in range(4)]
    with connect(server, t["id"], toks[0]) as ws:
        s = Socket(ws)
        f = s.recv()
        start = f["deadline"]
        clock.advance(10)
        s.move(f["legal"][0], 0)
        g = s.until(lambda x: x["type"] == "state")
        assert g["deadline"] == start      # the other three still decide against the same deadline
        clock.advance(51)
        assert fire(server) == 3
        h = s.until(lambda x: x["type"] == "state" and x["seq"] == 4)
        assert h["view"]["over"]
    sources = [m.source for m in server.app.state.service.store.load_moves(t["id"])]
    assert sources == ["person", "timeout", "timeout", "timeout"]
