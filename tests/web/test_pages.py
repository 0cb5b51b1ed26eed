"""The pages as served: rules pages for every game, and no card of any deal in the HTML."""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from typing import Any

import pytest

from cardtable.help import glossary
from cardtable.registry import game_ids, get_game

from .conftest import Server

pytestmark = pytest.mark.slow
CARD = re.compile(r"(?<![0-9A-Za-z])(10|[2-9JQKA])([♠♥♦♣])")


def fetch(server: Server, path: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(server.base + path, timeout=10) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


@pytest.mark.parametrize("game_id", game_ids())
def test_rules_page_of_every_game(server: Server, game_id: str) -> None:
    status, html = fetch(server, f"/rules/{game_id}")
    assert status == 200
    game = get_game(game_id)
    assert game.native_name in html and "<table>" in html
    terms = glossary(game_id)
    assert terms, "every game has a glossary"
    assert all(native in html for _, native, _ in terms[:3])


def test_rules_page_by_native_name_and_unknown_game(server: Server) -> None:
    status, html = fetch(server, "/rules/" + urllib.request.quote("十三张"))
    assert status == 200 and "十三张" in html
    status, body = fetch(server, "/rules/nosuchgame")
    assert status == 404 and "nosuchgame" in body


def test_served_pages_carry_no_card(server: Server) -> None:
    table = server.post("/api/tables", {"game": "gin", "seats": ["open", "bot:random"]})
    for path in ("/", f"/tables/{table['id']}", f"/tables/{table['id']}/replay",
                 f"/api/tables/{table['id']}", "/api/tables"):
        status, body = fetch(server, path)
        assert status == 200, path
        assert not CARD.search(body), f"{path} shows a card: {CARD.search(body)}"


# every Content-Security-Policy violation a page meets (the browser reports each one)
CSP_WATCH = """window.__csp = [];
document.addEventListener('securitypolicyviolation',
  (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));"""


def test_the_pages_work_under_their_content_security_policy(server: Server, browser: Any) -> None:
    """The lobby, a table (its felt, the socket, the cards' data: images, the invite panel's
    QR code), the replay viewer and a rules page, with the server's CSP: nothing is blocked."""
    me = server.new_player("Ann")
    table = server.post("/api/tables", {"game": "gin", "players": 2, "seats": ["me", "bot:random"],
                                        "bot_delay_ms": 0}, player=me["secret"])
    context = browser.new_context()
    context.add_init_script(CSP_WATCH)
    page = context.new_page()
    page.goto(f"{server.base}/tables/{table['id']}#token={table['token']}")
    try:
        page.wait_for_selector("#felt [data-hand-index]", timeout=15_000)
    finally:
        assert page.evaluate("window.__csp") == [], page.inner_text("body")[:300]
    for path in ("/", "/rules/gin", f"/tables/{table['id']}/replay"):
        page.goto(server.base + path)
        page.wait_for_load_state("networkidle")
        assert page.evaluate("window.__csp") == [], path
    headers = page.goto(server.base + "/").headers
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    context.close()
