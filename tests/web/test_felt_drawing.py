"""The card table's drawing layer (``static/felt/``) alone, in Debian's Chromium: mounted in a
static harness page (tests/web/felt_harness.html, served at the running server's origin so
``/static/`` is the package's) with pictures the real engine builds
(``cardtable.picture.table_picture`` of a seat's view and legal moves).

Checked: backs, zones and hand as the picture says; gestures reported as events ("zone",
"select", "play", "drop", "seat", "sort") and nothing decided; focus kept across redraws;
motion (FLIP) after a change and none under reduced motion; a complete trick held ≥ holdMs
then swept; every game at its largest player count fits 1280×800 and 390×844 with no
overflow; no hidden card in the felt's DOM. Screenshots go to /tmp/felt-*.png."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from cardtable.match import Match
from cardtable.picture import game_felt, table_picture
from cardtable.presentation import own_hand
from cardtable.registry import BUILTIN_GAMES, get_game

HARNESS = (Path(__file__).with_name("felt_harness.html")).read_text(encoding="utf-8")
SHOTS = Path("/tmp")
CARD = re.compile(r"^(10|[2-9JQKA])[♠♥♦♣]$|^(BJ|LJ|JK)$")
NAMES = ["Ann", "Bob", "Chloé", "Dariusz", "Ewa", "Fang", "Gita", "Hugo"]
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


# --- pictures from the engine ----------------------------------------------------------------

def config_of(state: Any, viewer: int | None, **extra: Any) -> dict[str, Any]:
    """The felt's config as the page builds it from a frame of ``viewer``."""
    view = state.view(viewer)
    movers = set(state.to_move()) if not state.is_over else set()
    legal = [state.move_text(m) for m in state.legal_moves(viewer)] if viewer in movers else []
    felt = table_picture(view, legal)
    seats = [{"name": NAMES[n], "total": (n * 37) % 90 - 20, "note": "level 2" if n % 2 else "",
              "connected": True, "bot": n % 2 == 1, "toMove": n in movers, "away": False,
              "deadline": int(time.time() * 1000) + 30_000 if n in movers else None}
             for n in range(state.players)]
    cfg = {"picture": felt["picture"], "viewer": viewer, "seats": seats,
           "hand": list(own_hand(view) or []) if viewer is not None else [],
           "selected": [], "active": viewer in movers,
           "hot": sorted({t["zone"] for t in felt["targets"]}), "reducedMotion": False}
    cfg.update(extra)
    return cfg


def deal(game: str, players: int, seed: int = 1) -> Iterator[Any]:
    """The states of one deal played with random legal moves (the same state object, moved on)."""
    g = get_game(game)
    match = Match(g, players, g.make_options(), seed=seed)
    state = match.state
    rng = random.Random(seed)
    for _ in range(3000):
        yield state
        if state.is_over:
            return
        seat = rng.choice(state.to_move())
        legal = [state.move_text(m) for m in state.legal_moves(seat)]
        state.apply(legal[rng.randrange(len(legal))], seat)


def find(game: str, players: int, pred: Callable[[Any], bool], seed: int = 1) -> Any:
    for state in deal(game, players, seed):
        if pred(state):
            return state.clone()
    raise AssertionError(f"{game}: no state found")


def zones(picture: dict[str, Any]) -> list[dict[str, Any]]:
    out = list(picture.get("centre") or [])
    for s in picture["seats"]:
        out += s.get("zones") or []
    return out


def cards_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for k, v in value.items() if k not in ("label", "text", "tags"))) \
            if value else set()
    return set()


def largest_table(game: str) -> tuple[int, Any]:
    """A mid-deal state at the game's largest player count (the most on the table: tricks
    half played, melds down), viewed by the seat to move."""
    g = get_game(game)
    players = g.max_players
    states = [s.clone() for s in deal(game, players)]
    live = [s for s in states if not s.is_over]
    best = max(live[: max(1, len(live) * 2 // 3)],
               key=lambda s: sum(len(cards_in(z)) for z in zones(config_of(s, s.to_move()[0])["picture"])))
    return players, best


# --- the page ------------------------------------------------------------------------------

@pytest.fixture
def open_felt(server: Any, browser: Any) -> Iterator[Callable[..., Any]]:
    contexts: list[Any] = []

    def opener(size: str = "desktop", touch: bool = False, reduced: bool = False) -> Any:
        w, h = SIZES[size]
        ctx = browser.new_context(viewport={"width": w, "height": h}, has_touch=touch,
                                  reduced_motion="reduce" if reduced else "no-preference")
        contexts.append(ctx)
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.errors = errors
        page.route(f"{server.base}/felt-harness",
                   lambda route: route.fulfill(body=HARNESS, content_type="text/html; charset=utf-8"))
        page.goto(f"{server.base}/felt-harness")
        page.wait_for_function("() => window.harnessReady === true")
        return page

    yield opener
    for ctx in contexts:
        ctx.close()


def mount(page: Any, cfg: dict[str, Any]) -> None:
    page.evaluate("c => { window.events = []; mount(c); }", cfg)


def events(page: Any) -> list[Any]:
    return list(page.evaluate("window.events"))


def overflow(page: Any) -> dict[str, Any]:
    """How far anything of the felt reaches out of the element it was given."""
    return dict(page.evaluate("""() => {
      const el = document.getElementById('felt'), f = el.querySelector('.ft-felt');
      const box = el.getBoundingClientRect();
      const out = [];
      for (const c of f.querySelectorAll('[data-card], [data-card-back], .ft-plaque')) {
        const r = c.getBoundingClientRect();
        if (r.left < box.left - 3 || r.right > box.right + 3 || r.top < box.top - 3 || r.bottom > box.bottom + 3)
          out.push(c.dataset.card || c.className);
      }
      return {sw: f.scrollWidth, cw: f.clientWidth, sh: f.scrollHeight, ch: f.clientHeight,
              docW: document.documentElement.scrollWidth, docH: document.documentElement.scrollHeight,
              outside: out, cardW: parseFloat(getComputedStyle(f).getPropertyValue('--cw'))};
    }"""))


def hand_strip(page: Any, index: int) -> dict[str, float]:
    """Where a hand card can be pressed: a point on its visible strip."""
    return dict(page.evaluate("""i => {
      const el = document.querySelector(`[data-hand-index="${i}"]`);
      const r = el.getBoundingClientRect();
      const next = document.querySelector(`[data-hand-index="${i + 1}"]`);
      const right = next ? Math.min(r.right, next.getBoundingClientRect().left) : r.right;
      return {x: (r.left + right) / 2, y: r.top + Math.min(30, r.height / 3), w: right - r.left, h: r.height};
    }""", index))


# --- what is drawn -------------------------------------------------------------------------

GAMES = sorted(g for g in BUILTIN_GAMES if game_felt(g) is not None)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_drawn_as_its_picture_and_fits(open_felt: Any, game: str) -> None:
    """Backs, known cards, zones and hand as the picture says, at the game's largest player
    count, fitted without overflow in both screen sizes; no hidden card in the DOM."""
    players, state = largest_table(game)
    viewer = state.to_move()[0]
    cfg = config_of(state, viewer, selected=[0])
    picture = cfg["picture"]
    for size in SIZES:
        page = open_felt(size)
        mount(page, cfg)
        for n, seat in enumerate(picture["seats"]):
            backs = page.locator(f'[data-seat="{n}"] [data-card-back]').count()
            assert backs == seat["backs"], f"{game} {size}: seat {n} drawn with {backs} backs, picture {seat['backs']}"
            known = page.locator(f'[data-seat="{n}"] .ft-known [data-card]').count()
            assert known == len(seat["known"]), (game, n)
        for z in zones(picture):
            el = page.locator(f'[data-zone-id="{z["id"]}"]')
            assert el.count() == 1, f"{game}: zone {z['id']} drawn {el.count()} times"
            assert el.get_attribute("data-zone") == z["kind"]
        hand = page.eval_on_selector_all("[data-hand-index]", "els => els.map(e => e.dataset.card)")
        assert hand == cfg["hand"]
        assert page.get_attribute('[data-hand-index="0"]', "aria-pressed") == "true"
        for hot in cfg["hot"]:
            assert "ft-hot" in (page.get_attribute(f'[data-zone-id="{hot}"]', "class") or "")
        # nothing drawn face up that the picture and the hand do not show
        shown = set(page.eval_on_selector_all("#felt [data-card]", "els => els.map(e => e.dataset.card)"))
        assert shown <= cards_in(picture) | set(cfg["hand"]), shown - cards_in(picture) - set(cfg["hand"])
        hidden = {c for s in range(players) if s != viewer for c in (own_hand(state.view(s)) or [])}
        text = page.inner_html("#felt")
        leaked = {c for c in hidden - cards_in(picture) - set(cfg["hand"]) if f'"{c}"' in text or f">{c}<" in text}
        assert not leaked, f"{game}: hidden cards in the felt's HTML: {leaked}"
        o = overflow(page)
        assert o["sw"] <= o["cw"] + 1 and o["sh"] <= o["ch"] + 1, f"{game} {size}: overflow {o}"
        assert not o["outside"], f"{game} {size}: drawn outside the element: {o['outside']}"
        assert o["docW"] <= SIZES[size][0] and o["docH"] <= SIZES[size][1], f"{game} {size}: the page scrolls {o}"
        if cfg["hand"]:
            strip = hand_strip(page, 0)
            assert strip["h"] >= 44 and strip["w"] >= 18, f"{game} {size}: hand card target {strip}"
        page.screenshot(path=str(SHOTS / f"felt-{game}{players}-{size}.png"))
        assert not page.errors, page.errors


def test_spectator_sees_seat_one_at_the_bottom_with_backs(open_felt: Any) -> None:
    state = find("dummy", 4, lambda s: len(s.moves_text()) > 6)
    cfg = config_of(state, None)
    page = open_felt("phone")
    mount(page, cfg)
    bottom = page.locator(".ft-bottomband [data-seat]")
    assert bottom.get_attribute("data-seat") == "0"
    assert page.locator("[data-hand-index]").count() == 0
    for n, seat in enumerate(cfg["picture"]["seats"]):
        assert page.locator(f'[data-seat="{n}"] [data-card-back]').count() == seat["backs"]
    assert not page.errors


def test_seats_go_clockwise_from_the_viewer(open_felt: Any) -> None:
    """Four players: the next seat on the viewer's left, then across, then on the right."""
    state = find("sibaifen", 4, lambda s: True)
    page = open_felt("desktop")
    mount(page, config_of(state, 2))
    where = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('[data-seat]')].map(e => {
      const r = e.getBoundingClientRect();
      return [e.dataset.seat, [r.left + r.width / 2, r.top + r.height / 2]]; }))""")
    me, left, top, right = where["2"], where["3"], where["0"], where["1"]
    assert me[1] > left[1] and me[1] > right[1] and top[1] < left[1]
    assert left[0] < top[0] < right[0]


# --- gestures --------------------------------------------------------------------------------

def gin_discard_state() -> Any:
    """Gin, the seat to move holding 11 cards (it must discard)."""
    return find("gin", 2, lambda s: not s.is_over and any(
        s.move_text(m).startswith("discard") for m in s.legal_moves(s.to_move()[0])))


def test_zone_click_and_keyboard(open_felt: Any) -> None:
    state = find("gin", 2, lambda s: not s.is_over and any(
        s.move_text(m) == "draw" for m in s.legal_moves(s.to_move()[0])))
    seat = state.to_move()[0]
    page = open_felt("desktop")
    mount(page, config_of(state, seat))
    assert page.get_attribute('[data-zone-id="stock"]', "role") == "button"
    page.click('[data-zone-id="stock"]')
    assert ["zone", {"id": "stock", "kind": "stock"}] in events(page)
    page.focus('[data-zone-id="stock"]')
    page.keyboard.press("Enter")
    assert events(page).count(["zone", {"id": "stock", "kind": "stock"}]) == 2
    # not the viewer's move: the click is no gesture
    mount(page, config_of(state, seat, active=False))
    page.click('[data-zone-id="stock"]')
    assert events(page) == []
    # a seat's place, the sort button
    page.click(f'[data-seat-plaque="{1 - seat}"]')
    page.click("[data-sort]")
    assert events(page) == [["seat", 1 - seat], ["sort", None]]


def test_select_then_click_the_pile_and_focus_stays(open_felt: Any) -> None:
    state = gin_discard_state()
    seat = state.to_move()[0]
    cfg = config_of(state, seat)
    page = open_felt("desktop")
    mount(page, cfg)
    p = hand_strip(page, 2)
    page.mouse.click(p["x"], p["y"])
    assert events(page)[-1] == ["select", [2]]
    assert page.get_attribute('[data-hand-index="2"]', "aria-pressed") == "true"
    page.wait_for_timeout(400)                       # no double click with the next one
    page.click('[data-zone-id="pile"]')
    assert events(page)[-1] == ["zone", {"id": "pile", "kind": "pile"}]
    # keyboard: arrows move along the hand, Space selects; focus stays on that card across a redraw
    page.focus('[data-hand-index="4"]')
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    assert events(page)[-1] == ["select", [2, 5]]
    key = page.evaluate("document.activeElement.dataset.key")
    assert key == page.get_attribute('[data-hand-index="5"]', "data-key")
    hand = cfg["hand"]
    page.evaluate("h => window.ft.set({hand: h, selected: []})", [hand[-1], *hand[:-1]])   # the page re-sorts
    assert page.evaluate("document.activeElement.dataset.key") == key
    assert page.evaluate("document.activeElement.dataset.handIndex") == "6"
    assert not page.errors


def test_double_click_and_double_tap_play(open_felt: Any) -> None:
    state = gin_discard_state()
    seat = state.to_move()[0]
    cfg = config_of(state, seat)
    page = open_felt("desktop")
    mount(page, cfg)
    p = hand_strip(page, 3)
    page.mouse.dblclick(p["x"], p["y"])
    got = events(page)
    assert ["play", {"index": 3, "card": cfg["hand"][3]}] in got
    assert got[-2] == ["select", [3]]                # the card played is the one selected
    phone = open_felt("phone", touch=True)
    mount(phone, cfg)
    p = hand_strip(phone, 1)
    cdp = phone.context.new_cdp_session(phone)
    for _ in range(2):                    # two taps of a finger, 100 ms or so apart
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": p["x"], "y": p["y"]}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    phone.wait_for_function("() => window.events.some(e => e[0] === 'play')", timeout=5000)
    assert ["play", {"index": 1, "card": cfg["hand"][1]}] in events(phone)


def test_drag_onto_the_pile_drops(open_felt: Any) -> None:
    state = gin_discard_state()
    seat = state.to_move()[0]
    cfg = config_of(state, seat, selected=[0])
    page = open_felt("desktop")
    mount(page, cfg)
    p = hand_strip(page, 4)
    pile = page.locator('[data-zone-id="pile"]').bounding_box()
    page.mouse.move(p["x"], p["y"])
    page.mouse.down()
    page.mouse.move(p["x"] + 20, p["y"] - 20, steps=3)
    page.mouse.move(pile["x"] + pile["width"] / 2, pile["y"] + pile["height"] / 2, steps=8)
    assert "ft-over" in (page.get_attribute('[data-zone-id="pile"]', "class") or "")
    page.mouse.up()
    got = events(page)
    assert got[-1] == ["drop", {"id": "pile", "kind": "pile", "indices": [0, 4]}]   # the dragged card joins
    assert ["select", [0, 4]] in got
    # with a finger (Chromium's touch input)
    phone = open_felt("phone", touch=True)
    mount(phone, config_of(state, seat))
    p = hand_strip(phone, 2)
    pile = phone.locator('[data-zone-id="pile"]').bounding_box()
    cdp = phone.context.new_cdp_session(phone)
    points = [(p["x"], p["y"]), (p["x"], p["y"] - 30), (pile["x"] + pile["width"] / 2, pile["y"] + pile["height"] / 2)]
    start = {"x": points[0][0], "y": points[0][1]}
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [start]})
    for x, y in points[1:]:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    phone.wait_for_timeout(50)
    assert events(phone)[-1] == ["drop", {"id": "pile", "kind": "pile", "indices": [2]}]


# --- motion ----------------------------------------------------------------------------------

def gin_before_after(kind: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Two frames of one gin viewer around a move of that kind ("draw" or "discard")."""
    for state in deal("gin", 2, seed=3):
        if state.is_over:
            break
        seat = state.to_move()[0]
        moves = [state.move_text(m) for m in state.legal_moves(seat)]
        chosen = next((m for m in moves if m.startswith(kind)), None)
        if chosen and len(state.moves_text()) > 2:
            before = config_of(state, seat)
            after_state = state.clone()
            after_state.apply(chosen, seat)
            return before, config_of(after_state, seat)
    raise AssertionError("no such move")


def test_moves_animate_and_not_under_reduced_motion(open_felt: Any) -> None:
    before, after = gin_before_after("draw")
    page = open_felt("desktop")
    mount(page, before)
    assert page.evaluate("window.ft.animating()") == 0          # the first drawing does not move
    n = page.evaluate("c => { window.ft.set(c); return window.ft.animating(); }",
                      {k: after[k] for k in ("picture", "hand", "hot", "active", "seats")})
    assert n > 0, "a draw moves nothing"
    # the drawn card comes from the stock, which is above the hand
    new = sorted(set(after["hand"]) - set(before["hand"]))
    start = page.evaluate("""c => { const el = document.querySelector(`[data-hand-index][data-card="${c}"]`);
      const a = el.getAnimations()[0]; return a ? a.effect.getKeyframes()[0].translate : null; }""", new[0])
    assert start and float(start.split()[1].removesuffix("px")) < -50, start
    # no clone of any card: each keyed face is a card of the picture or the hand, once
    faces = page.eval_on_selector_all("#felt [data-key]:not([data-card-back])", "els => els.map(e => e.dataset.card)")
    assert sorted(faces) == sorted(after["hand"] + [c for z in zones(after["picture"]) for c in
                                                   (z.get("cards") or [])[-2:] if z["kind"] == "pile"]
                                   + [c for s in after["picture"]["seats"] for c in s["known"]])
    page.wait_for_function("() => window.ft.animating() === 0", timeout=5000)
    # the discard that follows: from the hand to the pile
    disc = after["hand"][0]
    cfg2 = dict(after, hand=[c for c in after["hand"] if c != disc])
    pile = next(z for z in cfg2["picture"]["centre"] if z["kind"] == "pile")
    pile["cards"] = [*pile.get("cards", []), disc]
    assert page.evaluate("c => { window.ft.set(c); return window.ft.animating(); }",
                         {"picture": cfg2["picture"], "hand": cfg2["hand"]}) > 0
    # reduced motion: nothing animates, nothing at all
    still = open_felt("desktop", reduced=True)
    cfg = dict(before)
    cfg.pop("reducedMotion")                     # the default follows prefers-reduced-motion
    mount(still, cfg)
    n = still.evaluate("c => { window.ft.set(c); return [window.ft.animating(), document.getAnimations().length]; }",
                       {k: after[k] for k in ("picture", "hand", "hot", "active", "seats")})
    assert n == [0, 0]
    assert not page.errors and not still.errors


def trick_frames() -> tuple[dict[str, Any], dict[str, Any]]:
    """四百分, seat 0 watching: the picture with a complete trick, then the next one."""
    prev = None
    for state in deal("sibaifen", 4, seed=1):
        if state.is_over:
            break
        cfg = config_of(state, 0)
        trick = next((z for z in cfg["picture"]["centre"] if z["kind"] == "trick"), None)
        if prev is not None and trick is not None and trick.get("winner") is None:
            return prev, cfg
        if trick and trick.get("winner") is not None and len(trick.get("plays") or []) == 4:
            prev = cfg
    raise AssertionError("no complete trick")


def test_complete_trick_held_then_swept(open_felt: Any) -> None:
    complete, nxt = trick_frames()
    page = open_felt("desktop")
    mount(page, dict(complete, holdMs=700))
    assert page.locator('[data-zone="trick"] .ft-win').count() == 1      # the winner's card lit
    page.screenshot(path=str(SHOTS / "felt-sibaifen-complete-trick-desktop.png"))
    t0 = page.evaluate("""c => {
      window.sweptAt = null;        // when the trick's cards start their sweep, and how many
      new MutationObserver(() => {
        const n = document.querySelectorAll('.ft-sweeping').length;
        if (n && window.sweptAt === null) { window.sweptAt = performance.now(); window.sweptN = n; }
      }).observe(document.getElementById('felt'), {subtree: true, attributes: true, attributeFilter: ['class']});
      const t = performance.now(); mount(c[0]); window.ft.set(c[1]); return t; }""",
                       [dict(complete, holdMs=700), {k: nxt[k] for k in ("picture", "hand", "hot", "active", "seats")}])
    played = page.locator('[data-zone="trick"] [data-card]')
    assert played.count() == 4
    # the rest of the new picture is drawn at once; the trick stays
    for n, seat in enumerate(nxt["picture"]["seats"]):
        assert page.locator(f'[data-seat="{n}"] [data-card-back]').count() == seat["backs"]
    page.wait_for_timeout(450)
    assert played.count() == 4, "the complete trick left before holdMs"
    page.wait_for_function("() => window.sweptAt !== null", timeout=5000)
    swept_at, sweeping = page.evaluate("[window.sweptAt, window.sweptN]")
    assert swept_at - t0 >= 695, swept_at - t0
    assert sweeping == 4
    page.wait_for_function("() => !document.querySelector('.ft-held')", timeout=5000)
    left = nxt["picture"]["centre"]
    now = next(z for z in left if z["kind"] == "trick")
    assert played.count() == len(now.get("plays") or [])
    # under reduced motion the trick is held the same, then goes without a sweep
    still = open_felt("desktop", reduced=True)
    cfg = dict(complete, holdMs=300)
    cfg.pop("reducedMotion")
    held = still.evaluate(
        "c => { mount(c[0]); window.ft.set(c[1]); return document.querySelectorAll('.ft-held [data-card]').length; }",
        [cfg, {k: nxt[k] for k in ("picture", "hand")}])
    assert held == 4
    still.wait_for_function("() => !document.querySelector('.ft-held')", timeout=5000)
    assert still.evaluate("document.getAnimations().length") == 0
    assert not page.errors and not still.errors


def test_destroy_leaves_the_element_empty(open_felt: Any) -> None:
    state = gin_discard_state()
    page = open_felt("phone")
    mount(page, config_of(state, state.to_move()[0]))
    assert page.evaluate("window.ft.destroy(), document.getElementById('felt').children.length") == 0


def test_pile_spreads_on_demand_timer_ring_and_resize(open_felt: Any) -> None:
    state = find("gin", 2, lambda s: not s.is_over and len(s.view(0).get("discard") or []) >= 4)
    seat = state.to_move()[0]
    cfg = config_of(state, seat)
    pile = next(z for z in cfg["picture"]["centre"] if z["kind"] == "pile")
    page = open_felt("desktop")
    mount(page, cfg)
    assert page.locator('[data-zone-id="pile"] [data-card]').count() == 2     # squared: the top over the next
    page.click('[data-spread="pile"]')
    assert page.locator("[data-spread-panel] [data-card]").count() == len(pile["cards"])
    spread = page.eval_on_selector_all("[data-spread-panel] [data-card]", "els => els.map(e => e.dataset.card)")
    assert spread == pile["cards"]
    page.wait_for_function("() => window.ft.animating() === 0", timeout=5000)
    page.screenshot(path=str(SHOTS / "felt-gin-spread-pile-desktop.png"))
    page.click('[data-spread-panel] [data-spread="pile"]')
    assert page.locator("[data-spread-panel]").count() == 0
    assert events(page) == []                        # the toggle is the felt's own, no gesture
    # the seat to move has its turn-timer ring, the others none
    assert page.locator(f'[data-seat="{seat}"] .ft-ring').count() == 1
    assert page.locator(f'[data-seat="{1 - seat}"] .ft-ring').count() == 0
    assert "ft-tomove" in (page.get_attribute(f'[data-seat="{seat}"]', "class") or "")
    # the element changes size: the felt fits it again
    big = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.ft-hand')).getPropertyValue('--w'))")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("() => document.querySelector('.ft-felt').clientWidth < 400")
    page.wait_for_timeout(100)
    o = overflow(page)
    assert o["sw"] <= o["cw"] + 1 and o["sh"] <= o["ch"] + 1 and not o["outside"], o
    small = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.ft-hand')).getPropertyValue('--w'))")
    assert small < big
    assert not page.errors
