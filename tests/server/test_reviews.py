"""Issue 29 on the server: reviews of ended matches only, computed off the event loop (a
thread, or the bot worker processes), kept once, limited per player, and the same whatever
process or number of workers computed them."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardtable.review import review_match
from cardtable.server import create_app
from cardtable.server.service import TableService
from tests.server.helpers import as_player, make_settings, new_player, new_table

ONE_DEAL = {"game_target": 1}


def ended_gin(c: TestClient) -> str:
    t = new_table(c, "gin", ["bot:heuristic", "bot:heuristic"], rules=ONE_DEAL)
    for _ in range(400):
        if c.get(f"/api/tables/{t['id']}").json()["status"] == "over":
            return str(t["id"])
        time.sleep(0.05)
    raise AssertionError("the bots' match did not end")


def wait_done(c: TestClient, tid: str, seat: int, worlds: int, lang: str = "en") -> dict[str, Any]:
    for _ in range(1200):
        r = c.get(f"/api/tables/{tid}/reviews/{seat}?worlds={worlds}&lang={lang}")
        if r.status_code == 200:
            assert r.json()["status"] == "done", r.text
            return dict(r.json()["review"])
        assert r.status_code == 202, r.text
        time.sleep(0.05)
    raise AssertionError("the review did not come")


def test_a_review_of_an_ended_match_only_kept_once_and_as_the_engine_gives_it(sqlite_url: str, clock: Any) -> None:
    app = create_app(make_settings(sqlite_url, bot_delay_ms=0, min_bot_only_delay_ms=0), clock, background=False)
    with TestClient(app) as c:
        me = as_player(new_player(c, "ann"))
        # a running match is never analysed, for anyone
        running = new_table(c, "gin", ["open", "bot:random"], rules=ONE_DEAL)
        r = c.post(f"/api/tables/{running['id']}/reviews", json={"seat": 1}, headers=me)
        assert r.status_code == 403 and "not over" in r.json()["error"], r.text
        assert c.get(f"/api/tables/{running['id']}/reviews/1").status_code == 403
        # bad requests name the problem and start nothing
        tid = ended_gin(c)
        assert c.post(f"/api/tables/{tid}/reviews", json={"seat": 0}).status_code == 401
        for body, says in (({"seat": 2}, "'seat'"), ({"seat": "0"}, "'seat'"), ({}, "'seat'"),
                           ({"seat": 0, "worlds": 3}, "'worlds'"), ([], "JSON object")):
            r = c.post(f"/api/tables/{tid}/reviews", json=body, headers=me)
            assert r.status_code == 400 and says in r.json()["error"], (body, r.text)
        assert c.get(f"/api/tables/{tid}/reviews/0?worlds=8").status_code == 404      # nobody asked
        assert not app.state.service.reviews.under_way
        # asked: queued, computed off the loop, kept
        r = c.post(f"/api/tables/{tid}/reviews", json={"seat": 0, "worlds": 8}, headers=me)
        assert r.status_code == 202 and r.json()["status"] in ("queued", "running"), r.text
        got = wait_done(c, tid, 0, 8)
        replay = c.get(f"/api/tables/{tid}/replay").json()
        assert got == json.loads(json.dumps(review_match(replay, 0, 8, 0).to_json(), ensure_ascii=False))
        assert got["game"] == "gin" and got["seat"] == 0 and got["budget"]["worlds"] == 8
        again = c.post(f"/api/tables/{tid}/reviews", json={"seat": 0, "worlds": 8}, headers=me)
        assert again.status_code == 200 and again.json()["review"] == got
        # in the asker's language: the same review, other words
        r = c.post(f"/api/tables/{tid}/reviews?lang=pl", json={"seat": 0, "worlds": 8}, headers=me)
        assert r.status_code == 202, r.text
        pl = wait_done(c, tid, 0, 8, lang="pl")
        assert pl["decisions"] == got["decisions"]
        assert pl["summary"]["words"] != got["summary"]["words"]


def test_a_player_has_at_most_two_reviews_under_way(sqlite_url: str, clock: Any) -> None:
    app = create_app(make_settings(sqlite_url, bot_delay_ms=0, min_bot_only_delay_ms=0), clock, background=False)
    with TestClient(app) as c:
        me, other = as_player(new_player(c, "ann")), as_player(new_player(c, "bo"))
        tid = ended_gin(c)
        app.state.service.reviews._slots = asyncio.Semaphore(0)      # nothing gets computed meanwhile
        for seat in (0, 1):
            assert c.post(f"/api/tables/{tid}/reviews", json={"seat": seat, "worlds": 8}, headers=me).status_code == 202
        r = c.post(f"/api/tables/{tid}/reviews", json={"seat": 0, "worlds": 16}, headers=me)
        assert r.status_code == 429 and "2 reviews under way" in r.json()["error"], r.text
        # the same review asked again is not a new one; another player is not held up
        assert c.post(f"/api/tables/{tid}/reviews", json={"seat": 0, "worlds": 8}, headers=other).json() == {
            "status": "running"}
        assert c.post(f"/api/tables/{tid}/reviews", json={"seat": 0, "worlds": 16}, headers=other).status_code == 202


@pytest.mark.slow
def test_reviews_are_the_same_with_one_and_two_workers(sqlite_url: str) -> None:
    """The same ended match reviewed through the bot worker processes of a server with 1
    worker, then (the kept review deleted) of a server with 2: the same review, the engine's."""
    from cardtable.server.reviews import reviews_t

    async def review_with(workers: int, table_id: str | None) -> tuple[str, dict[str, Any], dict[str, Any]]:
        svc = TableService(make_settings(sqlite_url, bot_workers=workers, bot_delay_ms=0, min_bot_only_delay_ms=0))
        await svc.start(background=False)
        try:
            if table_id is None:
                table, _ = await svc.create_table({"game": "gin", "seats": ["bot:heuristic", "bot:heuristic"],
                                                   "rules": ONE_DEAL}, None)
                for _ in range(400):
                    if table.status == "over":
                        break
                    await asyncio.sleep(0.05)
                table_id = table.id
            player = await svc.create_player({"name": "ann"}, None)
            row = await svc.store.run(svc.store.player_by_secret, player["secret"])
            status, _got = await svc.reviews.ask(table_id, {"seat": 1, "worlds": 8}, row)
            assert status == 202
            for _ in range(1200):
                status, got = await svc.reviews.look(table_id, 1, 8)
                if status == 200:
                    assert got["status"] == "done", got
                    assert svc.bots is not None and svc.bots.done >= 1       # it ran in a worker
                    return table_id, got["review"], await svc.replay(table_id)
                await asyncio.sleep(0.05)
            raise AssertionError("no review")
        finally:
            with svc.store.engine.begin() as conn:
                conn.execute(reviews_t.delete())
            await svc.stop()

    tid, one, replay = asyncio.run(review_with(1, None))
    _, two, _ = asyncio.run(review_with(2, tid))
    assert one == two == json.loads(json.dumps(review_match(replay, 1, 8, 0).to_json(), ensure_ascii=False))
