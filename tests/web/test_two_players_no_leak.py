"""Two people and a spectator at one Gin table, each in their own browser context.

Every WebSocket frame each page receives and the page's HTML after every move are recorded;
afterwards the match is rebuilt from its replay with the engine, and no card of the seat's
``secret_cards`` at that moment may appear in what that seat's page received or showed.
A frame's ``finished`` (the last finished deal, version 2) is checked against the end of
that deal; the pages carry the version 2 controls meanwhile (the host's tools, "leave", the
invite panel with its QR code), which must not show a card either.
"""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from cardtable.cards import card_str
from cardtable.registry import get_game

from .conftest import Server, as_player, click_move, hand_cards, seat_menu

pytestmark = pytest.mark.slow
CARD = re.compile(r"(?<![0-9A-Za-z])(10|[2-9JQKA])([♠♥♦♣])")
RANK = {"A": 1, **{str(n): n for n in range(2, 11)}, "J": 10, "Q": 10, "K": 10}


def cards_shown(text: str) -> set[str]:
    return {m.group(0) for m in CARD.finditer(text)}


def states_by_position(replay: dict[str, Any]) -> dict[tuple[int, int], Any]:
    """(deal, moves played in that deal) -> the engine state there, from the match replay."""
    game = get_game(replay["game"])
    options = game.make_options(replay.get("preset"), replay.get("rules"))
    out = {}
    for d, entry in enumerate(replay["deals"]):
        state = game.new_state(replay["players"], options, deal=entry["deal"])
        out[(d, 0)] = state.clone()
        for i, text in enumerate(entry["moves"], 1):
            state.apply(text)
            out[(d, i)] = state.clone()
    return out


def test_no_hidden_card_reaches_either_page(server: Server, browser: Any) -> None:
    # Ann hosts (her page has the host's tools), Bo takes seat 2 with his own player
    ann, bo = server.new_player("Ann"), server.new_player("Bo")
    table = server.post("/api/tables", {"game": "gin", "seats": ["me", "open"], "bot_delay_ms": 0,
                                        "rules": {"game_target": 1}}, player=ann["secret"])
    tid = table["id"]
    tokens = [table["token"], server.post(f"/api/tables/{tid}/seats/1", {"name": "Bo"}, player=bo["secret"])["token"]]
    pages: list[Any] = []
    frames: list[list[dict[str, Any]]] = [[], [], []]
    shots: list[list[tuple[int, int, str]]] = [[], [], []]
    contexts = [browser.new_context() for _ in range(3)]
    as_player(contexts[0], ann)
    as_player(contexts[1], bo)
    for i, ctx in enumerate(contexts):
        page = ctx.new_page()
        page.on("websocket", lambda ws, i=i: ws.on(
            "framereceived", lambda p, i=i: frames[i].append(json.loads(p))))
        suffix = f"#token={tokens[i]}" if i < 2 else ""
        page.goto(f"{server.base}/tables/{tid}{suffix}")
        pages.append(page)
    for page in pages:
        page.wait_for_function("() => document.body.dataset.seq !== undefined", timeout=15_000)
        page.click("#invite-open")          # the invite panel and its QR code stay open
        page.wait_for_selector("#invite-qr svg", timeout=10_000)
    # the version 2 controls: the host's tools on Ann's page only (the menu at a seat's
    # place), "leave" for the players
    seat_menu(pages[0], 1)
    pages[0].wait_for_selector(".host-action", timeout=10_000)
    pages[0].wait_for_selector("#end-table:not([hidden])", state="attached", timeout=10_000)
    pages[1].wait_for_selector("#leave:not([hidden])", state="attached", timeout=10_000)
    for page in pages[1:]:
        page.click("#felt [data-seat='0'] [data-seat-plaque]")
    assert not pages[1].query_selector(".host-action") and not pages[2].query_selector(".host-action")
    assert pages[2].is_hidden("#leave") and pages[2].is_hidden("#end-table")
    rng = random.Random(7)

    last: list[list[str]] = [["", ""] for _ in pages]

    def snapshot() -> None:
        """Each page's HTML at each position it shows (read again only once it moved on)."""
        for i, page in enumerate(pages):
            # one evaluate, so the position and the HTML are read between the same two frames
            d = page.evaluate("([d, s]) => { const b = document.body.dataset;"
                              " return b.deal === d && b.seq === s ? null"
                              " : [b.deal, b.seq, document.documentElement.outerHTML]; }", last[i])
            if d is not None:
                last[i] = [d[0], d[1]]
                shots[i].append((int(d[0]), int(d[1]), d[2]))

    # bounded by moves made and by time, not by turns of the loop: on a loaded machine
    # many turns only wait for the next frame (2,000 turns once ran out mid-match)
    moves, deadline = 0, time.monotonic() + 300
    while moves < 2000 and time.monotonic() < deadline:
        snapshot()
        if all(p.evaluate("document.body.dataset.status") == "over" for p in pages):
            break
        moved = False
        for page in pages:      # each page keeps a finished deal on screen until asked
            if page.query_selector("#next-deal:not([hidden]):not([disabled])"):
                try:        # (the overlay may still be moving in: the loop comes back to it)
                    page.click("#next-deal", timeout=5_000)
                except PlaywrightTimeout:
                    pass
        for page in pages[:2]:
            buttons = page.query_selector_all("[data-move]")
            if buttons:
                # knock or go gin when possible, and mostly throw the highest card, so deals end
                # with points and the match ends (the quiet moment after each state, guard.js,
                # makes every click cost a little more than it did)
                ending = [b for b in buttons if (b.get_attribute("data-move") or "").startswith(("gin", "knock"))]
                high = sorted((b for b in buttons if (b.get_attribute("data-move") or "").startswith("discard ")),
                              key=lambda b: RANK.get((b.get_attribute("data-move") or "")[8:-1], 0))
                choice = ending or (high[-1:] if high and rng.random() < 0.8 else buttons)
                click_move(page, rng.choice(choice))
                moved = True
                moves += 1
                break
        if not moved:
            pages[0].wait_for_timeout(50)
    else:
        pytest.fail("the match did not end")
    replay = server.get(f"/api/tables/{tid}/replay")
    states = states_by_position(replay)
    starts, n = [], 0
    for entry in replay["deals"]:
        starts.append(n)
        n += len(entry["moves"])

    def state_at(deal: int, seq: int) -> Any:
        return states[(deal, seq - starts[deal])]

    def end_of(deal: int) -> Any:
        return states[(deal, len(replay["deals"][deal]["moves"]))]

    checked = finished = 0
    for i in range(3):
        seat = i if i < 2 else None
        for f in frames[i]:
            if f.get("type") != "state":
                continue
            assert f["seat"] == seat
            now = {k: v for k, v in f.items() if k != "finished"}
            secret = {card_str(c) for c in state_at(f["deal"], f["seq"]).secret_cards(seat)}
            leaked = cards_shown(json.dumps(now, ensure_ascii=False)) & secret
            assert not leaked, f"frame at seq {f['seq']} to {seat} shows hidden {sorted(leaked)}"
            checked += 1
            done = f.get("finished")
            if done is not None:
                # the last finished deal as that seat saw it at its end, never more
                secret = {card_str(c) for c in end_of(done["deal"]).secret_cards(seat)}
                leaked = cards_shown(json.dumps(done, ensure_ascii=False)) & secret
                assert not leaked, f"finished deal {done['deal']} to {seat} shows hidden {sorted(leaked)}"
                assert done["view"] == json.loads(json.dumps(end_of(done["deal"]).view(seat)))
                finished += 1
        for deal, seq, html in shots[i]:
            secret = {card_str(c) for c in state_at(deal, seq).secret_cards(seat)}
            leaked = cards_shown(html) & secret
            assert not leaked, f"page of {seat} at seq {seq} shows hidden {sorted(leaked)}"
    assert checked > 20 and finished > 0
    # the replay viewer, as seat 1: each step shows that seat's hand as the engine had it
    viewer = pages[2]
    viewer.goto(f"{server.base}/tables/{tid}/replay")
    viewer.wait_for_function("() => document.body.dataset.step === '0'", timeout=15_000)
    viewer.select_option("#as-seat", "1")
    for step in range(4):
        viewer.wait_for_function(f"() => document.body.dataset.step === '{step}' && "
                                 "document.getElementById('hand-title').textContent.includes('seat 2')",
                                 timeout=10_000)
        shown = hand_cards(viewer)      # the hand on the replay's felt (the table's cards aside)
        want = sorted(states[(0, step)].view(1)["hand"])
        assert shown == want, f"replay step {step} as seat 1"
        viewer.click("#next")
    # "play these cards again": a new table whose first deal has the same cards
    again = server.post("/api/tables", {"same_cards_as": tid, "seats": ["open", "bot:random"]})
    assert again["game"] == "gin" and again["id"] != tid
    first = replay["deals"][0]["deal"]
    new = get_game("gin").new_state(2, get_game("gin").make_options(None, replay.get("rules")),
                                    deal=first)
    token = server.post(f"/api/tables/{again['id']}/seats/0", {"name": "Ann"}, player=ann["secret"])["token"]
    pages[0].goto(f"{server.base}/tables/{again['id']}#token={token}")
    pages[0].wait_for_selector("[data-hand-index]", timeout=15_000)
    assert hand_cards(pages[0]) == sorted(new.view(0)["hand"])
    for ctx in contexts:
        ctx.close()


def test_same_cards_only_after_the_match(server: Server) -> None:
    import urllib.error
    table = server.post("/api/tables", {"game": "gin", "seats": ["open", "bot:random"]})
    with pytest.raises(urllib.error.HTTPError) as e:
        server.post("/api/tables", {"same_cards_as": table["id"], "seats": ["open", "bot:random"]})
    assert e.value.code == 403
    with pytest.raises(urllib.error.HTTPError) as e:
        server.post("/api/tables", {"same_cards_as": "nosuch", "seats": ["open", "bot:random"]})
    assert e.value.code == 404


def test_replay_steps_only_after_the_match(server: Server) -> None:
    import urllib.error
    table = server.post("/api/tables", {"game": "gin", "seats": ["open", "bot:random"]})
    with pytest.raises(urllib.error.HTTPError) as e:
        server.get(f"/api/tables/{table['id']}/replay/steps?seat=0")
    assert e.value.code == 403
