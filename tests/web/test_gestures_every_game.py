"""Issue 27, "Played by hand" and "One screen", on the real page of every game at its largest
player count: a whole deal played by one person against bots with gestures only, at 1280×800
with the mouse and at 390×844 with a finger (gesture_play.py says how: a target of the frame
picked at random, its cards selected in the fanned hand and its zone clicked or tapped, or the
card double-clicked or dragged there; a chooser answered; the action bar only on a turn with no
target). Each gesture must make exactly its move on the server, and most of the person's moves
must be gestures. At every one of the person's turns the page is measured: the document does
not scroll and every control needed now (the hand or 十三张's board, the zones where a move
can be made, the action bar, the buttons of all moves, chat and settings) is inside the
viewport. A few turns in, the table is photographed for docs/screens/table-<game>-<width>.png.

Also on the real page: the card backs drawn at each seat are the opponents' hidden cards (the
frame's picture, and the true deal from the replay), no card hidden from the seat reaches the
page's HTML (the table, the animations' leftovers, the end-of-deal overlay), and the cards move
after a draw or a discard, except under reduced motion.
"""

from __future__ import annotations

import html as htmllib
import random
import re
import time
from typing import Any

import pytest

from cardtable.parts.felt import hand_size
from cardtable.registry import game_ids, get_game

from . import gesture_play as gp
from .conftest import Server
from .test_two_players_no_leak import states_by_position

pytestmark = pytest.mark.slow

DESKTOP = (1280, 800)
PHONE = (390, 844)

#: the least share, of the moves the person chose, made by gestures (a lone legal move with
#: no place on the table — a pass when nothing beats, 憋7's borrow — is no choice and is not
#: counted: 捉黑A has many turns where passing is the only move, 憋7 many forced borrows). The
#: auction of 议将 has no place on the table (its bids are the action bar's), and its deals are
#: short: a third of the moves can be bids.
MIN_SHARE = {"yijiang": 0.6}


#: the person's turns played before the screenshot (the deal under way, far from its end)
SHOT_AT = {"biefufen": 2, "bieqi": 2, "jianshisifen": 2, "zuihoushengli": 2, "wushiyifen": 3, "remik": 2,
           "shisanzhang": 0}


def runs() -> list[Any]:
    """Every game at its largest table at both sizes: a whole deal at one size (the sizes
    alternate from game to game) and the first turns at the other (one screen at each turn
    and the screenshot; CI's time is bounded)."""
    out = []
    for n, game in enumerate(game_ids()):
        players = get_game(game).max_players
        for k, size in enumerate((DESKTOP, PHONE)):
            whole = (n + k) % 2 == 0
            out.append(pytest.param(game, size, players, whole,
                                    id=f"{game}-{size[0]}-{players}p{'' if whole else '-start'}"))
    return out


def phone(size: tuple[int, int]) -> bool:
    return size[0] < 500


def context_for(browser: Any, size: tuple[int, int], **extra: Any) -> Any:
    w, h = size
    if phone(size):
        ctx = browser.new_context(viewport={"width": w, "height": h}, has_touch=True, is_mobile=True, **extra)
    else:
        ctx = browser.new_context(viewport={"width": w, "height": h}, **extra)
    gp.trace(ctx)
    return ctx


@pytest.mark.parametrize(("game", "size", "players", "whole"), runs())
def test_a_whole_deal_by_gestures(server: Server, browser: Any, game: str, size: tuple[int, int],
                                  players: int, whole: bool) -> None:
    tid, token = gp.open_table(server, game, players, gp.FAST_BOT.get(game, "heuristic"), gp.ONE_DEAL[game])
    context = context_for(browser, size)
    page = context.new_page()
    wire = gp.Wire(page)
    page.goto(f"{server.base}/tables/{tid}#token={token}")
    hands = gp.Hands(page, touch=phone(size))
    turns = [0]

    def on_turn(_f: dict[str, Any]) -> None:
        gp.assert_one_screen(page, f"{game} at {size[0]}×{size[1]}, turn {turns[0] + 1}")
        # the table a few turns in (each turn until then: a deal the bots end early keeps
        # its latest turn)
        if turns[0] <= SHOT_AT.get(game, 4):
            gp.shoot(page, hands, f"table-{game}-{size[0]}.png")
        turns[0] += 1

    started = time.monotonic()
    enough = None if whole else (lambda _f: turns[0] > SHOT_AT.get(game, 4) + 1)
    tally = gp.play_deal(page, wire, hands, random.Random(f"{game}-{size[0]}-{players}"), on_turn=on_turn,
                         until=enough)
    took = time.monotonic() - started
    if not whole:
        assert turns[0] >= 1, "the person had a turn"
        assert not wire.errors(), f"the server refused a move: {wire.errors()[-1]}"
        assert set(wire.moves_sent()) <= {m for f in wire.states() for m in f["legal"]}
        context.close()
        return
    # the deal's final frame (a match that goes on deals the next one at once, with the same seq)
    ended = [f for f in wire.states() if f["deal"] == 0 and f["view"].get("over")]
    assert ended, f"the deal ended (last frame: deal {wire.latest() and wire.latest()['deal']})"
    last = ended[-1]
    # the list of all moves was never needed: nothing was clicked in it, it never opened
    assert page.is_hidden("#moves-panel"), "the list of all moves was opened"
    assert not wire.errors(), f"the server refused a move: {wire.errors()[-1]}"
    # the end of the deal over the table: its score sheet's totals are the deal's scores
    page.wait_for_selector("#deal-over, #match-over", timeout=15_000)
    rows = page.query_selector_all("#scores tr.total td.num")
    assert [int(r.inner_text()) for r in rows] == last["view"]["scores"], "the score sheet's totals"
    legal_seen = {m for f in wire.states() for m in f["legal"]}
    assert set(wire.moves_sent()) <= legal_seen
    assert tally.gestures, f"{game}: no move was made by a gesture ({tally.ways})"
    assert turns[0] >= 1, "the person had a turn"
    assert tally.chosen_share >= MIN_SHARE.get(game, 0.7), (
        f"{game} at {size[0]}: {tally.chosen_share:.0%} of the moves chosen were made by gestures "
        f"({tally.ways}; the bar: {tally.bar}, of them forced: {tally.forced})")
    print(f"\n[gestures] {game} {size[0]} {players}p: {len(tally.gestures)} gestures, {len(tally.bar)} bar "
          f"({len(tally.forced)} forced); {tally.share:.0%} of all moves, {tally.chosen_share:.0%} of the chosen; "
          f"{tally.ways}, choosers {tally.choosers}, notes {tally.notes}, {took:.1f} s")
    context.close()


def test_a_tap_on_the_middle_of_a_thrown_pile_throws(server: Server, browser: Any) -> None:
    """五十一分 on a phone: with a card selected, a tap on the middle of the player's own thrown
    pile throws it (as the page's help says: select a card, then tap your pile). Its "spread
    out" button once covered the middle of a pile 37 px wide, and the tap opened the spread."""
    tid, token = gp.open_table(server, "wushiyifen", 5, "heuristic")
    context = context_for(browser, PHONE)
    page = context.new_page()
    wire = gp.Wire(page)
    page.goto(f"{server.base}/tables/{tid}#token={token}")
    hands = gp.Hands(page, touch=True)
    rng = random.Random("thrown")
    deal = 0
    for _ in range(120):
        f = gp.next_turn(page, wire, deal)
        if f is None:            # the deal ended before the pile held two cards: the next one
            assert (wire.latest() or {}).get("status") != "over"
            gp.next_deal(page, hands)
            deal += 1
            continue
        pile = next(z for z in f["felt"]["picture"]["seats"][0]["zones"] if z["id"] == "thrown:0")
        throws = [t for t in f["felt"]["targets"] if t["zone"] == "thrown:0" and len(t["cards"]) == 1]
        if throws and len(pile.get("cards") or []) >= 2:
            break
        gp.gesture_turn(page, wire, hands, f, rng, gp.Tally())
    else:
        pytest.skip("no throw onto a pile of two cards")
    t = throws[0]
    gp.select_cards(page, hands, t["cards"])
    box = page.locator(gp.zone_sel("thrown:0")).bounding_box()
    assert box is not None
    hands.press(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert gp.answered(page, wire, f, 3.0), "the tap did nothing"
    state = page.evaluate(gp.PAGE_STATE)
    assert state["spread"] is None, f"the tap opened the spread of {state['spread']} (events {gp.last_events(page)})"
    gp.wait_applied(page, wire, f, t["move"], "tap on the middle of the pile", gp.Tally())
    context.close()


# --- the hidden cards and the card backs ---------------------------------------------------------

CARD = re.compile(r"(?<![0-9A-Za-z])(10|[2-9JQKA])([♠♥♦♣])")

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

SNAP = """() => ({
  deal: Number(document.body.dataset.deal), seq: Number(document.body.dataset.seq),
  fromFinished: document.body.dataset.fromFinished === 'true',
  html: document.documentElement.outerHTML,
  backs: [...document.querySelectorAll('#felt [data-seat]')].filter((e) => e.matches('.ft-place'))
    .map((e) => [Number(e.dataset.seat), e.querySelectorAll('[data-card-back]').length]),
})"""

SRC = re.compile(r'src="(data:image/svg\+xml[^"]*)"')


def _unescape(text: str) -> str:
    return htmllib.unescape(text)


# text that names cards as rules do, not as cards of this deal: the score sheet's note on how
# cards count (Dummy's "2♣ and Q♠, the spetos, 50") and the rules panel
GENERIC = re.compile(r'<p class="score-note">.*?</p>|<section[^>]*id="rules-panel".*?</section>', re.S)


def cards_in_html(html: str, faces: dict[str, str]) -> set[str]:
    """Every card a page's HTML names: as text (data-card, labels, words) or drawn as a face."""
    shown = {m.group(0) for m in CARD.finditer(GENERIC.sub("", html))}
    for src in SRC.findall(html):
        card = faces.get(_unescape(src))
        if card:
            shown.add(card)
    return shown


def where(html: str, card: str, faces: dict[str, str]) -> list[str]:
    """Where ``card`` shows in ``html``: a little of the text around each place."""
    out = []
    for m in re.finditer(re.escape(card), html):
        out.append(re.sub(SRC, 'src="…"', html[max(0, m.start() - 300):m.end() + 80]))
    for u, c in faces.items():
        if c != card:
            continue
        i = html.find(u)
        if i >= 0:
            out.append(re.sub(SRC, 'src="…"', html[max(0, i - 400):i]) + "<face>")
    return out[:3]


@pytest.mark.parametrize("game", ["dummy", "sibaifen"])
def test_card_backs_and_no_hidden_card_on_the_page(server: Server, browser: Any, game: str) -> None:
    """Checked over a whole match against bots; a match in which the person had fewer than four
    turns (a bot may go out before the person's first turn in Dummy) is checked all the same
    and another one is played after it."""
    seen = []
    for _table in range(3):
        seen.append(backs_and_leaks(server, browser, game))
        if seen[-1] >= 4:
            return
    pytest.fail(f"the person had fewer than four turns in each of three matches: {seen}")


def backs_and_leaks(server: Server, browser: Any, game: str) -> int:
    """One match: every check on it; the person's turns seen."""
    tid, token = gp.open_table(server, game, 4, "heuristic", gp.ONE_DEAL[game])
    context = context_for(browser, DESKTOP)
    page = context.new_page()
    wire = gp.Wire(page)
    page.goto(f"{server.base}/tables/{tid}#token={token}")
    hands = gp.Hands(page, touch=False)
    page.wait_for_selector("#felt [data-seat]", timeout=15_000)
    faces = page.evaluate(FACES)
    assert len(set(faces.values())) == 52
    shots: list[dict[str, Any]] = []
    backs: list[tuple[dict[str, Any], dict[int, int]]] = []

    def on_turn(f: dict[str, Any]) -> None:
        s = page.evaluate(SNAP)
        assert s["seq"] == f["seq"]
        shots.append(s)
        backs.append((f, dict(s["backs"])))

    def on_moved(_f: Any) -> None:
        page.wait_for_timeout(60)            # the cards are moving now: their clones too
        shots.append(page.evaluate(SNAP))

    rng = random.Random(game)
    for deal in range(6):
        gp.play_deal(page, wire, hands, rng, deal=deal, on_turn=on_turn, on_moved=on_moved)
        page.wait_for_selector("#deal-over, #match-over", timeout=15_000)
        page.wait_for_timeout(400)
        shots.append(page.evaluate(SNAP))          # the end of the deal over the table
        last = wire.latest()
        if last is not None and last["status"] == "over":
            break
        gp.next_deal(page, hands)
    else:
        pytest.fail("the match did not end in 6 deals")
    replay = server.get(f"/api/tables/{tid}/replay")
    states = states_by_position(replay)
    starts, n = [], 0
    for entry in replay["deals"]:
        starts.append(n)
        n += len(entry["moves"])

    def state_at(deal: int, seq: int) -> Any:
        return states[(deal, seq - starts[deal])]

    # the backs at each seat: the frame's picture, and the true hand less the cards known
    if backs:
        assert any(n > 0 for _f, drawn in backs for seat, n in drawn.items() if seat), "no back was drawn"
    for f, drawn in backs:
        truth = state_at(f["deal"], f["seq"])
        pic = f["felt"]["picture"]["seats"]
        assert len(f["view"]["log"]) == f["seq"] - starts[f["deal"]]
        for seat in range(4):
            want = pic[seat]["backs"]
            assert drawn.get(seat) == want, (
                f"seat {seat} at seq {f['seq']}: {drawn.get(seat)} backs drawn, picture {want}")
            if seat == 0:
                assert want == 0
                continue
            true_size = hand_size(truth.view(seat), seat)
            known = len(pic[seat].get("known") or [])
            assert want == true_size - known, (
                f"seat {seat} at seq {f['seq']}: {want} backs, the hand holds {true_size}, {known} known")
    # no card hidden from seat 0 on its page, ever
    checked = 0
    for s in shots:
        if s["fromFinished"] or (s["deal"], s["seq"] - starts[s["deal"]]) not in states:
            truth = states[(s["deal"], len(replay["deals"][s["deal"]]["moves"]))]
        else:
            truth = state_at(s["deal"], s["seq"])
        secret = {str(c) for c in truth.secret_cards(0)}
        shown = cards_in_html(s["html"], faces)
        if s is shots[0] and backs:
            # the check sees the cards the page draws: the seat's own hand, as faces
            v = backs[0][0]["view"]
            own = set(v["hand"] if "hand" in v else v["hands"][0])
            faces_shown = {faces[u] for u in map(_unescape, SRC.findall(s["html"])) if u in faces}
            assert own and own <= faces_shown, f"the faces of the hand were not recognised: {sorted(own - faces_shown)}"
        leaked = shown & secret
        assert not leaked, (f"the page at deal {s['deal']} seq {s['seq']} shows hidden {sorted(leaked)}: "
                            f"{[where(s['html'], c, faces) for c in sorted(leaked)]}")
        checked += 1
    assert checked >= (8 if len(backs) >= 4 else 1)
    # the overlay at the end shows every hand: the check above saw faces there
    assert any("deal-over" in s["html"] or "match-over" in s["html"] for s in shots)
    context.close()
    return len(backs)


# --- motion ---------------------------------------------------------------------------------------

# from the next change of the frame drawn, the most animations running at once in 400 ms
# (window.__motion: -1 until then); started before the gesture, read after it
WATCH = """() => {
  const seq = document.body.dataset.seq;
  let most = 0, start = null;
  window.__motion = -1;
  const look = () => {
    if (start === null && document.body.dataset.seq !== seq) start = performance.now();
    if (start !== null) most = Math.max(most, document.getAnimations().length);
  };
  const tick = () => {
    look();
    if (start !== null && performance.now() - start > 400) { window.__motion = most; return; }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  new MutationObserver(look).observe(document.body, {attributes: true, attributeFilter: ['data-seq']});
}"""


@pytest.mark.parametrize("reduced", [False, True], ids=["motion", "reduced-motion"])
def test_a_draw_and_a_discard_move_the_cards(server: Server, browser: Any, reduced: bool) -> None:
    # (a match of several deals: a bot may knock before the person had four turns)
    tid, token = gp.open_table(server, "gin", 2, "heuristic", delay_ms=300)
    extra = {"reduced_motion": "reduce"} if reduced else {}
    context = context_for(browser, DESKTOP, **extra)
    page = context.new_page()
    wire = gp.Wire(page)
    page.goto(f"{server.base}/tables/{tid}#token={token}")
    hands = gp.Hands(page, touch=False)
    seen: dict[str, list[int]] = {}
    deal = 0
    for _ in range(16):
        f = gp.next_turn(page, wire, deal)
        if f is None:           # the deal ended early: on to the next one
            assert (wire.latest() or {}).get("status") != "over"
            gp.next_deal(page, hands)
            deal += 1
            continue
        draws = [t for t in f["felt"]["targets"] if t["move"] == "draw"]
        discards = [t for t in f["felt"]["targets"] if t["move"].startswith("discard")]
        if draws:
            t, kind = draws[0], "draw"
            page.evaluate(WATCH)
            hands.tap_el(gp.zone_sel("stock"))
        elif discards:
            t, kind = discards[0], "discard"
            gp.select_cards(page, hands, t["cards"])
            page.evaluate(WATCH)
            hands.tap_el(gp.zone_sel("pile"))
        else:
            t = f["felt"]["targets"][0]
            gp.select_cards(page, hands, t["cards"])
            hands.tap_el(gp.zone_sel(t["zone"]))
            gp.wait_applied(page, wire, f, t["move"], "click", gp.Tally())
            continue
        gp.wait_applied(page, wire, f, t["move"], "click", gp.Tally())
        page.wait_for_function("() => window.__motion >= 0", timeout=10_000)
        seen.setdefault(kind, []).append(int(page.evaluate("window.__motion")))
        if len(seen.get("draw", [])) >= 2 and len(seen.get("discard", [])) >= 2:
            break
    assert seen.get("draw") and seen.get("discard"), seen
    assert min(min(v) for v in seen.values()) >= 0, f"the page never drew the next frame: {seen}"
    if reduced:
        assert all(n == 0 for v in seen.values() for n in v), f"animations under reduced motion: {seen}"
    else:
        assert all(n > 0 for v in seen.values() for n in v), f"a draw or a discard moved nothing: {seen}"
    print(f"\n[motion] reduced={reduced}: most animations after each move {seen}")
    context.close()
