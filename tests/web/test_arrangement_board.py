"""十三张's arrangement board: rows built by clicking, the composed move accepted as sent."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import Server

pytestmark = pytest.mark.slow


def test_rows_by_clicking_and_auto(server: Server, browser: Any) -> None:
    table = server.post("/api/tables", {"game": "shisanzhang", "players": 2, "bot_delay_ms": 0,
                                        "seats": ["open", "bot:random"]})
    token = server.post(f"/api/tables/{table['id']}/seats/0", {"name": "Ann"})["token"]
    context = browser.new_context()
    page = context.new_page()
    frames: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda p: frames.append(json.loads(p))))
    page.goto(f"{server.base}/tables/{table['id']}#token={token}")
    page.wait_for_selector("#arrange:not([hidden])", timeout=15_000)
    assert page.is_disabled("#arrange-send")
    # the arranger's suggestion fills the three rows with the hand's 13 cards
    page.click("#arrange-auto")
    rows = {r: [e.inner_text().replace("\n", "") for e in page.query_selector_all(f"[data-row={r}] .card")]
            for r in ("head", "middle", "tail")}
    assert [len(rows[r]) for r in ("head", "middle", "tail")] == [3, 5, 5]
    # take one card out of the back row and put it back by clicking card then row
    page.click("[data-row=tail] .card")
    assert page.is_disabled("#arrange-send")
    page.click(".arrange-loose .card")
    page.click("[data-row=tail] .row-label")
    assert not page.is_disabled("#arrange-send")
    sent = page.get_attribute("#arrange-send", "data-composed")
    page.click("#arrange-send")
    page.wait_for_function("() => document.body.dataset.over === 'true'", timeout=15_000)
    last = [f for f in frames if f.get("type") == "state" and f["deal"] == 0 and f["view"]["over"]][-1]
    mine = last["view"]["my_submission"]
    assert sorted(mine.replace("arrange ", "").replace("| ", "").split()) == \
        sorted(sent.replace("arrange ", "").replace("| ", "").split())
    context.close()
