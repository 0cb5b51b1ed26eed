"""The HTTP API of the table protocol: games, tables, seats, replays, and every refusal."""

from __future__ import annotations

import importlib
import json
from typing import Any

import pytest

from cardtable.bots import bot_names
from cardtable.registry import game_ids, get_game
from tests.server.helpers import as_player, join, new_player, new_table


def test_health_and_games(server: Any) -> None:
    assert server.get("/api/health").json() == {"ok": True, "protocol": 3}
    games = server.get("/api/games").json()
    assert [g["id"] for g in games] == game_ids()
    for g in games:
        game = get_game(g["id"])
        assert g["players"] == [game.min_players, game.max_players]
        assert g["name"] == game.name and g["native_name"] == game.native_name
        assert g["bots"] == bot_names(g["id"])
        assert g["default_bot"] in g["bots"]
        assert g["presets"] == sorted(game.presets)


def test_default_bot_is_the_one_cardtable_play_uses(server: Any) -> None:
    common = importlib.import_module("cardtable.cli.common")   # the CLI's own choice
    for g in server.get("/api/games").json():
        assert g["default_bot"] == common.default_bot_name(g["id"])


def test_create_summary_and_list(server: Any) -> None:
    t = new_table(server, "gin", ["open", "bot:heuristic"], rules={"game_target": 50})
    assert t["game"] == "gin" and t["players"] == 2 and t["status"] == "waiting" and t["seq"] == 0
    assert t["seats"] == [{"kind": "open", "name": None}, {"kind": "bot", "name": "heuristic"}]
    assert t["rules"] == {"game_target": 50} and t["totals"] == [0, 0]
    assert server.get(f"/api/tables/{t['id']}").json() == t
    u = new_table(server, "dummy", ["bot:random"] * 3)
    assert u["status"] == "playing"
    listed = server.get("/api/tables").json()
    assert {x["id"] for x in listed} == {u["id"], t["id"]}
    join(server, t["id"], 0, "ann")
    after = server.get(f"/api/tables/{t['id']}").json()
    assert after["status"] == "playing" and after["seats"][0] == {"kind": "person", "name": "ann"}


def test_newest_first(server: Any, clock: Any) -> None:
    ids = []
    for _ in range(3):
        ids.append(new_table(server, "gin", ["bot:random", "bot:random"])["id"])
        clock.advance(1)
    assert [x["id"] for x in server.get("/api/tables").json()] == ids[::-1]


BAD_BODIES = [
    ({"game": "chess", "seats": ["open", "open"]}, "unknown game 'chess'"),
    ({"game": "gin", "seats": ["open", "open", "open"]}, "gin is for 2 players"),
    ({"game": "gin", "players": 3, "seats": ["open", "open"]}, "gin is for 2 players"),
    ({"game": "dummy", "players": 4, "seats": ["open", "open", "open"]}, "'players' is 4 but 'seats' lists 3"),
    ({"game": "gin", "seats": ["open", "bot:nobody"]}, "no bot 'nobody'"),
    ({"game": "gin", "seats": ["open", "human"]}, "seat 2: 'human' is not"),       # seats counted from 1
    ({"game": "gin", "seats": []}, "'seats' must be a list"),
    ({"game": "gin", "seats": ["open", "open"], "preset": "nope"}, "no preset 'nope'"),
    ({"game": "gin", "seats": ["open", "open"], "rules": {"knock_limitt": 3}}, "knock_limitt"),
    ({"game": "gin", "seats": ["open", "open"], "rules": {"knock_limit": "lots"}}, "knock_limit"),
    ({"game": "gin", "seats": ["open", "open"], "turn_seconds": -5}, "'turn_seconds'"),
    ({"game": "gin", "seats": ["open", "open"], "bot_delay_ms": "slow"}, "'bot_delay_ms'"),
    ({"game": "gin", "seats": ["open", "open"], "colour": "red"}, "unknown field 'colour'"),
    ({"seats": ["open", "open"]}, "'game' must be a game id"),
    (["gin"], "JSON object"),
]


@pytest.mark.parametrize(("body", "needle"), BAD_BODIES)
def test_bad_table_requests_name_the_problem_and_make_nothing(server: Any, body: Any, needle: str) -> None:
    before = server.get("/api/tables").json()
    r = server.post("/api/tables", json=body)
    assert r.status_code == 400, r.text
    assert needle in r.json()["error"]
    assert server.get("/api/tables").json() == before


def test_malformed_json_body(server: Any) -> None:
    r = server.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "not valid JSON" in r.json()["error"]


def test_join_refusals(server: Any) -> None:
    t = new_table(server, "gin", ["open", "bot:random"])
    tid = t["id"]
    ann = as_player(new_player(server, "ann"))
    assert server.post("/api/tables/nope/seats/0", json={"name": "a"}, headers=ann).status_code == 404
    r = server.post(f"/api/tables/{tid}/seats/2", json={"name": "a"}, headers=ann)
    assert r.status_code == 404 and "has 2 seats" in r.json()["error"]
    r = server.post(f"/api/tables/{tid}/seats/1", json={"name": "a"}, headers=ann)
    assert r.status_code == 409 and "seat 2 is taken" in r.json()["error"]      # seats counted from 1
    r = server.post(f"/api/tables/{tid}/seats/0", json={"name": ""}, headers=ann)
    assert r.status_code == 400 and "name" in r.json()["error"]
    # version 2: a seat needs a player credential
    r = server.post(f"/api/tables/{tid}/seats/0", json={"name": "ann"})
    assert r.status_code == 401 and "X-Player" in r.json()["error"]
    r = server.post(f"/api/tables/{tid}/seats/0", json={"name": "ann"}, headers={"X-Player": "forged"})
    assert r.status_code == 401
    assert server.get(f"/api/tables/{tid}").json()["seats"][0] == {"kind": "open", "name": None}
    token = join(server, tid, 0, "ann")
    assert len(token) >= 22     # >= 128 bits in url-safe base64
    r = server.post(f"/api/tables/{tid}/seats/0", json={"name": "bob"}, headers=as_player(new_player(server, "bob")))
    assert r.status_code == 409 and "seat 1 is taken (person 'ann')" in r.json()["error"]
    assert server.get(f"/api/tables/{tid}").json()["seats"][0] == {"kind": "person", "name": "ann"}


def test_tokens_are_stored_only_as_hashes(server: Any) -> None:
    t = new_table(server, "gin", ["open", "open"])
    tokens = [join(server, t["id"], s, f"p{s}") for s in range(2)]
    store = server.app.state.service.store
    with store.engine.connect() as c:
        dump = json.dumps([list(map(str, r)) for r in c.exec_driver_sql("SELECT * FROM seats").fetchall()])
    for tok in tokens:
        assert tok not in dump
    assert tokens[0] != tokens[1]


def test_unknown_table_and_route(server: Any) -> None:
    r = server.get("/api/tables/doesnotexist")
    assert r.status_code == 404 and "no table 'doesnotexist'" in r.json()["error"]
    r = server.get("/api/nothing")
    assert r.status_code == 404 and "error" in r.json()


def test_replay_is_refused_before_the_match_ends(server: Any) -> None:
    t = new_table(server, "gin", ["open", "bot:random"])
    r = server.get(f"/api/tables/{t['id']}/replay")
    assert r.status_code == 403 and "not over" in r.json()["error"]


def test_open_tables_per_client_are_limited(make_server: Any, sqlite_url: str) -> None:
    client = make_server(sqlite_url, max_open_tables_per_client=2)
    for _ in range(2):
        new_table(client, "gin", ["open", "open"])
    before = client.get("/api/tables").json()
    r = client.post("/api/tables", json={"game": "gin", "seats": ["open", "open"]})
    assert r.status_code == 429 and "too many open tables" in r.json()["error"]
    assert client.get("/api/tables").json() == before


def test_pages_are_placeholders_without_cards(server: Any) -> None:
    t = new_table(server, "gin", ["bot:random", "bot:random"])
    for path in ("/", f"/tables/{t['id']}"):
        r = server.get(path)
        assert r.status_code == 200 and "text/html" in r.headers["content-type"]
        assert not any(s in r.text for s in "♠♥♦♣")


def test_summaries_show_no_cards(server: Any) -> None:
    t = new_table(server, "dummy", ["bot:random"] * 4)
    body = json.dumps(server.get("/api/tables").json() + [server.get(f"/api/tables/{t['id']}").json()],
                      ensure_ascii=False)
    assert not any(s in body for s in "♠♥♦♣")


def test_games_give_the_lobby_what_its_forms_need(server: Any) -> None:
    """Version 2: bots with labels and descriptions (levels first, the default level),
    presets with descriptions, every option with its type, default, choices and bounds, and
    the options that decide the match's length; the contract's fields stay."""
    from cardtable.bots.levels import LEVELS

    for g in server.get("/api/games").json():
        game = get_game(g["id"])
        assert g["bots"] == bot_names(g["id"]) and g["presets"] == sorted(game.presets)   # as before
        choices = g["bot_choices"]
        assert [b["name"] for b in choices[:4]] == list(LEVELS) and all(b["level"] for b in choices[:4])
        assert sorted(b["name"] for b in choices) == sorted(g["bots"])
        assert all(b["label"] and b["description"] for b in choices[:4])
        assert g["default_level"] == "medium"
        assert [p["name"] for p in g["preset_choices"]] == g["presets"]
        assert all(p["description"] for p in g["preset_choices"])
        keys = [i.key for i in game.options_class.describe()]
        assert [o["key"] for o in g["options"]] == keys
        for o, info in zip(g["options"], game.options_class.describe(), strict=True):
            assert o["type"] == info.type_name and o["default"] == info.default
            assert o["min"] == info.min and o["max"] == info.max and o["description"]
            assert o["choices"] == (list(info.choices) if info.choices is not None else None)
        assert g["match_length"] and set(g["match_length"]) <= set(keys), g["id"]
