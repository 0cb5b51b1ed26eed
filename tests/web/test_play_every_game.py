"""Every game played through the page: a person's seat clicks legal moves until the deal ends.

Moves are picked by a seeded generator among the page's ``data-move`` elements, so the test
covers the contract's promise that every legal move is one click away; the score sheet the
page draws is checked against the scores of the last state frame it received.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from cardtable.registry import get_game

from .conftest import SCREENS, Server, click_move

pytestmark = pytest.mark.slow
MAX_CLICKS = 400


def open_seat(server: Server, game: str, players: int) -> tuple[str, str]:
    table = server.post("/api/tables", {"game": game, "players": players, "bot_delay_ms": 0,
                                        "seats": ["open"] + ["bot:random"] * (players - 1)})
    token = server.post(f"/api/tables/{table['id']}/seats/0", {"name": "Ann"})["token"]
    return table["id"], token


def record_frames(page: Any) -> list[dict[str, Any]]:
    frames: list[dict[str, Any]] = []

    def on_ws(ws: Any) -> None:
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))
    page.on("websocket", on_ws)
    return frames


def play_deal(page: Any, frames: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """Click legal moves until the first deal is over; return its last state frame."""
    for _ in range(MAX_CLICKS):
        page.wait_for_function(
            "() => document.body.dataset.over === 'true' || document.querySelector('[data-move]')",
            timeout=15_000)
        if page.evaluate("document.body.dataset.over") == "true":
            break
        moves = page.query_selector_all("[data-move]")
        click_move(page, rng.choice(moves))
        error = page.query_selector(".message.error")
        assert error is None or not error.inner_text(), f"a clicked legal move was refused: {error.inner_text()}"
    else:
        pytest.fail(f"the deal did not end within {MAX_CLICKS} clicks")
    over = [f for f in frames if f.get("type") == "state" and f["view"].get("over") and f["deal"] == 0]
    assert over, "no state frame of the finished deal was received"
    return over[-1]


# one game of each family: the list of moves is the accessible way for every game, and every
# game's whole deal is played on the table by gestures (test_gestures_every_game.py)
@pytest.mark.parametrize("game_id", ["gin", "zhuoheia"])
def test_whole_deal_by_clicking(server: Server, browser: Any, game_id: str) -> None:
    game = get_game(game_id)
    players = game.default_players
    table_id, token = open_seat(server, game_id, players)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    frames = record_frames(page)
    page.goto(f"{server.base}/tables/{table_id}#token={token}")
    page.wait_for_selector("[data-card]", timeout=15_000)
    last = play_deal(page, frames, random.Random(game_id))
    sheet = page.inner_text("#scores")
    assert "score of the deal" in sheet.lower()
    rows = page.query_selector_all("#scores tr.total td.num")
    assert [int(r.inner_text()) for r in rows] == last["view"]["scores"]
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{game_id}.png"), full_page=True)
    context.close()


def test_phone_width(server: Server, browser: Any) -> None:
    table_id, token = open_seat(server, "dummy", 4)
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{server.base}/tables/{table_id}#token={token}")
    page.wait_for_selector("[data-card]", timeout=15_000)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the table is {width} px wide on a 360-px phone"
    for button in page.query_selector_all("#actionbar button:visible, header.top button:visible"):
        box = button.bounding_box()
        assert box is not None and box["height"] >= 40, "controls must be big enough to tap"
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / "dummy-phone.png"), full_page=True)
    context.close()
