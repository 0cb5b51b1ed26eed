"""The browser table in other languages: the menu, the pages' own words, screenshots of a
Thai Dummy table and a Chinese 十三张 table, and the pseudo-locale (nothing left unmarked).

Expected words come from the catalogs (``i18n.translator``) and must be in the language's
script, so an untranslated string fails the test.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from cardtable import i18n
from cardtable.i18n.pseudo import unmarked
from cardtable.registry import game_ids, get_game
from cardtable.server.games import games_list

from .conftest import SCREENS, Server

pytestmark = pytest.mark.slow
THAI = re.compile(r"[\u0e00-\u0e7f]")
HAN = re.compile(r"[\u4e00-\u9fff]")


def said(loc: str, msgid: str) -> str:
    text = i18n.translator(loc).gettext(msgid)
    assert text != msgid, f"{msgid!r} has no {loc} translation"
    return text


def table_for(server: Server, game: str, seats: list[str], **body: Any) -> tuple[str, str]:
    t = server.post("/api/tables", {"game": game, "seats": seats, "bot_delay_ms": 0, **body})
    token = server.post(f"/api/tables/{t['id']}/seats/0", {"name": "Ann"})["token"]
    return t["id"], token


def test_the_menu_switches_the_lobby_to_thai_and_keeps_it(server: Server, browser: Any) -> None:
    context = browser.new_context(locale="en-US")
    page = context.new_page()
    page.goto(server.base + "/")
    page.wait_for_selector("#games li", timeout=15_000)
    assert page.get_attribute("html", "lang") == "en"
    assert page.inner_text("h1") == "Lobby"
    page.select_option("#lang-menu", "th")
    page.wait_for_function("() => document.documentElement.lang === 'th'", timeout=15_000)
    page.wait_for_selector("#games li", timeout=15_000)
    assert page.inner_text("h1") == said("th", "Lobby")                 # the page's HTML
    assert page.inner_text("#create-button") == said("th", "Create table")
    rules = page.inner_text("#games li a")                              # built by lobby.js
    assert rules == said("th", "rules")
    assert page.inner_text("#preset option") == said("th", "(defaults)")
    assert THAI.search(page.inner_text("main"))
    # the choice is kept: the lobby opened again without ?lang= comes back in Thai
    page.goto(server.base + "/")
    page.wait_for_function("() => document.documentElement.lang === 'th'", timeout=15_000)
    assert "lang=th" in page.url
    # a refusal of the API comes in Thai too: a table with no seats (from a named player)
    page.fill("#my-name", "Ann")
    page.evaluate("() => { document.getElementById('seat-list').replaceChildren(); }")
    page.click("#create-button")
    page.wait_for_selector("#create-message.error", timeout=10_000)
    assert THAI.search(page.inner_text("#create-message"))
    context.close()


def test_screenshot_of_a_thai_dummy_table(server: Server, browser: Any) -> None:
    tid, token = table_for(server, "dummy", ["open", "bot:heuristic", "bot:heuristic"])
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{server.base}/tables/{tid}?lang=th#token={token}")
    page.wait_for_selector("[data-card]", timeout=15_000)
    page.wait_for_selector("[data-move]", state="attached", timeout=15_000)
    assert page.get_attribute("html", "lang") == "th"
    assert page.inner_text("#chat-panel-h") == said("th", "Chat")
    assert page.get_attribute("#settings-open", "aria-label") == said("th", "settings")
    assert page.inner_text("#you").startswith("คุณ")
    assert THAI.search(page.inner_text("#actionbar"))
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.wait_for_timeout(500)
    page.screenshot(path=str(SCREENS / "dummy-th.png"))
    context.close()


def test_screenshot_of_a_chinese_shisanzhang_table(server: Server, browser: Any) -> None:
    tid, token = table_for(server, "shisanzhang", ["open", "bot:auto", "bot:auto", "bot:auto"])
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{server.base}/tables/{tid}?lang=zh_Hans#token={token}")
    page.wait_for_selector("#arrange", timeout=15_000)
    page.click("#arrange-auto")
    page.wait_for_selector(".arrange-row[data-row=tail] .card", timeout=10_000)
    assert page.get_attribute("html", "lang") == "zh-Hans"
    assert page.inner_text("#arrange h2") == said("zh_Hans", "Arrange your rows")
    assert HAN.search(page.inner_text("#arrange-send"))
    page.wait_for_timeout(500)
    page.screenshot(path=str(SCREENS / "shisanzhang-zh_Hans.png"))
    context.close()


# --- the pseudo-locale -----------------------------------------------------------------------

WORD = re.compile(r"[A-Za-z]{3,}")
# the regions whose words come from the core and the games (the layout, hints, the score in
# words, the move log): checked by the second test, once those texts are marked
ENGINE_REGIONS = ["#turn", "#centre", "#hint", "#scores", "#log", "#facts", "#confirm-text",
                  ".arrange-foul", ".row-type", "#felt", "#players", ".end-hands", "#announce"]
VISIBLE_TEXT = """(drop) => {
  const body = document.body.cloneNode(true);
  for (const sel of drop) body.querySelectorAll(sel).forEach((e) => e.remove());
  // what a person reads: the visible text, and the words inside inputs and buttons' labels
  body.querySelectorAll('[hidden], details:not([open]) > :not(summary), script').forEach((e) => e.remove());
  const extra = [...body.querySelectorAll('[placeholder]')].map((e) => e.getAttribute('placeholder'));
  const parts = [];
  const walk = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) parts.push(walk.currentNode.nodeValue);
  return [document.title, ...parts, ...extra].join('\\n');
}"""


def allowed_words(page: Any) -> set[str]:
    """Words that are data, not text: move notation, card ranks, game ids and native names,
    bot and preset names, the player's name, the language menu's own names."""
    words = {"Ann", "English", "polski", "pseudo", "cardtable"}
    for g in games_list():
        for name in (g["id"], *g["bots"], *g["presets"], g["native_name"]):
            words |= set(WORD.findall(name))
    for text in page.eval_on_selector_all("[data-move]", "els => els.map(e => e.dataset.move)"):
        words |= set(WORD.findall(text))
    # people's names at the tables the lobby lists (other tests' tables on this server)
    names = page.evaluate("""async () => (await (await fetch('/api/tables')).json())
        .flatMap((t) => [t.host, ...t.seats.map((s) => s.name)]).filter(Boolean)""")
    for name in names:
        words |= set(WORD.findall(name))
    return words


def leftovers(page: Any, drop: list[str]) -> list[str]:
    text = unmarked(page.evaluate(VISIBLE_TEXT, drop))
    allow = allowed_words(page)
    return sorted({w for w in WORD.findall(text) if w not in allow})


def pseudo_pages(server: Server, browser: Any) -> Any:
    context = browser.new_context()
    page = context.new_page()
    tid, token = table_for(server, "dummy", ["open", "open", "bot:random"])
    return context, page, [("/?lang=pseudo", "#games li"),
                           (f"/tables/{tid}?lang=pseudo#token={token}", "[data-card]"),
                           (f"/tables/{tid}?lang=pseudo", "#felt [data-seat]"),
                           (f"/tables/{tid}?lang=pseudo&join=1", "#join:not([hidden])")]


def test_pseudo_locale_leaves_none_of_the_pages_own_words_unmarked(server: Server,
                                                                    browser: Any) -> None:
    context, page, pages = pseudo_pages(server, browser)
    for path, ready in pages:
        page = context.new_page()      # a fresh tab: no seat token kept from the last one
        page.goto(server.base + path)
        page.wait_for_selector(ready, timeout=15_000)
        page.wait_for_timeout(300)
        assert page.get_attribute("html", "lang") == "en-x-pseudo"
        left = leftovers(page, ENGINE_REGIONS)
        assert not left, f"{path}: words not through the catalog: {left}"
    context.close()


def test_pseudo_locale_leaves_nothing_unmarked_on_the_whole_table(server: Server,
                                                                   browser: Any) -> None:
    context, page, pages = pseudo_pages(server, browser)
    for path, ready in pages:
        page = context.new_page()      # a fresh tab: no seat token kept from the last one
        page.goto(server.base + path)
        page.wait_for_selector(ready, timeout=15_000)
        page.wait_for_timeout(300)
        left = leftovers(page, [])
        assert not left, f"{path}: words not through the catalog: {left}"
    context.close()


def test_rules_pages_say_how_to_play_in_the_language(server: Server, browser: Any) -> None:
    context = browser.new_context()
    page = context.new_page()
    for gid in game_ids()[:3]:
        page.goto(f"{server.base}/rules/{gid}?lang=zh_Hant")
        assert page.get_attribute("html", "lang") == "zh-Hant"
        assert "玩法" in page.inner_text("h1") and get_game(gid).native_name in page.inner_text("h1")
        page.wait_for_selector("#lang-menu", timeout=10_000)
    context.close()


@pytest.mark.parametrize("loc", ["pl", "ru", "th", "en"])
def test_the_scripts_plural_forms_follow_the_catalogs_rule(server: Server, browser: Any,
                                                           loc: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{server.base}/?lang={loc}")
    page.wait_for_selector("#lang-menu", timeout=15_000)
    ns = [0, 1, 2, 3, 5, 11, 12, 21, 22, 25, 101, 112]
    got = page.evaluate("""async (ns) => {
        const m = await import('/static/i18n.js');
        return ns.map((n) => m.tn('{n} second left', '{n} seconds left', n));
    }""", ns)
    tr = i18n.translator(loc)
    assert got == [tr.ngettext("{n} second left", "{n} seconds left", n).format(n=n) for n in ns]
    if loc in ("pl", "ru"):
        assert len(set(g.replace(str(n), "") for g, n in zip(got, ns, strict=True))) == 3
    context.close()
