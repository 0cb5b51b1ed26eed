"""Issue 27, "The moments": the end of a deal is an overlay over the table (everyone's rows and
the score in words, the match totals, "next deal"), the end of a match names its winner with
the final totals, and the host's "rematch" makes a new table of the same game, options and
kinds of seats and opens its invite panel. Screenshots of both moments at both sizes."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import SCREENS, Server, as_player

pytestmark = pytest.mark.slow
TOTALS = "els => els.map(e => e.dataset.total)"


def arrange_and_send(page: Any) -> None:
    page.wait_for_selector("#arrange-auto", timeout=15_000)
    page.click("#arrange-auto")
    page.wait_for_selector("#arrange-send:not([disabled])", timeout=10_000)
    page.click("#arrange-send")
    page.wait_for_function("() => document.body.dataset.over === 'true' || !document.getElementById('confirm').hidden",
                           timeout=15_000)
    if page.is_visible("#confirm"):
        page.click("#confirm-send")


def test_the_end_of_a_deal_and_of_the_match_and_a_rematch(server: Server, browser: Any) -> None:
    ann = server.new_player("Ann")
    table = server.post("/api/tables", {"game": "shisanzhang", "players": 4, "bot_delay_ms": 0,
                                        "seats": ["me", "bot:random", "bot:random", "bot:random"],
                                        "rules": {"deals": 2}}, player=ann["secret"])
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    as_player(context, ann)
    page = context.new_page()
    frames: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda p: frames.append(json.loads(p))))
    page.goto(f"{server.base}/tables/{table['id']}#token={table['token']}")
    arrange_and_send(page)
    # the deal's end over the table: the showdown's rows at every seat, the score, the totals
    page.wait_for_selector("#deal-over", timeout=15_000)
    done = [f for f in frames if f.get("type") == "state" and f["view"].get("over")][-1]
    assert "score of the deal" in page.inner_text("#deal-over").lower()
    shown = [int(x) for x in page.eval_on_selector_all("#match-totals [data-total]", TOTALS)]
    assert shown == done["finished"]["totals"]
    assert len(page.query_selector_all("#deal-over .end-hands li")) == 4, "every seat's cards at the end"
    rows = page.query_selector_all("#felt [data-zone='rows']")
    assert len(rows) == 4, "the showdown's rows on the table, at every seat"
    assert not page.query_selector("#moves [data-move]"), "no move of the next deal under the overlay"
    page.wait_for_timeout(600)
    page.screenshot(path=str(SCREENS / "table-shisanzhang-showdown-1280.png"))
    page.click("#overlay-fold")                 # the table itself, the score folded away
    page.wait_for_timeout(400)
    page.screenshot(path=str(SCREENS / "table-shisanzhang-showdown-table-1280.png"))
    page.click("#next-deal")
    page.wait_for_selector("#deal-over", state="detached", timeout=5_000)
    # the last deal ends the match: its winners named, the final totals, what next
    arrange_and_send(page)
    page.wait_for_selector("#match-over", timeout=15_000)
    final = [f for f in frames if f.get("type") == "state" and f["status"] == "over"][-1]
    names = final["seat_words"]
    said = page.inner_text("#winners")
    assert all(names[s] in said for s in final["end"]["winners"]), said
    shown = [int(x) for x in page.eval_on_selector_all("#match-totals [data-total]", TOTALS)]
    assert shown == final["totals"]
    assert page.is_visible("#replay") and page.is_visible("#again") and page.is_visible("#lobby-link")
    page.wait_for_timeout(600)
    page.screenshot(path=str(SCREENS / "table-match-over-1280.png"))
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    as_player(phone, ann)
    p2 = phone.new_page()
    p2.goto(f"{server.base}/tables/{table['id']}")
    p2.wait_for_selector("#match-over", timeout=15_000)
    p2.wait_for_timeout(600)
    p2.screenshot(path=str(SCREENS / "table-match-over-390.png"))
    assert p2.evaluate("document.scrollingElement.scrollHeight <= innerHeight")
    phone.close()
    # the host's rematch: the same game, options and kinds of seats; the invite panel opens
    page.click("#rematch")
    page.wait_for_function(f"() => !location.pathname.endsWith('{table['id']}')", timeout=15_000)
    page.wait_for_selector("#invite-panel", state="visible", timeout=15_000)
    new_id = page.evaluate("location.pathname.split('/').pop()")
    again = server.get(f"/api/tables/{new_id}")
    assert again["game"] == "shisanzhang" and again["players"] == 4 and again["rules"] == {"deals": 2}
    assert [s["kind"] for s in again["seats"]] == ["person", "bot", "bot", "bot"]
    assert again["host"] == "Ann"
    page.wait_for_selector("#arrange", timeout=15_000)
    context.close()
