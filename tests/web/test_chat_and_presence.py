"""Table chat (plain text, length-limited, shown escaped, an unread dot while its panel is
closed) and the seats' connection state."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import Server, open_panel

pytestmark = pytest.mark.slow


def test_chat_is_text_and_presence_follows_connections(server: Server, browser: Any) -> None:
    table = server.post("/api/tables", {"game": "gin", "seats": ["open", "open"], "bot_delay_ms": 0})
    tid = table["id"]
    tokens = [server.post(f"/api/tables/{tid}/seats/{s}", {"name": n})["token"]
              for s, n in ((0, "Ann"), (1, "Bo"))]
    a_ctx, b_ctx = browser.new_context(), browser.new_context()
    a, b = a_ctx.new_page(), b_ctx.new_page()
    a.goto(f"{server.base}/tables/{tid}#token={tokens[0]}")
    a.wait_for_selector("[data-card]", timeout=15_000)
    a.wait_for_function("() => document.querySelector('#players [data-player=\"1\"] .presence.off')", timeout=10_000)
    b.goto(f"{server.base}/tables/{tid}#token={tokens[1]}")
    b.wait_for_selector("[data-card]", timeout=15_000)
    a.wait_for_function("() => document.querySelector('#players [data-player=\"1\"] .presence.on')", timeout=10_000)
    # a message that looks like HTML arrives as text on the other page
    open_panel(a, "chat")
    a.fill("#chat-text", "<b>hi</b> Bo")
    a.click("#chat button[type=submit]")
    b.wait_for_function("() => document.getElementById('chat-log').textContent.includes('hi</b> Bo')",
                        timeout=10_000)
    assert b.query_selector("#chat-log b") is None, "chat is never read as HTML"
    assert "Ann" in b.inner_text("#chat-log")
    # Bo's chat was closed: an unread dot on its button, gone once he opens it
    b.wait_for_selector("#chat-open .dot", timeout=5_000)
    open_panel(b, "chat")
    b.wait_for_selector("#chat-open .dot", state="detached", timeout=5_000)
    # an over-long message is refused with the reason; nothing is said
    long = "x" * 301
    a.evaluate(f"() => window.__cardtable_send({{type: 'chat', text: '{long}'}})")
    a.wait_for_function("() => document.getElementById('message').textContent.includes('300')",
                        timeout=10_000)
    assert long not in b.inner_text("#chat-log")
    # Bo leaves: Ann's page shows the seat away
    b_ctx.close()
    a.wait_for_function("() => document.querySelector('#players [data-player=\"1\"] .presence.off')", timeout=10_000)
    a_ctx.close()
