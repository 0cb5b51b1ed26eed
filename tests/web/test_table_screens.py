"""Issue 27's screenshots of the card table, at 1280×800 and at 390×844 (a phone), into
docs/screens/: a Remik table with a joker in a meld, a completed trick held on the table
(四百分), a Thai Dummy table and a 十三张 table in traditional Chinese (its arrangement board
half filled). Every game mid-deal at its largest player count (``table-<game>-<width>.png``)
is photographed by its whole deal by gestures (test_gestures_every_game.py).

Each shot is taken while the table stands still (its cards have stopped moving).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from . import gesture_play as gp
from .conftest import Server

pytestmark = pytest.mark.slow
SIZES = [(1280, 800), (390, 844)]

#: the person's turns played before the shot (a few: the deal is under way, far from its end)
TURNS = {"biefufen": 2, "bieqi": 2, "jianshisifen": 2, "zuihoushengli": 2, "wushiyifen": 3}


def new_page(browser: Any, size: tuple[int, int]) -> tuple[Any, Any, gp.Hands]:
    w, h = size
    phone = w < 500
    ctx = browser.new_context(viewport={"width": w, "height": h}, has_touch=phone, is_mobile=phone)
    gp.trace(ctx)
    page = ctx.new_page()
    return ctx, page, gp.Hands(page, touch=phone)


def turns(n: int) -> Any:
    """``until`` for play_deal: true at the start of the person's (n+1)-th turn."""
    seen = [0]

    def until(_f: dict[str, Any]) -> bool:
        seen[0] += 1
        return seen[0] > n
    return until


def half_arranged(page: Any, hands: gp.Hands, frame: dict[str, Any], rng: random.Random, cards: int) -> None:
    """十三张: the first ``cards`` cards of an arrangement put in their rows on the board."""
    move = rng.choice([m for m in frame["legal"] if m.startswith("arrange")])
    rows = [p.split() for p in move[len("arrange "):].split("|")]
    page.wait_for_selector("#arrange .arrange-loose .card", timeout=15_000)
    placed = 0
    for row, row_cards in zip(("tail", "middle", "head"), rows[::-1], strict=True):
        for card in row_cards:
            if placed >= cards:
                return
            sel = f"#arrange .arrange-loose .card[data-card={gp.css_str(card)}]"
            hands.tap_el(sel)
            page.wait_for_selector(f"{sel}.selected", state="attached", timeout=5_000)
            hands.tap_el(f"#arrange .row-label[data-row={row}]")
            page.wait_for_selector(f"#arrange .arrange-row[data-row={row}] .card[data-card={gp.css_str(card)}]",
                                   state="attached", timeout=5_000)
            placed += 1


def mid_deal(server: Server, browser: Any, game: str, players: int, size: tuple[int, int], name: str,
             lang: str | None = None, n: int | None = None) -> None:
    tid, token = gp.open_table(server, game, players, gp.FAST_BOT.get(game, "heuristic"))
    ctx, page, hands = new_page(browser, size)
    wire = gp.Wire(page)
    query = f"?lang={lang}" if lang else ""
    page.goto(f"{server.base}/tables/{tid}{query}#token={token}")
    rng = random.Random(name)
    if game == "shisanzhang":
        f = gp.next_turn(page, wire, 0)
        assert f is not None
        half_arranged(page, hands, f, rng, 7)
    else:
        gp.play_deal(page, wire, hands, rng, until=turns(TURNS.get(game, 4) if n is None else n))
        assert not (wire.latest() or {}).get("view", {}).get("over"), "the deal is still on"
    if lang:
        assert page.get_attribute("html", "lang") in (lang, lang.replace("_", "-"))
    gp.shoot(page, hands, name)
    ctx.close()


def test_thai_dummy(server: Server, browser: Any) -> None:
    for size in SIZES:
        mid_deal(server, browser, "dummy", 4, size, f"table-th-dummy-{size[0]}.png", lang="th", n=3)


def test_traditional_chinese_shisanzhang(server: Server, browser: Any) -> None:
    for size in SIZES:
        mid_deal(server, browser, "shisanzhang", 4, size, f"table-zh_Hant-shisanzhang-{size[0]}.png", lang="zh_Hant")


def melds_with_joker(frame: dict[str, Any]) -> list[dict[str, Any]]:
    pic = frame["felt"]["picture"]
    zones = list(pic.get("centre") or []) + [z for s in pic["seats"] for z in s.get("zones") or []]
    return [z for z in zones if z["kind"] == "meld" and "JK" in (z.get("cards") or [])]


def test_remik_with_a_joker_in_a_meld(server: Server, browser: Any) -> None:
    """Played by gestures with the bots until a meld on the table holds a joker; the joker is
    drawn as a joker, its stand-in as a small tag."""
    for size in SIZES:
        tid, token = gp.open_table(server, "remik", 4, "heuristic")
        ctx, page, hands = new_page(browser, size)
        wire = gp.Wire(page)
        page.goto(f"{server.base}/tables/{tid}#token={token}")
        rng = random.Random(f"remik-jokers-{size[0]}")
        for deal in range(5):
            gp.play_deal(page, wire, hands, rng, deal=deal, until=lambda f: bool(melds_with_joker(f)))
            last = wire.latest()
            assert last is not None
            if not last["view"]["over"] and melds_with_joker(last):
                break
            gp.next_deal(page, hands)
        else:
            pytest.fail("no joker was melded in 5 deals")
        zone = melds_with_joker(last)[0]
        sel = gp.zone_sel(zone["id"])
        # (drawn once the page has caught up with the frame: later on a busy machine)
        page.wait_for_selector(f"{sel} [data-card='JK']", state="attached", timeout=15_000)
        if zone.get("stand_in"):
            tags = page.eval_on_selector_all(f"{sel} .ft-standin", "els => els.map(e => e.textContent)")
            assert sorted(tags) == sorted(zone["stand_in"].values()), tags
        gp.shoot(page, hands, f"table-remik-jokers-{size[0]}.png")
        ctx.close()


def complete_trick(frame: dict[str, Any]) -> bool:
    pic = frame["felt"]["picture"]
    return any(z["kind"] == "trick" and isinstance(z.get("winner"), int)
               and len(z.get("plays") or []) == frame["view"]["players"] for z in pic.get("centre") or [])


RANKS = "2 3 4 5 6 7 8 9 10 J Q K A".split()


def winning_card(frame: dict[str, Any], targets: list[dict[str, Any]]) -> dict[str, Any]:
    """四百分: the person's choice among the targets — a card that beats the trick so far (a
    trump over the led suit, the highest such), else the highest card — so that they soon win
    a trick and lead, whatever the bots hold."""
    view = frame["view"]
    trump = view.get("trump")
    plays = [card for _seat, card in (view.get("trick") or {}).get("plays") or []]

    def power(card: str) -> int:
        """What the card is worth in this trick: trumps above the led suit, off-suit nothing."""
        rank, suit = RANKS.index(card[:-1]), card[-1]
        led = plays[0][-1] if plays else suit
        return rank + 100 if suit == trump else rank + 50 if suit == led else rank

    singles = [t for t in targets if len(t["cards"]) == 1 and t["cards"][0][:-1] in RANKS]
    if not singles:
        return targets[0]
    best = max(power(c) for c in plays) if plays else -1
    beating = [t for t in singles if power(t["cards"][0]) > best]
    return max(beating or singles, key=lambda t: power(t["cards"][0]))


def passing(_frame: dict[str, Any], moves: list[str]) -> str:
    """The person's move of the action bar: a pass in the auction (a random bid made them the
    declarer who buried their aces), else the first."""
    return "pass" if "pass" in moves else moves[0]


def test_a_completed_trick_on_the_table(server: Server, browser: Any) -> None:
    """四百分: the person plays by gestures until a trick is complete on the table at their turn
    (they won it and lead the next): the four cards stay, the winner's lit.  The person plays
    a card that beats the trick where they can and passes in the auction (a random bid made
    them the declarer who buried their aces), so that they win a trick early."""
    for size in SIZES:
        tid, token = gp.open_table(server, "sibaifen", 4, "heuristic")
        ctx, page, hands = new_page(browser, size)
        wire = gp.Wire(page)
        page.goto(f"{server.base}/tables/{tid}#token={token}")
        rng = random.Random(f"trick-{size[0]}")
        for deal in range(8):      # (a deal all pass is thrown in at once)
            gp.play_deal(page, wire, hands, rng, deal=deal, until=complete_trick, prefer=winning_card,
                         bar=passing)
            last = wire.latest()
            assert last is not None
            if not last["view"]["over"] and complete_trick(last):
                break
            gp.next_deal(page, hands)
        else:
            pytest.fail("no complete trick at the person's turn in 8 deals")
        page.wait_for_function("() => document.querySelectorAll('#felt [data-zone=\"trick\"] [data-card]').length >= 4",
                               timeout=5_000)
        gp.shoot(page, hands, f"table-trick-complete-{size[0]}.png")
        ctx.close()
