"""Issue 28: players' statistics per game on their pages — each ended match's figures stored
once when it ends (or counted from its log the first time they are asked for), summed per
game, shown where the player's matches are shown, in the reader's language."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from fastapi.testclient import TestClient

from cardtable import scenario
from cardtable.registry import game_parts
from cardtable.server import create_app
from cardtable.server.playerstats import seat_stats_t
from tests.server.helpers import make_settings
from tests.server.test_players_home import account, rated_match, wait_for


def expected(client: TestClient, tables: list[str], seat: int) -> dict[str, int]:
    """Sums counted here from each match's replay through the engine and the game's part."""
    sums: dict[str, int] = {}
    stats = game_parts("gin").stats
    for tid in tables:
        r = scenario.replay(client.get(f"/api/tables/{tid}/replay").json())
        assert r.match is not None and r.over
        for deal in r.match.deals:
            scores = deal.scores
            own = dict(stats.of_deal(deal, seat)) if stats is not None else {}
            for k, v in {"deals": 1, "points": scores[seat],
                         "won": int(seat in deal.winners()), **own}.items():
                sums[k] = sums.get(k, 0) + v
    return sums


def figures(page: dict[str, Any], game: str = "gin") -> dict[str, int]:
    return {f["key"]: f["sum"] for f in page["stats"][game]["figures"]}


def test_figures_are_summed_per_game_shown_with_the_matches_and_counted_once(sqlite_url: str, clock: Any) -> None:
    app = create_app(make_settings(sqlite_url), clock, background=False)
    with TestClient(app) as c:
        ann_h, bo_h = account(c, "Ann"), account(c, "Bo")
        tables = [rated_match(app, c, c, ann_h, bo_h, seed=s, rated=False) for s in (3, 4)]
        store = app.state.service.store
        wait_for(lambda: _rows(store) == 4, "the figures of both matches stored")
        page = c.get("/api/players/Ann", headers=ann_h).json()
        gin = page["stats"]["gin"]
        assert gin["matches"] == 2
        want = expected(c, tables, 0)
        assert figures(page) == {k: want.get(k, 0) for k in figures(page)}
        assert gin["deals"] == want["deals"] >= 2
        avg = next(f for f in gin["figures"] if f["key"] == "points")
        assert avg["per"] == "deal" and avg["value"] == round(want["points"] / want["deals"], 1)
        keys = [f["key"] for f in gin["figures"]]
        assert keys[:3] == ["deals", "points", "won"] and len(keys) == len(set(keys))
        bo_want = expected(c, tables, 1)
        bo_page = c.get("/api/players/Bo", headers=bo_h).json()
        assert figures(bo_page) == {k: bo_want.get(k, 0) for k in figures(bo_page)}

        # to others, only once Ann lets her name be shown with her games
        assert c.get("/api/players/Ann", headers=bo_h).json()["stats"] == {}
        assert c.get("/api/players/Ann").json()["stats"] == {}
        r = c.post("/api/account/settings", json={"public_name": True}, headers=ann_h)
        assert r.status_code == 200, r.text
        assert c.get("/api/players/Ann", headers=bo_h).json()["stats"] == page["stats"]
        # the later pages of the history do not repeat them
        assert c.get("/api/players/Ann?before=2100-01-01T00:00:00Z", headers=ann_h).json()["stats"] == {}

        # in the reader's language: the same figures, other words
        th = c.get("/api/players/Ann?lang=th", headers=ann_h).json()["stats"]["gin"]["figures"]
        assert [f["sum"] for f in th] == [f["sum"] for f in gin["figures"]]
        assert all(a["label"] != b["label"] for a, b in zip(th, gin["figures"], strict=True))

        # a match whose figures were never stored (it ended before migration 0004) is counted
        # from its log when the page is asked for, and stored once
        with store.engine.begin() as conn:
            conn.execute(seat_stats_t.delete().where(seat_stats_t.c.table_id == tables[0]))
        assert _rows(store) == 2
        assert c.get("/api/players/Ann", headers=ann_h).json()["stats"] == page["stats"]
        assert _rows(store) == 4
        assert c.get("/api/players/Ann", headers=ann_h).json()["stats"] == page["stats"]


def test_a_table_ended_by_its_host_counts_nothing(sqlite_url: str, clock: Any) -> None:
    app = create_app(make_settings(sqlite_url), clock, background=False)
    with TestClient(app) as c:
        ann_h = account(c, "Ann")
        r = c.post("/api/tables", json={"game": "gin", "seats": ["me", "bot:heuristic"]}, headers=ann_h)
        assert r.status_code == 201, r.text
        tid = r.json()["id"]
        assert c.delete(f"/api/tables/{tid}", headers=ann_h).status_code in (200, 204)
        assert c.get("/api/players/Ann", headers=ann_h).json()["stats"] == {}
        assert _rows(app.state.service.store) in (0, 2)      # counted as nothing, or not at all


def _rows(store: Any) -> int:
    with store.engine.connect() as conn:
        return int(conn.execute(sa.select(sa.func.count()).select_from(seat_stats_t)).scalar_one())


def test_every_game_s_figures_come_from_its_part() -> None:
    """The page shows, per game, the common figures then the game's declared ones."""
    from cardtable.parts.stats import COMMON, summary
    from cardtable.registry import game_ids
    for g in game_ids():
        stats = game_parts(g).stats
        keys = [f["key"] for f in summary({"deals": 4, "points": 10}, stats)]
        assert keys == [s.key for s in COMMON] + [s.key for s in (stats.fields if stats else ())]
