"""Issue 26: a double-click plays one move. The second click of a double-click on "draw"
(90 ms later) used to land on a button of the next state ("discard 5♠") and play it too; a
click now acts only on what the person saw when they pressed, and the page sends at most one
move per state. The list of all moves (its panel open, as a keyboard or screen-reader user
keeps it) and the gestures on the table (a double-click on the stock) are guarded alike."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import Server, open_panel

pytestmark = pytest.mark.slow


def dummy_against_a_bot(server: Server) -> tuple[str, str]:
    # the bot answers at once, so the next state arrives between the two clicks; no hint
    # above the moves, so the next state's moves are drawn where the last ones were
    table = server.post("/api/tables", {"game": "dummy", "players": 2, "seats": ["open", "bot:heuristic"],
                                        "bot_delay_ms": 0, "hints": False})
    token = server.post(f"/api/tables/{table['id']}/seats/0", {"name": "Ann"})["token"]
    return table["id"], token


def watch(page: Any) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    got: list[dict[str, Any]] = []
    sent: list[dict[str, Any]] = []

    def on_ws(ws: Any) -> None:
        ws.on("framereceived", lambda p: got.append(json.loads(p)))
        ws.on("framesent", lambda p: sent.append(json.loads(p)))
    page.on("websocket", on_ws)
    return got, sent


def my_moves(frames: list[dict[str, Any]]) -> list[str]:
    states = [f for f in frames if f.get("type") == "state" and f["deal"] == 0]
    return [line[3:] for line in states[-1]["view"]["log"] if line.startswith("0: ")]


# Two inputs 90 ms apart, timed in the page (a test's own commands are not that punctual on a
# loaded machine): each is what a person's pointer or key does, at the place the first one
# was; the answer says what was under each and when the moves changed.
TWICE = """([kind, x, y, key]) => new Promise((resolve) => {
  const under = () => document.elementFromPoint(x, y)?.closest('[data-move]')?.dataset.move ?? null;
  let changed = null;
  new MutationObserver(() => { if (changed === null) changed = performance.now(); })
    .observe(document.getElementById('moves'), {childList: true, subtree: true});
  const press = () => {
    const at = performance.now();
    const what = under();
    if (kind === 'key') {
      document.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true}));
    } else {
      const el = document.elementFromPoint(x, y);
      const o = {bubbles: true, cancelable: true, clientX: x, clientY: y, detail: 1};
      el.dispatchEvent(new PointerEvent('pointerdown', o));
      el.dispatchEvent(new MouseEvent('mousedown', o));
      el.dispatchEvent(new PointerEvent('pointerup', o));
      el.dispatchEvent(new MouseEvent('mouseup', o));
      el.dispatchEvent(new MouseEvent('click', o));
    }
    return [at, what];
  };
  const first = press();
  setTimeout(() => {
    const second = press();
    resolve({first: first[1], second: second[1], gap: second[0] - first[0],
             changedBefore: changed !== null && changed < second[0]});
  }, 90);
})"""


def twice(server: Server, browser: Any, kind: str) -> None:
    """On a fresh table, press twice on "draw" (or its key); exactly one move is played. Tried
    again while the next state came too late to be under the second press (a slow machine):
    the case of the issue is when it was."""
    seen = 0
    for _ in range(6):
        tid, token = dummy_against_a_bot(server)
        context = browser.new_context()
        page = context.new_page()
        got, sent = watch(page)
        page.goto(f"{server.base}/tables/{tid}#token={token}")
        page.wait_for_selector("#moves [data-move='draw']", state="attached", timeout=15_000)
        open_panel(page, "moves")
        draw = page.wait_for_selector("#moves [data-move='draw']:not([disabled])", timeout=15_000)
        page.wait_for_timeout(400)
        box = draw.bounding_box()
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        legal = [f for f in got if f.get("type") == "state"][-1]["legal"]
        key = str(legal.index("draw") + 1)
        before = my_moves(got)
        r = page.evaluate(TWICE, [kind, x, y, key])
        page.wait_for_timeout(1200)
        after = my_moves(got)
        assert r["first"] == "draw" or kind == "key"
        assert after == [*before, "draw"], f"the double {kind} played {after[len(before):]} ({r})"
        assert [m["move"] for m in sent if m.get("type") == "move"] == ["draw"]
        context.close()
        # the second press met the next state's moves: the old page played one of them
        if r["changedBefore"] and (kind == "key" or (r["second"] and r["second"] != "draw")):
            seen += 1
            if seen >= 2:
                return
    assert seen, "the next state never arrived between the two presses"


def test_a_double_click_on_draw_plays_one_move(server: Server, browser: Any) -> None:
    twice(server, browser, "click")


def test_a_key_pressed_twice_plays_one_move(server: Server, browser: Any) -> None:
    twice(server, browser, "key")


def test_a_real_double_click_plays_one_move(server: Server, browser: Any) -> None:
    """The same with the browser's own mouse, two clicks about 90 ms apart: one move; after the
    moment, a click plays as always. (An attempt whose clicks this machine could not send within
    250 ms of each other is no double-click; it is tried again.)"""
    for _ in range(5):
        tid, token = dummy_against_a_bot(server)
        context = browser.new_context()
        page = context.new_page()
        got, sent = watch(page)
        page.goto(f"{server.base}/tables/{tid}#token={token}")
        page.wait_for_selector("#moves [data-move='draw']", state="attached", timeout=15_000)
        open_panel(page, "moves")
        draw = page.wait_for_selector("#moves [data-move='draw']:not([disabled])", timeout=15_000)
        page.evaluate("""() => { window.__downs = [];
            document.addEventListener('pointerdown', () => window.__downs.push(performance.now()), true); }""")
        box = draw.bounding_box()
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        before = my_moves(got)
        page.mouse.click(x, y)
        page.wait_for_timeout(90)
        page.mouse.click(x, y)
        page.wait_for_timeout(1500)
        downs = page.evaluate("window.__downs")
        if len(downs) != 2 or downs[1] - downs[0] > 250:
            context.close()
            continue
        after = my_moves(got)
        assert after == [*before, "draw"], f"the double-click played {after[len(before):]}"
        first = page.wait_for_selector("#moves [data-move]:not([disabled])", timeout=5_000)
        seq = int(page.evaluate("document.body.dataset.seq"))
        text = first.get_attribute("data-move")
        first.click()
        page.wait_for_function(f"() => Number(document.body.dataset.seq) > {seq}", timeout=10_000)
        assert my_moves(got)[len(after)] == text
        context.close()
        return
    pytest.skip("this machine could not click twice within 250 ms")


def test_a_double_click_on_the_stock_draws_once(server: Server, browser: Any) -> None:
    """The same for a gesture on the table: a double-click on the stock draws one card; the
    second click lands on the stock of the next state (where drawing is no move now) and is
    ignored, not answered with a move or a refusal sent to the server."""
    for _ in range(5):
        tid, token = dummy_against_a_bot(server)
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        got, sent = watch(page)
        page.goto(f"{server.base}/tables/{tid}#token={token}")
        stock = page.wait_for_selector("#felt [data-zone-id='stock'].ft-hot", timeout=15_000)
        page.wait_for_timeout(400)
        box = stock.bounding_box()
        assert box is not None
        before = my_moves(got)
        page.mouse.dblclick(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, delay=90)
        page.wait_for_timeout(1500)
        after = my_moves(got)
        assert after == [*before, "draw"], f"the double-click played {after[len(before):]}"
        assert [m["move"] for m in sent if m.get("type") == "move"] == ["draw"]
        context.close()
        return
