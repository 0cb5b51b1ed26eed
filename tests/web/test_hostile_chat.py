"""Issue 26, "Hostile chat": a chat text the server refuses (a lone surrogate, a bidi override)
shows the server's reason on the sender's page and blinds nobody: the other pages still get
the next move. A connection the server closes, or one that goes silent, is reconnected: the
page never sits on a dead socket."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import Server, as_player, click_move, open_panel

pytestmark = pytest.mark.slow

# as JavaScript string literals: a lone surrogate cannot cross into the page any other way
HOSTILE = ["'hi \\ud800 there'", "'evil \\u202etxt.exe'", "'zero \\u2066width\\u2069'"]


def two_friends(server: Server, browser: Any) -> tuple[Any, Any, str]:
    ann, bo = server.new_player("Ann"), server.new_player("Bo")
    table = server.post("/api/tables", {"game": "gin", "seats": ["me", "open"], "bot_delay_ms": 0},
                        player=ann["secret"])
    tid = table["id"]
    token = server.post(f"/api/tables/{tid}/seats/1", {"name": "Bo"}, player=bo["secret"])["token"]
    pages = []
    for player, tok in ((ann, table["token"]), (bo, token)):
        context = browser.new_context()
        as_player(context, player)
        page = context.new_page()
        page.goto(f"{server.base}/tables/{tid}#token={tok}")
        page.wait_for_selector("[data-card]", timeout=15_000)
        pages.append(page)
    return pages[0], pages[1], tid


def test_a_refused_chat_text_says_why_and_blinds_nobody(server: Server, browser: Any) -> None:
    a, b, _ = two_friends(server, browser)
    received: list[dict[str, Any]] = []
    b.on("websocket", lambda ws: ws.on("framereceived", lambda p: received.append(json.loads(p))))
    open_panel(a, "chat")
    for text in HOSTILE:
        # typed into the chat box (a lone surrogate cannot be typed; it can be pasted or scripted)
        a.evaluate(f"() => {{ document.getElementById('chat-text').value = {text}; }}")
        a.evaluate("document.getElementById('message').textContent = ''")
        a.click("#chat button[type=submit]")
        a.wait_for_function("() => document.getElementById('message').textContent !== ''", timeout=10_000)
        said = a.inner_text("#message")
        assert a.get_attribute("#message", "class") == "message error"
        assert said and ("U+" in said or "character" in said), f"the server's reason: {said!r}"
    # a fair message still goes through, and nothing hostile reached the other page
    a.fill("#chat-text", "good luck")
    a.click("#chat button[type=submit]")
    b.wait_for_function("() => document.getElementById('chat-log').textContent.includes('good luck')",
                        timeout=10_000)
    log = b.inner_text("#chat-log")
    assert "there" not in log and "txt.exe" not in log and "width" not in log
    # both pages are alive: the next move reaches the other page
    mover, other = (a, b) if a.query_selector("[data-move]") else (b, a)
    mover.wait_for_selector("[data-move]:not([disabled])", state="attached", timeout=15_000)
    seq = int(other.evaluate("document.body.dataset.seq"))
    click_move(mover, mover.query_selector("#moves [data-move]"))
    other.wait_for_function(f"() => Number(document.body.dataset.seq) > {seq}", timeout=10_000)
    assert other.inner_text("#conn") == "connected"
    a.context.close()
    b.context.close()


def test_a_connection_the_server_closes_comes_back(server: Server, browser: Any) -> None:
    a, b, _ = two_friends(server, browser)
    sockets: list[Any] = []
    a.on("websocket", lambda ws: sockets.append(ws))
    # twenty malformed messages: the server closes the connection (1008)
    a.evaluate("() => { for (let i = 0; i < 25; i++) window.__cardtable_send({type: 'shout'}); }")
    a.wait_for_function("() => document.getElementById('conn').textContent !== 'connected'", timeout=10_000)
    a.wait_for_function("() => document.getElementById('conn').textContent === 'connected'", timeout=15_000)
    assert sockets, "the page opened a new socket by itself"
    # and plays on it
    mover, other = (a, b) if a.query_selector("[data-move]") else (b, a)
    mover.wait_for_selector("[data-move]:not([disabled])", state="attached", timeout=15_000)
    seq = int(other.evaluate("document.body.dataset.seq"))
    click_move(mover, mover.query_selector("#moves [data-move]"))
    other.wait_for_function(f"() => Number(document.body.dataset.seq) > {seq}", timeout=10_000)
    a.context.close()
    b.context.close()


def test_a_silent_connection_is_given_up_and_opened_again(server: Server, browser: Any) -> None:
    """A socket that stays open but carries nothing (a dead NAT, a sleeping proxy) never closes
    by itself: the page's heartbeat notices and connects again."""
    ann = server.new_player("Ann")
    table = server.post("/api/tables", {"game": "gin", "seats": ["me", "bot:heuristic"], "bot_delay_ms": 0},
                        player=ann["secret"])
    context = browser.new_context()
    as_player(context, ann)
    context.add_init_script("window.__cardtable_heartbeat_ms = 500;")
    page = context.new_page()
    routes: list[Any] = []

    def handler(ws: Any) -> None:
        srv = ws.connect_to_server()
        routes.append(ws)
        if len(routes) == 1:
            # the first connection: the first state passes, then the server's frames are lost
            seen: list[int] = []

            def from_server(message: Any) -> None:
                if not seen:
                    seen.append(1)
                    ws.send(message)
            srv.on_message(from_server)
    page.route_web_socket("**/ws/tables/**", handler)
    page.goto(f"{server.base}/tables/{table['id']}#token={table['token']}")
    page.wait_for_selector("[data-card]", timeout=15_000)
    page.wait_for_function("() => document.getElementById('conn').textContent === 'connected'", timeout=10_000)
    # silent for three heartbeats: given up, and a new socket carries the table again
    page.wait_for_function("() => true", timeout=1_000)
    page.wait_for_timeout(3000)
    assert len(routes) >= 2, "the page opened a new socket after the old one went silent"
    page.wait_for_function("() => document.getElementById('conn').textContent === 'connected'", timeout=10_000)
    page.wait_for_selector("[data-move]:not([disabled])", state="attached", timeout=15_000)
    seq = int(page.evaluate("document.body.dataset.seq"))
    click_move(page, page.query_selector("#moves [data-move]"))
    assert int(page.evaluate("document.body.dataset.seq")) > seq
    context.close()
