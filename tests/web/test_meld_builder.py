"""Remik's meld builder: selected cards become melds built on the table (each group drawn in
front of the player, not sent yet, with a live check line for the opening), sent together as
one move that the server judges (applied, or refused with its reason and nothing changed)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import Server, click_card, hand_cards

pytestmark = pytest.mark.slow


def test_melds_are_built_and_sent_as_one_move(server: Server, browser: Any) -> None:
    table = server.post("/api/tables", {"game": "remik", "players": 2, "bot_delay_ms": 0,
                                        "seats": ["open", "bot:heuristic"]})
    token = server.post(f"/api/tables/{table['id']}/seats/0", {"name": "Ann"})["token"]
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    frames: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda p: frames.append(json.loads(p))))
    page.goto(f"{server.base}/tables/{table['id']}#token={token}")
    # the builder is there in the part of the turn where melds are laid down: after the draw
    page.wait_for_selector("#felt [data-zone-id='stock'].ft-hot, #meld-group", timeout=15_000)
    for _ in range(5):
        if page.query_selector("#meld-group"):
            break
        # draw by clicking the stock (a click in the guard's quiet moment after the frame
        # that made it hot is ignored by design: clicked again)
        page.click("#felt [data-zone-id='stock']")
        try:
            page.wait_for_selector("#meld-group", timeout=3_000)
        except Exception:  # noqa: BLE001 - playwright's timeout
            continue
    page.wait_for_selector("#meld-group", timeout=15_000)
    assert not page.query_selector("#meld-send"), "nothing to send before a meld is built"
    # too few cards: the page says why and builds nothing
    click_card(page, "[data-hand-index='0']")
    page.click("#meld-group")
    assert "three" in page.inner_text("#message")
    assert not page.query_selector("[data-zone-id='build:0']")
    page.click("#clear")
    # three different cards (a two-pack hand may hold both copies of one)
    seen: dict[str, int] = {}
    for e in page.query_selector_all("[data-hand-index]"):
        seen.setdefault(e.get_attribute("data-card"), int(e.get_attribute("data-hand-index")))
    cards = list(seen)[:3]
    for c in cards:
        click_card(page, f"[data-hand-index='{seen[c]}']")
        page.wait_for_timeout(400)            # not a double click (that plays a card)
    hand = hand_cards(page)
    page.click("#meld-group")
    assert page.inner_text("#meld-groups").startswith(f"[{' '.join(cards)}]")
    # the group lies on the table in front of the player, out of the hand, with the check line
    group = page.wait_for_selector("#felt [data-zone-id='build:0']", timeout=5_000)
    assert sorted(e.get_attribute("data-card") for e in group.query_selector_all("[data-card]")) == sorted(cards)
    left = list(hand)
    for c in cards:
        left.remove(c)
    assert hand_cards(page) == sorted(left)
    assert "51" in page.inner_text(".check-line"), "the opening's minimum in the check line"
    seq = page.evaluate("document.body.dataset.seq")
    page.click("#meld-send")
    page.wait_for_function(f"() => document.body.dataset.seq !== '{seq}' || "
                           "document.querySelector('.message.error')?.textContent", timeout=10_000)
    errors = [f for f in frames if f.get("type") == "error"]
    if page.evaluate("document.body.dataset.seq") == seq:
        # refused: the server's reason is shown, about exactly the composed move, and nothing moved
        assert errors and errors[-1]["move"].startswith("meld [")
        assert sorted(errors[-1]["move"][6:-1].replace("JK=", "JK ").split()[:3]) != []
        assert errors[-1]["message"] in page.inner_text("#message")
        assert sorted(hand_cards(page) + cards) == sorted(hand), "the group is still on the table or back in hand"
    else:
        log = [f for f in frames if f.get("type") == "state"][-1]["view"]["log"]
        assert any("meld" in line for line in log)
    context.close()


def test_the_check_line_counts_an_opening(server: Server, browser: Any) -> None:
    """The builder's arithmetic (a display aid; the server judges): Remik's table values, the
    pure run, what a joker would stand for, and the legal move that lays down the same groups."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(server.base + "/")
    got = page.evaluate("""async () => {
        const b = await import('/static/builder.js');
        const w = {seat: 0, view: {opened: [false, false], opening_min: 51,
                                   options: {opening_requires_pure_run: true}}};
        return {
          run: b.judgeGroup(['7♠', '8♠', '9♠']), set: b.judgeGroup(['Q♠', 'Q♥', 'Q♦']),
          joker: b.judgeGroup(['JK', '8♥', '9♥']), low: b.judgeGroup(['A♠', '2♠', '3♠']),
          high: b.judgeGroup(['Q♣', 'K♣', 'A♣']), none: b.judgeGroup(['2♠', '5♥', '9♦']),
          line: b.checkLine(w, [['Q♠', 'Q♥', 'Q♦'], ['JK', '8♥', '9♥']]),
          pure: b.checkLine(w, [['Q♠', 'Q♥', 'Q♦'], ['7♠', '8♠', '9♠']]),
          legal: b.legalFor(['draw', 'meld [Q♠ Q♥ Q♦] [JK=7♥ 8♥ 9♥] @=7♥', 'meld [Q♠ Q♥ Q♦]'],
                            [['JK', '8♥', '9♥'], ['Q♦', 'Q♠', 'Q♥']]),
          composed: b.compose([['JK', '8♥', '9♥']]),
        };
    }""")
    assert got["run"]["kind"] == "run" and got["run"]["value"] == 24 and got["run"]["pure"]
    assert got["set"]["kind"] == "set" and got["set"]["value"] == 30
    assert got["joker"]["kind"] == "run" and not got["joker"]["pure"] and got["joker"]["stands"] == ["10♥"]
    assert got["low"]["value"] == 6 and got["high"]["value"] == 31
    assert got["none"]["kind"] is None
    assert "57" in got["line"] and "51" in got["line"] and "no pure run" in got["line"]
    assert "54" in got["pure"] and "✓" in got["pure"]
    assert got["legal"] == ["meld [Q♠ Q♥ Q♦] [JK=7♥ 8♥ 9♥] @=7♥"]
    assert got["composed"] == "meld [8♥ 9♥ JK=10♥]"
    context.close()
