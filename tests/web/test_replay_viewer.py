"""Issue 27, the replay viewer uses the table's drawing: an ended match stepped through on the
felt (static/felt/felt.js) as any seat saw it, in Debian's Chromium.

Checked against the server's own steps (GET /api/tables/{id}/replay/steps?seat=N): every seat's
place is drawn with as many backs as the step's picture says, at several steps; stepping
changes the picture; seen as seat 2, that seat's hand is at the bottom (the cards of its view)
and its own place has no backs; the move in words and "move k of n"; keyboard ← →; play steps
on its own and pauses; the deal's score at its last step; the log of the moves so far; one
screen with no scrolling at 1280×800 and 390×844 (screenshots docs/screens/replay-*.png)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import SCREENS, Server, hand_cards

pytestmark = pytest.mark.slow
SIZES = [(1280, 800), (390, 844)]


@pytest.fixture(scope="module")
def match(server: Server) -> dict[str, Any]:
    """A short gin match played by two bots to its end (the fastest pace a table of bots
    allows), and its steps as a spectator and as seat 2."""
    table = server.post("/api/tables", {"game": "gin", "seats": ["bot:heuristic", "bot:heuristic"],
                                        "bot_delay_ms": 250, "rules": {"game_target": 1}})
    tid = table["id"]
    deadline = time.monotonic() + 120
    while server.get(f"/api/tables/{tid}")["status"] != "over":
        if time.monotonic() > deadline:
            pytest.fail("the bots' match did not end in 120 s")
        time.sleep(0.3)
    return {"id": tid, "spectator": server.get(f"/api/tables/{tid}/replay/steps"),
            "seat0": server.get(f"/api/tables/{tid}/replay/steps?seat=0"),
            "seat1": server.get(f"/api/tables/{tid}/replay/steps?seat=1")}


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    context.close()
    assert not errors, errors


def open_replay(page: Any, server: Server, tid: str, query: str = "", step: int = 0) -> None:
    page.goto(f"{server.base}/tables/{tid}/replay{query}")
    page.wait_for_function(f"() => document.body.dataset.step === '{step}' && "
                           "document.querySelectorAll('#felt [data-seat]').length > 0", timeout=15_000)


def wait_step(page: Any, step: int) -> None:
    page.wait_for_function(f"() => document.body.dataset.step === '{step}'", timeout=10_000)


def backs(page: Any, seat: int) -> int:
    return int(page.locator(f'#felt [data-seat="{seat}"] [data-card-back]').count())


def faces(page: Any) -> list[str]:
    """Every face-up card on the felt and where it lies ("1:7♠" at seat 2's place, "-:7♠" in the
    middle), in the page's order."""
    return list(page.eval_on_selector_all(
        "#felt [data-card]",
        "els => els.map(e => (e.closest('[data-seat]')?.dataset.seat ?? '-') + ':' + e.dataset.card)"))


def snapshot(page: Any) -> tuple[Any, ...]:
    """What the felt shows: its face-up cards, each seat's backs, its words and counts."""
    seats = page.locator("#felt [data-seat]").count()
    return (tuple(faces(page)), tuple(backs(page, n) for n in range(seats)), page.inner_text("#felt"))


def check_picture(page: Any, picture: dict[str, Any], where: str) -> None:
    seats = picture["seats"]
    assert page.locator("#felt [data-seat]").count() == len(seats), where
    for n, seat in enumerate(seats):
        assert backs(page, n) == seat["backs"], f"{where}: seat {n + 1} drawn with {backs(page, n)} backs"


def test_the_table_at_each_step_as_a_spectator(server: Server, match: dict[str, Any], page: Any) -> None:
    deal = match["spectator"]["deals"][0]
    n = len(deal["moves"])
    assert n >= 4 and len(deal["pictures"]) == n + 1
    open_replay(page, server, match["id"])
    check_picture(page, deal["pictures"][0], "step 0")
    assert page.inner_text("#count") == f"move 0 of {n}"
    assert not page.locator("#felt [data-hand-index]").count(), "a spectator holds no hand"
    shown = [snapshot(page)]
    moved = 0
    for step in range(1, 4):
        page.click("#next")
        wait_step(page, step)
        moved += int(page.evaluate("document.getAnimations().length"))
        check_picture(page, deal["pictures"][step], f"step {step}")
        assert page.inner_text("#count") == f"move {step} of {n}"
        assert deal["move_words"][step - 1] in page.inner_text("#move")
        assert page.inner_text("#move").startswith("Seat "), "the move says who made it"
        shown.append(snapshot(page))
    assert moved > 0, "the cards move from one step to the next"
    for k in range(1, 4):
        if deal["pictures"][k] != deal["pictures"][k - 1]:
            assert shown[k] != shown[k - 1], (f"step {k} changes the picture, the table stays: "
                                              f"{deal['pictures'][k - 1]} → {deal['pictures'][k]}; {shown[k]}")
    assert len(set(shown)) > 1, "stepping changes the table"
    # the keyboard: → and ← step, End and Home jump
    page.locator("body").press("ArrowLeft")
    wait_step(page, 2)
    check_picture(page, deal["pictures"][2], "back to step 2")
    page.locator("body").press("ArrowRight")
    wait_step(page, 3)
    mid = n // 2 + 1
    page.goto(f"{server.base}/tables/{match['id']}/replay?move={mid}")
    wait_step(page, mid)
    check_picture(page, deal["pictures"][mid], f"step {mid}")
    # the last step: the deal's score, per seat
    page.locator("body").press("End")
    wait_step(page, n)
    check_picture(page, deal["pictures"][n], "the last step")
    assert page.is_visible("#score-box")
    final = deal["steps"][n]
    assert final["over"]
    got = page.eval_on_selector_all("#score-box [data-score-seat] td.num:nth-child(2)",
                                    "els => els.map(e => e.textContent)")
    assert got == [("+" if p > 0 else "") + str(p) for p in final["scores"]]
    assert page.is_disabled("#next") and page.is_disabled("#last")
    # the log: every move so far, in words
    page.click("#log-box summary")
    items = page.eval_on_selector_all("#log li[data-step]", "els => els.map(e => e.textContent)")
    assert len(items) == n
    assert all(w in line for w, line in zip(deal["move_words"], items, strict=True))
    page.click("#log li[data-step='2']")
    wait_step(page, 2)
    assert page.is_hidden("#score-box")
    page.locator("body").press("Home")
    wait_step(page, 0)


def test_seen_as_seat_two(server: Server, match: dict[str, Any], page: Any) -> None:
    deal = match["seat1"]["deals"][0]
    open_replay(page, server, match["id"])
    page.select_option("#as-seat", "1")
    page.wait_for_function("() => document.body.dataset.seat === '1' && "
                           "document.getElementById('hand-title').textContent.includes('seat 2')", timeout=10_000)
    n = len(deal["moves"])
    for step in (0, 1, 2, 3, n // 2):
        page.goto(f"{server.base}/tables/{match['id']}/replay?seat=2&move={step}")
        page.wait_for_function(f"() => document.body.dataset.step === '{step}' && document.body.dataset.seat === '1'",
                               timeout=15_000)
        view = deal["steps"][step]
        assert hand_cards(page) == sorted(view["hand"]), f"step {step}: seat 2's hand"
        assert backs(page, 1) == 0, "no backs in the seat's own place"
        assert page.locator('#felt [data-seat="1"] [data-hand-index]').count() == len(view["hand"])
        check_picture(page, deal["pictures"][step], f"seat 2, step {step}")
    # seen as the other seat: its hand, and seat 2's as backs
    page.select_option("#as-seat", "0")
    page.wait_for_function("() => document.body.dataset.seat === '0'", timeout=10_000)
    other = match["seat0"]["deals"][0]
    check_picture(page, other["pictures"][n // 2], f"seat 1, step {n // 2}")
    assert backs(page, 0) == 0 and backs(page, 1) > 0
    assert hand_cards(page) == sorted(other["steps"][n // 2]["hand"])


def test_play_steps_on_its_own_and_pauses(server: Server, match: dict[str, Any], page: Any) -> None:
    open_replay(page, server, match["id"])
    started = time.monotonic()
    page.click("#play")
    assert page.get_attribute("#play", "aria-pressed") == "true"
    page.wait_for_function("() => Number(document.body.dataset.step) >= 3", timeout=10_000)
    assert time.monotonic() - started > 1.5, "about 800 ms a move"
    page.click("#play")
    assert page.get_attribute("#play", "aria-pressed") == "false"
    at = page.evaluate("document.body.dataset.step")
    page.wait_for_timeout(1_200)
    assert page.evaluate("document.body.dataset.step") == at, "paused"


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_one_screen_and_screenshots(server: Server, match: dict[str, Any], browser: Any,
                                    width: int, height: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    n = len(match["seat1"]["deals"][0]["moves"])
    for step in (n // 2, n):
        open_replay(page, server, match["id"], f"?seat=2&move={step}", step)
        page.wait_for_timeout(400)
        size = page.evaluate("[document.documentElement.scrollHeight, document.documentElement.scrollWidth]")
        assert size[0] <= height and size[1] <= width, f"{width}×{height} at step {step}: the page scrolls ({size})"
        needed = ["#first", "#prev", "#play", "#next", "#last", "#as-seat", "#deal", "#log-box summary"]
        needed += ["#felt [data-hand-index]"] if step < n else ["#score-box"]
        for sel in needed:
            box = page.locator(sel).last.bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5, f"{sel} off screen at {width}"
            assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, f"{sel} off screen at {width}"
        felt = page.locator("#felt").bounding_box()
        assert felt and felt["height"] > height * 0.6, "the felt fills the screen"
        if step == n // 2:
            page.screenshot(path=str(SCREENS / f"replay-{width}.png"))
    context.close()
