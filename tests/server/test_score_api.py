"""Issue 30 on the server: the scorekeeper's fields and scoring (the engine's sheet, never the
page's arithmetic), bad entries refused naming deal, field and seat (from 1), and the sheets
a signed-in account keeps: saved, changed, read by anyone holding the link (JSON and CSV),
listed, deleted, exported with the account and gone with it."""

from __future__ import annotations

import copy
import json
from typing import Any

from fastapi.testclient import TestClient

from cardtable.scoresheet import Sheet
from tests.server.test_accounts import PASSWORD, csrf, sign_up

GIN = {"knocker": 0, "hands": [["A♠", "2♠", "3♠", "4♠", "5♠", "6♠", "7♠", "8♠", "9♠", "10♠"],
                               ["K♥", "K♦", "K♣", "Q♥", "Q♦", "Q♣", "J♥", "J♦", "9♥", "8♦"]]}


def sheet_json(*entries: dict[str, Any], names: list[str] | None = None) -> dict[str, Any]:
    return {"format": "cardtable-sheet", "version": 1, "game": "gin", "players": 2, "names": names or ["Ann", "Bo"],
            "preset": None, "rules": {}, "title": "", "entries": [copy.deepcopy(e) for e in entries]}


def test_fields_of_a_table(server: TestClient) -> None:
    r = server.post("/api/score/fields", json={"game": "dummy", "players": 3})
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["game"] == "dummy" and got["players"] == 3
    keys = [f["key"] for f in got["fields"]]
    assert keys[:3] == ["knocker", "tabled", "hand"] and "penalties" in keys
    penalties = next(f for f in got["fields"] if f["key"] == "penalties")
    assert penalties["kind"] == "penalty" and all(c["rule"].startswith("dummy:") for c in penalties["choices"])
    assert len(got["pack"]) == 52 and "10♥" in got["pack"] and got["names"] == ["Player 1", "Player 2", "Player 3"]
    assert any(p["name"] == "default" for p in got["presets"])
    # a game of jokers has them in its pack; two packs give each card once
    assert "BJ" in server.post("/api/score/fields", json={"game": "zhuoheia", "players": 5}).json()["pack"]
    remik = server.post("/api/score/fields", json={"game": "remik", "players": 4}).json()["pack"]
    assert len(remik) == len(set(remik))
    for body, words in [({"game": "chess"}, "chess"), ({"game": "gin", "players": 5}, "players"),
                        ({"game": "gin", "rules": {"game_target": "x"}}, "game_target"),
                        ({"game": "gin", "players": "2"}, "players"), ([], "JSON object")]:
        r = server.post("/api/score/fields", json=body)
        assert r.status_code == 400 and words in r.json()["error"], (body, r.text)


def test_a_sheet_is_scored_by_the_engine(server: TestClient) -> None:
    r = server.post("/api/score/sheet", json={"sheet": sheet_json(GIN, {"dead": True})})
    assert r.status_code == 200, r.text
    got = r.json()
    want = Sheet.from_json(sheet_json(GIN, {"dead": True})).result()
    assert got == json.loads(json.dumps(want, ensure_ascii=False))
    assert got["deals"][0]["scores"] == [62, 0] and got["totals"] == [62, 0] and not got["over"]
    assert sum(line["points"] for line in got["deals"][0]["lines"][0]) == 62
    assert got["deals"][0]["lines"][0][0]["rule"].startswith("gin:")


def test_a_bad_entry_names_deal_field_and_seat(server: TestClient) -> None:
    bad = {"knocker": 0, "hands": [GIN["hands"][0], GIN["hands"][1][:9]]}
    r = server.post("/api/score/sheet", json={"sheet": sheet_json(GIN, bad)})
    assert r.status_code == 400
    got = r.json()
    assert got["deal"] == 2 and got["field"] == "hands" and got["seat"] == 2
    assert got["error"].startswith("deal 2: ") and "seat 2" in got["error"]
    for body, words in [({}, "'sheet'"), ({"sheet": {"format": "x"}}, "not a score sheet"),
                        ({"sheet": {**sheet_json(), "names": ["a", "b", "c"]}}, "3 names")]:
        r = server.post("/api/score/sheet", json=body)
        assert r.status_code == 400 and words in r.json()["error"], r.text


def test_an_entry_is_scored_in_the_readers_language(server: TestClient) -> None:
    en = server.post("/api/score/sheet", json={"sheet": sheet_json(GIN)}).json()
    pl = server.post("/api/score/sheet", json={"sheet": sheet_json(GIN)}, headers={"Accept-Language": "pl"}).json()
    assert en["totals"] == pl["totals"]
    assert en["deals"][0]["lines"] != pl["deals"][0]["lines"]


def test_saved_sheets_belong_to_their_account_and_are_read_by_link(server: TestClient) -> None:
    # without an account: nothing is kept on the server
    r = server.post("/api/sheets", json={"sheet": sheet_json(GIN)})
    assert r.status_code == 401 and "sign in" in r.json()["error"]
    sign_up(server, "Ann")
    h = csrf(server)
    assert server.post("/api/sheets", json={"sheet": sheet_json(GIN)}).status_code == 403     # no CSRF token
    bad = {"knocker": 0, "hands": [GIN["hands"][0], []]}
    r = server.post("/api/sheets", json={"sheet": sheet_json(bad)}, headers=h)
    assert r.status_code == 400 and r.json()["deal"] == 1
    assert server.get("/api/players/me/sheets").json() == []
    r = server.post("/api/sheets", json={"sheet": sheet_json(GIN, names=["Ann", "Bo"])}, headers=h)
    assert r.status_code == 201, r.text
    sid, url = r.json()["id"], r.json()["url"]
    assert url == f"/score/s/{sid}" and len(sid) >= 16
    r = server.put(f"/api/sheets/{sid}", json={"sheet": sheet_json(GIN, {"dead": True})}, headers=h)
    assert r.status_code == 200
    mine = server.get("/api/players/me/sheets").json()
    assert [(s["id"], s["game"], s["deals"], s["title"]) for s in mine] == [(sid, "gin", 2, "Ann · Bo")]
    got = server.get(f"/api/sheets/{sid}").json()
    assert got["mine"] is True and got["result"]["totals"] == [62, 0] and len(got["sheet"]["entries"]) == 2
    # another visitor reads it, cannot change or delete it
    other = TestClient(server.app)        # another browser (the app is already started)
    seen = other.get(f"/api/sheets/{sid}").json()
    assert seen["mine"] is False and seen["result"] == got["result"]
    assert seen["owner"] is None                       # Ann does not show her name in public
    assert server.post("/api/account/settings", json={"public_name": True}, headers=h).status_code == 200
    assert other.get(f"/api/sheets/{sid}").json()["owner"] == "Ann"
    csv_text = other.get(f"/api/sheets/{sid}.csv").text
    assert csv_text.splitlines()[0] == "deal,Ann,Bo,Ann total,Bo total" and csv_text.splitlines()[1] == "1,62,0,62,0"
    sign_up(other, "Bo")
    h2 = csrf(other)
    assert other.put(f"/api/sheets/{sid}", json={"sheet": sheet_json()}, headers=h2).status_code == 404
    assert other.delete(f"/api/sheets/{sid}", headers=h2).status_code == 404
    assert other.get("/api/sheets/nope").status_code == 404
    # the page of a shared sheet
    assert other.get(url).status_code == 200
    # exported with the account; deleted with it
    export = server.get("/api/account/export").json()
    assert [s["id"] for s in export["score_sheets"]] == [sid]
    r = server.request("DELETE", "/api/account", json={"password": PASSWORD}, headers=h)
    assert r.status_code in (200, 204), r.text
    assert other.get(f"/api/sheets/{sid}").status_code == 404


def test_an_owner_deletes_a_sheet(server: TestClient) -> None:
    sign_up(server, "Cy")
    h = csrf(server)
    sid = server.post("/api/sheets", json={"sheet": sheet_json(GIN)}, headers=h).json()["id"]
    assert server.delete(f"/api/sheets/{sid}", headers=h).status_code == 204
    assert server.get(f"/api/sheets/{sid}").status_code == 404
    assert server.get("/api/players/me/sheets").json() == []
