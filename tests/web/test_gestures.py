"""Issue 27, "Played by hand": a gesture that is no move now is answered by the hand and sends
nothing. (A whole deal of every game by gestures: test_gestures_every_game.py.)"""

from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import Server, click_card

pytestmark = pytest.mark.slow


def table_with_a_bot(server: Server, game: str, players: int = 2) -> tuple[str, str]:
    table = server.post("/api/tables", {"game": game, "players": players, "bot_delay_ms": 0,
                                        "seats": ["open"] + ["bot:random"] * (players - 1), "hints": False})
    token = server.post(f"/api/tables/{table['id']}/seats/0", {"name": "Ann"})["token"]
    return table["id"], token


def state(frames: list[dict[str, Any]]) -> dict[str, Any]:
    return [f for f in frames if f.get("type") == "state"][-1]


def center(page: Any, selector: str) -> tuple[float, float]:  # noqa: D103
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def wait_turn(page: Any, frames: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The newest state once this seat may move (None once the deal is over)."""
    page.wait_for_function("() => document.body.dataset.over === 'true' || "
                           "(document.querySelector('#moves [data-move]') && !document.body.dataset.quiet)",
                           timeout=15_000)
    if page.evaluate("document.body.dataset.over") == "true":
        return None
    return state(frames)


def moved(page: Any, seq: str) -> bool:
    """Whether the table moved on. A gesture pressed just as the next state arrived is ignored
    by the click guard (it acts only on what was drawn before the press): then the test looks
    at the table again and makes its gesture anew."""
    try:
        page.wait_for_function(f"() => document.body.dataset.seq !== '{seq}' || document.body.dataset.over === 'true'",
                               timeout=6_000)
    except Exception:  # noqa: BLE001 - playwright's timeout
        # ignored by the guard, answered by the hand, or (a loaded machine) two clicks too far
        # apart to be a double one: the selection is cleared and the turn looked at again
        page.keyboard.press("Escape")
        if page.query_selector("#clear"):
            page.click("#clear")
        return False
    return True


def choose_if_asked(page: Any, prefer: tuple[str, ...]) -> None:
    """The page asked which move: take the preferred kind, else the first."""
    if page.query_selector("#chooser"):
        buttons = page.query_selector_all("#chooser [data-move]")
        best = [b for b in buttons if (b.get_attribute("data-move") or "").startswith(prefer)]
        (best or buttons)[0].click()


def test_a_gesture_that_is_no_move_says_so_and_sends_nothing(server: Server, browser: Any) -> None:
    tid, token = table_with_a_bot(server, "gin")
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    sent: list[dict[str, Any]] = []
    frames: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: (ws.on("framesent", lambda p: sent.append(json.loads(p))),
                                     ws.on("framereceived", lambda p: frames.append(json.loads(p)))))
    page.goto(f"{server.base}/tables/{tid}#token={token}")
    # to the discard: take or pass the upcard, draw when asked
    for _ in range(6):
        w = wait_turn(page, frames)
        assert w is not None
        if any(m.startswith("discard") for m in w["legal"]):
            break
        seq = page.evaluate("document.body.dataset.seq")
        if "draw" in w["legal"]:
            page.click("#felt [data-zone-id='stock']")
        else:
            page.click("#actionbar [data-move='pass']")
        moved(page, seq)
    page.wait_for_timeout(400)
    before = len([m for m in sent if m.get("type") == "move"])
    # the pile with nothing selected: "select the card first", nothing sent
    page.click("#felt [data-zone-id='pile']")
    page.wait_for_selector("#message.error", timeout=5_000)
    assert "Select" in page.inner_text("#message")
    # the stock after the draw: no move now
    page.click("#felt [data-zone-id='stock']")
    assert len([m for m in sent if m.get("type") == "move"]) == before
    # a card with a knock as well as a discard: the page asks which, in words
    w = state(frames)
    both = [t["cards"][0] for t in w["felt"]["targets"] if t["move"].startswith("knock")]
    card = both[0] if both else w["felt"]["targets"][0]["cards"][0]
    click_card(page, f"[data-hand-index][data-card='{card}']")
    page.click("#felt [data-zone-id='pile']")
    if both:
        page.wait_for_selector("#chooser", timeout=5_000)
        said = page.eval_on_selector_all("#chooser [data-move]", "els => els.map(e => e.dataset.move)")
        assert any(m.startswith("discard") for m in said) and any(m.startswith("knock") for m in said)
        page.keyboard.press("Escape")
        assert not page.query_selector("#chooser")
        assert len([m for m in sent if m.get("type") == "move"]) == before
    else:
        page.wait_for_function(f"() => document.body.dataset.seq !== '{w['seq']}'", timeout=10_000)
    context.close()
