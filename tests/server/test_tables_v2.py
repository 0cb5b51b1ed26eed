"""Tables of protocol version 2: rigged tables (``known_deal``), private tables, hints, tables
of bots only, the per-address limits, and tables leaving memory (findings 3, 6 and 7)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from cardtable.server.service import Settings
from tests.server.helpers import Socket, as_player, connect, join, new_player, new_table


def live(client: Any, tid: str) -> Any:
    return client.portal.call(client.app.state.service.get, tid)


def play_out(client: Any, tid: str, seconds: float = 60) -> None:
    """Wait for a table of bots to end its match."""
    end = time.monotonic() + seconds
    while client.get(f"/api/tables/{tid}").json()["status"] != "over":
        assert time.monotonic() < end, "the bots did not end the match"
        time.sleep(0.02)


# --- finding 3: rigged tables ----------------------------------------------------------------

def test_same_cards_as_makes_a_known_deal_never_listed(server: Any) -> None:
    src = new_table(server, "gin", ["bot:random", "bot:random"], rules={"game_target": 1})
    play_out(server, src["id"])
    r = server.post("/api/tables", json={"same_cards_as": src["id"], "seats": ["open", "bot:random"],
                                         "listed": True, "bot_delay_ms": 0})
    assert r.status_code == 201, r.text
    again = r.json()
    assert again["known_deal"] is True and again["listed"] is False
    assert again["id"] not in [t["id"] for t in server.get("/api/tables").json()]
    summary = server.get(f"/api/tables/{again['id']}").json()
    assert summary["known_deal"] is True
    with connect(server, again["id"]) as ws:
        assert Socket(ws).recv()["known_deal"] is True          # the page can say so to everyone
    # and is never rated (the accounts issue): refused, naming why, and nothing is made
    r = server.post("/api/tables", json={"same_cards_as": src["id"], "seats": ["open", "open"], "rated": True})
    assert r.status_code == 400 and "same_cards_as" in r.json()["error"], r.text
    plain = new_table(server, "gin", ["open", "bot:random"])
    assert plain["known_deal"] is False and plain["listed"] is True
    with connect(server, plain["id"]) as ws:
        assert "known_deal" not in Socket(ws).recv()


def test_a_private_table_is_not_listed(server: Any) -> None:
    t = new_table(server, "gin", ["open", "open"], listed=False)
    assert t["listed"] is False
    assert server.get("/api/tables").json() == []
    assert server.get(f"/api/tables/{t['id']}").json()["id"] == t["id"]


# --- finding 6: hints for everyone? ----------------------------------------------------------

@pytest.mark.parametrize(("seats", "given", "hints"), [
    (["open", "bot:auto", "bot:auto", "bot:auto"], None, True),        # one person: hints by default
    (["open", "open", "bot:auto", "bot:auto"], None, False),           # two people: none by default
    (["open", "open", "bot:auto", "bot:auto"], True, True),
    (["open", "bot:auto", "bot:auto", "bot:auto"], False, False),
])
def test_hints_follow_the_table_setting(server: Any, seats: list[str], given: bool | None, hints: bool) -> None:
    body = {} if given is None else {"hints": given}
    t = new_table(server, "shisanzhang", seats, **body)
    assert t["hints"] is hints
    tokens = [join(server, t["id"], i, f"p{i}") for i, s in enumerate(seats) if s == "open"]
    with server.websocket_connect(f"/ws/tables/{t['id']}?token={tokens[0]}&layout=1") as ws:
        f = Socket(ws).until(lambda x: x["type"] == "state" and bool(x["legal"]))
    assert f["hints"] is hints
    if hints:
        assert f["hint"] is not None and f["warnings"]           # 十三张 always has advice
    else:
        assert f["hint"] is None and f["warnings"] == {}


# --- finding 7: tables of bots only, limits --------------------------------------------------

def test_a_table_of_bots_only_cannot_play_at_once(make_server: Any, sqlite_url: str) -> None:
    server = make_server(sqlite_url, min_bot_only_delay_ms=Settings.min_bot_only_delay_ms,
                         bot_delay_ms=Settings.bot_delay_ms)
    r = server.post("/api/tables", json={"game": "gin", "seats": ["bot:random", "bot:random"], "bot_delay_ms": 0})
    assert r.status_code == 400 and "at least 250" in r.json()["error"]
    assert server.get("/api/tables").json() == []
    r = server.post("/api/tables", json={"game": "gin", "seats": ["bot:random", "bot:random"]})
    assert r.status_code == 201                                  # the server's pace (600 ms)
    r = server.post("/api/tables", json={"game": "gin", "seats": ["open", "bot:random"], "bot_delay_ms": 0})
    assert r.status_code == 201                                  # a person at the table: as fast as they like


def test_tables_of_bots_only_count_against_the_open_tables_limit(make_server: Any, sqlite_url: str) -> None:
    server = make_server(sqlite_url, min_bot_only_delay_ms=250, max_open_tables_per_client=2)
    for _ in range(2):
        r = server.post("/api/tables", json={"game": "gin", "seats": ["bot:random", "bot:random"],
                                             "bot_delay_ms": 250})
        assert r.status_code == 201
    r = server.post("/api/tables", json={"game": "gin", "seats": ["bot:random", "bot:random"], "bot_delay_ms": 250})
    assert r.status_code == 429 and "too many open tables" in r.json()["error"]
    assert len(server.get("/api/tables").json()) == 2


@pytest.mark.parametrize(("setting", "what"), [
    ("max_tables_per_minute", "tables"), ("max_players_per_minute", "players"), ("max_seats_per_minute", "seats")])
def test_per_address_limits_per_minute(make_server: Any, sqlite_url: str, setting: str, what: str) -> None:
    server = make_server(sqlite_url, **{setting: 3})
    host = new_player(server, "Host")                       # the first player (of 3)
    t = server.post("/api/tables", json={"game": "dummy", "seats": ["me", "open", "open", "open"]},
                    headers=as_player(host)).json()         # the first table (of 3)

    def attempt(i: int) -> Any:
        if what == "tables":
            return server.post("/api/tables", json={"game": "gin", "seats": ["open", "open"]})
        if what == "players":
            return server.post("/api/players", json={"name": f"p{i}"})
        return server.post(f"/api/tables/{t['id']}/seats/{1 + i}", json={}, headers=as_player(host))

    allowed = 2 if what in ("tables", "players") else 3
    answers = [attempt(i).status_code for i in range(allowed)]
    assert all(a in (200, 201) for a in answers), answers
    if what == "seats":                                     # the host's seats 1-3: the next is refused
        r = server.post(f"/api/tables/{t['id']}/seats/1", json={}, headers=as_player(host))
    else:
        r = attempt(9)
    assert r.status_code == 429 and "a minute" in r.json()["error"]
    if what == "tables":
        assert len(server.get("/api/tables").json()) == 3
    if what == "seats":
        assert server.get(f"/api/tables/{t['id']}").json()["seats"][1]["kind"] == "person"


def test_websocket_connections_per_address(make_server: Any, sqlite_url: str) -> None:
    server = make_server(sqlite_url, max_connections_per_client=2)
    t = new_table(server, "gin", ["open", "open"])
    with connect(server, t["id"]) as a, connect(server, t["id"]) as b:
        Socket(a).recv()
        Socket(b).recv()
        with connect(server, t["id"]) as c:
            err = c.receive_json()
            assert err["type"] == "error" and "too many connections" in err["message"]
            with pytest.raises(WebSocketDisconnect) as e:
                c.receive_json()
            assert e.value.code == 1013
    with connect(server, t["id"]) as again:
        assert Socket(again).recv()["type"] == "state"


# --- finding 7: memory is given back ---------------------------------------------------------

def test_finished_and_idle_tables_leave_memory_and_load_again(make_server: Any, sqlite_url: str) -> None:
    server = make_server(sqlite_url, evict_finished_s=0, evict_idle_s=3600)
    svc = server.app.state.service
    done = new_table(server, "gin", ["bot:random", "bot:random"], rules={"game_target": 1})
    waiting = new_table(server, "gin", ["open", "open"])
    play_out(server, done["id"])
    final = server.get(f"/api/tables/{done['id']}").json()
    time.sleep(0.05)
    server.portal.call(svc.sweep)
    assert done["id"] not in svc.tables and waiting["id"] in svc.tables
    # in the database: it loads again on demand, the same
    with connect(server, done["id"]) as ws:
        f = Socket(ws).recv()
        assert f["status"] == "over" and f["seq"] == final["seq"] and f["totals"] == final["totals"]
        assert f["finished"] is not None
        server.portal.call(svc.sweep)
        assert done["id"] in svc.tables                  # never while a client is connected
    assert server.get(f"/api/tables/{done['id']}/replay").status_code == 200
    svc.settings.evict_idle_s = 0
    server.portal.call(svc.sweep)
    assert svc.tables == {}
    tok = join(server, waiting["id"], 0)                 # an idle table too comes back on demand
    assert waiting["id"] in svc.tables
    with connect(server, waiting["id"], tok) as ws:
        assert Socket(ws).recv()["seats"][0]["kind"] == "person"


def test_one_client_cannot_take_every_open_seat(make_server: Any, sqlite_url: str) -> None:
    """The attack of finding 2, with the server's own limits: ten 四百分 tables of four open
    seats, one client taking seats as fast as it can. It gets no more seats than players it
    may make (one seat each per table), never two seats of a table, and is refused clearly."""
    d = Settings(db_url="")
    server = make_server(sqlite_url, max_players_per_minute=d.max_players_per_minute,
                         max_seats_per_minute=d.max_seats_per_minute, max_tables_per_minute=d.max_tables_per_minute)
    tables = [new_table(server, "sibaifen", ["open"] * 4)["id"] for _ in range(10)]
    players: list[dict[str, str]] = []
    refused: list[str] = []
    for _ in range(40):
        r = server.post("/api/players", json={"name": "x"})
        if r.status_code != 201:
            refused.append(r.json()["error"])
            break
        players.append(r.json())
    taken = 0
    for tid in tables:
        for seat in range(4):
            for p in players:            # any of its players, the first that is allowed
                r = server.post(f"/api/tables/{tid}/seats/{seat}", json={}, headers=as_player(p))
                if r.status_code == 200:
                    taken += 1
                    break
                assert r.status_code in (409, 429), r.text
    assert len(players) == d.max_players_per_minute and "a minute" in refused[0]
    assert taken <= d.max_seats_per_minute < 40                  # not every seat
    for tid in tables:                   # nobody holds two seats of one table (partners included)
        summary = server.get(f"/api/tables/{tid}").json()
        owners = [s for s in server.app.state.service.store.load_table(tid).seats if s.player_id]
        assert len({s.player_id for s in owners}) == len(owners), summary
