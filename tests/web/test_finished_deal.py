"""Issue 26, "The finished deal after reload": a page reloaded on the score screen shows the
deal that ended (its final view, its score lines and the match totals after it), and the
seats' totals agree with the score (a page once read 0 while the score said +19)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import Server, click_move, hand_cards, open_panel, seat_totals

pytestmark = pytest.mark.slow


def score_totals(page: Any) -> list[int]:
    """The deal's totals as the score sheet prints them (one row per seat)."""
    return [int(x) for x in page.eval_on_selector_all("#scores tr.total td.num", "els => els.map(e => e.textContent)")]


def hand(page: Any) -> list[str]:
    return hand_cards(page)


def overlay_totals(page: Any) -> list[int]:
    """The match totals the end-of-deal overlay shows."""
    got = page.eval_on_selector_all("#match-totals [data-total]", "els => els.map(e => e.dataset.total)")
    return [int(x) for x in got]


def arrange(page: Any) -> None:
    page.wait_for_selector("#arrange", timeout=15_000)
    page.click("#arrange-auto")
    page.wait_for_selector("#arrange-send:not([disabled])", timeout=10_000)
    click_move(page, page.query_selector("#arrange-send"))


def test_reload_on_the_score_screen_shows_the_finished_deal(server: Server, browser: Any) -> None:
    table = server.post("/api/tables", {"game": "shisanzhang", "players": 2, "seats": ["open", "bot:auto"],
                                        "bot_delay_ms": 0, "rules": {"deals": 2}})
    token = server.post(f"/api/tables/{table['id']}/seats/0", {"name": "Ann"})["token"]
    context = browser.new_context()
    page = context.new_page()
    frames: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda p: frames.append(json.loads(p))))
    page.goto(f"{server.base}/tables/{table['id']}#token={token}")
    arrange(page)
    # the deal ends: its score screen, with the totals after it
    page.wait_for_function("() => document.body.dataset.over === 'true' && document.body.dataset.deal === '0'",
                           timeout=15_000)
    done = [f for f in frames if f.get("type") == "state" and f["view"].get("over")][-1]
    after = done["finished"]["totals"]
    assert done["finished"]["deal"] == 0 and done["totals"] == [0, 0], "the frame's totals are those before"
    page.wait_for_selector("#next-deal:not([hidden])", timeout=10_000)
    assert seat_totals(page) == after, "the seats show the totals after the deal"
    assert overlay_totals(page) == after, "the overlay's match totals too"
    assert score_totals(page) == after, "the totals agree with the score (the match started at 0)"
    live_hand = hand(page)
    assert live_hand == sorted(done["view"]["hand"])
    lines = page.inner_text("#scores")
    # reload: the finished deal is on the screen again, as it ended
    page.reload()
    page.wait_for_function("() => document.body.dataset.fromFinished === 'true'", timeout=15_000)
    assert page.evaluate("document.body.dataset.deal") == "0"
    assert page.evaluate("document.body.dataset.over") == "true"
    assert seat_totals(page) == after
    assert overlay_totals(page) == after
    assert score_totals(page) == after
    assert hand(page) == live_hand, "the deal's final view"
    reloaded = page.inner_text("#scores")
    assert "score of the deal" in reloaded.lower()
    for line in [x for x in lines.splitlines() if x.strip()]:
        assert line in reloaded, f"the score line {line!r} after the reload"
    assert page.is_enabled("#next-deal")
    assert page.query_selector("[data-move]") is None, "no move of the next deal on the score screen"
    # the next deal, whose totals start where the last deal's score left them
    page.click("#next-deal")
    page.wait_for_function("() => document.body.dataset.deal === '1' && document.body.dataset.over === 'false'",
                           timeout=10_000)
    assert seat_totals(page) == after
    # a reload in the next deal stays there; the last deal's result is a click away
    page.reload()
    page.wait_for_function("() => document.body.dataset.deal === '1'", timeout=15_000)
    assert page.evaluate("document.body.dataset.over") == "false"
    open_panel(page, "log")
    page.click("#last-deal")
    page.wait_for_function("() => document.body.dataset.deal === '0'", timeout=10_000)
    assert score_totals(page) == after and seat_totals(page) == after
    page.click("#next-deal")
    # the last deal ends the match: a reload shows its end with the final totals
    arrange(page)
    page.wait_for_function("() => document.body.dataset.status === 'over'", timeout=15_000)
    final = [f for f in frames if f.get("type") == "state" and f["status"] == "over"][-1]
    page.reload()
    page.wait_for_function("() => document.body.dataset.status === 'over'", timeout=15_000)
    assert seat_totals(page) == final["totals"]
    assert "score of the deal" in page.inner_text("#scores").lower()
    assert page.is_hidden("#next-deal") and page.is_hidden("#last-deal")
    context.close()
