"""Issue 28 end to end over HTTP and WebSocket: rated tables and the one rating update of a
rated match (never of an unrated one), players' pages and leaderboards, quick play filling a
table, rematches, and the month's open data through ``cardtable replay --check``."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from cardtable.cli.main import app as cli_app
from cardtable.server import create_app
from tests.server.helpers import Socket, as_player, connect, make_settings, new_player

PASSWORD = "correct horse battery"
ONE_DEAL = {"game_target": 1}


def account(client: TestClient, name: str) -> dict[str, str]:
    """An account named ``name`` made from a guest credential, which then acts for it: the
    headers of its requests.  (One test client for everyone: each client runs the app in an
    event loop of its own, and a table's sockets must share one.)"""
    guest = new_player(client, name.lower())
    r = client.post("/api/accounts", json={"name": name, "password": PASSWORD}, headers=as_player(guest))
    assert r.status_code == 201, r.text
    client.cookies.clear()
    return as_player(guest)


def play_to_the_end(socks: list[Socket], rng: random.Random) -> dict[str, Any]:
    """Random moves (knocking where one may) for every seat until the match is over (a deal's
    end and the next deal's start come at the same seq: frames are ordered by (seq, deal))."""
    latest = [s.until(lambda x: x["type"] == "state") for s in socks]
    for _ in range(5000):
        if latest[0].get("status") == "over":
            return latest[0]
        at = max((f["seq"], f["deal"]) for f in latest)
        for s, f in zip(socks, latest, strict=True):
            if f["legal"] and (f["seq"], f["deal"]) == at:
                knocks = [m for m in f["legal"] if m.startswith(("knock", "gin"))]
                s.move(rng.choice(knocks or f["legal"]), f["seq"])
        latest = [s.until(lambda x, at=at: x["type"] == "state" and (x["seq"], x["deal"]) > at) for s in socks]
    raise AssertionError("the match did not end")


def wait_for(pred: Any, what: str, seconds: float = 10.0) -> Any:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        got = pred()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError(f"{what} did not happen within {seconds} s")


def rated_match(app: Any, ann: TestClient, bo: TestClient, ann_h: dict[str, str], bo_h: dict[str, str],
                seed: int, rated: bool = True) -> str:
    r = ann.post("/api/tables", json={"game": "gin", "seats": ["me", "open"], "bot_delay_ms": 0,
                                      "rules": ONE_DEAL, "rated": rated}, headers=ann_h)
    assert r.status_code == 201, r.text
    t = r.json()
    assert t["rated"] is rated
    r = bo.post(f"/api/tables/{t['id']}/seats/1", json={}, headers=bo_h)
    assert r.status_code == 200, r.text
    with connect(ann, t["id"], t["token"]) as a, connect(bo, t["id"], r.json()["token"]) as b:
        end = play_to_the_end([Socket(a), Socket(b)], random.Random(seed))
    assert end["status"] == "over"
    return str(t["id"])


def test_a_rated_match_rates_once_and_an_unrated_one_never(sqlite_url: str, clock: Any, tmp_path: Path) -> None:
    app = create_app(make_settings(sqlite_url), clock, background=False)
    with TestClient(app) as c:
        ann = bo = guest = c
        ann_h, bo_h = account(c, "Ann"), account(c, "Bo")
        # what cannot be rated is refused, naming why
        r = ann.post("/api/tables", json={"game": "gin", "seats": ["me", "bot:heuristic"], "rated": True},
                     headers=ann_h)
        assert r.status_code == 400 and "seat 2 is a bot" in r.json()["error"]
        r = ann.post("/api/tables", json={"game": "gin", "seats": ["me", "open"], "rated": "yes"}, headers=ann_h)
        assert r.status_code == 400 and "'rated'" in r.json()["error"]
        r = ann.post("/api/tables", json={"game": "gin", "seats": ["me", "open"], "rated": True}, headers=ann_h)
        tid = r.json()["id"]
        g = new_player(guest, "gus")
        r = guest.post(f"/api/tables/{tid}/seats/1", json={}, headers=as_player(g))
        assert r.status_code == 403 and "rated" in r.json()["error"]
        ann.delete(f"/api/tables/{tid}", headers=ann_h)

        # an unrated match between the same two accounts changes no rating
        rated_match(app, ann, bo, ann_h, bo_h, seed=1, rated=False)
        clock.advance(60)
        assert ann.get("/api/players/Ann").json()["ratings"] == {}

        # a rated one: both rated once, the winner up and the loser down
        tid = rated_match(app, ann, bo, ann_h, bo_h, seed=2)
        page = wait_for(lambda: ann.get("/api/players/Ann", headers=ann_h).json()["ratings"].get("gin") and
                        ann.get("/api/players/Ann", headers=ann_h).json(), "the rating update")
        bo_page = bo.get("/api/players/Bo", headers=bo_h).json()
        a, b = page["ratings"]["gin"], bo_page["ratings"]["gin"]
        assert a["games"] == b["games"] == 1 and a["provisional"] and b["provisional"]
        assert a["sigma"] < 25 / 3 and b["sigma"] < 25 / 3
        totals = ann.get(f"/api/tables/{tid}").json()["totals"]
        if totals[0] != totals[1]:
            winner, loser = (a, b) if totals[0] > totals[1] else (b, a)
            assert winner["mu"] > 25 > loser["mu"] and winner["rating"] > loser["rating"]
        # the rating is not updated a second time for that match (whichever process tries)
        service = app.state.service
        table = service.tables.get(tid)
        if table is not None:
            import asyncio

            from cardtable.server.rated import rate_ended
            assert asyncio.run(rate_ended(service.accounts.db, table, clock.now_ms())) is False
        assert ann.get("/api/players/Ann").json()["ratings"]["gin"]["games"] == 1
        # the history: newest first, with the result; private to Ann until she makes it public
        mine = ann.get("/api/players/Ann", headers=ann_h).json()["matches"]
        assert [m["game"] for m in mine] == ["gin", "gin"] and mine[0]["table"] == tid and mine[0]["rated"]
        assert mine[0]["result"]["seat"] == 1 and mine[0]["result"]["of"] == 2
        assert guest.get("/api/players/Ann").json()["matches"] == []
        ann.post("/api/account/settings", json={"public_name": True}, headers=ann_h)
        assert [m["table"] for m in guest.get("/api/players/Ann").json()["matches"]][0] == tid
        board = guest.get("/api/leaderboard/gin").json()
        assert sorted(p["name"] for p in board["players"]) == ["Ann", "Bo"]
        assert guest.get("/api/leaderboard/nogame").status_code == 404

        # the month's open data: both matches, Ann named (she allowed it), Bo not
        month = time.strftime("%Y-%m", time.gmtime(clock.now_ms() / 1000))
        r = guest.get(f"/api/export/gin?month={month}")
        assert r.status_code == 200 and r.headers["content-type"].startswith("application/x-ndjson")
        lines = [json.loads(x) for x in r.text.splitlines()]
        assert len(lines) == 2
        for i, line in enumerate(lines):
            assert line["source"]["seats"] == ["Ann", "seat 2"]
            f = tmp_path / f"line{i}.json"
            f.write_text(json.dumps(line, ensure_ascii=False), encoding="utf-8")
            res = CliRunner().invoke(cli_app, ["replay", str(f), "--check"])
            assert res.exit_code == 0, res.output
        assert guest.get("/api/export/gin?month=2026-13").status_code == 400
        assert guest.get("/api/export/gin").status_code == 400


def test_quick_play_fills_a_table_then_starts_another(sqlite_url: str, clock: Any) -> None:
    app = create_app(make_settings(sqlite_url), clock, background=False)
    with TestClient(app) as c:
        one, two, three = (new_player(c, n) for n in ("ann", "bo", "cy"))
        r = c.post("/api/quickplay", json={"game": "gin", "bot": "heuristic"}, headers=as_player(one))
        assert r.status_code == 200, r.text
        first = r.json()
        assert first["joined"] is False and first["seat"] == 0 and first["url"].endswith(f"/tables/{first['table']}")
        seats = c.get(f"/api/tables/{first['table']}").json()["seats"]
        assert seats[1]["kind"] == "bot"
        # the second person takes the bot's seat of that table
        r = c.post("/api/quickplay", json={"game": "Gin"}, headers=as_player(two))
        second = r.json()
        assert r.status_code == 200 and second["table"] == first["table"] and second["seat"] == 1
        assert second["joined"] is True
        seat = c.get(f"/api/tables/{first['table']}").json()["seats"][1]
        # Bo's at once if the bot had not moved in this deal yet, else from the next deal on
        assert seat == {"kind": "person", "name": "bo"} or seat == {"kind": "bot", "name": "heuristic",
                                                                    "person": "bo"}, seat
        # both seats are people's (or Bo's from the next deal): the third gets a new table
        r = c.post("/api/quickplay", json={"game": "gin"}, headers=as_player(three))
        assert r.status_code == 200 and r.json()["table"] != first["table"] and r.json()["joined"] is False
        # bad requests name the problem and make nothing
        n = len(c.get("/api/tables").json())
        for body, words in (({"game": "nogame"}, "nogame"), ({"game": "gin", "players": 7}, "7"),
                            ({"game": "gin", "bot": "nobot"}, "nobot"), ({"game": "gin", "x": 1}, "unknown field")):
            r = c.post("/api/quickplay", json=body, headers=as_player(three))
            assert r.status_code == 400 and words in r.json()["error"], (body, r.text)
        assert c.post("/api/quickplay", json={"game": "gin"}).status_code == 401
        assert len(c.get("/api/tables").json()) == n


def test_a_rematch_keeps_the_seats(sqlite_url: str, clock: Any) -> None:
    app = create_app(make_settings(sqlite_url), clock, background=False)
    with TestClient(app) as c:
        ann = bo = cy = c
        ann_h, bo_h = account(c, "Ann"), account(c, "Bo")
        old = rated_match(app, ann, bo, ann_h, bo_h, seed=3, rated=False)
        clock.advance(60)
        assert cy.post(f"/api/tables/{old}/rematch", json={}).status_code == 401
        r = ann.post(f"/api/tables/{old}/rematch", json={}, headers=ann_h)
        assert r.status_code == 201, r.text
        new = r.json()
        assert new["id"] != old and new["seat"] == 0 and new["rules"] == {"game_target": 1}
        # Bo's seat is kept for him: a stranger cannot take it, he can
        stranger = new_player(cy, "cy")
        r = cy.post(f"/api/tables/{new['id']}/seats/1", json={}, headers=as_player(stranger))
        assert r.status_code == 409 and "kept" in r.json()["error"]
        r = bo.post(f"/api/tables/{new['id']}/seats/1", json={}, headers=bo_h)
        assert r.status_code == 200, r.text
        assert ann.get(f"/api/tables/{new['id']}").json()["status"] == "playing"


def test_heavy_reads_and_pings_are_limited(sqlite_url: str, clock: Any) -> None:
    """Replays, exports, players' pages and leaderboards count against the address's reads a
    minute; a connection's pings beyond 5 a second (bursts of 10) get an error, not a pong."""
    app = create_app(make_settings(sqlite_url, max_reads_per_minute=3), clock, background=False)
    with TestClient(app) as c:
        account(c, "Ann")
        for url in ("/api/players/Ann", "/api/leaderboard/gin", "/api/export/gin?month=2026-01"):
            assert c.get(url).status_code == 200, url
        r = c.get("/api/players/Ann")
        assert r.status_code == 429 and "too many requests" in r.json()["error"]
        assert c.get("/api/health").status_code == 200            # other requests are not counted
        t = c.post("/api/tables", json={"game": "gin", "seats": ["open", "bot:heuristic"]}).json()
        with connect(c, t["id"]) as ws:
            s = Socket(ws)
            s.until(lambda x: x["type"] == "state")
            for _ in range(40):
                s.send({"type": "ping"})
            got = [s.until(lambda x: x["type"] in ("pong", "error")) for _ in range(40)]
        kinds = [g["type"] for g in got]
        assert 0 < kinds.count("pong") < 40 and "pings" in next(g for g in got if g["type"] == "error")["message"]


def test_friends_tables_and_the_rating_history(sqlite_url: str, clock: Any) -> None:
    """The lobby's tables of recent opponents, and a player's rating after each rated match."""
    app = create_app(make_settings(sqlite_url), clock, background=False)
    with TestClient(app) as c:
        ann_h, bo_h = account(c, "Ann"), account(c, "Bo")
        cy = new_player(c, "cy")
        assert c.get("/api/players/me/friends/tables", headers=ann_h).json() == []
        tid = rated_match(app, c, c, ann_h, bo_h, seed=5)
        clock.advance(60)
        r = c.post("/api/tables", json={"game": "gin", "seats": ["me", "open"]}, headers=bo_h)
        bos = r.json()["id"]
        c.post("/api/tables", json={"game": "gin", "seats": ["me", "open"], "listed": False}, headers=bo_h)
        c.post("/api/tables", json={"game": "gin", "seats": ["me", "open"]}, headers=as_player(cy))
        # Ann sees Bo's listed table (not his private one, nor a stranger's); Cy sees none
        assert [t["id"] for t in c.get("/api/players/me/friends/tables", headers=ann_h).json()] == [bos]
        assert c.get("/api/players/me/friends/tables", headers=as_player(cy)).json() == []
        assert c.get("/api/players/me/friends/tables").status_code == 401
        # the rating after the rated match; the table shown to Ann herself only
        wait_for(lambda: c.get("/api/players/Ann/ratings/gin").json()["history"], "the rating update")
        mine = c.get("/api/players/Ann/ratings/gin", headers=ann_h).json()
        theirs = c.get("/api/players/Ann/ratings/gin").json()
        assert len(mine["history"]) == 1 and mine["history"][0]["table"] == tid
        assert mine["history"][0]["games"] == 1 and "table" not in theirs["history"][0]
        assert mine["history"][0]["mu"] == c.get("/api/players/Ann").json()["ratings"]["gin"]["mu"]
        assert c.get("/api/players/Ann/ratings/nogame").status_code == 404
        assert c.get("/api/players/Nobody/ratings/gin").status_code == 404
