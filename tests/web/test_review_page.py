"""Issue 29, the review in the browser: a player opens the replay viewer of an ended match,
asks for the review of a seat and sees it over the replay, in Debian's Chromium.

Checked against the server's own review (GET /api/tables/{id}/reviews/{seat}): the progress
while it is computed, one mark on the strip and one point on the graph per decision of the
seat, the costliest decision's step with its best move in words, drawn on the table (its cards
raised, its zone lit) and its loss as the API gives it; the "with hindsight" line apart; no
horizontal scrolling at 1280×800 and 390×844 (screenshots docs/screens/review-*.png). A
running match's review is refused with the server's words; a browser that is no player is
told why it cannot ask; and the whole journey of the issue: a player finishes a match at the
table, follows "review my play" from the end-of-match overlay and gets the review of their seat."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import SCREENS, Server, as_player

pytestmark = pytest.mark.slow
WORLDS = 8
SEAT = 1            # the seat reviewed (engine seat; "seat 2" on screen)
# every state the review panel goes through, kept by the page (window.seen)
SEEN = """() => { window.seen = []; new MutationObserver(() => {
    const s = document.getElementById('review').dataset.status;
    if (s && window.seen[window.seen.length - 1] !== s) window.seen.push(s);
  }).observe(document.getElementById('review'), {attributes: true}); }"""


@pytest.fixture(scope="module")
def ended(server: Server) -> dict[str, Any]:
    """A one-deal gin match of two bots played to its end: the game's heuristic bot and, at the
    seat reviewed, the "easy" level (the same bot with a random move a third of its turns),
    and a player who asked for the review of that seat. Two such matches are played and
    reviewed at once (the bots' moves are drawn at random), and the one whose review has a
    marked costly decision is kept, so that the screenshots show one when chance allows."""
    player = server.new_player("Rita")
    tids = [server.post("/api/tables", {"game": "gin", "seats": ["bot:heuristic", "bot:easy"],
                                        "bot_delay_ms": 250, "rules": {"game_target": 1}})["id"] for _ in range(2)]
    deadline = time.monotonic() + 120
    for tid in tids:
        while server.get(f"/api/tables/{tid}")["status"] != "over":
            if time.monotonic() > deadline:
                pytest.fail("the bots' matches did not end in 120 s")
            time.sleep(0.3)
    for tid in tids:
        server.post(f"/api/tables/{tid}/reviews", {"seat": SEAT, "worlds": WORLDS}, player=player["secret"])
    reviews = {}
    for tid in tids:
        while (got := server.get(f"/api/tables/{tid}/reviews/{SEAT}?worlds={WORLDS}"))["status"] != "done":
            assert got["status"] in ("queued", "running"), got
            if time.monotonic() > deadline + 120:
                pytest.fail("the reviews did not come in 120 s")
            time.sleep(0.3)
        reviews[tid] = got["review"]["summary"]["costliest"]
    marked = [tid for tid in tids if any(c["mark"] for c in reviews[tid])]
    costly = [tid for tid in tids if reviews[tid]]
    return {"id": (marked or costly or tids)[0], "player": player}


def context_of(browser: Any, size: tuple[int, int], player: dict[str, str] | None) -> Any:
    w, h = size
    ctx = browser.new_context(viewport={"width": w, "height": h}, is_mobile=w < 500, has_touch=w < 500)
    if player is not None:
        as_player(ctx, player)
    return ctx


@pytest.fixture
def errors() -> Iterator[list[str]]:
    got: list[str] = []
    yield got
    assert not got, got


def watch(page: Any, errors: list[str]) -> Any:
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page


def api_review(server: Server, tid: str) -> dict[str, Any]:
    got = server.get(f"/api/tables/{tid}/reviews/{SEAT}?worlds={WORLDS}")
    assert got["status"] == "done", got
    return dict(got)


def one(x: float) -> str:
    """A number as the page writes it in English: one decimal (half to even, as the server)."""
    return f"{x:.1f}".replace("-", "\u2212")


def no_sideways_scroll(page: Any) -> None:
    widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth, "
                           "document.body.scrollWidth, innerWidth]")
    assert widths[0] <= widths[1] and widths[2] <= widths[3], f"the page scrolls sideways: {widths}"
    for sel in ("#advice", "#review", "#marks", ".rp-controls"):
        over = page.evaluate(f"(() => {{ const e = document.querySelector('{sel}'); if (!e || e.hidden) return null; "
                             "const r = e.getBoundingClientRect(); return [r.left, r.right, innerWidth]; })()")
        if over is not None:
            assert over[0] >= -1 and over[1] <= over[2] + 1, f"{sel} goes past the screen's edge: {over}"


def costliest(review: dict[str, Any]) -> int:
    """The number of the costliest decision among the review's decisions (the summary's first,
    else the largest loss of a move that was not the best)."""
    ds = review["decisions"]
    top = review["summary"]["costliest"]
    if top:
        return next(k for k, d in enumerate(ds) if d["deal"] == top[0]["deal"] and d["index"] == top[0]["index"])
    others = [k for k, d in enumerate(ds) if d["best"] != d["played"]]
    assert others, "the easy bot's seat made no move the review would change"
    return max(others, key=lambda k: ds[k]["loss"])


def test_the_review_of_a_seat_over_the_replay(server: Server, browser: Any, ended: dict[str, Any],
                                              errors: list[str]) -> None:
    started = time.monotonic()
    tid = ended["id"]
    ctx = context_of(browser, (1280, 800), ended["player"])
    page = watch(ctx.new_page(), errors)
    page.goto(f"{server.base}/tables/{tid}/replay?seat={SEAT + 1}&worlds={WORLDS}")
    page.wait_for_function("() => document.body.dataset.step === '0' && "
                           "document.querySelectorAll('#felt [data-seat]').length > 0", timeout=15_000)
    page.evaluate(SEEN)
    page.click("#review-button")
    page.wait_for_selector("#review[data-status='done'] #review-graph", timeout=30_000)
    seen = page.evaluate("window.seen")
    assert seen == ["asking", "done"], f"a kept review is asked for and comes at once: {seen}"
    got = api_review(server, tid)
    review, on_table = got["review"], got["on_table"]
    ds = review["decisions"]
    assert ds and review["seat"] == SEAT and len(on_table) == len(ds)
    assert all(d["deal"] == 0 for d in ds), "a one-deal match"
    # one mark per decision of the seat, coloured by its mark; one point each on the graph
    marks = page.eval_on_selector_all("#marks [data-decision]",
                                      "els => els.map(e => [Number(e.dataset.decision), e.dataset.mark])")
    assert [k for k, _m in marks] == list(range(len(ds)))
    assert [m for _k, m in marks] == [d["mark"] or "none" for d in ds]
    assert page.locator("#review-graph [data-decision]").count() == len(ds)
    counts = {m: int(page.get_attribute(f"#review [data-mark-count='{m}']", "data-count") or -1)
              for m in ("inaccuracy", "mistake", "blunder", "forced")}
    assert counts == {**review["summary"]["marks"], "forced": review["summary"]["forced"]}
    assert page.inner_text("#review-summary") == review["summary"]["words"]
    # the review opened at the seat's first decision: the table as the seat saw it then
    page.wait_for_function(f"() => document.body.dataset.step === '{ds[0]['index']}'", timeout=5_000)
    # the costliest decision, from its link (or its mark)
    k = costliest(review)
    d, at = ds[k], on_table[k]
    links = page.locator("#review-costliest [data-costly]")
    assert links.count() == len(review["summary"]["costliest"])
    if review["summary"]["costliest"]:
        assert page.inner_text("#review-costliest [data-costly='0']") == review["summary"]["costliest"][0]["words"]
        page.click("#review-costliest [data-costly='0']")
    else:
        page.click(f"#marks [data-decision='{k}']")
    page.wait_for_function(f"() => document.body.dataset.step === '{d['index']}' && "
                           f"document.getElementById('advice').dataset.decision === '{k}'", timeout=5_000)
    advice = page.inner_text("#advice")
    assert f"Move {d['index'] + 1}" in advice
    assert page.inner_text("#advice-best") == at["best_words"]
    assert at["played_words"] in advice
    if d["note"] == "close":
        assert one(d["loss"]) in page.inner_text("#advice-loss")
    else:
        assert page.inner_text("#advice-gain") == f"+{one(d['loss'])} points"
        lo, hi = d["ci95"]
        said = f"lost {one(d['loss'])} points (between {one(lo)} and {one(hi)}, 95 %)"
        assert page.inner_text("#advice-loss") == said
    if d["hindsight"]:
        assert page.inner_text("#advice-hindsight").startswith("with hindsight"), "hindsight apart, and said so"
    # the best move drawn on the table, as a move being made: its cards raised, its zone lit
    # (gin's pass is the one move made with a button: said in words only)
    best_at = at["best_at"] or {"zone": None, "cards": []}
    assert best_at["zone"] or d["best"] == "pass", f"gin's {d['best']!r} is made on the table"
    raised = page.eval_on_selector_all("#felt [data-hand-index][aria-pressed='true']",
                                       "els => els.map(e => e.dataset.card)")
    assert sorted(raised) == sorted(best_at["cards"])
    lit = page.eval_on_selector_all("#felt .ft-zone.ft-hot", "els => els.map(e => e.dataset.zoneId)")
    assert lit == ([best_at["zone"]] if best_at["zone"] else [])
    assert page.locator("#review-arrows path.rp-best").count() == len(best_at["cards"]), "an arrow card → zone"
    # the graph: the point of this decision is the current one
    assert page.get_attribute(f"#review-graph [data-decision='{k}']", "aria-current") == "step"
    # the next step is not a decision of the seat: nothing is drawn for it
    page.click("#next")
    page.wait_for_function(f"() => document.body.dataset.step === '{d['index'] + 1}'", timeout=5_000)
    assert page.get_attribute("#advice", "data-decision") == ""
    assert not page.locator("#felt [data-hand-index][aria-pressed='true']").count()
    assert not page.locator("#review-arrows").count()
    page.click("#prev-decision")
    page.wait_for_function(f"() => document.getElementById('advice').dataset.decision === '{k}'", timeout=5_000)
    page.wait_for_timeout(500)
    no_sideways_scroll(page)
    page.screenshot(path=str(SCREENS / "review-1280.png"))
    ctx.close()

    # the phone: the kept review comes at once (review=1 asks for it), over the table
    phone = context_of(browser, (390, 844), ended["player"])
    p2 = watch(phone.new_page(), errors)
    p2.goto(f"{server.base}/tables/{tid}/replay?seat={SEAT + 1}&worlds={WORLDS}&review=1")
    p2.wait_for_selector("#review[data-status='done'] #review-graph", timeout=30_000)
    no_sideways_scroll(p2)
    assert p2.locator("#marks [data-decision]").count() == len(ds)
    if review["summary"]["costliest"]:
        p2.click("#review-costliest [data-costly='0']")
    else:
        p2.click(f"#review-graph [data-decision='{k}']")
    p2.wait_for_function(f"() => document.getElementById('advice').dataset.decision === '{k}'", timeout=5_000)
    assert p2.inner_text("#advice-best") == at["best_words"]
    assert p2.is_visible("#advice") and p2.locator("#review.folded").count() == 1, "a step shows the table"
    p2.wait_for_timeout(500)
    no_sideways_scroll(p2)
    assert p2.evaluate("document.scrollingElement.scrollHeight <= innerHeight"), "one screen"
    p2.screenshot(path=str(SCREENS / "review-390.png"))
    phone.close()
    print(f"review page test: {time.monotonic() - started:.1f} s")


def test_a_running_match_and_a_browser_with_no_player(server: Server, browser: Any, ended: dict[str, Any],
                                                      errors: list[str]) -> None:
    running = server.post("/api/tables", {"game": "gin", "seats": ["open", "bot:heuristic"],
                                          "rules": {"game_target": 1}})
    req = urllib.request.Request(f"{server.base}/api/tables/{running['id']}/reviews",
                                 data=json.dumps({"seat": SEAT, "worlds": WORLDS}).encode(), method="POST",
                                 headers={"Content-Type": "application/json", "X-Player": ended["player"]["secret"]})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(req, timeout=10)
    assert refused.value.code == 403
    why = json.loads(refused.value.read())["error"]
    ctx = context_of(browser, (1280, 800), ended["player"])
    page = watch(ctx.new_page(), errors)
    page.goto(f"{server.base}/tables/{running['id']}/replay?seat={SEAT + 1}&review=1")
    page.wait_for_selector("#review-refused", timeout=15_000)
    assert page.inner_text("#review-refused") == f"No review: {why}"
    ctx.close()
    # no player in this browser: the page says why it cannot ask, and asks nothing
    ctx = context_of(browser, (1280, 800), None)
    page = watch(ctx.new_page(), errors)
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.goto(f"{server.base}/tables/{ended['id']}/replay?seat={SEAT + 1}")
    page.wait_for_function("() => document.body.dataset.step === '0'", timeout=15_000)
    page.click("#review-button")
    page.wait_for_selector("#review[data-status='noplayer']", timeout=5_000)
    assert "player" in page.inner_text("#review-status")
    assert not [u for u in posts if "/reviews" in u]
    # as a spectator there is no seat to review
    page.select_option("#as-seat", "")
    page.wait_for_selector("#review[data-status='noseat']", timeout=5_000)
    ctx.close()


def test_from_the_end_of_a_match_to_its_review(server: Server, browser: Any, errors: list[str]) -> None:
    """The issue's journey: a player finishes a match in the browser, opens its review from the
    end-of-match overlay and sees on the table what was best at their decision."""
    ann = server.new_player("Ann")
    table = server.post("/api/tables", {"game": "shisanzhang", "players": 4, "bot_delay_ms": 0,
                                        "seats": ["me", "bot:random", "bot:random", "bot:random"],
                                        "rules": {"deals": 1}}, player=ann["secret"])
    ctx = context_of(browser, (1280, 800), ann)
    page = watch(ctx.new_page(), errors)
    page.goto(f"{server.base}/tables/{table['id']}#token={table['token']}")
    page.wait_for_selector("#arrange-auto", timeout=15_000)
    page.click("#arrange-auto")
    page.wait_for_selector("#arrange-send:not([disabled])", timeout=10_000)
    page.click("#arrange-send")
    page.wait_for_function("() => document.body.dataset.over === 'true' || !document.getElementById('confirm').hidden",
                           timeout=15_000)
    if page.is_visible("#confirm"):
        page.click("#confirm-send")
    page.wait_for_selector("#match-over #review-link", timeout=20_000)
    href = page.get_attribute("#review-link", "href") or ""
    assert href.endswith(f"/tables/{table['id']}/replay?seat=1&review=1"), href
    ctx.add_init_script(f"addEventListener('DOMContentLoaded', {SEEN})")
    page.click("#review-link")
    page.wait_for_selector("#review[data-status='done'] #review-graph", timeout=120_000)
    seen = page.evaluate("window.seen")
    assert seen[0] == "asking" and seen[-1] == "done" and {"queued", "running"} & set(seen), (
        f"the progress is shown while the server computes: {seen}")
    got = server.get(f"/api/tables/{table['id']}/reviews/0")
    review = got["review"]
    assert page.inner_text("#review-title") == "Review of seat 1"
    assert page.locator("#marks [data-decision]").count() == len(review["decisions"]) >= 1
    first = review["decisions"][0]
    page.wait_for_function(f"() => document.getElementById('advice').dataset.decision === '0' && "
                           f"document.body.dataset.step === '{first['index']}'", timeout=5_000)
    assert got["on_table"][0]["played_words"] in page.inner_text("#advice")
    ctx.close()
