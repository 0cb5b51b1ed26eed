"""The issue's whole story: a player makes a 4-player Dummy table in the lobby with two
friends and a bot, the friends take their seats through the invite links, the three play
the whole match by clicking, and the replay viewer steps through it."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from .conftest import SCREENS, Server, click_move

pytestmark = pytest.mark.slow


def test_dummy_with_two_friends_and_a_bot(server: Server, browser: Any) -> None:
    host = browser.new_context()
    page = host.new_page()
    page.goto(server.base + "/")
    page.wait_for_selector("#game option[value=dummy]", state="attached", timeout=15_000)
    page.fill("#my-name", "Ann")                 # asked once: the host's name
    page.select_option("#game", "dummy")
    page.select_option("#players", "4")
    page.select_option("select[data-seat='1']", "open")
    page.select_option("select[data-seat='2']", "open")
    page.select_option("select[data-seat='3']", "bot:heuristic")
    page.fill("#bot-delay", "0")
    page.click("#create-button")
    page.wait_for_selector("#invites:not([hidden])", timeout=15_000)
    links = [a.get_attribute("href") for a in page.query_selector_all("a.invite")]
    assert len(links) == 2 and all("join=" in link for link in links)
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / "lobby.png"), full_page=True)
    page.click("#go")
    pages = [page]
    friends = []
    for name, link in zip(("Bea", "Cai"), links, strict=True):
        ctx = browser.new_context()
        friends.append(ctx)
        p = ctx.new_page()
        p.goto(link)
        p.fill("#join-name", name)
        p.click("#join-button")
        pages.append(p)
    for p in pages:
        p.wait_for_selector("[data-card]", timeout=15_000)
    rng = random.Random(3)
    # bounded by moves made and by time, not by turns of the loop: on a loaded machine many
    # turns only wait for the next frame
    moves, deadline = 0, time.monotonic() + 300
    while moves < 600 and time.monotonic() < deadline:
        if pages[0].evaluate("document.body.dataset.status") == "over":
            break
        moved = False
        for p in pages:
            buttons = p.query_selector_all("#moves [data-move]")
            if buttons:
                # the stock drawn when it can be (a pickup from the pile keeps the deal going
                # for long): the deal ends in a bounded number of turns
                draw = [b for b in buttons if b.get_attribute("data-move") == "draw"]
                click_move(p, draw[0] if draw and rng.random() < 0.9 else rng.choice(buttons))
                moved = True
                moves += 1
                break
        if not moved:
            pages[0].wait_for_timeout(50)
    else:
        seen = [p.evaluate("""() => ({seq: document.body.dataset.seq, status: document.body.dataset.status,
            over: document.body.dataset.over, deal: document.body.dataset.deal,
            overlay: !!document.querySelector('#deal-over, #match-over'),
            bar: document.querySelector('#actionbar')?.innerText.slice(0, 200),
            text: document.body.innerText.slice(0, 600)})""") for p in pages]
        tid = page.url.split("/tables/")[1].split("?")[0].split("#")[0].split("/")[0]
        pytest.fail(f"the match did not end after {moves} moves: {seen}; the table: {server.get(f'/api/tables/{tid}')}")
    for p in pages:
        p.wait_for_function("() => document.body.dataset.status === 'over'", timeout=15_000)
        assert "score of the deal" in p.inner_text("#scores").lower()
    pages[1].wait_for_selector("#match-over", timeout=10_000)
    pages[1].wait_for_timeout(400)
    pages[1].screenshot(path=str(SCREENS / "dummy-match-over.png"))
    # the replay: step through as the bot's seat
    page.click("#replay")
    page.wait_for_function("() => document.body.dataset.step === '0'", timeout=15_000)
    page.select_option("#as-seat", "3")
    page.wait_for_function("() => document.getElementById('hand-title').textContent.includes('seat 4')",
                           timeout=10_000)
    page.click("#next")
    page.wait_for_function("() => document.body.dataset.step === '1'", timeout=10_000)
    assert page.query_selector_all("[data-card]"), "the replay shows the chosen seat's hand"
    for ctx in (host, *friends):
        ctx.close()
