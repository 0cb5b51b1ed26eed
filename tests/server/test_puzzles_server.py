"""Issue 29's puzzles on the server: a solver gets the seat's view, its legal moves and the
felt's picture only (no card the seat cannot see, no answer); answers are judged, the first
try of each player rated (player against puzzle), a move that is not legal there refused and
counted nothing; the next puzzle is one the player has not tried."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from cardtable import puzzles
from cardtable.conformance import hidden_tokens, view_tokens
from cardtable.server import create_app
from tests.server.helpers import as_player, make_settings, new_player


def wrong_move(p: dict[str, Any], right: set[str]) -> str:
    return next(m["move"] for m in p["legal"] if m["move"] not in right)


def test_a_puzzle_shows_only_the_seat_s_view_and_answers_are_rated_once(sqlite_url: str, clock: Any) -> None:
    app = create_app(make_settings(sqlite_url), clock, background=False)
    with TestClient(app) as c:
        cat = {g["game"]: g for g in c.get("/api/puzzles").json()}
        assert cat["gin"]["puzzles"] == len(puzzles.load("gin")) > 0 and cat["gin"]["daily"]
        daily = c.get("/api/puzzles/gin/daily").json()
        assert daily["id"] == cat["gin"]["daily"]
        p = puzzles.by_id(daily["id"])
        # nothing but the seat's view: no deal, no answer, no card hidden from the seat
        assert not {"deal", "answer", "candidates", "accept", "explanation", "moves"} & set(daily)
        state = puzzles.state_of(p)
        assert daily["view"] == json.loads(json.dumps(state.view(p.seat)))
        hidden = hidden_tokens(state, p.seat)
        assert hidden and not hidden & set(view_tokens(daily))
        assert daily["felt"]["picture"]["seats"] and {m["move"] for m in daily["legal"]} == {
            state.move_text(m) for m in state.legal_moves(p.seat)}

        ann = as_player(new_player(c, "ann"))
        right = set(p.correct)
        # a move that is not legal there: refused, counted nothing
        r = c.post(f"/api/puzzle/{p.id}/answer", json={"move": "fly to the moon"}, headers=ann)
        assert r.status_code == 400 and r.json()["error"], r.text
        assert c.post(f"/api/puzzle/{p.id}/answer", json={}, headers=ann).status_code == 400
        assert c.get("/api/players/me/puzzles", headers=ann).json() == {}
        # a wrong first try: judged, explained, rated down
        r = c.post(f"/api/puzzle/{p.id}/answer", json={"move": wrong_move(daily, right)}, headers=ann)
        assert r.status_code == 200, r.text
        got = r.json()
        assert got["correct"] is False and got["rated"] is True and got["answer"]["move"] == p.answer
        assert got["explanation"] and got["rating"]["tried"] == 1 and got["rating"]["solved"] == 0
        assert got["rating"]["mu"] < 25
        # the right answer afterwards: right, but not rated again
        again = c.post(f"/api/puzzle/{p.id}/answer", json={"move": p.answer}, headers=ann).json()
        assert again["correct"] is True and again["rated"] is False
        mine = c.get("/api/players/me/puzzles", headers=ann).json()
        assert mine["gin"]["tried"] == 1 and mine["gin"]["solved"] == 0

        # another player right at the first try: rated up; the puzzle's rating moved twice
        bo = as_player(new_player(c, "bo"))
        ok = c.post(f"/api/puzzle/{p.id}/answer", json={"move": p.answer}, headers=bo).json()
        assert ok["correct"] and ok["rated"] and ok["rating"]["mu"] > 25 and ok["rating"]["solved"] == 1
        # a visitor may solve too, unrated
        visitor = c.post(f"/api/puzzle/{p.id}/answer", json={"move": p.answer}).json()
        assert visitor["correct"] and visitor["rated"] is False and "rating" not in visitor

        # the next puzzle is one Ann has not tried
        nxt = c.get("/api/puzzles/gin/next", headers=ann).json()
        assert nxt["id"] != p.id and nxt["game"] == "gin"
        # a visitor's next puzzle is another one than on their screen
        assert all(c.get(f"/api/puzzles/gin/next?after={p.id}").json()["id"] != p.id for _ in range(5))
        # unknown things are 404s naming them
        assert c.get("/api/puzzle/gin-nope").status_code == 404
        assert c.get("/api/puzzles/nosuchgame/daily").status_code == 404
