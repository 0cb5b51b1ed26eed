"""Issue 28, the player's home in the browser: a guest who holds a seat creates an account from
the lobby's account box, signs in on another browser (a wrong password shows the server's own
words), takes the same seat there through its invite link, and finds their page; quick play
seats them in one click."""

from __future__ import annotations

import json
import secrets
import urllib.error
import urllib.request
from typing import Any

import pytest

from .conftest import Server, as_player

pytestmark = pytest.mark.slow
PASSWORD = "a-good-long-password"


def refusal(server: Server, path: str, body: dict[str, Any]) -> tuple[int, str]:
    """The status and the error message of a request the server refuses."""
    req = urllib.request.Request(server.base + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=10)
    except urllib.error.HTTPError as e:
        return e.code, str(json.loads(e.read())["error"])
    raise AssertionError(f"{path} accepted {body}")


def sign(page: Any, which: str, name: str, password: str) -> None:
    page.click(f"#sign-{which}-open")
    page.fill("#account-user", name)
    page.fill("#account-password", password)
    page.click("#account-submit")


def test_a_guest_seat_follows_the_account_to_another_browser(server: Server, browser: Any) -> None:
    name = "Kim" + secrets.token_hex(3)
    guest = server.new_player(name)
    table = server.post("/api/tables", {"game": "gin", "players": 2, "seats": ["me", "bot:random"],
                                        "bot_delay_ms": 0}, player=guest["secret"])
    tid = table["id"]

    # the guest (who holds seat 1) creates an account from the lobby's account box
    first = browser.new_context(viewport={"width": 1280, "height": 800})
    as_player(first, guest)
    page = first.new_page()
    page.goto(server.base + "/")
    page.wait_for_selector("#sign-up-open", timeout=15_000)
    sign(page, "up", name, PASSWORD)
    page.wait_for_selector("#account-name", timeout=10_000)
    assert page.inner_text("#account-name") == name
    assert page.get_attribute("#account-name", "href") == f"/players/{name}"
    first.close()

    # another browser: a wrong password shows the server's message and changes nothing
    second = browser.new_context(viewport={"width": 390, "height": 844})
    page = second.new_page()
    page.goto(server.base + "/")
    page.wait_for_selector("#sign-in-open", timeout=15_000)
    status, said = refusal(server, "/api/session", {"name": name, "password": "not-the-password"})
    assert status == 401
    sign(page, "in", name, "not-the-password")
    page.wait_for_selector("#account-message.error", timeout=10_000)
    assert page.inner_text("#account-message") == said
    assert page.is_visible("#sign-in-open") and not page.query_selector("#account-name")
    page.fill("#account-password", PASSWORD)
    page.click("#account-submit")
    page.wait_for_selector("#account-name", timeout=10_000)

    # the invite link gives the account its seat back in this browser: seat 1, its hand
    page.goto(f"{server.base}/tables/{tid}?join=0")
    page.wait_for_selector("[data-hand-index]", timeout=15_000)
    kept = json.loads(page.evaluate(f"localStorage.getItem('cardtable.seat.{tid}')"))
    assert kept["seat"] == 0 and kept["token"]
    assert len(page.query_selector_all("[data-hand-index]")) >= 10
    assert "taken" not in page.inner_text("body")

    # the player's page: the name, no finished match yet, the owner's account tools
    page.goto(f"{server.base}/players/{name}")
    page.wait_for_selector("body[data-ready]", timeout=10_000)
    assert page.inner_text("#player-name") == name
    assert page.is_visible("#no-matches") and not page.query_selector_all("#matches li")
    assert page.is_visible("#own-box")

    # quick play: one click, a seat at a table of that game
    page.goto(server.base + "/")
    page.wait_for_selector("#quick-game option", state="attached", timeout=15_000)
    page.select_option("#quick-game", "gin")
    page.click("#quick-button")
    page.wait_for_url(f"{server.base}/tables/**", timeout=15_000)
    page.wait_for_selector("[data-hand-index]", timeout=15_000)
    assert "#token=" not in page.url
    second.close()
