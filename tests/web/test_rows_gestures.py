"""十三张's arrangement board (static/rows.js) played by hand: mouse drag, touch drag, taps,
the keyboard, swaps on a full row, the rows' hand types, and the board fitting a phone and a
laptop screen without scrolling.

Most tests mount the board alone on a blank page of the server's origin (``HARNESS``) with
handlers like the table page's: ``legacy`` mode (pick/toRow/place/unplace acting on one board
and redrawing at once, as table.js does) and ``setBoard`` mode (one new board per change,
redrawn a moment later, as a component library does). The last test goes through the real
table page against a bot.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .conftest import Server

pytestmark = pytest.mark.slow

HAND = ["A♠", "K♥", "Q♦", "J♣", "10♠", "9♥", "9♠", "5♣", "5♦", "2♣", "7♥", "3♦", "8♣"]
# the harness's "suggest" split, which does not foul: K-Q-J in front, a pair of 5s in the
# middle, a pair of 9s at the back
AUTO = {"head": ["K♥", "Q♦", "J♣"], "middle": ["5♣", "5♦", "7♥", "3♦", "2♣"],
        "tail": ["9♥", "9♠", "A♠", "10♠", "8♣"]}
SHOTS = Path("/tmp")

HARNESS = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/static/style.css">
<link rel="stylesheet" href="/static/suits.css">
<link rel="stylesheet" href="/static/rows.css">
<style>body { margin: 0; } main.table { padding: .5rem; gap: .5rem; }
 .arrange h2 { margin: 0 0 .25rem; } .arrange-buttons { display: flex; gap: .4rem; flex-wrap: wrap; }
 .arrange-buttons button { min-height: 44px; font-size: .9rem; padding: 0 .6rem; }</style>
</head><body class="table-page">
<main class="table">
<section id="arrange" class="arrange" aria-label="arrange your rows">
  <h2>Arrange your rows</h2>
  <div id="arrange-board" class="arrange-board"></div>
  <p id="foul" class="foul" aria-live="polite"></p>
  <div class="arrange-buttons">
    <button id="arrange-auto" type="button" class="small-button">suggest (auto)</button>
    <button id="arrange-clear" type="button" class="small-button">clear rows</button>
    <button id="arrange-send" type="button" disabled>send these rows</button>
  </div>
</section>
</main>
<script type="module">
import { describeRows, drawBoard, ROWS, rowsMove, boardPlace } from "/static/rows.js";
const MODE = "__MODE__";
const HAND = __HAND__;
const AUTO = __AUTO__;
const box = document.getElementById("arrange-board");
const page = { board: { head: [], middle: [], tail: [] }, picked: null, calls: [], said: [], sent: null, checks: 0 };
const size = Object.fromEntries(ROWS.map((r) => [r.id, r.size]));
let pending = false;
function redraw() {
  const board = page.board;
  const legacy = {
    pick: (c) => { page.calls.push(["pick", c]); page.picked = page.picked === c ? null : c; redraw(); },
    toRow: (row) => { page.calls.push(["toRow", row]); if (page.picked) legacy.place(page.picked, row); },
    place: (c, row) => {
      page.calls.push(["place", c, row]);
      for (const r of ROWS) board[r.id] = board[r.id].filter((x) => x !== c);
      if (board[row].length >= size[row]) { page.said.push("full"); redraw(); return; }
      board[row].push(c); page.picked = null; redraw();
    },
    unplace: (c) => {
      page.calls.push(["unplace", c]);
      for (const r of ROWS) board[r.id] = board[r.id].filter((x) => x !== c);
      redraw();
    },
  };
  let handlers = legacy;
  if (MODE === "setBoard") {
    handlers = {
      ...legacy,
      setBoard: (next) => {
        page.calls.push(["setBoard", JSON.stringify(next)]);
        page.board = next;
        const placed = new Set([...next.head, ...next.middle, ...next.tail]);
        if (placed.has(page.picked)) page.picked = null;
        later();
      },
      say: (text, kind) => page.said.push(kind + ": " + text),
    };
    handlers.pick = (c) => { page.calls.push(["pick", c]); page.picked = page.picked === c ? null : c; later(); };
    handlers.toRow = (row) => {
      page.calls.push(["toRow", row]);
      if (!page.picked) return;
      const next = boardPlace(page.board, page.picked, row);
      if (next) handlers.setBoard(next);
    };
  }
  drawBoard(box, HAND, page.board, page.picked, handlers);
  const full = ROWS.every((r) => page.board[r.id].length === r.size);
  document.getElementById("arrange-send").disabled = !full;
  check(page.board);
}
function later() {      // a component library redraws after the event, once
  if (pending) return;
  pending = true;
  setTimeout(() => { pending = false; redraw(); }, 0);
}
async function check(board) {
  const rows = ROWS.map((r) => board[r.id]);
  const r = await fetch("/api/games/shisanzhang/rows", { method: "POST",
    headers: { "Content-Type": "application/json" }, body: JSON.stringify({ rows, options: {} }) });
  if (!r.ok) return;
  const info = await r.json();
  if (JSON.stringify(ROWS.map((x) => page.board[x.id])) !== JSON.stringify(rows)) return;
  if (MODE === "setBoard") describeRows(box, info);
  else ROWS.forEach((row, i) => {       // as table.js writes them
    const el = document.querySelector(`[data-row=${row.id}] .row-type`);
    const k = info.rows[i];
    if (el) el.textContent = k.kind ? `${k.kind} ${k.kind_zh || ""}` : "";
  });
  document.getElementById("foul").textContent = info.fouled ? "Fouls (倒水): " + info.foul_reason : "";
  page.checks += 1;
}
document.getElementById("arrange-auto").addEventListener("click", () => { auto(); });
document.getElementById("arrange-clear").addEventListener("click", () => {
  page.board = { head: [], middle: [], tail: [] };
  redraw();
});
document.getElementById("arrange-send").addEventListener("click", () => { page.sent = rowsMove(page.board); });
function auto() { page.board = JSON.parse(JSON.stringify(AUTO)); page.picked = null; redraw(); }
window.__rows = { page, redraw, auto };
redraw();
</script>
</body></html>
""".replace("__HAND__", json.dumps(HAND)).replace("__AUTO__", json.dumps(AUTO))


def mount(server: Server, browser: Any, mode: str = "legacy", width: int = 390, height: int = 844,
          touch: bool = False, motion: bool = False) -> tuple[Any, Any]:
    """A new context with the board alone on a page of the server's origin."""
    # the harness is the test's own inline script on a page of the server's origin: the
    # server's CSP (which allows no inline script) is not meant for it
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch,
                                  is_mobile=touch, reduced_motion="no-preference" if motion else "reduce",
                                  bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/api/health")
    page.set_content(HARNESS.replace("__MODE__", mode))
    page.wait_for_function("() => window.__rows", timeout=10_000)
    page.errors = errors
    return context, page


def board(page: Any) -> dict[str, list[str]]:
    return dict(page.evaluate("JSON.parse(JSON.stringify(window.__rows.page.board))"))


def shown(page: Any) -> dict[str, list[str]]:
    """The board as drawn: each row's cards and the hand's."""
    got = {r: page.eval_on_selector_all(f".arrange-row[data-row={r}] .card", "els => els.map(e => e.dataset.card)")
           for r in ("head", "middle", "tail")}
    got["loose"] = page.eval_on_selector_all(".arrange-loose .card", "els => els.map(e => e.dataset.card)")
    return got


def centre(page: Any, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def card(c: str) -> str:
    return f'.rows-board .card[data-card="{c}"]'


def settle(page: Any, mode: str) -> None:
    """setBoard mode redraws after the event: let it."""
    page.wait_for_timeout(30 if mode == "setBoard" else 0)


def mouse_drag(page: Any, src: str, dst: tuple[float, float]) -> None:
    x, y = centre(page, src)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 6, y - 6, steps=2)
    page.mouse.move(dst[0], dst[1], steps=8)
    page.mouse.up()


def slot_point(page: Any, row: str) -> tuple[float, float]:
    """A free place of ``row``, else the row itself."""
    sel = f".arrange-row[data-row={row}] .slot"
    if page.locator(sel).count():
        return centre(page, sel)
    return centre(page, f".arrange-row[data-row={row}] .row-cards")


# --- dragging --------------------------------------------------------------------------------

@pytest.mark.parametrize("mode", ["legacy", "setBoard"])
def test_mouse_drag_places_moves_and_returns_cards(server: Server, browser: Any, mode: str) -> None:
    context, page = mount(server, browser, mode)
    # a card of the hand onto the front row
    mouse_drag(page, card("A♠"), slot_point(page, "head"))
    settle(page, mode)
    assert board(page)["head"] == ["A♠"]
    assert "A♠" not in shown(page)["loose"] and shown(page)["head"] == ["A♠"]
    assert page.locator(".rows-ghost").count() == 0, "the floating copy goes when the card lands"
    # a placed card onto another row
    mouse_drag(page, card("A♠"), slot_point(page, "tail"))
    settle(page, mode)
    assert board(page) == {"head": [], "middle": [], "tail": ["A♠"]}
    # and back onto the hand
    mouse_drag(page, card("A♠"), centre(page, ".arrange-loose"))
    settle(page, mode)
    assert board(page) == {"head": [], "middle": [], "tail": []}
    assert "A♠" in shown(page)["loose"]
    # a drop outside the board changes nothing; a plain click still picks
    mouse_drag(page, card("K♥"), (5, 5))
    settle(page, mode)
    assert board(page) == {"head": [], "middle": [], "tail": []}
    page.click(card("K♥"))
    settle(page, mode)
    assert page.evaluate("window.__rows.page.picked") == "K♥"
    assert page.get_attribute(card("K♥"), "aria-pressed") == "true"
    page.click(".arrange-row[data-row=middle] .slot >> nth=2")     # anywhere on a row places it
    settle(page, mode)
    assert board(page)["middle"] == ["K♥"]
    assert not page.errors
    context.close()


def test_a_drag_shows_a_floating_copy_and_the_row_it_would_land_in(server: Server, browser: Any) -> None:
    context, page = mount(server, browser)
    x, y = centre(page, card("Q♦"))
    tx, ty = slot_point(page, "middle")
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(tx, ty, steps=6)
    ghost = page.locator(".rows-ghost")
    assert ghost.count() == 1
    assert ghost.get_attribute("data-card") is None and ghost.get_attribute("aria-hidden") == "true"
    gb = ghost.bounding_box()
    assert gb and abs(gb["x"] + gb["width"] / 2 - tx) < gb["width"]
    assert abs(gb["y"] + gb["height"] / 2 - ty) < gb["height"], "the copy follows the pointer"
    assert "drop-ok" in (page.get_attribute(".arrange-row[data-row=middle]", "class") or "")
    assert "dragging" in (page.get_attribute(card("Q♦"), "class") or "")
    page.keyboard.press("Escape")                                   # cancels the drag
    page.mouse.up()
    assert page.locator(".rows-ghost").count() == 0
    assert board(page) == {"head": [], "middle": [], "tail": []}
    context.close()


def touch_drag(page: Any, cdp: Any, src: str, dst: tuple[float, float]) -> None:
    """A finger's drag, as Chromium gets it from a touch screen (pointerType "touch")."""
    x, y = centre(page, src)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    steps = 10
    for i in range(1, steps + 1):
        px = x + (dst[0] - x) * i / steps
        py = y + (dst[1] - y) * i / steps
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": px, "y": py}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


@pytest.mark.parametrize("mode", ["legacy", "setBoard"])
def test_touch_drag_and_taps(server: Server, browser: Any, mode: str) -> None:
    context, page = mount(server, browser, mode, touch=True)
    page.evaluate("""() => { window.__types = [];
        window.addEventListener('pointerdown', (e) => window.__types.push(e.pointerType), true);
        window.addEventListener('pointercancel', () => window.__types.push('cancel'), true); }""")
    cdp = context.new_cdp_session(page)
    touch_drag(page, cdp, card("9♥"), slot_point(page, "middle"))
    settle(page, mode)
    assert page.evaluate("window.__types") == ["touch"], "a real touch drag, not cancelled by a scroll"
    assert board(page)["middle"] == ["9♥"]
    touch_drag(page, cdp, card("9♥"), slot_point(page, "head"))      # to another row
    settle(page, mode)
    assert board(page) == {"head": ["9♥"], "middle": [], "tail": []}
    touch_drag(page, cdp, card("9♥"), centre(page, ".arrange-loose"))  # back to the hand
    settle(page, mode)
    assert board(page) == {"head": [], "middle": [], "tail": []}
    # tap a card, tap a row
    page.touchscreen.tap(*centre(page, card("2♣")))
    settle(page, mode)
    assert page.evaluate("window.__rows.page.picked") == "2♣"
    page.touchscreen.tap(*slot_point(page, "tail"))
    settle(page, mode)
    assert board(page)["tail"] == ["2♣"]
    assert page.evaluate("window.scrollY") == 0
    assert not page.errors
    context.close()


def test_dispatched_touch_pointer_events_drag_a_card(server: Server, browser: Any) -> None:
    """Pointer events with pointerType "touch" dispatched by script: the board listens to the
    pointer, whatever made it."""
    context, page = mount(server, browser, touch=True)
    page.evaluate("""([sel, row]) => {
        const src = document.querySelector(sel);
        const a = src.getBoundingClientRect();
        const b = document.querySelector(`.arrange-row[data-row=${row}] .slot`).getBoundingClientRect();
        const at = (t, x, y, el) => el.dispatchEvent(new PointerEvent(t, { pointerId: 7, pointerType: 'touch',
            isPrimary: true, bubbles: true, cancelable: true, clientX: x, clientY: y, button: 0, buttons: 1 }));
        const x0 = a.left + a.width / 2, y0 = a.top + a.height / 2;
        const x1 = b.left + b.width / 2, y1 = b.top + b.height / 2;
        at('pointerdown', x0, y0, src);
        const under = () => document.elementFromPoint(x1, y1) || document.body;
        for (let i = 1; i <= 8; i++) at('pointermove', x0 + (x1 - x0) * i / 8, y0 + (y1 - y0) * i / 8, under());
        at('pointerup', x1, y1, document.elementFromPoint(x1, y1) || document.body);
    }""", [card("J♣"), "tail"])
    assert board(page)["tail"] == ["J♣"]
    assert page.locator(".rows-ghost").count() == 0
    context.close()


# --- swapping --------------------------------------------------------------------------------

@pytest.mark.parametrize("mode", ["legacy", "setBoard"])
def test_a_drop_on_a_full_rows_card_swaps_the_two(server: Server, browser: Any, mode: str) -> None:
    context, page = mount(server, browser, mode)
    page.evaluate("""() => { const r = window.__rows; r.page.board = {head: ['K♥', 'Q♦', 'J♣'],
        middle: ['9♥', '9♠', '5♣', '5♦', '2♣'], tail: []}; r.redraw(); }""")
    # a card of the hand dropped on a card of the full front row: they exchange places
    mouse_drag(page, card("A♠"), centre(page, card("Q♦")))
    settle(page, mode)
    b = board(page)
    assert sorted(b["head"]) == sorted(["K♥", "A♠", "J♣"]) and "Q♦" in shown(page)["loose"]
    if mode == "setBoard":
        assert b["head"] == ["K♥", "A♠", "J♣"], "the new card takes the old one's place"
    # a placed card dropped on a card of another full row: they exchange rows
    mouse_drag(page, card("J♣"), centre(page, card("5♣")))
    settle(page, mode)
    b = board(page)
    assert "5♣" in b["head"] and "J♣" in b["middle"]
    assert [len(b[r]) for r in ("head", "middle", "tail")] == [3, 5, 0]
    # tap-to-swap: pick a card of the hand, then a card of a full row
    page.click(card("10♠"))
    settle(page, mode)
    page.click(card("9♠"))
    settle(page, mode)
    b = board(page)
    assert "10♠" in b["middle"] and "9♠" not in b["middle"] and "9♠" in shown(page)["loose"]
    # a drop on a full row between its cards swaps with the nearest one
    x, y = centre(page, ".arrange-row[data-row=head] .row-cards")
    hb = page.locator(".arrange-row[data-row=head] .card").last.bounding_box()
    mouse_drag(page, card("3♦"), (hb["x"] + hb["width"] + 8, y))
    settle(page, mode)
    b = board(page)
    assert "3♦" in b["head"] and len(b["head"]) == 3
    if mode == "setBoard":
        assert b["head"][-1] == "3♦"
    assert not page.errors
    context.close()


# --- the keyboard ----------------------------------------------------------------------------

@pytest.mark.parametrize("mode", ["legacy", "setBoard"])
def test_keyboard_arranges_all_thirteen_and_sends(server: Server, browser: Any, mode: str) -> None:
    context, page = mount(server, browser, mode)
    page.focus(".arrange-loose .card >> nth=0")
    first = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") == shown(page)["loose"][1]
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.card") == first
    page.keyboard.press("End")
    assert page.evaluate("document.activeElement.dataset.card") == shown(page)["loose"][-1]
    page.keyboard.press("Home")
    # 1, 2, 3 place the focused card; the focus moves on to the next card of the hand
    want: dict[str, list[str]] = {"head": [], "middle": [], "tail": []}
    for key, row, n in (("1", "head", 3), ("2", "middle", 5), ("3", "tail", 5)):
        for _ in range(n):
            c = page.evaluate("document.activeElement.dataset.card")
            assert c, "the focus stays on a card of the hand"
            page.keyboard.press(key)
            settle(page, mode)
            want[row].append(c)
    assert board(page) == want
    assert shown(page)["loose"] == []
    assert not page.is_disabled("#arrange-send")
    # Backspace returns a placed card, the focus stays in its row; 3 puts it back
    page.focus(".arrange-row[data-row=tail] .card >> nth=0")
    back = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("Backspace")
    settle(page, mode)
    assert back in shown(page)["loose"] and page.is_disabled("#arrange-send")
    assert page.evaluate("document.activeElement.closest('[data-row]')?.dataset.row") == "tail"
    page.keyboard.press("ArrowDown")                # down from the back row: the hand
    assert page.evaluate("document.activeElement.dataset.card") == back
    page.keyboard.press("Enter")                    # picks it
    settle(page, mode)
    assert page.evaluate("window.__rows.page.picked") == back
    page.keyboard.press("ArrowUp")                  # up into the back row, then to its label
    assert page.evaluate("document.activeElement.closest('[data-row]')?.dataset.row") == "tail"
    page.keyboard.press("Home")
    assert page.evaluate("document.activeElement.classList.contains('row-label')")
    page.keyboard.press("Enter")                    # Enter on a row's label places the picked card
    settle(page, mode)
    assert back in board(page)["tail"] and not page.is_disabled("#arrange-send")
    # a full row says so and takes nothing
    page.focus(".arrange-row[data-row=head] .card >> nth=0")
    page.keyboard.press("Delete")
    settle(page, mode)
    page.focus(".arrange-loose .card")
    page.keyboard.press("2")
    settle(page, mode)
    assert len(board(page)["middle"]) == 5, "a full row takes no card"
    assert "5" in page.text_content(".arrange-status"), "… and says how many it holds"
    page.keyboard.press("1")
    settle(page, mode)
    page.focus("#arrange-send")
    page.keyboard.press("Enter")
    sent = page.evaluate("window.__rows.page.sent")
    assert sent and sent.startswith("arrange ")
    parts = [p.split() for p in sent.removeprefix("arrange ").split("|")]
    assert [len(p) for p in parts] == [3, 5, 5] and sorted(sum(parts, [])) == sorted(HAND)
    assert not page.errors
    context.close()


def test_keys_are_shown_and_cards_say_what_they_are(server: Server, browser: Any) -> None:
    context, page = mount(server, browser)
    assert page.eval_on_selector_all(".row-label kbd", "els => els.map(e => e.textContent)") == ["1", "2", "3"]
    labels = page.eval_on_selector_all(".arrange-loose .card", "els => els.map(e => e.getAttribute('aria-label'))")
    assert sorted(labels) == sorted(HAND)
    assert page.get_attribute(".arrange-loose", "role") == "group"
    # the hand is sorted high to low; the order button sorts it by suit and back
    assert shown(page)["loose"][:2] == ["A♠", "K♥"]
    page.click(".arrange-sort")
    assert shown(page)["loose"][:4] == ["A♠", "10♠", "9♠", "K♥"]
    page.click(".arrange-sort")
    assert shown(page)["loose"][0] == "A♠"
    context.close()


# --- the rows' hand types and the foul ---------------------------------------------------------

@pytest.mark.parametrize("mode", ["legacy", "setBoard"])
def test_rows_show_their_hand_type_and_a_foul(server: Server, browser: Any, mode: str) -> None:
    context, page = mount(server, browser, mode)
    # a pair of aces in front, nothing behind it: fouls
    page.evaluate("""() => { const r = window.__rows; r.page.board = {head: ['A♠', '9♥', '9♠'],
        middle: ['K♥', 'Q♦', 'J♣', '5♣', '2♣'], tail: ['10♠', '7♥', '3♦', '8♣', '5♦']}; r.redraw(); }""")
    page.wait_for_function("() => document.querySelector('[data-row=head] .row-type').textContent !== ''")
    assert "pair" in page.inner_text("[data-row=head] .row-type").lower()
    if mode == "setBoard":      # the server's check handed to the board: the rows out of order marked
        page.wait_for_selector(".arrange-row.fouls")
        assert "倒水" in page.inner_text(".arrange-foul")
        fouled = page.eval_on_selector_all(".arrange-row.fouls", "els => els.map(e => e.dataset.row)")
        assert fouled == ["head", "middle"]
    # a redraw that leaves a row as it was keeps its hand type shown meanwhile
    checks = page.evaluate("window.__rows.page.checks")
    page.click(card("5♦"))      # back to the hand: the back row changes, the front does not
    assert page.inner_text("[data-row=head] .row-type") != ""
    page.wait_for_function(f"() => window.__rows.page.checks > {checks}")
    assert page.inner_text("[data-row=tail] .row-type") == ""
    context.close()


# --- one screen ------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [(390, 844), (1280, 800), (360, 640)])
def test_the_board_fits_the_screen_without_scrolling(server: Server, browser: Any, size: tuple[int, int]) -> None:
    w, h = size
    context, page = mount(server, browser, width=w, height=h)
    name = f"{w}x{h}"
    if size != (360, 640):
        page.screenshot(path=str(SHOTS / f"rows-board-{name}-empty.png"))
    page.evaluate("""() => { const r = window.__rows; r.page.board = {head: ['K♥', 'Q♦'],
        middle: ['9♥', '9♠', '5♣', '5♦'], tail: []}; r.page.picked = 'A♠'; r.redraw(); }""")
    if size != (360, 640):
        page.screenshot(path=str(SHOTS / f"rows-board-{name}-half.png"))
    for state in ("empty", "full"):
        if state == "full":
            page.click("#arrange-auto")
        scroll = page.evaluate("[document.scrollingElement.scrollHeight, document.scrollingElement.scrollWidth]")
        if size != (360, 640):
            assert scroll[0] <= h, f"{name} {state}: the page is {scroll[0]} px high"
        assert scroll[1] <= w, f"{name} {state}: the page is {scroll[1]} px wide"
        send = page.locator("#arrange-send").bounding_box()
        if size != (360, 640):
            assert send and send["y"] + send["height"] <= h, "the send button is on screen"
    if size != (360, 640):
        page.screenshot(path=str(SHOTS / f"rows-board-{name}-full.png"))
    # five cards of a row side by side on screen, none cut off
    cards = page.locator(".arrange-row[data-row=tail] .card")
    boxes = [cards.nth(i).bounding_box() for i in range(5)]
    assert all(b and b["x"] >= 0 and b["x"] + b["width"] <= w for b in boxes)
    assert all(boxes[i + 1]["x"] >= boxes[i]["x"] + boxes[i]["width"] for i in range(4)), "a row's cards do not overlap"
    assert boxes[0]["width"] >= 44 and boxes[0]["height"] >= 44
    # touch targets: a row, its label's target, and every card of the fanned hand show ≥ 44 px
    page.click("#arrange-clear")
    page.mouse.move(0, 0)                       # no card lifted by the pointer's hover
    assert page.locator(".arrange-row[data-row=head]").bounding_box()["height"] >= 44
    target = page.evaluate("""() => { const l = document.querySelector('.row-label');
        const r = l.getBoundingClientRect(); const a = getComputedStyle(l, '::after');
        return r.height - parseFloat(a.top) - parseFloat(a.bottom); }""")
    assert target >= 44
    visible = page.evaluate("""() => [...document.querySelectorAll('.arrange-loose .card')].map((el) => {
        const r = el.getBoundingClientRect(); let w = 0, h = 0;
        for (let x = r.left + .5; x < r.right; x += 1) if (document.elementFromPoint(x, r.top + 12) === el) w += 1;
        for (let y = r.top + .5; y < r.bottom; y += 1) if (document.elementFromPoint(r.left + 6, y) === el) h += 1;
        return [el.dataset.card, w, h]; })""")
    assert len(visible) == 13
    assert all(vw >= 44 and vh >= 44 for _, vw, vh in visible), visible
    context.close()


def test_cards_slide_to_their_place_unless_motion_is_reduced(server: Server, browser: Any) -> None:
    for motion in (True, False):
        context, page = mount(server, browser, motion=motion)
        # every animation the page starts is counted (looking at the running ones afterwards
        # misses a short one on a loaded machine)
        page.evaluate("""() => { window.__animated = 0; const animate = Element.prototype.animate;
            Element.prototype.animate = function (...a) {
              window.__animated += 1; return animate.apply(this, a); }; }""")
        page.click(card("A♠"))
        page.click(".arrange-row[data-row=head] .row-label")
        page.wait_for_selector('.arrange-row[data-row=head] .card[data-card="A♠"]', state="attached")
        page.wait_for_timeout(100)
        started = page.evaluate("window.__animated")
        assert (started > 0) == motion, f"{started} animations started, motion {motion}"
        context.close()


# --- through the table page ------------------------------------------------------------------

def on_screen(page: Any, selector: str) -> bool:
    """Every element ``selector`` matches is drawn whole inside the window (not scrolled to,
    not cut off by a box that hides its overflow)."""
    return bool(page.evaluate("""(sel) => [...document.querySelectorAll(sel)].every((el) => {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.top < 0 || r.left < 0) return false;
        if (r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) return false;
        for (let p = el.parentElement; p; p = p.parentElement) {
            const s = getComputedStyle(p);
            if (s.overflow === 'visible') continue;
            const q = p.getBoundingClientRect();
            if (r.top < q.top - 0.5 || r.bottom > q.bottom + 0.5) return false;
            if (r.left < q.left - 0.5 || r.right > q.right + 0.5) return false;
        }
        return true; })""", selector))


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_a_deal_arranged_by_drag_and_keys_on_the_table_page(server: Server, browser: Any,
                                                            size: tuple[int, int]) -> None:
    """The real table against a bot: cards dragged into the rows, the rest by keys, sent."""
    w, h = size
    table = server.post("/api/tables", {"game": "shisanzhang", "players": 2, "bot_delay_ms": 0,
                                        "seats": ["open", "bot:random"]})
    token = server.post(f"/api/tables/{table['id']}/seats/0", {"name": "Ann"})["token"]
    context = browser.new_context(viewport={"width": w, "height": h}, has_touch=True)
    page = context.new_page()
    frames: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda p: frames.append(json.loads(p))))
    page.goto(f"{server.base}/tables/{table['id']}#token={token}")
    page.wait_for_selector(".arrange-loose .card", timeout=15_000)
    if not page.evaluate("[...document.styleSheets].some((s) => (s.href || '').endsWith('/static/rows.css'))"):
        page.add_style_tag(url="/static/rows.css")      # a page that does not link it yet
    page.wait_for_timeout(300)
    hand = page.eval_on_selector_all(".arrange-loose .card", "els => els.map(e => e.dataset.card)")
    assert len(hand) == 13
    # the whole board, every card of the hand and the send button on one screen, no scrolling
    page.screenshot(path=str(SHOTS / f"rows-table-{w}x{h}.png"))
    for sel in (".arrange-row", ".arrange-loose .card", "#arrange-send", "#arrange-auto"):
        assert on_screen(page, sel), f"{sel} is not all on the {w}x{h} screen"
    assert page.evaluate("document.scrollingElement.scrollHeight") <= h
    # two cards by mouse drag, one by a finger, the rest by keys
    # (each drag again if it fell in the click guard's quiet moment after the bot's rows arrived)
    cdp = context.new_cdp_session(page)
    for c, row, drag in ((hand[0], "tail", "mouse"), (hand[1], "tail", "mouse"), (hand[2], "middle", "touch")):
        for _try in range(4):
            if drag == "mouse":
                mouse_drag(page, card(c), slot_point(page, row))
            else:
                touch_drag(page, cdp, card(c), slot_point(page, row))
            try:
                page.wait_for_selector(f'.arrange-row[data-row={row}] .card[data-card="{c}"]', timeout=4_000)
                break
            except Exception:  # noqa: BLE001 - playwright's timeout: dragged again
                continue
        page.wait_for_selector(f'.arrange-row[data-row={row}] .card[data-card="{c}"]', timeout=5_000)
    # one key at a time, each landing: a key pressed in the click guard's quiet moment after
    # a state frame (the bot's rows arriving) is ignored by design (issue 26), and pressed again
    loose = "document.querySelectorAll('.arrange-loose .card').length"
    for key, n in (("3", 3), ("2", 4), ("1", 3)):
        for _ in range(n):
            before = page.evaluate(loose)
            for _try in range(5):
                page.focus(".arrange-loose .card >> nth=0")
                page.keyboard.press(key)
                try:
                    page.wait_for_function(f"() => {loose} < {before}", timeout=3_000)
                    break
                except Exception:  # noqa: BLE001 - playwright's timeout: ignored, pressed again
                    continue
    page.wait_for_function(f"() => {loose} === 0")
    rows = {r: page.eval_on_selector_all(f".arrange-row[data-row={r}] .card", "els => els.map(e => e.dataset.card)")
            for r in ("head", "middle", "tail")}
    assert [len(rows[r]) for r in ("head", "middle", "tail")] == [3, 5, 5]
    page.wait_for_selector("#arrange-send:not([disabled])", timeout=5_000)
    page.wait_for_timeout(400)
    page.screenshot(path=str(SHOTS / f"rows-table-{w}x{h}-full.png"))
    assert on_screen(page, ".arrange-row .card") and on_screen(page, "#arrange-send")
    seq = page.evaluate("document.body.dataset.seq")
    page.click("#arrange-send")
    page.wait_for_function(f"() => document.body.dataset.seq !== '{seq}' || "
                           "(document.getElementById('confirm') && !document.getElementById('confirm').hidden)",
                           timeout=10_000)
    if page.is_visible("#confirm"):
        page.click("#confirm-send")          # a fouling split is confirmed, then sent
    page.wait_for_function("() => document.body.dataset.over === 'true'", timeout=15_000)
    last = [f for f in frames if f.get("type") == "state" and f["deal"] == 0 and f["view"]["over"]][-1]
    mine = last["view"]["my_submission"].removeprefix("arrange ")
    assert [p.split() for p in mine.split("|")] == [rows["head"], rows["middle"], rows["tail"]]
    context.close()
