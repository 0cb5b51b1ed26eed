"""Issue 30's scorekeeper page, /score, against a real `cardtable serve`.

People playing with real cards score here. On a phone (390×844, a finger) a gin sheet for Ann
and Bo is set up, a knock is entered by tapping cards on the grid, and the deal's lines in
words and the totals are the server's for the same sheet (POST /api/score/sheet). An
impossible deal (a knock over the limit) shows the server's message, naming the deal, the field
and the seat, and changes nothing; undo gives the entry back to the form; deal 1 is corrected
(and corrected back, typing the cards); a reload keeps the sheet (localStorage); the third deal
ends the match, shown as a moment with its bonuses. On a desktop (1280×800) the same match is
typed, printed (a print sheet with no buttons) and exported as CSV (the engine's columns) and
JSON (the sheet file the engine reads). A Thai Dummy deal with a penalty and a 十三张 deal of
rows are entered and scored as the API scores them. Signed in (an account made through the
API), a sheet is saved to the account and its read-only link shows it to a browser with no
account. Screenshots: docs/screens/score-{setup,sheet,end}-{1280,390}.png.
"""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from cardtable.scoresheet import Sheet

from .conftest import SCREENS, Server

pytestmark = pytest.mark.slow

WIDTH = "() => [document.scrollingElement.scrollWidth, innerWidth]"
STORE = "() => JSON.parse(localStorage.getItem('cardtable.scoresheets') || '{}')"
MINUS = "\u2212"

# a gin match of three deals (gin.md): Ann knocks (+20), Bo goes gin (+27), Ann knocks and
# reaches 100 (+89): the match ends with the game bonus and the boxes
ANN_1 = ["2♣", "3♣", "4♣", "5♥", "6♥", "7♥", "9♠", "9♦", "9♥", "6♦"]
BO_1 = ["8♥", "9♣", "K♠", "K♦", "K♥", "Q♠", "J♦", "3♦", "2♠", "A♠"]
ANN_2 = "Ac 2c 3c 4d 5d 6d 7h 7s 7c 2h"
BO_2 = "As 2s 3s 4s 8d 9d Td Jh Jc Jd"
ANN_3 = "Ac 2c 3c 4h 5h 6h 9s 9d 9h 2d"
BO_3 = "Kh Qh Js Qd Kd 8c 7c 6s Tc Td"


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"{MINUS}{-n}" if n < 0 else "0"


def plain(n: int) -> str:
    return f"{MINUS}{-n}" if n < 0 else str(n)


def scored(server: Server, sheet: dict[str, Any]) -> dict[str, Any]:
    return dict(server.post("/api/score/sheet?lang=en", {"sheet": sheet}, player=None))


def stored(page: Any) -> dict[str, Any]:
    """The sheet the page shows, as it keeps it in localStorage."""
    sid = page.evaluate("document.body.dataset.sheet")
    return dict(page.evaluate(STORE)[sid])


def open_page(browser: Any, server: Server, path: str, width: int, height: int) -> tuple[Any, Any]:
    ctx = browser.new_context(viewport={"width": width, "height": height}, has_touch=width < 500,
                              is_mobile=width < 500, accept_downloads=True)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + path)
    page.wait_for_selector("body[data-ready='true']", timeout=20_000)
    page.errors = errors
    return ctx, page


def press(page: Any, selector: str) -> None:
    """A finger on a phone, the mouse on a desktop."""
    if page.viewport_size["width"] < 500:
        page.tap(selector)
    else:
        page.click(selector)


def set_up(page: Any, game: str, names: list[str], rules: dict[str, str] | None = None) -> None:
    page.select_option("#game", game)
    press(page, f"#players [data-value='{len(names)}']")
    for i, name in enumerate(names):
        page.fill(f"#name-{i}", name)
    for key, value in (rules or {}).items():
        page.fill(f"#setup [data-key='{key}']", value)
    press(page, "#start")
    page.wait_for_selector("body[data-view='sheet'][data-ready='true'] #entry .sk-field", timeout=15_000)


def tap_cards(page: Any, seat: int, field: str, cards: list[str]) -> None:
    press(page, f"#sk-tab-{seat}")
    for c in cards:
        press(page, f".sk-tab-panel[data-seat='{seat}'] .sk-field[data-field='{field}'] .sk-grid [data-card='{c}']")


def type_cards(page: Any, seat: int, field: str, text: str) -> None:
    press(page, f"#sk-tab-{seat}")
    box = f".sk-tab-panel[data-seat='{seat}'] .sk-field[data-field='{field}'] .sk-typed"
    page.fill(box, text)
    page.press(box, "Enter")


def choose_seat(page: Any, field: str, seat: int) -> None:
    press(page, f"#entry .sk-field[data-field='{field}'] .sk-seg [data-value='{seat}']")


def score_deal(page: Any, deals: int) -> None:
    press(page, "#score-deal")
    page.wait_for_function(f"() => document.body.dataset.deals === '{deals}' && !document.body.dataset.busy",
                           timeout=15_000)


def gin_deal(page: Any, knocker: int, ann: str, bo: str, deals: int) -> None:
    choose_seat(page, "knocker", knocker)
    type_cards(page, 0, "hands", ann)
    type_cards(page, 1, "hands", bo)
    score_deal(page, deals)


def shown_lines(page: Any, deal: int) -> list[list[tuple[str, str]]]:
    """Each seat's lines of an open deal as the page shows them: (text, points)."""
    got = page.eval_on_selector_all(
        f".sk-deal-more[data-deal='{deal}'] .sk-seat-lines",
        "els => els.map(s => [...s.querySelectorAll('.sk-line:not(.none)')].map(l => "
        "[l.querySelector('.sk-line-text').innerText, l.querySelector('.sk-pts').innerText]))")
    return [[(text, pts) for text, pts in seat] for seat in got]


def api_lines(lines: list[list[dict[str, Any]]]) -> list[list[tuple[str, str]]]:
    return [[(ln["text"], signed(ln["points"])) for ln in seat] for seat in lines]


def shown_totals(page: Any) -> list[int]:
    got = page.eval_on_selector_all(".sk-total-row td[data-total]", "els => els.map(e => e.dataset.total)")
    return [int(x) for x in got]


def shown_running(page: Any) -> list[list[str]]:
    return list(page.eval_on_selector_all(
        "#deals tbody tr.sk-deal", "rows => rows.map(r => [...r.querySelectorAll('td')].map(td => "
        "td.querySelector('.sk-cell-pts').innerText + '/' + td.querySelector('.sk-cell-run').innerText))"))


def api_running(result: dict[str, Any]) -> list[list[str]]:
    return [[f"{signed(p)}/{plain(r)}" for p, r in zip(d["scores"], d["running"], strict=True)]
            for d in result["deals"]]


def agrees_with_api(page: Any, server: Server, deal: int) -> dict[str, Any]:
    """The page's table, the deal's lines and the totals are the server's for its sheet."""
    result = scored(server, stored(page)["sheet"])
    assert shown_running(page) == api_running(result)
    assert shown_totals(page) == result["totals"]
    if deal:
        page.wait_for_selector(f".sk-deal-more[data-deal='{deal}']")
        assert shown_lines(page, deal) == api_lines(result["deals"][deal - 1]["lines"])
    return result


def no_sideways_scroll(page: Any) -> None:
    width, inner = page.evaluate(WIDTH)
    assert width <= inner, f"the page scrolls sideways: {width} > {inner}"


def shot(page: Any, name: str) -> Path:
    SCREENS.mkdir(parents=True, exist_ok=True)
    path = SCREENS / name
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
    page.screenshot(path=str(path), full_page=True)
    return path


def test_a_gin_sheet_on_a_phone(server: Server, browser: Any) -> None:
    ctx, page = open_page(browser, server, "/score/gin", 390, 844)
    try:
        assert page.input_value("#game") == "gin"
        page.fill("#name-0", "Ann")
        page.fill("#name-1", "Bo")
        no_sideways_scroll(page)
        shot(page, "score-setup-390.png")
        set_up(page, "gin", ["Ann", "Bo"])
        assert page.inner_text("#entry-h") == "Deal 1"
        assert page.inner_text("#sk-tab-0").startswith("Ann (1)")

        # deal 1: a knock, every card tapped on the grid
        choose_seat(page, "knocker", 0)
        tap_cards(page, 0, "hands", ANN_1)
        tap_cards(page, 1, "hands", BO_1)
        # a card one player has is greyed for the other
        assert page.is_disabled(".sk-tab-panel[data-seat='1'] .sk-field[data-field='hands'] [data-card='2♣']")
        assert page.inner_text("#sk-tab-1 .sk-tab-note") == "10"
        no_sideways_scroll(page)
        score_deal(page, 1)
        result = agrees_with_api(page, server, 1)
        assert result["deals"][0]["scores"] == [20, 0] and shown_totals(page) == [20, 0]
        assert "Knock: defender's deadwood 26" in page.inner_text(".sk-deal-more[data-deal='1']")
        assert page.inner_text("#entry-h") == "Deal 2"

        # deal 2, impossible: Bo "goes gin" keeping K♦ (30 deadwood): the server's words,
        # nothing changed
        before = stored(page)
        choose_seat(page, "knocker", 1)
        type_cards(page, 0, "hands", ANN_2)
        type_cards(page, 1, "hands", BO_2.replace("Jd", "Kd"))
        press(page, "#score-deal")
        page.wait_for_function("() => document.getElementById('entry-error').textContent", timeout=15_000)
        error = page.inner_text("#entry-error")
        assert error == "deal 2: cards shown, seat 2: the knocker keeps 30 deadwood, over the knock limit 10"
        assert page.get_attribute("#entry-error", "role") == "alert"
        assert page.is_visible(".sk-tab-panel[data-seat='1'] .sk-field.sk-bad[data-field='hands']")
        assert stored(page)["sheet"] == before["sheet"]
        assert page.evaluate("document.body.dataset.deals") == "1" and shown_totals(page) == [20, 0]
        # mended with two taps: K♦ out, J♦ in
        tap_cards(page, 1, "hands", ["K♦", "J♦"])
        score_deal(page, 2)
        agrees_with_api(page, server, 2)
        assert shown_totals(page) == [20, 27]

        # undo: deal 2 leaves the sheet, its entry is back in the form
        press(page, "#undo")
        page.wait_for_function("() => document.body.dataset.deals === '1' && !document.body.dataset.busy")
        assert shown_totals(page) == [20, 0] and len(stored(page)["sheet"]["entries"]) == 1
        assert "Deal 2 undone" in page.inner_text("#message")
        assert page.inner_text("#sk-tab-0 .sk-tab-note") == "10" and page.inner_text("#sk-tab-1 .sk-tab-note") == "10"
        score_deal(page, 2)
        assert shown_totals(page) == [20, 27]

        # correct deal 1: it was a dead hand after all
        if not page.is_visible(".sk-deal-more[data-deal='1']"):
            press(page, "#deals tr.sk-deal[data-deal='1'] .sk-deal-toggle")
        press(page, ".sk-deal-more[data-deal='1'] .sk-edit")
        assert page.inner_text("#entry-h") == "Correct deal 1"
        assert page.inner_text("#score-deal") == "Save the correction"
        press(page, "#clear-entry")
        press(page, "#entry .sk-field[data-field='dead'] .sk-flag")
        press(page, "#score-deal")
        page.wait_for_function("() => document.getElementById('message').textContent.includes('Deal 1 corrected')")
        result = agrees_with_api(page, server, 0)
        assert result["deals"][0]["scores"] == [0, 0] and shown_totals(page) == [0, 27]
        assert stored(page)["sheet"]["entries"][0] == {"dead": True}
        # and back, the cards typed this time
        press(page, ".sk-deal-more[data-deal='1'] .sk-edit")
        press(page, "#entry .sk-field[data-field='dead'] .sk-flag")
        choose_seat(page, "knocker", 0)
        type_cards(page, 0, "hands", " ".join(ANN_1))
        type_cards(page, 1, "hands", "8h 9c ks kd kh qs jd 3d 2s as")
        press(page, "#score-deal")
        page.wait_for_function("() => document.getElementById('message').textContent.includes('Deal 1 corrected')"
                               " && document.getElementById('entry-h').textContent === 'Deal 3'")
        agrees_with_api(page, server, 1)
        assert shown_totals(page) == [20, 27]

        # a reload keeps the sheet
        page.reload()
        page.wait_for_selector("body[data-ready='true'][data-deals='2']", timeout=15_000)
        assert shown_totals(page) == [20, 27]
        assert page.inner_text("#sheet-title") == "Gin Rummy"
        no_sideways_scroll(page)
        # the last deal is shown open
        page.wait_for_selector(".sk-deal-more[data-deal='2']")
        page.evaluate("scrollTo(0, 0)")
        shot(page, "score-sheet-390.png")

        # deal 3 ends the match: the winner, the game bonus and the boxes
        gin_deal(page, 0, ANN_3, BO_3, 3)
        page.wait_for_selector("#end", timeout=10_000)
        result = agrees_with_api(page, server, 3)
        assert result["over"] and shown_totals(page) == [259, 52]
        assert page.inner_text("#end-h") == "Ann wins the match"
        end_lines = page.eval_on_selector_all("#end .sk-line-text", "els => els.map(e => e.innerText)")
        assert end_lines == [ln["text"] for seat in result["end"]["lines"] for ln in seat]
        assert page.is_hidden("#entry-box") and page.is_visible("#same-again")
        no_sideways_scroll(page)
        page.evaluate("scrollTo(0, 0)")
        shot(page, "score-end-390.png")
        assert not page.errors, page.errors
    finally:
        ctx.close()


def test_a_match_typed_printed_and_exported_on_a_desktop(server: Server, browser: Any) -> None:
    ctx, page = open_page(browser, server, "/score", 1280, 800)
    try:
        page.select_option("#game", "gin")
        page.fill("#name-0", "Ann")
        page.fill("#name-1", "Bo")
        page.fill("#title", "Friday at Bo's")
        page.wait_for_selector("#length [data-key='game_target']")
        set_up(page, "gin", ["Ann", "Bo"])
        assert page.inner_text("#sheet-title") == "Friday at Bo's"
        gin_deal(page, 0, " ".join(ANN_1), " ".join(BO_1), 1)
        gin_deal(page, 1, ANN_2, BO_2, 2)
        agrees_with_api(page, server, 2)
        page.click("#deals tr.sk-deal[data-deal='1'] .sk-deal-toggle")
        no_sideways_scroll(page)
        shot(page, "score-sheet-1280.png")
        gin_deal(page, 0, ANN_3, BO_3, 3)
        page.wait_for_selector("#end")
        result = agrees_with_api(page, server, 3)
        assert page.inner_text("#end-h") == "Ann wins the match"
        shot(page, "score-end-1280.png")

        # print: the sheet, names and totals; no buttons, no form, no header
        page.emulate_media(media="print")
        for hidden in ("header.bar", "#tools", "#entry-box", "#share-box", "#undo", ".sk-edit"):
            assert not page.is_visible(hidden), f"{hidden} is printed"
        assert page.is_visible("#deals") and page.is_visible("#end")
        printed = page.inner_text("#sheet")
        assert "Friday at Bo's" in printed and "Ann" in printed and "259" in printed and "52" in printed
        page.emulate_media(media="screen")

        # CSV: the engine's columns for the sheet kept on this device
        sheet = stored(page)["sheet"]
        with page.expect_download() as got:
            page.click("#export-csv")
        csv_text = Path(got.value.path()).read_text(encoding="utf-8")
        assert csv_text == Sheet.from_json(sheet).to_csv()
        assert csv_text.splitlines()[-2:] == ["end of match,150,25,259,52", "total,259,52,,"]
        # JSON: the sheet file itself, which the engine reads back
        with page.expect_download() as got:
            page.click("#export-json")
        file = json.loads(Path(got.value.path()).read_text(encoding="utf-8"))
        assert file == sheet and file["format"] == "cardtable-sheet"
        assert Sheet.from_json(file).result()["totals"] == result["totals"]

        # "my sheets" lists it; a new match at the same table starts empty
        page.click("#same-again")
        page.wait_for_function("() => document.body.dataset.deals === '0' && document.body.dataset.over === 'false'")
        page.goto(server.base + "/score")
        page.wait_for_selector("body[data-ready='true'] #sheets .sk-sheet-item")
        listed = page.inner_text("#sheets")
        assert listed.count("Friday at Bo's") == 2 and "over" in listed
        # the names typed last come back for the next sheet
        assert page.input_value("#name-0") == "Ann" and page.input_value("#name-1") == "Bo"
        page.click("#rules-box summary")
        no_sideways_scroll(page)
        shot(page, "score-setup-1280.png")
        # the sheet file opens again as a sheet of this device
        page.set_input_files("#import", got.value.path())
        page.wait_for_selector("body[data-view='sheet'][data-ready='true'][data-deals='3'][data-over='true']")
        assert shown_totals(page) == [259, 52]
        assert len(page.evaluate(STORE)) == 3
        assert not page.errors, page.errors
    finally:
        ctx.close()


def test_dummy_penalty_and_shisanzhang_rows(server: Server, browser: Any) -> None:
    ctx, page = open_page(browser, server, "/score/dummy", 390, 844)
    try:
        # dummy.md T35 with ถูกฝากสเปโต (O9): Di laid 2♣ off next to a card Bo placed
        set_up(page, "dummy", ["Ann", "Bo", "Cy", "Di"])
        choose_seat(page, "knocker", 0)
        tabled = ["7h 8h 9h 10h kc kd kh", "2c 3c 4c", "6d 6s 6c", ""]
        hands = ["", "ad 9s 3s 5h", "qs 2h 7c 10d", "3h 5d 10c jd 4h 8c ks"]
        for seat in range(4):
            if tabled[seat]:
                type_cards(page, seat, "tabled", tabled[seat])
            if hands[seat]:
                type_cards(page, seat, "hand", hands[seat])
        press(page, ".sk-field[data-field='knock_card'] [data-card='4♠']")
        # the head card is picked among the tabled cards: not greyed
        press(page, ".sk-field[data-field='head'] [data-card='6♦']")
        press(page, ".sk-penalties .sk-add")
        press(page, ".sk-penalty .sk-rule-opt[data-value='dummy:O9']")
        assert page.is_hidden(".sk-penalty .sk-rule-opt[data-value='dummy:O3']")
        press(page, ".sk-penalty [data-part='seat'] [data-value='1']")
        press(page, ".sk-penalty [data-part='against'] [data-value='3']")
        page.fill(".sk-penalty .sk-penalty-card input", "2c")
        page.press(".sk-penalty .sk-penalty-card input", "Enter")
        no_sideways_scroll(page)
        score_deal(page, 1)
        entry = stored(page)["sheet"]["entries"][0]
        assert entry["penalties"] == [{"rule": "dummy:O9", "seat": 1, "against": 3, "card": "2♣"}]
        assert entry["head"] == "6♦" and entry["knock_card"] == "4♠" and entry["knocker"] == 0
        result = agrees_with_api(page, server, 1)
        assert result["deals"][0]["scores"] == [110, -20, -10, -100]
        assert "Di laid 2♣ off next to a card Bo placed" in page.inner_text(".sk-deal-more[data-deal='1']")

        # 十三张: each player's three rows, cards tapped row by row (the row fills and moves on)
        page.goto(server.base + "/score/shisanzhang")
        page.wait_for_selector("body[data-ready='true']")
        set_up(page, "shisanzhang", ["Ann", "Bo"])
        tap_cards(page, 0, "rows", ["2♠", "2♥", "5♦", "5♠", "6♠", "7♦", "8♣", "9♥",
                                    "10♠", "J♠", "Q♠", "K♠", "A♠"])
        assert page.inner_text(".sk-tab-panel[data-seat='0'] [data-row='2'] .sk-row-n") == "5/5"
        tap_cards(page, 1, "rows", ["3♥", "4♦", "7♣"])
        type_cards(page, 1, "rows", "2d 2c 3s 4s 6h")
        type_cards(page, 1, "rows", "kd kc 9d 9c jh")
        no_sideways_scroll(page)
        score_deal(page, 1)
        rows = stored(page)["sheet"]["entries"][0]["rows"]
        assert rows[1] == [["3♥", "4♦", "7♣"], ["2♦", "2♣", "3♠", "4♠", "6♥"], ["K♦", "K♣", "9♦", "9♣", "J♥"]]
        result = agrees_with_api(page, server, 1)
        assert result["deals"][0]["scores"] == [70, -70]
        assert not page.errors, page.errors
    finally:
        ctx.close()


def request(ctx: Any, server: Server, method: str, path: str, body: Any = None, csrf: str | None = None) -> Any:
    headers = {"X-CSRF-Token": csrf} if csrf else {}
    r = ctx.request.fetch(server.base + path, method=method, data=body, headers=headers)
    assert r.ok, (path, r.status, r.text())
    return r.json()


def test_a_sheet_saved_to_the_account_and_shared_read_only(server: Server, browser: Any) -> None:
    ctx, page = open_page(browser, server, "/score/gin", 1280, 800)
    other = None
    try:
        # an account made through the API: the browser's session cookie
        request(ctx, server, "POST", "/api/accounts", {"name": "Scorer", "password": "a long password 1"})
        page.reload()
        page.wait_for_selector("body[data-ready='true']")
        assert page.inner_text("#account-name") == "Scorer"
        set_up(page, "gin", ["Ann", "Bo"])
        gin_deal(page, 0, " ".join(ANN_1), " ".join(BO_1), 1)
        page.click("#save-account")
        page.wait_for_selector("#share:not([hidden])")
        remote = stored(page)["remote"]
        assert remote["url"] == f"/score/s/{remote['id']}"
        # every change after that is saved there too
        gin_deal(page, 1, ANN_2, BO_2, 2)
        page.wait_for_timeout(300)
        session = request(ctx, server, "GET", "/api/session")
        assert session["name"] == "Scorer"
        kept = request(ctx, server, "GET", f"/api/sheets/{remote['id']}")
        assert kept["mine"] and len(kept["sheet"]["entries"]) == 2
        page.click("#share")
        link = page.input_value("#share-link")
        assert link == f"{server.base}/score/s/{remote['id']}"
        mine = request(ctx, server, "GET", "/api/players/me/sheets")
        assert [m["id"] for m in mine] == [remote["id"]]

        # anyone with the link: the sheet, read-only
        other = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
        reader = other.new_page()
        reader.goto(link)
        reader.wait_for_selector("body[data-view='shared'][data-ready='true']", timeout=15_000)
        assert reader.is_hidden("#entry-box") and reader.is_hidden("#undo") and reader.is_hidden("#share-box")
        assert reader.is_hidden("#adopt")
        assert shown_totals(reader) == [20, 27] == kept["result"]["totals"]
        assert "Read-only" in reader.inner_text("#shared-line")
        reader.click("#deals tr.sk-deal[data-deal='1'] .sk-deal-toggle")
        assert reader.query_selector(".sk-deal-more .sk-edit") is None
        assert shown_lines(reader, 1) == api_lines(kept["result"]["deals"][0]["lines"])
        no_sideways_scroll(reader)
        href = reader.get_attribute("#export-csv", "href")
        assert href.startswith(f"/api/sheets/{remote['id']}.csv")
        with urllib.request.urlopen(server.base + href, timeout=10) as r:
            assert r.read().decode() == Sheet.from_json(kept["sheet"]).to_csv()

        # the owner's own link offers to keep it on the device for editing
        page.goto(link)
        page.wait_for_selector("body[data-view='shared'][data-ready='true']")
        page.click("#adopt")
        page.wait_for_selector("body[data-view='sheet'][data-ready='true'][data-deals='2']")
        assert page.is_visible("#entry-box")
        assert not page.errors, page.errors
    finally:
        if other is not None:
            other.close()
        ctx.close()
