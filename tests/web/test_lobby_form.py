"""Issue 26, "Lobby and table controls": the host's name (asked once, kept), bots as levels with
a line on their strength, presets by their description, options as a form built from their
types, the match's length before play, a listed or a private table, "my tables" with a way
back, and a table whose cards are known saying so."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import Server

pytestmark = pytest.mark.slow


def gin_entry(server: Server) -> dict[str, Any]:
    return next(g for g in server.get("/api/games") if g["id"] == "gin")


def test_the_lobby_form_is_built_from_the_games(server: Server, browser: Any) -> None:
    gin = gin_entry(server)
    context = browser.new_context()
    page = context.new_page()
    page.goto(server.base + "/")
    page.wait_for_selector("#game option[value=gin]", state="attached", timeout=15_000)
    page.select_option("#game", "gin")
    # bots: the levels first, the default level chosen, a line on the chosen bot's strength
    seat = "select[data-seat='1']"
    assert page.input_value(seat) == f"bot:{gin['default_level']}"
    labels = page.eval_on_selector_all(f"{seat} optgroup:first-of-type option", "os => os.map(o => o.value)")
    assert labels == ["bot:easy", "bot:medium", "bot:hard", "bot:expert"]
    level = {b["name"]: b for b in gin["bot_choices"]}
    assert page.inner_text(".bot-line[data-for-seat='1']") == level[gin["default_level"]]["description"]
    page.select_option(seat, "bot:expert")
    assert page.inner_text(".bot-line[data-for-seat='1']") == level["expert"]["description"]
    # presets by their description
    texts = page.eval_on_selector_all("#preset option", "os => os.map(o => o.textContent)")
    assert texts[1:] == [p["description"] for p in gin["preset_choices"]]
    page.select_option("#preset", "classic")
    assert page.inner_text("#preset-line") == gin["preset_choices"][0]["description"]
    page.select_option("#preset", "")
    # the options as a form of their types
    page.click("#options-box summary")
    for o in gin["options"]:
        field = page.query_selector(f"#options [data-key='{o['key']}']")
        assert field is not None, o["key"]
        tag, kind = field.evaluate("e => [e.tagName, e.type]")
        if o["type"] == "bool":
            assert (tag, kind) == ("INPUT", "checkbox")
        elif o["choices"]:
            assert tag == "SELECT"
        elif o["type"] == "int":
            assert (tag, kind) == ("INPUT", "number")
            if o["min"] is not None:
                assert field.get_attribute("min") == str(o["min"])
            if o["max"] is not None:
                assert field.get_attribute("max") == str(o["max"])
    # the match's length, before play, following the form
    target = next(o for o in gin["options"] if o["key"] == "game_target")
    assert page.inner_text("#match-length").endswith(f"{target['description']}: {target['default']}")
    page.fill("#options [data-key='game_target']", "50")
    assert page.inner_text("#match-length").endswith(f"{target['description']}: 50")
    page.check("#options [data-key='big_gin']")
    shutout = next(o for o in gin["options"] if o["key"] == "shutout")
    page.select_option("#options [data-key='shutout']", str(shutout["choices"].index("none")))
    # a number out of its bounds is refused before anything is sent
    page.fill("#my-name", "Ann")
    page.fill("#options [data-key='knock_limit']", "11")
    page.click("#create-button")
    page.wait_for_selector("#create-message.error", timeout=5_000)
    assert "knock_limit" in page.inner_text("#create-message")
    page.fill("#options [data-key='knock_limit']", "10")
    # a private table with hints (one person: on by default)
    assert page.is_checked("#hints")
    page.check("#listed-no")
    page.click("#create-button")
    page.wait_for_selector("#go", timeout=15_000)
    assert page.inner_text("#go") == "Go to your seat"
    tid = page.get_attribute("#go", "href").rsplit("/", 1)[-1]
    summary = server.get(f"/api/tables/{tid}")
    assert summary["rules"] == {"game_target": 50, "big_gin": True, "shutout": "none"}
    assert summary["listed"] is False and summary["hints"] is True
    assert summary["host"] == "Ann" and summary["seats"][0] == {"kind": "person", "name": "Ann"}
    assert summary["seats"][1] == {"kind": "bot", "name": "expert"}
    # the name is kept: the lobby says who you are and does not ask again
    page.reload()
    page.wait_for_selector("#me-line:not([hidden])", timeout=15_000)
    assert "Ann" in page.inner_text("#me-line") and page.is_hidden("#name-field")
    # my tables: the private table, with a way back to the seat
    page.wait_for_selector(f"#my-tables li[data-table='{tid}'] a.resume", timeout=10_000)
    assert "host" in page.inner_text(f"#my-tables li[data-table='{tid}']")
    page.click(f"#my-tables li[data-table='{tid}'] a.resume")
    page.wait_for_selector("[data-card]", timeout=15_000)
    assert page.inner_text("#you") == "you are seat 1"
    context.close()


def test_listed_tables_show_their_host_and_a_known_deal_says_so(server: Server, browser: Any) -> None:
    ann = server.new_player("Ann")
    table = server.post("/api/tables", {"game": "gin", "seats": ["me", "open"]}, player=ann["secret"])
    context = browser.new_context()
    page = context.new_page()
    page.goto(server.base + "/")
    page.wait_for_selector(f"#tables a[href='/tables/{table['id']}']", timeout=15_000)
    assert "host: Ann" in page.inner_text(f"#tables a[href='/tables/{table['id']}']")
    # a table whose cards someone has seen: every page at it says so
    done = server.post("/api/tables", {"game": "shisanzhang", "players": 2, "seats": ["bot:auto", "bot:auto"],
                                       "bot_delay_ms": 250, "rules": {"deals": 1}})
    for _ in range(60):
        if server.get(f"/api/tables/{done['id']}")["status"] == "over":
            break
        page.wait_for_timeout(500)
    again = server.post("/api/tables", {"same_cards_as": done["id"], "seats": ["open", "bot:auto"]})
    assert again["known_deal"] is True
    page.goto(f"{server.base}/tables/{again['id']}?join=0")
    page.wait_for_selector("#known-deal:not([hidden])", timeout=15_000)
    assert "played before" in page.inner_text("#known-deal")
    page.fill("#join-name", "Bea")
    page.click("#join-button")
    page.wait_for_selector("[data-card]", timeout=15_000)
    assert page.is_visible("#known-deal")
    context.close()
