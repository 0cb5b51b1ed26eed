"""十三张's arrangement board: rows built by clicking, the composed move accepted as sent."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import Server

pytestmark = pytest.mark.slow


def test_rows_by_clicking_and_auto(server: Server, browser: Any) -> None:
    table = server.post("/api/tables", {"game": "shisanzhang", "players": 2, "bot_delay_ms": 0,
                                        "seats": ["open", "bot:random"]})
    token = server.post(f"/api/tables/{table['id']}/seats/0", {"name": "Ann"})["token"]
    context = browser.new_context()
    page = context.new_page()
    frames: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda p: frames.append(json.loads(p))))
    page.goto(f"{server.base}/tables/{table['id']}#token={token}")
    page.wait_for_selector("#arrange .arrange-loose .card", timeout=15_000)
    assert page.is_disabled("#arrange-send")
    # the arranger's suggestion fills the three rows with the hand's 13 cards
    page.click("#arrange-auto")
    rows = {r: [e.get_attribute("data-card") for e in page.query_selector_all(f".arrange-row[data-row={r}] .card")]
            for r in ("head", "middle", "tail")}
    assert [len(rows[r]) for r in ("head", "middle", "tail")] == [3, 5, 5]
    # take one card out of the back row and put it back by clicking card then row
    page.click(".arrange-row[data-row=tail] .card")
    assert page.is_disabled("#arrange-send")
    page.click(".arrange-loose .card")
    page.click("[data-row=tail] .row-label")
    assert not page.is_disabled("#arrange-send")
    sent = page.get_attribute("#arrange-send", "data-composed")
    page.click("#arrange-send")
    page.wait_for_function("() => document.body.dataset.over === 'true'", timeout=15_000)
    last = [f for f in frames if f.get("type") == "state" and f["deal"] == 0 and f["view"]["over"]][-1]
    mine = last["view"]["my_submission"]
    assert sorted(mine.replace("arrange ", "").replace("| ", "").split()) == \
        sorted(sent.replace("arrange ", "").replace("| ", "").split())
    context.close()


def test_row_types_live_and_a_foul_is_confirmed(server: Server, browser: Any) -> None:
    from cardtable.games.shisanzhang.assist import describe_rows

    table = server.post("/api/tables", {"game": "shisanzhang", "players": 2, "bot_delay_ms": 0,
                                        "seats": ["open", "bot:random"]})
    token = server.post(f"/api/tables/{table['id']}/seats/0", {"name": "Ann"})["token"]
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{server.base}/tables/{table['id']}#token={token}")
    page.wait_for_selector("#arrange .arrange-loose .card", timeout=15_000)
    seq = page.evaluate("document.body.dataset.seq")
    # a split of the hand that fouls (most random splits do), placed card by card
    import random as _random
    hand = [e.get_attribute("aria-label") for e in page.query_selector_all(".arrange-loose .card")]
    rng = _random.Random(5)
    for _ in range(1000):
        rng.shuffle(hand)
        if describe_rows([hand[:3], hand[3:8], hand[8:]]).fouled:
            break
    rows = {"head": hand[:3], "middle": hand[3:8], "tail": hand[8:]}
    for row, cards in rows.items():
        for card in cards:
            page.click(f'.arrange-loose .card[aria-label="{card}"]')
            page.click(f"[data-row={row}] .row-label")
    want = describe_rows([rows["head"], rows["middle"], rows["tail"]])
    page.wait_for_function("() => document.querySelector('.arrange-row[data-row=tail] .row-type').textContent !== ''",
                           timeout=10_000)
    for i, row in enumerate(("head", "middle", "tail")):
        assert want.rows[i].kind in page.inner_text(f".arrange-row[data-row={row}] .row-type")
    # the warning is drawn on the board itself (rows.js, from the server's check), and the two
    # rows out of order are marked
    page.wait_for_function("() => document.querySelector('#arrange .arrange-foul')?.textContent !== ''",
                           timeout=10_000)
    foul = page.inner_text("#arrange .arrange-foul")
    assert want.fouled, "the test needs a fouling split"
    assert page.eval_on_selector_all(".arrange-row.fouls", "els => els.length") == 2
    assert ("Fouls" in foul) == want.fouled
    page.click("#arrange-send")
    if want.fouled:
        page.wait_for_selector("#confirm:not([hidden])", timeout=5_000)
        assert "fouls" in page.inner_text("#confirm-text")
        page.click("#confirm-cancel")
        assert page.evaluate("document.body.dataset.seq") == seq, "a cancelled foul is not sent"
        page.click("#arrange-send")
        page.click("#confirm-send")
    page.wait_for_function(f"() => document.body.dataset.seq !== '{seq}'", timeout=10_000)
    context.close()


def test_rows_endpoint_refuses_bad_rows(server: Server) -> None:
    import urllib.error

    for body in ({"rows": "x"}, {"rows": [["A♠"] * 4, [], []]}, {"rows": [["Zz"], [], []]}):
        with pytest.raises(urllib.error.HTTPError) as e:
            server.post("/api/games/shisanzhang/rows", body)
        assert e.value.code == 400
        assert "error" in json.loads(e.value.read())
    with pytest.raises(urllib.error.HTTPError) as e:
        server.post("/api/games/gin/rows", {"rows": [[], [], []]})
    assert e.value.code == 404
