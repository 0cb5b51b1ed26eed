"""People, hosts and seats (protocol version 2): players, taking a seat back, one seat each,
the host's actions, leaving, and the default timer that lets a bot play for an absent person.

Findings of the friends' trial and the attack each have a test here (docs/server.md):
a closed tab lost the seat for good; one client took every open seat of ten tables.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from cardtable import i18n
from cardtable.server import service as service_module
from cardtable.server.games import default_bot_name
from tests.server.helpers import Socket, as_player, connect, join, new_player, new_table


@pytest.fixture
def server(db_url: str, make_server: Any) -> Any:
    """These tests on SQLite and (slow) on PostgreSQL: seats change in transactions that lock
    the table's row there."""
    return make_server(db_url)


def fire(client: Any) -> int:
    return int(client.portal.call(client.app.state.service.fire_expired))


def live(client: Any, tid: str) -> Any:
    return client.portal.call(client.app.state.service.get, tid)


def take(client: Any, tid: str, seat: int, player: dict[str, str], **body: Any) -> Any:
    return client.post(f"/api/tables/{tid}/seats/{seat}", json=body, headers=as_player(player))


def closed_with(ws: Any) -> int:
    """The close code of a connection the server closes (frames before it are skipped)."""
    with pytest.raises(WebSocketDisconnect) as e:
        for _ in range(1000):
            ws.receive_json()
    return int(e.value.code)


# --- players ---------------------------------------------------------------------------------

def test_a_player_is_a_name_and_a_secret_kept_only_as_a_hash(server: Any) -> None:
    r = server.post("/api/players", json={"name": "  Bo  "})
    assert r.status_code == 201
    made = r.json()
    assert set(made) == {"player", "secret", "name"} and made["name"] == "Bo"
    assert len(made["secret"]) >= 22 and made["secret"] != made["player"]      # >= 128 random bits
    me = server.get("/api/players/me", headers=as_player(made))
    assert me.json() == {"player": made["player"], "name": "Bo"}
    assert server.get("/api/players/me").status_code == 401
    assert server.get("/api/players/me", headers={"X-Player": "nope"}).status_code == 401
    with server.app.state.service.store.engine.connect() as c:
        dump = json.dumps([list(map(str, r)) for r in c.exec_driver_sql("SELECT * FROM players").fetchall()])
    assert made["secret"] not in dump and made["player"] in dump


# --- finding 1: a friend who closes the tab takes the seat back --------------------------------

def test_the_same_player_takes_the_seat_back_and_the_old_token_stops(server: Any) -> None:
    t = new_table(server, "gin", ["open", "open"])
    tid = t["id"]
    bo, cy = new_player(server, "Bo"), new_player(server, "Cy")
    first = take(server, tid, 0, bo).json()["token"]
    take(server, tid, 1, cy)
    with connect(server, tid, first) as old:
        Socket(old).recv()
        # another person cannot have it ...
        r = take(server, tid, 0, cy)
        assert r.status_code == 409
        # ... but Bo, back from a closed tab (or another device), gets it with a fresh token
        r = take(server, tid, 0, bo)
        assert r.status_code == 200 and r.json()["seat"] == 0
        fresh = r.json()["token"]
        assert fresh != first
        assert closed_with(old) == 4401            # the old token's connections are closed
    with server.websocket_connect(f"/ws/tables/{tid}?token={first}") as ws:
        assert closed_with(ws) == 4401
    with connect(server, tid, fresh) as ws:
        f = Socket(ws).recv()
        assert f["seat"] == 0 and f["seats"][0] == {"kind": "person", "name": "Bo"}


def test_a_seat_needs_a_player(server: Any) -> None:
    t = new_table(server, "gin", ["open", "bot:random"])
    r = server.post(f"/api/tables/{t['id']}/seats/0", json={"name": "Bo"})
    assert r.status_code == 401 and "X-Player" in r.json()["error"]
    assert server.get(f"/api/tables/{t['id']}").json()["seats"][0]["kind"] == "open"


# --- finding 2: seats are tied to people ----------------------------------------------------

def test_one_seat_per_player_per_table(server: Any) -> None:
    t = new_table(server, "sibaifen", ["open"] * 4)     # 四百分: seats 0 and 2 are partners
    tid = t["id"]
    eve = new_player(server, "Eve")
    assert take(server, tid, 0, eve).status_code == 200
    r = take(server, tid, 2, eve)
    assert r.status_code == 409 and "seat 1" in r.json()["error"] and "one seat each" in r.json()["error"]
    summary = server.get(f"/api/tables/{tid}").json()
    assert [s["kind"] for s in summary["seats"]] == ["person", "open", "open", "open"]
    assert take(server, tid, 2, new_player(server, "Al")).status_code == 200


def test_the_host_may_take_more_seats_for_a_family_on_one_device(server: Any) -> None:
    mum = new_player(server, "Mum")
    r = server.post("/api/tables", json={"game": "dummy", "seats": ["me", "open", "open"], "bot_delay_ms": 0},
                    headers=as_player(mum))
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["host"] is True and made["seat"] == 0 and len(made["token"]) >= 22
    assert made["seats"][0] == {"kind": "person", "name": "Mum"}
    tid = made["id"]
    assert server.get(f"/api/tables/{tid}").json()["host"] == "Mum"     # summaries: the host's name
    r = take(server, tid, 1, mum, name="Grandma")                        # the host gives herself another
    assert r.status_code == 200
    assert server.get(f"/api/tables/{tid}").json()["seats"][1] == {"kind": "person", "name": "Grandma"}
    with connect(server, tid, made["token"]) as ws:
        assert Socket(ws).recv()["seat"] == 0
    # nobody else may, and "me" needs a player and names one seat
    kid = new_player(server, "Kid")
    assert take(server, tid, 2, kid).status_code == 200
    r = server.post("/api/tables", json={"game": "gin", "seats": ["me", "open"]})
    assert r.status_code == 401
    r = server.post("/api/tables", json={"game": "gin", "seats": ["me", "me"]}, headers=as_player(mum))
    assert r.status_code == 400 and "more than once" in r.json()["error"]


# --- host actions -----------------------------------------------------------------------------

def host_table(server: Any, game: str = "gin") -> tuple[str, dict[str, str], str, dict[str, str], str]:
    """A two-person table: the host (seat 0, "me") and Bo (seat 1)."""
    host = new_player(server, "Host")
    r = server.post("/api/tables", json={"game": game, "seats": ["me", "open"], "bot_delay_ms": 0},
                    headers=as_player(host))
    made = r.json()
    bo = new_player(server, "Bo")
    return made["id"], host, made["token"], bo, take(server, made["id"], 1, bo).json()["token"]


def test_the_host_gives_an_absent_friends_seat_to_a_bot_and_they_take_it_back(server: Any) -> None:
    tid, host, _, bo, bo_token = host_table(server)
    assert server.post(f"/api/tables/{tid}/seats/1/bot", json={}).status_code == 401
    r = server.post(f"/api/tables/{tid}/seats/1/bot", json={}, headers=as_player(bo))
    assert r.status_code == 403 and "host" in r.json()["error"]
    r = server.post(f"/api/tables/{tid}/seats/1/bot", json={"bot": "nobody"}, headers=as_player(host))
    assert r.status_code == 400 and "nobody" in r.json()["error"]
    with connect(server, tid, bo_token) as ws:
        s = Socket(ws)
        s.recv()
        r = server.post(f"/api/tables/{tid}/seats/1/bot", json={"bot": "random"}, headers=as_player(host))
        assert r.status_code == 200
        assert r.json()["seats"][1] == {"kind": "bot", "name": "random", "person": "Bo"}
        # Bo's connection stays (it is still Bo's seat) and sees the bot play it
        f = s.until(lambda x: x["type"] == "state" and x["seats"][1]["kind"] == "bot")
        assert f["seat"] == 1
        s.move("pass", f["seq"])
        err = s.until(lambda x: x["type"] == "error")
        assert "a bot plays seat 2 now" in err["message"]         # seats counted from 1
    # through the invite link Bo takes it back: a person again, a fresh token
    r = take(server, tid, 1, bo)
    assert r.status_code == 200
    summary = server.get(f"/api/tables/{tid}").json()
    assert summary["seats"][1] == {"kind": "person", "name": "Bo"}
    with server.websocket_connect(f"/ws/tables/{tid}?token={bo_token}") as ws:
        assert closed_with(ws) == 4401


def test_the_host_opens_a_seat_and_ends_the_table(server: Any) -> None:
    tid, host, host_token, bo, bo_token = host_table(server)
    with connect(server, tid, bo_token) as ws:
        Socket(ws).recv()
        r = server.post(f"/api/tables/{tid}/seats/1/open", headers=as_player(host))
        assert r.status_code == 200 and r.json()["status"] == "waiting"
        assert closed_with(ws) == 4401
    assert server.post(f"/api/tables/{tid}/seats/1/open", headers=as_player(host)).status_code == 409
    assert server.delete(f"/api/tables/{tid}", headers=as_player(bo)).status_code == 403
    with connect(server, tid, host_token) as ws:
        s = Socket(ws)
        s.recv()
        r = server.delete(f"/api/tables/{tid}", headers=as_player(host))
        assert r.status_code == 200 and r.json()["status"] == "over" and r.json()["abandoned"] is True
        f = s.until(lambda x: x["type"] == "state" and x["status"] == "over")
        assert f["abandoned"] is True and f["legal"] == [] and f["deadline"] is None and "end" not in f
    assert server.delete(f"/api/tables/{tid}", headers=as_player(host)).status_code == 409
    # abandoned: no replay (no winner published), its cards cannot be played again
    r = server.get(f"/api/tables/{tid}/replay")
    assert r.status_code == 403 and "ended by its host" in r.json()["error"]
    r = server.post("/api/tables", json={"same_cards_as": tid, "seats": ["open", "open"]})
    assert r.status_code == 403


def test_a_player_leaves_a_table(server: Any) -> None:
    tid, host, _, bo, bo_token = host_table(server)
    store = server.app.state.service.store
    assert store.open_tables_of_player(bo["player"]) == 1
    assert server.post(f"/api/tables/{tid}/leave").status_code == 401
    r = server.post(f"/api/tables/{tid}/leave", headers=as_player(new_player(server, "Zed")))
    assert r.status_code == 409
    with connect(server, tid, bo_token) as ws:
        Socket(ws).recv()
        r = server.post(f"/api/tables/{tid}/leave", headers=as_player(bo))
        assert r.status_code == 200
        assert r.json()["seats"][1] == {"kind": "bot", "name": default_bot_name("gin")}
        assert closed_with(ws) == 4401
    assert store.open_tables_of_player(bo["player"]) == 0        # it no longer counts for Bo
    assert server.get("/api/players/me/tables", headers=as_player(bo)).json() == []
    assert take(server, tid, 1, bo).status_code == 409            # a bot's seat now


# --- finding 1: the default timer of a table of several people --------------------------------

def test_an_absent_persons_turns_go_to_a_bot_with_a_message_in_each_language(
        make_server: Any, sqlite_url: str, clock: Any) -> None:
    server = make_server(sqlite_url, away_after_s=30)
    t = new_table(server, "gin", ["open", "open"])
    tid = t["id"]
    players = [new_player(server, "Ann"), new_player(server, "Bo")]
    tokens = [take(server, tid, i, p).json()["token"] for i, p in enumerate(players)]
    table = live(server, tid)
    absent = table.state.to_move()[0]
    here = 1 - absent
    with server.websocket_connect(f"/ws/tables/{tid}?token={tokens[here]}&layout=1&lang=th") as a, \
            server.websocket_connect(f"/ws/tables/{tid}?layout=1") as b:
        sa, sb = Socket(a), Socket(b)
        f = sa.recv()
        sb.recv()
        assert f["deadline"] == clock.now_ms() + 30_000           # the default timer runs
        clock.advance(29)
        assert fire(server) == 0
        clock.advance(2)
        assert fire(server) == 1
        name = players[absent]["name"]
        words = [sa.until(lambda x: x["type"] == "chat")["text"], sb.until(lambda x: x["type"] == "chat")["text"]]
        for loc, text in zip(("th", "en"), words, strict=True):
            with i18n.use_language(loc):
                assert text == i18n._(service_module.AWAY, seat=absent + 1, name=name)
        assert words[0] != words[1]
        # the bot plays the absent seat: the table goes on
        g = sb.until(lambda x: x["type"] == "state" and x["seq"] >= 1)
        assert g["seats"][absent] == {"kind": "bot", "name": default_bot_name("gin"), "person": name}
        assert server.app.state.service.store.load_moves(tid)[0].source == "bot"
        # they come back by taking the seat again
        assert take(server, tid, absent, players[absent]).status_code == 200
        back = sb.until(lambda x: x["type"] == "chat")
        assert back["system"] is True and back["text"] == f"Seat {absent + 1} ({name}) is back."
        latest = [f for f in sb.frames if f["type"] == "state"][-1]      # sent just before the message
        assert latest["seats"][absent] == {"kind": "person", "name": name}


def test_one_person_against_bots_has_no_default_timer(make_server: Any, sqlite_url: str) -> None:
    server = make_server(sqlite_url, away_after_s=30)
    t = new_table(server, "gin", ["open", "bot:random"])
    with connect(server, t["id"], join(server, t["id"], 0)) as ws:
        assert Socket(ws).recv()["deadline"] is None


# --- finding 9: my tables, links at the address the request came to -------------------------

def test_my_tables_with_links_at_the_requests_host(server: Any, clock: Any) -> None:
    ann = new_player(server, "Ann")
    hosted = server.post("/api/tables", json={"game": "gin", "seats": ["me", "open"], "listed": False},
                         headers={**as_player(ann), "Host": "cards.example:8123"}).json()
    assert hosted["url"] == f"http://cards.example:8123/tables/{hosted['id']}"
    assert hosted["invite"] == [f"http://cards.example:8123/tables/{hosted['id']}?join={i}" for i in range(2)]
    clock.advance(1)
    other = new_table(server, "dummy", ["open", "open", "bot:random"])
    take(server, other["id"], 1, ann)
    mine = server.get("/api/players/me/tables", headers={**as_player(ann), "Host": "192.168.1.5:8000"}).json()
    assert [m["id"] for m in mine] == [other["id"], hosted["id"]]           # newest first
    assert mine[0]["you"] == {"host": False, "seats": [1], "away": []}
    assert mine[1]["you"] == {"host": True, "seats": [0], "away": []}
    assert mine[1]["status"] == "waiting" and mine[1]["listed"] is False
    assert all(m["url"].startswith("http://192.168.1.5:8000/tables/") for m in mine)
    listed = server.get("/api/tables", headers={"Host": "friends.lan"}).json()
    assert [x["id"] for x in listed] == [other["id"]]                       # the private one is not listed
    assert listed[0]["url"] == f"http://friends.lan/tables/{other['id']}"
    assert server.get("/api/players/me/tables").status_code == 401


# --- finding 4: names are plain text ---------------------------------------------------------

@pytest.mark.parametrize(("raw", "needle"), [
    (b'{"name": "\\ud800"}', "lone surrogate"),
    (b'{"name": "a\\u001b[31mred"}', "control characters"),
    (b'{"name": "ann\\nbob"}', "control characters"),
    (b'{"name": "\\u202eevil"}', "reorder"),
    (b'{"name": "a\\u2066b"}', "reorder"),
    (b'{"name": "' + b"x" * 41 + b'"}', "at most 40"),
    (b'{"name": "   "}', "name"),
])
def test_names_must_be_plain_text(server: Any, raw: bytes, needle: str) -> None:
    headers = {"content-type": "application/json"}
    r = server.post("/api/players", content=raw, headers=headers)
    assert r.status_code == 400 and needle in r.json()["error"], r.text
    t = new_table(server, "gin", ["open", "open"])
    r = server.post(f"/api/tables/{t['id']}/seats/0", content=raw,
                    headers={**headers, **as_player(new_player(server, "ok"))})
    assert r.status_code == 400 and needle in r.json()["error"]
    assert server.get(f"/api/tables/{t['id']}").json()["seats"][0]["kind"] == "open"
    with server.app.state.service.store.engine.connect() as c:
        assert c.exec_driver_sql("SELECT count(*) FROM players").scalar_one() == 1     # only "ok"


@pytest.mark.parametrize(("text", "needle"), [
    ("\ud800", "lone surrogate"), ("\x1b[2J", "control characters"), ("a\nb", "control characters"),
    ("\u202eabc", "reorder"), ("\u2069", "reorder")])
def test_chat_must_be_plain_text(server: Any, text: str, needle: str) -> None:
    t = new_table(server, "gin", ["open", "open"])
    with server.websocket_connect(f"/ws/tables/{t['id']}?layout=1") as a, \
            server.websocket_connect(f"/ws/tables/{t['id']}?layout=1") as b:
        sa, sb = Socket(a), Socket(b)
        sa.recv()
        sb.recv()
        sa.sync()
        sb.sync()
        a.send_text(json.dumps({"type": "chat", "text": text}))       # \ud800 escaped in JSON
        err = sa.until(lambda x: x["type"] == "error")
        assert needle in err["message"]
        assert [f for f in sb.sync() if f["type"] == "chat"] == []   # nothing passed on
        sa.send({"type": "chat", "text": "hello"})
        assert sb.until(lambda x: x["type"] == "chat")["text"] == "hello"
