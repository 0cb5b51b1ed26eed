"""Issue 26's "Done when": two friends and a spectator play a whole Dummy match in three
browser profiles. The host makes the table in the lobby; one friend closes the tab, a third
profile that opens the same invite link cannot take the seat, the host hands the absent seat
to a bot, the friend opens the invite link again in the same profile and takes the seat back;
they play to the end, and every page shows the match's result with the right totals."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from .conftest import Server, click_move, seat_menu, seat_totals

pytestmark = pytest.mark.slow


def play(pages: list[Any], rng: random.Random, until: Any, limit: int = 800) -> None:
    """Click moves of whichever page may move until ``until()``; a knock is taken when offered,
    so the deal ends."""
    from playwright.sync_api import Error as PlaywrightError

    moves, deadline = 0, time.monotonic() + 300      # moves made and time, not turns of the loop
    while moves < limit and time.monotonic() < deadline:
        if until():
            return
        moved = False
        for p in pages:
            buttons = p.query_selector_all("[data-move]:not([disabled])")
            if buttons:
                ending = [b for b in buttons if (b.get_attribute("data-move") or "").startswith("knock")]
                try:
                    click_move(p, rng.choice(ending or buttons))
                except PlaywrightError:
                    continue                # drawn anew meanwhile (a bot moved): look again
                moved = True
                moves += 1
                break
        if not moved:
            pages[0].wait_for_timeout(60)
    pytest.fail("the match did not get there")


def test_two_friends_and_a_spectator_play_a_whole_match(server: Server, browser: Any) -> None:
    rng = random.Random(26)
    # the host makes the table in the lobby: Dummy for two, the match is one deal (match_target 0)
    ann_ctx = browser.new_context()
    ann = ann_ctx.new_page()
    ann.goto(server.base + "/")
    ann.wait_for_selector("#game option[value=dummy]", state="attached", timeout=15_000)
    ann.fill("#my-name", "Ann")
    ann.select_option("#game", "dummy")
    ann.select_option("#players", "2")
    ann.select_option("select[data-seat='1']", "open")
    ann.fill("#bot-delay", "300")
    assert "0" in ann.inner_text("#match-length"), "the match's length is shown before play"
    ann.click("#listed-no")                                   # a private table, for friends
    ann.click("#create-button")
    ann.wait_for_selector("#invites:not([hidden])", timeout=15_000)
    link = ann.get_attribute("a.invite[data-seat='1']", "href")
    assert link.startswith(server.base) and link.endswith("?join=1")
    ann.click("#go")
    ann.wait_for_selector("[data-card]", timeout=15_000)
    tid = ann.evaluate("location.pathname.split('/').pop()")
    summary = server.get(f"/api/tables/{tid}")
    assert summary["listed"] is False and summary["host"] == "Ann"
    assert tid not in [t["id"] for t in server.get("/api/tables")], "a private table is not listed"
    # Bea takes seat 2 through the invite link; Cai watches
    bea_ctx, cai_ctx, dan_ctx = browser.new_context(), browser.new_context(), browser.new_context()
    bea = bea_ctx.new_page()
    bea.goto(link)
    bea.wait_for_selector("#join:not([hidden])", timeout=15_000)
    bea.fill("#join-name", "Bea")
    bea.click("#join-button")
    bea.wait_for_selector("[data-card]", timeout=15_000)
    cai = cai_ctx.new_page()
    cai.goto(f"{server.base}/tables/{tid}")
    cai.wait_for_function("() => document.body.dataset.seq !== undefined", timeout=15_000)
    assert cai.inner_text("#you") == "spectator"
    # a few moves each
    start = int(ann.evaluate("document.body.dataset.seq"))
    play([ann, bea], rng, lambda: int(cai.evaluate("document.body.dataset.seq")) >= start + 6)
    # Bea closes her tab; the host sees her gone and hands her seat to a bot
    bea.close()
    ann.wait_for_selector("#players [data-player='1'] .presence.off", state="attached", timeout=10_000)
    seat_menu(ann, 1)
    ann.click(".host-action[data-action=bot][data-for-seat='1']")
    ann.wait_for_selector("#players [data-player='1'] .away-seat", state="attached", timeout=10_000)
    cai.wait_for_selector("#players [data-player='1'] .away-seat", state="attached", timeout=10_000)
    # the bot plays for Bea meanwhile
    seq = int(cai.evaluate("document.body.dataset.seq"))
    play([ann], rng, lambda: int(cai.evaluate("document.body.dataset.seq")) >= seq + 4
         or cai.evaluate("document.body.dataset.over") == "true")
    # Dan, in another profile, opens Bea's link: the seat is not his; he may watch
    dan = dan_ctx.new_page()
    dan.goto(link)
    dan.wait_for_selector("#banner:not([hidden])", timeout=15_000)
    assert "Seat 2 is taken (Bea)" in dan.inner_text("#banner")
    dan.wait_for_function("() => document.body.dataset.seq !== undefined", timeout=15_000)
    assert dan.inner_text("#you") == "spectator" and dan.is_hidden("#join")
    # Bea opens her invite link again in her own profile: the seat is hers again
    bea = bea_ctx.new_page()
    bea.goto(link)
    bea.wait_for_function("() => document.getElementById('you').textContent.includes('2')", timeout=15_000)
    assert "Welcome back" in bea.inner_text("#banner")
    ann.wait_for_function("() => !document.querySelector(\"#players [data-player='1'] .away-seat\")", timeout=10_000)
    assert server.get(f"/api/tables/{tid}")["seats"][1] == {"kind": "person", "name": "Bea"}
    # to the end of the match
    pages = [ann, bea]
    play(pages, rng, lambda: cai.evaluate("document.body.dataset.status") == "over")
    replay = server.get(f"/api/tables/{tid}/replay")
    final = replay["expect"]["scores"]
    for p in (ann, bea, cai, dan):
        p.wait_for_function("() => document.body.dataset.status === 'over'", timeout=15_000)
        assert "score of the deal" in p.inner_text("#scores").lower()
        shown = seat_totals(p)
        assert shown == final, f"the totals on the page {shown} are the match's {final}"
        # the end of the match over the table: its winner named, the final totals
        p.wait_for_selector("#match-over", timeout=10_000)
        assert p.inner_text("#winners"), "the match's winner is named"
        assert [int(x) for x in p.eval_on_selector_all("#match-totals [data-total]",
                                                       "els => els.map(e => e.dataset.total)")] == final
        assert p.is_hidden("#next-deal")
    # the match is in each friend's "my tables", with a way back to it
    ann.goto(server.base + "/")
    ann.wait_for_selector(f"#my-tables li[data-table='{tid}'] a.resume", timeout=15_000)
    for ctx in (ann_ctx, bea_ctx, cai_ctx, dan_ctx):
        ctx.close()
