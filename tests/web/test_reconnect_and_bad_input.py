"""A dropped socket is recovered without a reload, and a refused move changes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import Server, hand_cards, open_panel, reveal

pytestmark = pytest.mark.slow


def gin_seat(server: Server) -> tuple[str, str]:
    table = server.post("/api/tables", {"game": "gin", "seats": ["open", "bot:heuristic"], "bot_delay_ms": 0})
    token = server.post(f"/api/tables/{table['id']}/seats/0", {"name": "Ann"})["token"]
    return table["id"], token


def my_turn(page: Any) -> None:
    page.wait_for_selector("[data-move]", state="attached", timeout=15_000)


def test_reconnect_after_a_dropped_socket(server: Server, browser: Any) -> None:
    tid, token = gin_seat(server)
    context = browser.new_context()
    page = context.new_page()
    routes: list[Any] = []

    def handler(ws: Any) -> None:
        ws.connect_to_server()
        routes.append(ws)
    page.route_web_socket("**/ws/tables/**", handler)
    frames: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda p: frames.append(json.loads(p))))
    page.goto(f"{server.base}/tables/{tid}#token={token}")
    my_turn(page)
    before = int(page.evaluate("document.body.dataset.seq"))
    routes[-1].close()                                   # the socket drops mid-turn
    page.wait_for_function("() => document.getElementById('conn').textContent !== 'connected'",
                           timeout=5_000)
    page.wait_for_function("() => document.getElementById('conn').textContent === 'connected'",
                           timeout=15_000)
    assert len(routes) == 2, "the page opened a new socket by itself"
    my_turn(page)
    move = page.query_selector("#moves [data-move]")
    text = move.get_attribute("data-move")
    reveal(page, move)
    move.click()
    page.wait_for_function(f"() => Number(document.body.dataset.seq) > {before}", timeout=15_000)
    states = [f for f in frames if f.get("type") == "state"]
    log = states[-1]["view"]["log"]
    assert log[before] == f"0: {text}", "the move after recovery was applied"
    assert int(states[-1]["seq"]) == len(log), "every applied move is in the log once"
    assert log[:before] == [line for f in states if int(f["seq"]) == before for line in f["view"]["log"]][:before]
    # a resend of that move with the old seq is stale: refused, nothing changes
    seq_now = page.evaluate("document.body.dataset.seq")
    page.evaluate(f"() => window.__cardtable_send({{type: 'move', move: {json.dumps(text)}, seq: {before}}})")
    page.wait_for_selector(".message.error", timeout=10_000)
    assert page.evaluate("document.body.dataset.seq") == seq_now
    context.close()


def test_an_illegal_typed_move_shows_the_reason_and_changes_nothing(server: Server, browser: Any) -> None:
    tid, token = gin_seat(server)
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{server.base}/tables/{tid}#token={token}")
    my_turn(page)
    seq = page.evaluate("document.body.dataset.seq")
    hand = hand_cards(page)
    open_panel(page, "moves")
    page.fill("#typed-move", "discard Zs")
    page.click("#typed button[type=submit]")
    page.wait_for_selector(".message.error", timeout=10_000)
    message = page.inner_text("#message")
    assert "Zs" in message and "rank" in message, message
    assert page.evaluate("document.body.dataset.seq") == seq
    assert hand_cards(page) == hand
    # a well-formed move that is not legal now names the rule that forbids it
    page.fill("#typed-move", "knock " + hand[0])
    page.click("#typed button[type=submit]")
    page.wait_for_function("() => document.getElementById('message').textContent.includes('knock')",
                           timeout=10_000)
    assert page.evaluate("document.body.dataset.seq") == seq
    context.close()


def test_the_hint_is_a_legal_move_and_plays(server: Server, browser: Any) -> None:
    tid, token = gin_seat(server)
    context = browser.new_context()
    page = context.new_page()
    frames: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda p: frames.append(json.loads(p))))
    page.goto(f"{server.base}/tables/{tid}#token={token}")
    my_turn(page)
    page.wait_for_selector("#hint:not([hidden])", timeout=10_000)
    move = page.get_attribute("#hint-play", "data-hint-move")
    legal = [e.get_attribute("data-move") for e in page.query_selector_all("[data-move]")]
    assert move in legal, "the hint is one of the legal moves"
    assert " — " in page.inner_text("#hint-text"), "the hint says why"
    seq = int(page.evaluate("document.body.dataset.seq"))
    page.click("#hint-play")
    page.wait_for_function(f"() => Number(document.body.dataset.seq) > {seq}", timeout=10_000)
    log = [f for f in frames if f.get("type") == "state"][-1]["view"]["log"]
    assert log[seq] == f"0: {move}"
    context.close()
