"""Issue 26: hints follow the table's setting and each player's own switch; every move word is
in the player's language (the move buttons, the move list's headings, the log, the hint), and
seats are counted from 1."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from cardtable import i18n
from cardtable.movewords import common_words
from cardtable.registry import game_parts, get_game

from .conftest import Server, as_player, click_move, open_panel, visible_text

pytestmark = pytest.mark.slow


def test_no_hints_at_a_friends_table(server: Server, browser: Any) -> None:
    ann, bo = server.new_player("Ann"), server.new_player("Bo")
    table = server.post("/api/tables", {"game": "gin", "seats": ["me", "open"], "bot_delay_ms": 0},
                        player=ann["secret"])
    assert table["hints"] is False, "a table of two people gives no hints unless its host asks"
    server.post(f"/api/tables/{table['id']}/seats/1", {"name": "Bo"}, player=bo["secret"])
    context = browser.new_context()
    as_player(context, ann)
    page = context.new_page()
    frames: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda p: frames.append(json.loads(p))))
    page.goto(f"{server.base}/tables/{table['id']}#token={table['token']}")
    page.wait_for_selector("[data-card]", timeout=15_000)
    page.wait_for_timeout(500)
    states = [f for f in frames if f.get("type") == "state"]
    assert states and all(f["hints"] is False and f["hint"] is None for f in states)
    assert page.is_hidden("#hint") and page.is_hidden("#hint-switch")
    assert page.query_selector("#hint-text") is None or page.inner_text("#hint-text") == ""
    assert "Hint" not in visible_text(page)
    open_panel(page, "settings")
    assert page.is_hidden("#hint-switch"), "no switch for hints the table does not give"
    assert "Hint" not in visible_text(page) and "hint" not in visible_text(page).lower()
    context.close()


def test_each_player_may_turn_hints_off(server: Server, browser: Any) -> None:
    ann = server.new_player("Ann")
    table = server.post("/api/tables", {"game": "gin", "seats": ["me", "bot:heuristic"], "bot_delay_ms": 0},
                        player=ann["secret"])
    assert table["hints"] is True
    context = browser.new_context()
    as_player(context, ann)
    page = context.new_page()
    page.goto(f"{server.base}/tables/{table['id']}#token={table['token']}")
    page.wait_for_selector("#hint:not([hidden])", timeout=15_000)
    assert page.is_checked("#show-hints")
    open_panel(page, "settings")
    page.uncheck("#show-hints")
    assert page.is_hidden("#hint") and page.query_selector("#hint-text") is None
    # remembered in this browser
    page.reload()
    page.wait_for_selector("[data-move]", state="attached", timeout=15_000)
    page.wait_for_timeout(300)
    assert not page.is_checked("#show-hints") and page.is_hidden("#hint")
    open_panel(page, "settings")
    page.check("#show-hints")
    page.wait_for_selector("#hint:not([hidden])", timeout=5_000)
    context.close()


def english_move_words(game: str) -> set[str]:
    """The words of the game's move notation in English (draw, discard, layoff …)."""
    with i18n.use_language("en"):
        shapes = list(game_parts(game).layout.move_words()) + common_words()
    words = set()
    for shape in shapes:
        words |= {w.lower() for w in re.findall(r"[A-Za-z]{3,}", re.sub(r"\{\w+\}", " ", shape))}
    # the game's own name is data (a native name may be English: "Gin Rummy")
    return words - {w.lower() for w in re.findall(r"[A-Za-z]{3,}", get_game(game).native_name)}


def ready_to_move(page: Any) -> None:
    """Wait for the person's moves; a deal a bot ended early (Dummy's first-round knock) is
    closed first, and the next one played."""
    for _ in range(3):
        page.wait_for_selector("[data-move]:not([disabled]), #next-deal:not([hidden])", state="attached",
                               timeout=15_000)
        if not page.query_selector("#next-deal:not([hidden])"):
            return
        page.click("#next-deal")
        page.wait_for_selector("#deal-over", state="detached", timeout=10_000)
    page.wait_for_selector("[data-move]:not([disabled])", state="attached", timeout=15_000)


@pytest.mark.parametrize(("loc", "game", "seats"), [
    ("th", "dummy", ["me", "bot:heuristic", "bot:heuristic"]),
    ("zh_Hans", "dummy", ["me", "bot:heuristic"]),
    ("zh_Hant", "gin", ["me", "bot:heuristic"]),
    ("zh_Hans", "gin", ["me", "bot:easy"]),
])
def test_no_english_move_word_on_the_page(server: Server, browser: Any, loc: str, game: str,
                                          seats: list[str]) -> None:
    ann = server.new_player("Ann")
    table = server.post("/api/tables", {"game": game, "seats": seats, "bot_delay_ms": 0}, player=ann["secret"])
    context = browser.new_context()
    as_player(context, ann)
    page = context.new_page()
    page.goto(f"{server.base}/tables/{table['id']}?lang={loc}#token={table['token']}")
    english = english_move_words(game)
    assert {"draw", "discard"} & english
    # a few moves, so the log has lines of every seat and the list has moves of several kinds
    for _ in range(4):
        ready_to_move(page)
        moves = page.query_selector_all("#moves [data-move]")
        # the first move, and never a knock that would end the deal
        plain = [m for m in moves if not (m.get_attribute("data-move") or "").startswith(("knock", "gin"))]
        click_move(page, (plain or moves)[0])
    ready_to_move(page)
    page.wait_for_timeout(300)
    assert page.query_selector_all("#log li"), "the log has lines"
    assert page.query_selector_all(".verb"), "the moves have headings"
    # the list of all moves is open now (the moves were clicked there); the log and the
    # settings are read too, each in its panel
    text = visible_text(page)
    open_panel(page, "log")
    text += visible_text(page)
    open_panel(page, "settings")
    text += visible_text(page)
    found = sorted({w for w in re.findall(r"[A-Za-z]{3,}", text) if w.lower() in english})
    assert not found, f"English move words on the {loc} page: {found}"
    # the buttons still carry the notation for tools and tests
    assert all(re.search(r"[a-z]", m.get_attribute("data-move") or "") for m in page.query_selector_all("[data-move]"))
    # seats are counted from 1 everywhere a person reads them
    assert not re.search(r"(?<![0-9])0(?![0-9])", page.inner_text("#you"))
    context.close()
