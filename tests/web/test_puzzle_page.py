"""Issue 29's puzzle page, /puzzles/{game}, against a real `cardtable serve`.

A player (a guest credential, as the lobby keeps it) opens /puzzles/gin at 1280×800: today's
puzzle is drawn on the felt as the table page draws a position (the hand is the view's hand,
the other seat a fan of backs as many as its hidden cards) and no card hidden from the seat
is anywhere in the page's HTML. The right move (the puzzle's answer, from the engine's
puzzle file) made with the cards — cards selected in the fanned hand, then their zone clicked,
the page's "which move?" answered — shows "right", the explanation and the new puzzle rating.
"Next puzzle" gives another, where a wrong move shows "wrong" and the answer drawn on the
table (its zone lit, its cards raised, an arrow). On a phone (390×844, a finger, no player)
the page fits without sideways scrolling and a visitor's right answer is judged, explained
and said to be unrated. Screenshots: docs/screens/puzzle-1280.png and puzzle-390.png.
"""

from __future__ import annotations

import html as htmllib
import json
import re
from typing import Any

import pytest

from cardtable import puzzles
from cardtable.conformance import hidden_tokens

from . import gesture_play as gp
from .conftest import SCREENS, Server, as_player, hand_cards

pytestmark = pytest.mark.slow

CARD = re.compile(r"(?<![0-9A-Za-z])(10|[2-9JQKA])([♠♥♦♣])")
SRC = re.compile(r'src="(data:image/svg\+xml[^"]*)"')
# every face the felt can draw, by its image address (the felt draws faces as data: URLs)
FACES = """async () => {
  const m = await import('/static/felt/card.js');
  const out = {};
  const ranks = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
  for (const s of ['♠', '♥', '♦', '♣']) for (const r of ranks) {
    out[m.faceUrl(r + s, false)] = r + s;
    out[m.faceUrl(r + s, true)] = r + s;
  }
  return out;
}"""
WIDTH = "() => [document.scrollingElement.scrollWidth, innerWidth]"


def signed(n: int) -> str:
    """A change of rating as the page writes it: +12, \u221212, 0."""
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "0"


def cards_on_page(page: Any, faces: dict[str, str]) -> set[str]:
    """Every card the page's HTML names, as text or drawn as a face."""
    text = page.content()
    shown = {m.group(0) for m in CARD.finditer(text)}
    shown |= {faces[u] for u in map(htmllib.unescape, SRC.findall(text)) if u in faces}
    return shown


def no_hidden_card(page: Any, puzzle: puzzles.Puzzle, faces: dict[str, str]) -> None:
    hidden = hidden_tokens(puzzles.state_of(puzzle), puzzle.seat)
    assert hidden, "the puzzle hides no card: nothing to check"
    leaked = cards_on_page(page, faces) & hidden
    assert not leaked, f"the page of {puzzle.id} shows cards hidden from seat {puzzle.seat}: {sorted(leaked)}"


def shown_puzzle(page: Any, server: Server) -> tuple[dict[str, Any], puzzles.Puzzle]:
    """The puzzle the page shows, as the server gives it to a solver, and the engine's."""
    page.wait_for_selector("body[data-phase='solving']", timeout=15_000)
    pid = page.evaluate("document.body.dataset.puzzle")
    return server.get(f"/api/puzzle/{pid}?lang=en"), puzzles.by_id(pid)


def drawn_right(page: Any, shown: dict[str, Any], faces: dict[str, str]) -> None:
    """The hand drawn is the view's hand; every other seat has as many backs as its picture."""
    view = shown["view"]
    assert hand_cards(page) == sorted(view["hand"])
    pic = shown["felt"]["picture"]
    for seat in range(shown["players"]):
        if seat == shown["seat"]:
            continue
        backs = page.eval_on_selector_all(f"#felt .ft-place[data-seat='{seat}'] [data-card-back]", "els => els.length")
        assert backs == pic["seats"][seat]["backs"] > 0
        assert backs == view["hand_sizes"][seat] - len(view["known"][seat])
    assert page.inner_text("#question") == f"Seat {shown['seat'] + 1} to move: find the best move."


def make_move(page: Any, hands: gp.Hands, shown: dict[str, Any], move: str) -> str:
    """Make ``move`` on the felt with the cards: its cards selected in the hand, its zone
    clicked (or tapped), the chooser answered when the gesture fits several moves."""
    target = next(x for x in shown["felt"]["targets"] if x["move"] == move)
    gp.select_cards(page, hands, list(target["cards"]))
    hands.tap_el(gp.zone_sel(target["zone"]))
    page.wait_for_function("() => document.querySelector('#chooser') || document.body.dataset.phase !== 'solving'",
                           timeout=10_000)
    how = "zone"
    if page.query_selector("#chooser"):
        offered = page.eval_on_selector_all("#chooser [data-move]", "els => els.map(e => e.dataset.move)")
        assert move in offered, offered
        hands.tap_el(f"#chooser [data-move={gp.css_str(move)}]")
        how = "chooser"
    page.wait_for_selector("body[data-phase='answered']", timeout=15_000)
    return how


def answer_drawn(page: Any, shown: dict[str, Any], answer: str) -> None:
    """The answer is drawn on the table: its zone lit, its cards raised, an arrow or its tag."""
    target = next(x for x in shown["felt"]["targets"] if x["move"] == answer)
    page.wait_for_selector(f"{gp.zone_sel(target['zone'])}.ft-hot", timeout=5_000)
    raised = page.eval_on_selector_all("#felt [data-hand-index].ft-sel", "els => els.map(e => e.dataset.card)")
    assert sorted(raised) == sorted(target["cards"])
    page.wait_for_selector("#pz-arrows .pz-tag.pz-best", state="attached", timeout=5_000)
    best = page.eval_on_selector_all("#moves [data-move].pz-best", "els => els.map(e => e.dataset.move)")
    assert answer in best


def a_wrong_move(shown: dict[str, Any], puzzle: puzzles.Puzzle) -> str:
    """A legal move made on the table that is not right (a discard rather than a knock, say)."""
    right = set(puzzle.correct)
    wrong = [x["move"] for x in shown["felt"]["targets"] if x["move"] not in right]
    assert wrong, f"{puzzle.id}: every move on the table is right"
    return wrong[0]


def test_solve_the_daily_puzzle_then_miss_the_next(server: Server, browser: Any) -> None:
    player = server.new_player("Pia")
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    as_player(context, player)
    gp.trace(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.base}/puzzles/gin")
    hands = gp.Hands(page, touch=False)
    gp._HANDS[id(page)] = hands
    faces = page.evaluate(FACES)

    # today's puzzle, drawn as the seat sees it, and nothing more
    shown, puzzle = shown_puzzle(page, server)
    daily = next(x for x in server.get("/api/puzzles") if x["game"] == "gin")
    assert shown["id"] == daily["daily"] and page.evaluate("document.body.dataset.daily") == "true"
    page.wait_for_selector("#felt [data-hand-index]", timeout=10_000)
    drawn_right(page, shown, faces)
    no_hidden_card(page, puzzle, faces)
    assert "No puzzle rating in Gin Rummy yet" in page.inner_text("#rating")
    assert page.evaluate(WIDTH)[0] <= 1280

    # a move the server refuses (the request rewritten on its way) is said by the hand and
    # counts nothing; the seat may move again
    illegal = f"discard {shown['view']['discard'][-1]}"      # the pile's top: seen, not in the hand
    route = f"**/api/puzzle/{puzzle.id}/answer*"
    page.route(route, lambda r: r.continue_(post_data=json.dumps({"move": illegal})))
    target = next(x for x in shown["felt"]["targets"] if x["move"] == puzzle.answer)
    gp.select_cards(page, hands, list(target["cards"]))
    hands.tap_el(gp.zone_sel(target["zone"]))
    if page.query_selector("#chooser"):
        hands.tap_el(f"#chooser [data-move={gp.css_str(puzzle.answer)}]")
    page.wait_for_selector("#hand-line[data-kind='error']", timeout=10_000)
    page.wait_for_selector("body[data-phase='solving']", timeout=5_000)
    page.unroute(route)
    assert "gin" not in server.get("/api/players/me/puzzles", player=player["secret"])
    assert page.is_hidden("#result")
    chosen = page.eval_on_selector_all("#felt [aria-pressed='true']", "els => els.map(e => e.dataset.key)")
    for key in chosen:               # the cards stay selected: unselected for the next try
        hands.tap_el(f"#felt [data-hand-index][data-key={gp.css_str(key)}]")
        page.wait_for_timeout(400)

    # the right move, made with the cards
    make_move(page, hands, shown, puzzle.answer)
    assert page.evaluate("document.body.dataset.correct") == "true"
    assert page.inner_text("#verdict") == "Right!"
    explained = page.eval_on_selector_all("#explanation li", "els => els.map(e => e.textContent)")
    assert explained and explained[0].startswith("Best move:"), explained
    rating = server.get("/api/players/me/puzzles", player=player["secret"])["gin"]
    assert rating["tried"] == 1 and rating["solved"] == 1
    assert f"Your puzzle rating: {rating['rating']}" in page.inner_text("#rating-change")
    assert page.inner_text("#rating-delta") == f"({signed(rating['rating'] - 1000)})"
    assert page.inner_text("#rating-number") == str(rating["rating"])
    answer_drawn(page, shown, puzzle.answer)
    no_hidden_card(page, puzzle, faces)

    # the next puzzle (not this one), missed
    page.click("#result-next")
    page.wait_for_function(f"() => document.body.dataset.puzzle !== '{puzzle.id}' && "
                           "document.body.dataset.phase === 'solving'", timeout=15_000)
    shown2, puzzle2 = shown_puzzle(page, server)
    assert puzzle2.id != puzzle.id and f"id={puzzle2.id}" in page.url
    page.wait_for_selector("#felt [data-hand-index]", timeout=10_000)
    drawn_right(page, shown2, faces)
    no_hidden_card(page, puzzle2, faces)
    assert page.inner_text("#result") == "" and page.is_hidden("#result")
    wrong = a_wrong_move(shown2, puzzle2)
    make_move(page, hands, shown2, wrong)
    assert page.evaluate("document.body.dataset.correct") == "false"
    assert page.inner_text("#verdict") == "Wrong"
    words = {x["move"]: x["words"] for x in shown2["legal"]}
    assert page.inner_text("#answer-line") == f"You played {words[wrong]}. The best move: {words[puzzle2.answer]}."
    answer_drawn(page, shown2, puzzle2.answer)
    page.wait_for_selector("#pz-arrows .pz-tag.pz-played", state="attached", timeout=5_000)
    assert page.eval_on_selector_all("#explanation li", "els => els.length") >= 1
    after = server.get("/api/players/me/puzzles", player=player["secret"])["gin"]
    assert after["tried"] == 2 and after["solved"] == 1
    assert page.inner_text("#rating-delta") == f"({signed(after['rating'] - rating['rating'])})"
    no_hidden_card(page, puzzle2, faces)
    assert page.evaluate(WIDTH)[0] <= 1280
    hands.still()
    page.wait_for_timeout(400)
    page.screenshot(path=str(SCREENS / "puzzle-1280.png"))
    assert not errors, errors
    context.close()


def test_a_visitor_on_a_phone(server: Server, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    gp.trace(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.base}/puzzles/gin")
    hands = gp.Hands(page, touch=True)
    gp._HANDS[id(page)] = hands
    faces = page.evaluate(FACES)
    shown, puzzle = shown_puzzle(page, server)
    page.wait_for_selector("#felt [data-hand-index]", timeout=10_000)
    drawn_right(page, shown, faces)
    no_hidden_card(page, puzzle, faces)
    assert "not rated" in page.inner_text("#rating")
    width, inner = page.evaluate(WIDTH)
    assert width <= inner == 390
    make_move(page, hands, shown, puzzle.answer)
    assert page.inner_text("#verdict") == "Right!"
    assert page.inner_text("#rating-change") == "Not rated: you are solving as a visitor."
    assert page.query_selector("#result-rate")
    answer_drawn(page, shown, puzzle.answer)
    width, inner = page.evaluate(WIDTH)
    assert width <= inner == 390, f"the page is {width} px wide on a {inner} px screen"
    hands.still()
    page.wait_for_timeout(400)
    page.screenshot(path=str(SCREENS / "puzzle-390.png"), full_page=True)
    assert not errors, errors
    context.close()
