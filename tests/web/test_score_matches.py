"""Issue 30's scorekeeper page, /score, for whole matches scored on one phone (390×844, a finger).

A Thai Dummy match of four players with a match target set on the setup form (300, B29: the
option in view, not folded) is scored deal by deal, every card tapped on the grid, each deal
with two penalties called at the table (O3 and O6, P1 and O4, O3 and O7: all on by default,
50 each); after each deal the page's table, the deal's lines and the totals are the server's for
the stored sheet (POST /api/score/sheet), and the third deal ends the match: the winner panel,
the final totals and the end's row are the engine's ``Sheet.result()`` of the stored sheet.
In the middle of it, deal 2 is first entered with a card given to two players (typed): the
server's message shows under the form (role=alert), the field is marked on the player's tab,
and neither the sheet kept in localStorage nor the table changes; one tap mends it.
A 十三张 deal of four: Ann declares 六对半 (the `special` choice, her 13 cards as the `hand`,
folded until wanted), the three others tap their rows; the scores are the engine's and Ann's
special line is shown. Screenshot: docs/screens/score-dummy-match-390.png.

Every entry below was checked with the engine first (``cardtable.scoresheet.Sheet``); the test
checks it again, so a change of the rules' arithmetic shows here as the engine's, not the page's.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.scoresheet import Sheet

from .conftest import Server
from .test_score_page import (
    MINUS,
    agrees_with_api,
    choose_seat,
    no_sideways_scroll,
    open_page,
    plain,
    press,
    score_deal,
    set_up,
    shot,
    shown_lines,
    shown_running,
    shown_totals,
    stored,
    tap_cards,
    type_cards,
)

pytestmark = pytest.mark.slow

NAMES = ["Ann", "Bo", "Cy", "Di"]
SUITS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def cards(text: str) -> list[str]:
    """Short notation as the page's tokens: "10h qs" → ["10♥", "Q♠"]."""
    return [t[:-1].upper() + SUITS[t[-1]] for t in text.split()]


def card(text: str) -> str:
    return cards(text)[0]


# --- a Thai Dummy match to 300 --------------------------------------------------------------

TARGET = 300
# Ann knocks with J♦, the head 7♥ among her melds; Cy tabled nothing (dark minus); Cy is
# charged ทิ้งมี่ (O3, Ann melded it), Bo ทิ้งปี้หัว (O6, he fed the head 7♥ to Ann)
DEAL_1 = {"knocker": 0, "tabled": ["7h 8h 9h kc kd kh 3s 4s 5s", "2c 3c 4c", "", "6d 7d 8d"],
          "hand": ["", "ad 9s", "qs 2h 7c 10d", "3h 5d"], "knock_card": "jd", "head": "7h",
          "penalties": [{"rule": "dummy:O3", "seat": 2, "against": 0},
                        {"rule": "dummy:O6", "seat": 1, "against": 0, "card": "7h"}]}
# Di knocks with the speto 2♣ (O1: 100); Cy's discard let her knock (ทิ้งโง่, P1: Cy sits just
# before her), Ann is charged ทิ้งเต็ม (O4)
DEAL_2 = {"knocker": 3, "tabled": ["5h 6h 7h", "9c 9d 9h", "jh qh kh", "ah as ad 10s js qs"],
          "hand": ["3c 4d", "kd", "8s 8c", ""], "knock_card": "2c", "head": "9c",
          "penalties": [{"rule": "dummy:P1", "seat": 2, "against": 3},
                        {"rule": "dummy:O4", "seat": 0}]}
# Bo knocks in one colour (B21: ×2) with the head 5♣ and reaches the target; Di is charged
# ทิ้งมี่ for J♦ (Bo laid it off), Ann ทิ้งปี้สเปโต (O7)
DEAL_3 = {"knocker": 1, "tabled": ["2s 3s 4s", "10c jc qc kc ac 5c 6c 7c", "", "8d 9d 10d"],
          "hand": ["6s 7s", "", "qs jh 2c", "3d"], "knock_card": "kh", "head": "5c",
          "penalties": [{"rule": "dummy:O3", "seat": 3, "against": 1, "card": "jd"},
                        {"rule": "dummy:O7", "seat": 0}]}
DEALS = [DEAL_1, DEAL_2, DEAL_3]
SCORES = [[165, -10, -190, 5], [-45, 50, -30, 265], [-45, 350, -220, -35]]
TOTALS = [75, 390, -440, 235]


def engine_entry(deal: dict[str, Any]) -> dict[str, Any]:
    """A planned deal as the engine reads it (the page's tokens)."""
    out: dict[str, Any] = {"knocker": deal["knocker"], "knock_card": card(deal["knock_card"]),
                           "head": card(deal["head"]),
                           "tabled": [cards(t) for t in deal["tabled"]], "hand": [cards(h) for h in deal["hand"]]}
    out["penalties"] = [{**p, "card": card(p["card"])} if "card" in p else dict(p) for p in deal["penalties"]]
    return out


def engine_sheet(entries: list[dict[str, Any]]) -> Sheet:
    return Sheet("dummy", 4, NAMES, rules={"match_target": TARGET}, entries=entries)


def test_the_planned_dummy_match_is_the_engines() -> None:
    """The entries are valid Dummy ends and score as the test expects (no browser)."""
    sheet = engine_sheet([engine_entry(d) for d in DEALS])
    assert sheet.deal_scores() == SCORES
    assert sheet.end_index() == 2 and sheet.totals() == TOTALS
    assert sheet.end is not None and sheet.end.winners == [1]


def grid(field: str, token: str) -> str:
    return f"#entry .sk-field[data-field='{field}'] .sk-grid [data-card='{token}']"


def penalty(i: int, part: str) -> str:
    return f"#entry .sk-penalty[data-index='{i}'] {part}"


def enter_dummy_deal(page: Any, deal: dict[str, Any], typed_hand: dict[int, str] | None = None) -> None:
    """Tap a Dummy deal's end into the form: the knocker, each player's tabled cards and hand on
    the grid (``typed_hand``: a seat's hand typed instead), the knock card, the head card and
    the penalties."""
    choose_seat(page, "knocker", deal["knocker"])
    for seat in range(4):
        if deal["tabled"][seat]:
            tap_cards(page, seat, "tabled", cards(deal["tabled"][seat]))
        if typed_hand and seat in typed_hand:
            type_cards(page, seat, "hand", typed_hand[seat])
        elif deal["hand"][seat]:
            tap_cards(page, seat, "hand", cards(deal["hand"][seat]))
        want = len(cards(deal["tabled"][seat]))
        assert page.inner_text(f"#sk-tab-{seat} .sk-tab-note") == (str(want) if want else "")
    press(page, grid("knock_card", card(deal["knock_card"])))
    # the head card is one of the tabled cards: picked, not greyed
    press(page, grid("head", card(deal["head"])))
    for i, p in enumerate(deal["penalties"]):
        press(page, "#entry .sk-penalties .sk-add")
        press(page, penalty(i, f".sk-rule-opt[data-value='{p['rule']}']"))
        press(page, penalty(i, f"[data-part='seat'] [data-value='{p['seat']}']"))
        if "against" in p:
            press(page, penalty(i, f"[data-part='against'] [data-value='{p['against']}']"))
        if "card" in p:
            box = penalty(i, ".sk-penalty-card input")
            page.fill(box, p["card"])
            page.press(box, "Enter")
    assert page.locator("#entry .sk-penalty").count() == len(deal["penalties"])


def check_deal(page: Any, server: Server, n: int) -> dict[str, Any]:
    """Deal ``n`` as kept by the page is the planned one, and scores as the engine scores it."""
    sheet = stored(page)["sheet"]
    assert len(sheet["entries"]) == n
    entry = sheet["entries"][n - 1]
    plan = engine_entry(DEALS[n - 1])
    assert entry["knocker"] == plan["knocker"] and entry["knock_card"] == plan["knock_card"]
    assert entry["head"] == plan["head"] and entry["penalties"] == plan["penalties"]
    for key in ("tabled", "hand"):
        assert [sorted(x) for x in entry[key]] == [sorted(x) for x in plan[key]], key
    result = agrees_with_api(page, server, n)
    assert result["deals"][n - 1]["scores"] == SCORES[n - 1]
    assert result == Sheet.from_json(sheet).result()
    return result


def test_a_dummy_match_with_penalties_on_a_phone(server: Server, browser: Any) -> None:
    ctx, page = open_page(browser, server, "/score/dummy", 390, 844)
    try:
        # setup: four players, their names, and the match target in view (not folded)
        target = "#length [data-key='match_target']"
        page.wait_for_selector(target)
        assert page.input_value(target) == "0"
        assert "match ends when a total reaches this" in page.inner_text("#length")
        assert not page.is_visible("#options")
        page.evaluate(f"document.querySelector(\"{target}\").dataset.old = '1'")
        press(page, "#players [data-value='4']")
        # the players' buttons reload the option rows: the target is typed in the new ones
        page.wait_for_selector(f"{target}:not([data-old])")
        assert page.get_attribute("#players [data-value='4']", "aria-pressed") == "true"
        for i, name in enumerate(NAMES):
            page.fill(f"#name-{i}", name)
        press(page, target)
        page.fill(target, str(TARGET))
        assert page.input_value(target) == str(TARGET)
        no_sideways_scroll(page)
        press(page, "#start")
        page.wait_for_selector("body[data-view='sheet'][data-ready='true'] #entry .sk-field", timeout=15_000)
        sheet = stored(page)["sheet"]
        assert sheet["rules"] == {"match_target": TARGET} and sheet["names"] == NAMES and sheet["players"] == 4
        assert page.inner_text("#entry-h") == "Deal 1"
        assert "1 rule changed" in page.inner_text("#sheet-about")

        # deal 1
        enter_dummy_deal(page, DEAL_1)
        # a card one player has is greyed for the others
        assert page.is_disabled(f".sk-tab-panel[data-seat='3'] .sk-field[data-field='hand'] [data-card='{card('2c')}']")
        no_sideways_scroll(page)
        score_deal(page, 1)
        check_deal(page, server, 1)
        text = page.inner_text(".sk-deal-more[data-deal='1']")
        assert "Penalty: fed the head card with 7♥ (Ann melded it)" in text
        assert "Penalty: a discard that could have been laid off (Ann melded it)" in text
        assert page.inner_text("#entry-h") == "Deal 2"
        assert page.evaluate("document.body.dataset.over") == "false"

        # deal 2, first with 5♥ in Bo's hand (typed) though Ann tabled it: refused in place
        before = stored(page)
        table_before = page.inner_text("#table-box")
        running_before = shown_running(page)
        enter_dummy_deal(page, DEAL_2, typed_hand={1: "kd 5h"})
        press(page, "#score-deal")
        page.wait_for_function("() => document.getElementById('entry-error').textContent"
                               " && !document.body.dataset.busy", timeout=15_000)
        assert page.inner_text("#entry-error") == (
            "deal 2: cards in hand, seat 2: 5♥ is entered twice (also in cards on the table, seat 1)")
        assert page.get_attribute("#entry-error", "role") == "alert"
        assert page.is_visible("#entry-error")
        # Bo's tab is opened on the field named
        assert page.get_attribute("#sk-tab-1", "aria-selected") == "true"
        assert page.is_visible(".sk-tab-panel[data-seat='1'] .sk-field.sk-bad[data-field='hand']")
        # nothing changed: the sheet kept on the device, the table, the deal count
        assert stored(page) == before
        assert page.inner_text("#table-box") == table_before and shown_running(page) == running_before
        assert shown_totals(page) == SCORES[0]
        assert page.evaluate("document.body.dataset.deals") == "1"
        assert page.inner_text("#entry-h") == "Deal 2"
        # the entry is still in the form: one tap takes 5♥ out of Bo's hand
        tap_cards(page, 1, "hand", [card("5h")])
        assert page.input_value(".sk-tab-panel[data-seat='1'] .sk-field[data-field='hand'] .sk-typed") == "K♦"
        assert page.inner_text("#entry-error") == ""
        score_deal(page, 2)
        check_deal(page, server, 2)
        assert not page.is_visible(".sk-field.sk-bad")
        text = page.inner_text(".sk-deal-more[data-deal='2']")
        assert "Penalty: a discard after which Di picked up and knocked" in text
        assert "Knocked with a speto (2♣): bonus" in text
        assert page.evaluate("document.body.dataset.over") == "false"

        # deal 3 reaches the target: the match ends
        enter_dummy_deal(page, DEAL_3)
        score_deal(page, 3)
        page.wait_for_selector("#end", timeout=10_000)
        result = check_deal(page, server, 3)
        assert "Colour knock" in page.inner_text(".sk-deal-more[data-deal='3']")
        engine = engine_sheet(stored(page)["sheet"]["entries"]).result()
        assert result == engine and engine["over"] and engine["totals"] == TOTALS
        assert page.evaluate("document.body.dataset.over") == "true"
        assert page.inner_text("#message") == "Deal 3 scored: the match is over."
        # the winner panel: the engine's winners and final totals
        winners = [NAMES[s] for s in engine["end"]["winners"]]
        assert winners == ["Bo"]
        assert page.inner_text("#end-h") == "Bo wins the match"
        assert page.inner_text("#end .sk-end-sub") == "Final totals: " + " · ".join(
            f"{n} {plain(v)}" for n, v in zip(NAMES, engine["totals"], strict=True))
        assert f"Cy {MINUS}440" in page.inner_text("#end .sk-end-sub")
        # Dummy's end has no items of its own (B29): no end lines, an end row of zeros
        assert engine["end"]["items"] == [] and page.query_selector("#end .sk-deal-lines") is None
        end_row = page.eval_on_selector_all("#deals .sk-end-row td", "els => els.map(e => e.innerText)")
        assert end_row == ["0"] * 4
        assert shown_totals(page) == engine["totals"]
        assert page.eval_on_selector_all(".sk-total-row td.winner", "els => els.map(e => e.dataset.seat)") == ["1"]
        # the form goes; a new match at the same table is offered
        assert page.is_hidden("#entry-box") and page.is_visible("#same-again")
        no_sideways_scroll(page)
        page.evaluate("scrollTo(0, 0)")
        shot(page, "score-dummy-match-390.png")
        assert not page.errors, page.errors
    finally:
        ctx.close()


# --- 十三张: a special hand declared ---------------------------------------------------------

SPECIAL_HAND = "2s 2h 5s 5h 7s 7h 9s 9h js jh ks kh as"       # 六对半: six pairs and a half
ROWS = {1: ["4s 6s 10s", "qs qh 3c 7c 9c", "2d 5d 8d jd kd"],
        2: ["3s 3h 4h", "8s 8h 8c 2c 4c", "9d 10d jc qc kc"],
        3: ["6h 6d 5c", "10h 10c ah ac 6c", "3d 4d 7d qd ad"]}
SSZ_SCORES = [180, -100, -60, -20]


def shisanzhang_entry() -> dict[str, Any]:
    return {"special": ["liuduiban", None, None, None], "hand": [cards(SPECIAL_HAND), [], [], []],
            "rows": [None, *[[cards(r) for r in ROWS[s]] for s in (1, 2, 3)]]}


def test_the_planned_shisanzhang_deal_is_the_engines() -> None:
    sheet = Sheet("shisanzhang", 4, NAMES, entries=[shisanzhang_entry()])
    assert sheet.deal_scores() == [SSZ_SCORES]
    lines = sheet.result()["deals"][0]["lines"]
    assert [ln["text"] for ln in lines[0]] == [f"Special hand 六对半 (liuduiban): 60 from {n}" for n in NAMES[1:]]


def test_a_shisanzhang_deal_with_a_special_hand_on_a_phone(server: Server, browser: Any) -> None:
    ctx, page = open_page(browser, server, "/score/shisanzhang", 390, 844)
    try:
        set_up(page, "shisanzhang", NAMES)
        assert stored(page)["sheet"]["players"] == 4
        # Ann declares 六对半: the choice on her tab, then her 13 cards as the hand (folded
        # until wanted, under the rows)
        press(page, "#sk-tab-0")
        ann = ".sk-tab-panel[data-seat='0']"
        fold = f"{ann} .sk-field[data-field='hand'] details.sk-fold"
        assert page.get_attribute(fold, "open") is None
        press(page, f"{ann} .sk-field[data-field='special'] .sk-seg [data-value='liuduiban']")
        assert page.get_attribute(f"{ann} .sk-field[data-field='special'] [data-value='liuduiban']",
                                  "aria-pressed") == "true"
        press(page, f"{fold} > summary")
        tap_cards(page, 0, "hand", cards(SPECIAL_HAND))
        assert page.inner_text(f"{ann} .sk-field[data-field='hand'] .sk-count") == "13"
        # the three others tap their rows, front, middle and back: a full row moves on
        for seat, rows in ROWS.items():
            tap_cards(page, seat, "rows", [c for row in rows for c in cards(row)])
            panel = f".sk-tab-panel[data-seat='{seat}']"
            counts = page.eval_on_selector_all(f"{panel} .sk-row-n", "els => els.map(e => e.innerText)")
            assert counts == ["3/3", "5/5", "5/5"]
            assert page.inner_text(f"#sk-tab-{seat} .sk-tab-note") == "13"
        # Ann's cards are greyed on the others' grids
        assert page.is_disabled(f".sk-tab-panel[data-seat='3'] .sk-field[data-field='rows'] [data-card='{card('as')}']")
        no_sideways_scroll(page)
        score_deal(page, 1)
        entry = stored(page)["sheet"]["entries"][0]
        assert entry["special"] == ["liuduiban", None, None, None]
        assert sorted(entry["hand"][0]) == sorted(cards(SPECIAL_HAND))
        assert entry["rows"][1] == [cards(r) for r in ROWS[1]]
        result = agrees_with_api(page, server, 1)
        assert result["deals"][0]["scores"] == SSZ_SCORES
        engine = Sheet.from_json(stored(page)["sheet"]).result()
        assert result == engine and shown_totals(page) == engine["totals"] == SSZ_SCORES
        # Ann's special hand is her line against each of the others
        ann_lines = shown_lines(page, 1)[0]
        assert ann_lines == [(f"Special hand 六对半 (liuduiban): 60 from {n}", "+60") for n in NAMES[1:]]
        assert ("Special hand 六对半 (liuduiban): 60 from Bo", f"{MINUS}60") in shown_lines(page, 1)[1]
        assert not page.errors, page.errors
    finally:
        ctx.close()
