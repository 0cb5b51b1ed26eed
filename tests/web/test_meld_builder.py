"""Remik's meld builder: selected cards become melds, sent together as one move that the
server judges (applied, or refused with its reason and nothing changed)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import Server

pytestmark = pytest.mark.slow


def test_melds_are_built_and_sent_as_one_move(server: Server, browser: Any) -> None:
    table = server.post("/api/tables", {"game": "remik", "players": 2, "bot_delay_ms": 0,
                                        "seats": ["open", "bot:heuristic"]})
    token = server.post(f"/api/tables/{table['id']}/seats/0", {"name": "Ann"})["token"]
    context = browser.new_context()
    page = context.new_page()
    frames: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda p: frames.append(json.loads(p))))
    page.goto(f"{server.base}/tables/{table['id']}#token={token}")
    page.wait_for_selector("#melds:not([hidden])", timeout=15_000)
    assert page.is_disabled("#meld-send")
    # too few cards: the page says why and builds nothing
    page.click("[data-card]")
    page.click("#meld-group")
    assert "three" in page.inner_text("#message")
    page.click("#clear")
    # three different cards (a two-pack hand may hold both copies of one; the page selects
    # cards by their text, so a second copy of a selected card cannot be selected as well)
    cards = list(dict.fromkeys(e.get_attribute("data-card") for e in page.query_selector_all("[data-card]")))[:3]
    for c in cards:
        page.click(f'[data-card="{c}"]')
    page.click("#meld-group")
    assert page.inner_text("#meld-groups").startswith(f"[{' '.join(cards)}]")
    seq = page.evaluate("document.body.dataset.seq")
    hand = sorted(e.get_attribute("data-card") for e in page.query_selector_all("[data-card]"))
    page.click("#meld-send")
    page.wait_for_function(f"() => document.body.dataset.seq !== '{seq}' || "
                           "document.querySelector('.message.error')?.textContent", timeout=10_000)
    errors = [f for f in frames if f.get("type") == "error"]
    if page.evaluate("document.body.dataset.seq") == seq:
        # refused: the server's reason is shown, about exactly the composed move, and nothing moved
        assert errors and errors[-1]["move"] == f"meld [{' '.join(cards)}]"
        assert errors[-1]["message"] in page.inner_text("#message")
        assert sorted(e.get_attribute("data-card") for e in page.query_selector_all("[data-card]")) == hand
    else:
        log = [f for f in frames if f.get("type") == "state"][-1]["view"]["log"]
        assert any("meld" in line for line in log)
    context.close()
