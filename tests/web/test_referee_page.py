"""Issue 30's gin referee in the browser, /referee, against a real `cardtable serve`.

On a phone (390×844, a finger) the recorded physical deal of docs/games/gin-referee.md ("At a
real table") is played by taps: the upcard and the cards seen on the grid of the 52 cards,
take/pass/draw with the buttons of the seat to move, a stock draw by a tap on the stock, a
discard by a tap on the card on the felt, the R8 report from the "report an irregularity"
menu, the gin by a tap on 5♠. The page shows the doc's ruling (R8, its remedy and the law it
cites) and score (seat 1 +33, the gin of rule 30). A bad entry (typed in the line box, or a
report the engine refuses) shows the error where it was made and changes nothing; undo
drops the last line; a reload restores the session. The page never scrolls sideways.
Screenshots: docs/screens/referee-390.png, referee-390-picker.png and referee-1280.png.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.games.gin_referee.test_physical import TYPED

from .conftest import SCREENS, Server

pytestmark = pytest.mark.slow

WIDTH = "() => [document.scrollingElement.scrollWidth, innerWidth]"
STORE = "cardtable.referee.gin"
RULING = ("R8: K♥ was shown from seat 2's hand. No penalty, but since seat 1 knows the card, seat 2 may not "
          "knock this turn.")


class Phone:
    """The referee page driven by taps, one line of the record at a time."""

    def __init__(self, page: Any) -> None:
        self.page = page

    def lines(self) -> int:
        return int(self.page.evaluate("Number(document.body.dataset.lines || 0)"))

    def settled(self, n: int) -> None:
        """The page has taken ``n`` lines and drawn them."""
        self.page.wait_for_function(
            f"() => document.body.dataset.lines === '{n}' && ['ready', 'over'].includes(document.body.dataset.phase)",
            timeout=15_000)

    def tap(self, selector: str, **kw: Any) -> None:
        self.page.tap(selector, timeout=10_000, **kw)

    def step(self, act: Any) -> None:
        n = self.lines()
        act()
        self.settled(n + 1)

    def pick(self, *cards: str) -> None:
        for c in cards:
            self.tap(f"#sheet .rf-pick[data-card='{c}']")

    def felt_card(self, seat: int, card: str) -> None:
        """A tap on the visible strip of a known card of ``seat`` (from 1) on the felt."""
        self.tap(f"#felt .ft-place[data-seat='{seat - 1}'] .ft-known [data-card='{card}']", position={"x": 4, "y": 12})

    def chooser(self, line: str) -> None:
        self.page.wait_for_selector("#sheet[data-kind='chooser']:not([hidden])", timeout=5_000)
        self.tap(f"#sheet .rf-choice[data-line='{line}']")


def play_the_docs_deal(ph: Phone, screens: bool = False) -> None:
    """TYPED (the doc's deal as typed at the terminal), entered by taps."""
    page = ph.page

    def picker(act: str, *cards: str, done: bool = False) -> None:
        ph.tap(f"#actions [data-act='{act}']")
        page.wait_for_selector("#sheet[data-kind='picker']:not([hidden])", timeout=5_000)
        ph.pick(*cards)
        if done:
            ph.tap("#pick-done")

    ph.step(lambda: picker("upcard", "10♣"))                                    # upcard 10♣
    hand = TYPED[1].split()[2:]

    def recorder() -> None:
        ph.tap("#actions [data-act='show-1']")
        page.wait_for_selector("#sheet[data-kind='picker']:not([hidden])", timeout=5_000)
        ph.pick(*hand)
        if screens:
            page.screenshot(path=str(SCREENS / "referee-390-picker.png"))
        ph.tap("#pick-done")
    ph.step(recorder)                                                           # hand 1 …
    ph.step(lambda: ph.tap("#actions [data-line='pass']"))                      # pass
    ph.step(lambda: ph.tap("#actions [data-line='pass']"))                      # pass

    def draw_seen(card: str) -> None:                                           # a tap on the stock
        ph.tap("#felt [data-zone-id='stock']")
        page.wait_for_selector("#sheet[data-kind='chooser']:not([hidden])", timeout=5_000)
        page.locator("#sheet .rf-choice").last.tap()
        page.wait_for_selector("#sheet[data-kind='picker']:not([hidden])", timeout=5_000)
        ph.pick(card)
    ph.step(lambda: draw_seen("Q♦"))                                            # draw Q♦

    def discard_on_felt(card: str) -> None:
        ph.felt_card(1, card)
        ph.chooser(f"discard {card}")
    ph.step(lambda: discard_on_felt("Q♦"))                                      # discard Q♦
    ph.step(lambda: ph.tap("#actions [data-line='draw']"))                      # draw
    ph.step(lambda: picker("discard", "7♣"))                                    # discard 7♣
    ph.step(lambda: picker("draw-seen", "5♠"))                                  # draw 5♠
    ph.step(lambda: discard_on_felt("9♠"))                                      # discard 9♠

    def report_r8() -> None:                                                    # 2: report R8 K♥ hand
        ph.tap("#actions [data-act='report']")
        page.wait_for_selector("#sheet[data-kind='reports']:not([hidden])", timeout=5_000)
        assert page.eval_on_selector_all("#sheet .rf-law-item", "els => els.map(e => e.dataset.rule)") == \
            [f"R{n}" for n in range(1, 14)]
        assert "exposed card" in page.inner_text("#sheet .rf-law-item[data-rule='R8']")
        ph.tap("#sheet .rf-law-item[data-rule='R8']")
        page.wait_for_selector("#sheet[data-kind='report']:not([hidden])", timeout=5_000)
        ph.tap("#sheet [data-reporter='2']")
        ph.tap("#sheet [data-word='hand']")
        ph.pick("K♥")
        assert page.inner_text("#sheet .rf-preview") == "2: report R8 K♥ hand"
        ph.tap("#report-send")
    ph.step(report_r8)
    page.wait_for_selector("#sheet", state="hidden", timeout=5_000)
    ph.step(lambda: ph.tap("#actions [data-line='draw']"))                      # draw
    ph.step(lambda: picker("discard", "2♦"))                                    # discard 2♦
    ph.step(lambda: picker("draw-seen", "4♠"))                                  # draw 4♠
    ph.step(lambda: picker("show-2", *TYPED[14].split()[2:], done=True))        # show 2 …

    def gin() -> None:                                                          # gin 5♠
        ph.felt_card(1, "5♠")
        ph.chooser("gin 5♠")
    ph.step(gin)


def record_of(page: Any) -> list[str]:
    return page.eval_on_selector_all("#record li[data-n]", "els => els.map(e => e.textContent)")


def shows_the_docs_result(page: Any) -> None:
    """The doc's ruling and score."""
    assert page.evaluate("document.body.dataset.phase") == "over"
    rulings = page.locator("#rulings .rf-ruling")
    assert rulings.count() == 1
    r8 = page.locator("#rulings .rf-ruling[data-rule='R8']")
    assert r8.locator(".rf-ruling-text").inner_text() == RULING
    assert "exposed card" in r8.locator(".rf-ruling-head").inner_text()
    assert "may not knock this turn" in r8.locator(".rf-remedy").inner_text()
    assert r8.locator("cite").inner_text() == "gin.md A.14 R8"
    rows = page.eval_on_selector_all("#score tbody tr", "els => els.map(e => [e.dataset.rule, "
                                     "[...e.children].map(c => c.textContent)])")
    assert [(rule, cells[1], cells[2]) for rule, cells in rows] == [("gin:R8", "", "0"), ("gin:30", "+33", "")]
    assert rows[1][1][0].startswith("Gin: defender's deadwood 8 + gin bonus 25")
    assert page.eval_on_selector_all("#score tfoot td", "els => els.map(e => e.textContent)") == ["33", "0"]
    assert page.inner_text("#score .rf-winner") == "Seat 1 wins the deal."


def test_the_docs_physical_deal_by_taps_on_a_phone(server: Server, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.base}/referee")
    page.wait_for_selector("body[data-phase='ready']", timeout=15_000)
    ph = Phone(page)
    # seat 2 deals in the doc's deal
    assert page.get_attribute("#dealer-box [data-dealer='1']", "aria-pressed") == "true"
    assert page.inner_text("#title") == "Gin referee"
    play_the_docs_deal(ph, screens=True)
    shows_the_docs_result(page)
    assert len(record_of(page)) == len(TYPED)
    # the lines are the doc's (the cards of a hand in the order the grid gives them)
    for typed, entered in zip(TYPED, record_of(page), strict=True):
        assert sorted(typed.split()) == sorted(entered.split()), (typed, entered)
    # the felt shows both hands spread: seat 1's three melds, seat 2's melds and his 8♥
    assert page.locator("#felt .ft-place[data-seat='0'] [data-zone='meld']").count() == 3
    assert "8♥" in page.eval_on_selector_all("#felt .ft-place[data-seat='1'] [data-card]",
                                             "els => els.map(e => e.dataset.card)")
    width, inner = page.evaluate(WIDTH)
    assert width <= inner == 390, f"the page is {width} px wide on a {inner} px screen"
    page.screenshot(path=str(SCREENS / "referee-390.png"), full_page=True)

    # a reload restores the session: the same lines, ruling and score
    kept = json.loads(page.evaluate(f"localStorage.getItem('{STORE}')"))
    assert kept["dealer"] == 1 and kept["lines"] == record_of(page)
    page.reload()
    ph.settled(len(TYPED))
    shows_the_docs_result(page)
    assert record_of(page) == kept["lines"]

    # undo drops the last line (the gin): seat 1 is to move again, nothing scored yet
    ph.tap("#undo")
    ph.settled(len(TYPED) - 1)
    assert record_of(page) == kept["lines"][:-1]
    assert page.evaluate("document.body.dataset.phase") == "ready"
    assert page.eval_on_selector_all("#score tfoot td", "els => els.map(e => e.textContent)") == ["0", "0"]
    assert json.loads(page.evaluate(f"localStorage.getItem('{STORE}')"))["lines"] == kept["lines"][:-1]
    assert not errors, errors
    context.close()


def test_a_bad_entry_shows_its_error_in_place_and_changes_nothing(server: Server, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    value = json.dumps(json.dumps({"version": 1, "dealer": 1, "lines": TYPED[:5]}))
    context.add_init_script(f"try {{ localStorage.setItem('{STORE}', {value}); }} catch (e) {{}}")
    page = context.new_page()
    page.goto(f"{server.base}/referee")
    ph = Phone(page)
    ph.settled(5)
    assert record_of(page) == TYPED[:5]
    before = page.inner_html("#felt")

    # typed in the line box: a card drawn that is in seat 1's hand
    page.fill("#line", "draw A♠")
    page.locator("#line-send").tap()
    page.wait_for_selector("#line-error[data-shown='true']", timeout=10_000)
    assert "A♠ was entered in seat 1's hand, not on top of the stock" in page.inner_text("#line-error")
    assert page.input_value("#line") == "draw A♠"          # kept, to be corrected
    assert record_of(page) == TYPED[:5] and ph.lines() == 5
    assert json.loads(page.evaluate(f"localStorage.getItem('{STORE}')"))["lines"] == TYPED[:5]
    assert page.inner_html("#felt") == before

    # a seat that is not at the table
    page.fill("#line", "3: report R5")
    page.locator("#line-send").tap()
    page.wait_for_function("() => document.querySelector('#line-error').textContent.includes('there is no seat 3')",
                           timeout=10_000)
    assert record_of(page) == TYPED[:5]

    # a report the engine refuses, from the menu: the error shows in the report's sheet, which
    # stays open; nothing is entered
    ph.tap("#actions [data-act='report']")
    ph.tap("#sheet .rf-law-item[data-rule='R12']")
    ph.pick("A♠")
    ph.tap("#report-send")
    page.wait_for_selector("#sheet-error[data-shown='true']", timeout=10_000)
    assert page.is_visible("#sheet[data-kind='report']")
    assert page.inner_text("#line-error") == "" and record_of(page) == TYPED[:5]
    ph.tap("#sheet .rf-sheet-actions button:last-child")       # cancel
    page.wait_for_selector("#sheet", state="hidden", timeout=5_000)

    # the same line typed right is taken
    page.fill("#line", "discard Q♦")
    ph.step(lambda: page.locator("#line-send").tap())
    assert record_of(page) == [*TYPED[:5], "discard Q♦"] and page.input_value("#line") == ""
    assert page.inner_text("#line-error") == ""
    context.close()


def test_the_wide_screen(server: Server, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    value = json.dumps(json.dumps({"version": 1, "dealer": 1, "lines": TYPED}))
    context.add_init_script(f"try {{ localStorage.setItem('{STORE}', {value}); }} catch (e) {{}}")
    page = context.new_page()
    page.goto(f"{server.base}/referee")
    Phone(page).settled(len(TYPED))
    shows_the_docs_result(page)
    # the felt and the rulings side by side
    felt = page.locator("#felt").bounding_box()
    side = page.locator("#side").bounding_box()
    assert felt and side and side["x"] >= felt["x"] + felt["width"]
    width, inner = page.evaluate(WIDTH)
    assert width <= inner == 1280
    page.wait_for_timeout(300)
    page.screenshot(path=str(SCREENS / "referee-1280.png"))
    context.close()
