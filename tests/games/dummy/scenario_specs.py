"""Compact descriptions of dummy.md §7 T1–T42 (see build_scenarios.py).  Seats: A=0 B=1 C=2 D=3."""

from __future__ import annotations

from typing import Any

from build_scenarios import NONE_PEN, others, pen  # type: ignore[import-not-found]


def dd(card: str) -> list[str]:
    """A turn: draw, then discard ``card``."""
    return ["draw", f"discard {card}"]


S: list[dict[str, Any]] = []


def add(id_: str, spec: str, title: str, **kw: Any) -> None:
    kw.setdefault("players", 4)
    S.append({"id": id_, "spec": f"dummy.md §7 {spec}", "title": title, **kw})


# --- seed worked examples ----------------------------------------------------------------------
add("T01_pee_hua", "T1", "ทิ้งปี้หัว fires: B feeds 8♥ to head 7♥, D melds 6♥ 7♥ 8♥",
    hands=["9♣", "8♥", "3♦", "6♥"], pile="7♥",
    moves=dd("9♣") + dd("8♥") + dd("3♦") + ["take 7♥ meld 6♥ 7♥ 8♥", "discard 3♦"],
    expect={"scores": [0, -50, 0, 0], "items": [pen(1, "O6", "8♥")], "no_items": others(), "over": False})
add("T02_window_closed", "T2", "feed not penalised: B's window closed before C collects",
    hands=["9♣ 5♠", "8♥ 4♦", "3♦ 6♥", "K♦"], pile="7♥",
    moves=dd("9♣") + dd("8♥") + dd("3♦") + dd("K♦") + dd("5♠") + dd("4♦") + ["take 7♥ meld 6♥ 7♥ 8♥", "discard 9♣"],
    expect={"scores": [0, 0, 0, 0], "no_items": NONE_PEN})
add("T03_pee_speto_case1", "T3", "seed case 1: Q♠ in the pile, A discards Q♥, B melds Q♠ Q♥ Q♦",
    hands=["Q♥", "Q♦ 3♥", "", ""], pile="5♦ Q♠",
    moves=dd("Q♥") + ["take Q♠ meld Q♠ Q♥ Q♦", "discard 3♥"],
    expect={"scores": [-50, 0, 0, 0], "items": [pen(0, "O7", "Q♥")], "no_items": others()})
add("T04_pee_speto_case2", "T4", "seed case 2: 4♣ in the pile, A discards 2♣, C melds 2♣ 3♣ 4♣",
    hands=["2♣", "9♥", "3♣ 7♦", ""], pile="5♦ 4♣",
    moves=dd("2♣") + dd("9♥") + ["take 4♣ meld 2♣ 3♣ 4♣", "discard 7♦"],
    expect={"scores": [-50, 0, 0, 0], "items": [pen(0, "O7", "2♣")], "no_items": others()})
add("T05_pee_speto_case3", "T5", "seed case 3: J♠ in the pile, A discards K♠, B melds J♠ Q♠ K♠",
    hands=["K♠", "Q♠ 3♥", "", ""], pile="5♦ J♠",
    moves=dd("K♠") + ["take J♠ meld J♠ Q♠ K♠", "discard 3♥"],
    expect={"scores": [-50, 0, 0, 0], "items": [pen(0, "O7", "K♠")], "no_items": others()})
add("T06_ti_on", "T6", "ตีอ้อน: A discards 3♣ with no speto-related card in the pile; B melds 2♣ 3♣ 4♣",
    hands=["3♣", "2♣ 4♣ K♥", "", ""], pile="5♦ 9♥",
    moves=dd("3♣") + ["take 3♣ meld 2♣ 3♣ 4♣", "discard K♥"],
    expect={"scores": [-50, 0, 0, 0], "items": [pen(0, "O8", "3♣")], "no_items": others()})
add("T07_speto_laid_on_you", "T7", "ถูกฝากสเปโต: B's 3♣4♣5♣6♣, D later lays off 2♣",
    hands=["9♦", "K♥", "8♥", "2♣ 3♥"], pile="5♦", table=[(1, "3♣ 4♣ 5♣ 6♣")], born=[1, 3],
    moves=dd("9♦") + dd("K♥") + dd("8♥") + ["draw", "layoff 2♣ on 3♣", "discard 3♥"],
    expect={"scores": [0, -50, 0, 0], "items": [pen(1, "O9", "2♣")], "no_items": others()})
add("T08_speto_laid_chained", "T8", "ถูกฝากสเปโต chained: C's 8♠9♠10♠, A lays J♠, D lays Q♠ → A pays",
    hands=["J♠ 3♥", "K♥", "4♦", "Q♠ 9♦"], pile="5♦", table=[(2, "8♠ 9♠ 10♠")], born=[0, 3],
    moves=["draw", "layoff J♠ on 8♠", "discard 3♥"] + dd("K♥") + dd("4♦") + ["draw", "layoff Q♠ on 8♠", "discard 9♦"],
    expect={"scores": [-50, 0, 0, 0], "items": [pen(0, "O9", "Q♠")],
            "no_items": others() + [{"seat": 2}]})
add("T09_two_card_exemption", "T9", "two-card exemption: D lays 2♣ 3♣ together on C's 4♣5♣6♣",
    hands=["", "", "", "2♣ 3♣ 9♦"], pile="5♦", table=[(2, "4♣ 5♣ 6♣")], born=[3], starter=3,
    moves=["draw", "layoff 2♣ 3♣ on 4♣", "discard 9♦"],
    expect={"scores": [0, 0, 0, 0], "no_items": NONE_PEN})
add("T10_mee_plus_tem", "T10", "ทิ้งมี่ + ทิ้งเต็ม = 100: B's 5♣5♠5♦, pile 6♥ 7♥, D discards 5♥",
    hands=["", "", "", "5♥"], pile="K♦ 6♥ 7♥", table=[(1, "5♣ 5♠ 5♦")], born=[1], starter=3,
    moves=dd("5♥"),
    expect={"scores": [0, 0, 0, -100], "items": [pen(3, "O3", "5♥"), pen(3, "O4", "5♥")],
            "no_items": others("O3", "O4")})
add("T11_hua_plus_speto", "T11", "ปี้หัว + ปี้สเปโต = 100: head 10♠, C discards J♠, A melds 10♠ J♠ Q♠",
    hands=["Q♠", "3♥", "J♠", "4♦"], pile="10♠", starter=1,
    moves=dd("3♥") + dd("J♠") + dd("4♦") + ["take 10♠ meld 10♠ J♠ Q♠", "discard 3♥"],
    expect={"scores": [0, 0, -100, 0], "items": [pen(2, "O6", "J♠"), pen(2, "O7", "J♠")],
            "no_items": others("O6", "O7")})
add("T12_three_charged", "T12", "one pickup charges A (O7), B (O6) and C (O7)",
    hands=["2♣ 4♣", "A♠ 10♥", "6♦ K♠", "9♣ Q♥ 3♣ Q♠"], pile="J♥",
    moves=dd("2♣") + dd("A♠") + dd("6♦") + dd("9♣") + dd("4♣") + dd("10♥") + dd("K♠")
    + ["take J♥ meld 10♥ J♥ Q♥", "meld 2♣ 3♣ 4♣", "meld Q♠ K♠ A♠", "discard 9♣"],
    expect={"scores": [-50, -50, -50, 0],
            "items": [pen(0, "O7", "4♣"), pen(1, "O6", "10♥"), pen(2, "O7", "K♠")],
            "no_items": others("O6", "O7") + [{"cards": ["2♣"]}, {"cards": ["A♠"]}]})
add("T13_two_charged_one_meld", "T13", "K♠ in pile; D discards A♠, B discards J♠; C melds J♠ Q♠ K♠ A♠",
    hands=["K♠ 9♦", "4♥ J♠", "7♥ Q♠", "A♠"], pile="3♦",
    moves=dd("K♠") + dd("4♥") + dd("7♥") + dd("A♠") + dd("9♦") + dd("J♠")
    + ["take K♠ meld J♠ Q♠ K♠ A♠", "discard 4♥"],
    expect={"scores": [0, -50, 0, -50], "items": [pen(3, "O7", "A♠"), pen(1, "O7", "J♠")],
            "no_items": others("O7") + [{"seat": 0}]})

# T14: the knock card.  A already owns 7♥8♥9♥ and must table a pickup meld (5♠6♠7♠) to get
# down to one card, so T = 30 here (the spec's T = 15 plus the meld that makes the knock possible).
T14_HANDS = ["{k} 5♠ 6♠", "3♥"]
for sub, k, table, rules, kc, rule in [
        ("a_O1_on", "Q♠", [(0, "7♥ 8♥ 9♥")], {}, 100, "O1"),
        ("a_O1_off", "Q♠", [(0, "7♥ 8♥ 9♥")], {"opt_knock_speto_100": False}, 50, "B23"),
        ("b_O2_on", "7♦", [(0, "7♥ 8♥ 9♥"), (1, "4♦ 5♦ 6♦")], {}, 100, "O2"),
        ("b_O2_off", "7♦", [(0, "7♥ 8♥ 9♥"), (1, "4♦ 5♦ 6♦")], {"opt_knock_layoff_100": False}, 5, "B23"),
        ("c_O1_O2", "Q♠", [(0, "7♥ 8♥ 9♥"), (1, "Q♥ Q♦ Q♣")], {}, 100, "O1")]:
    b_score = (15 if len(table) > 1 and "4♦" in table[1][1] else 30 if len(table) > 1 else 0) - 5
    if len(table) == 1:
        b_score = -10      # B tabled nothing: dark minus, 2 × 5
    add(f"T14{sub}", "T14", f"knock card {k}: {rule} gives {kc}", players=2, fill=False,
        hands=[T14_HANDS[0].format(k=k), "3♥"], pile="K♣ 7♠", table=table, born=[0, 1], rules=rules,
        moves=["take 7♠ meld 5♠ 6♠ 7♠", f"knock {k}"],
        expect={"over": True, "scores": [30 + kc + 50, b_score],
                "items": [{"seat": 0, "rule": f"dummy:{rule}", "points": kc}],
                "no_items": [{"rule": r} for r in ("dummy:O1", "dummy:O2", "dummy:B23") if r != f"dummy:{rule}"]})

# T15: head value; the picker knocks at once so the meld is scored (items B26 and S1).
for sub, head, hand, mode, b26, rest in [
        ("a_speto_replace", "Q♠", "J♠ K♠", "replace", 100, 20), ("b_speto_off", "Q♠", "J♠ K♠", "off", None, 70),
        ("c_speto_add", "Q♠", "J♠ K♠", "add", 150, 20), ("d_7c_replace", "7♣", "7♦ 7♥", "replace", 50, 10),
        ("e_7c_off", "7♣", "7♦ 7♥", "off", None, 15), ("f_7c_add", "7♣", "7♦ 7♥", "add", 55, 10)]:
    items = [{"seat": 0, "rule": "dummy:S1", "points": rest, "cards": (hand.split() if b26 else
                                                                     hand.split() + [head])}]
    if b26:
        items.append({"seat": 0, "rule": "dummy:B26", "points": b26, "cards": [head]})
    add(f"T15{sub}", "T15", f"head {head} worth {b26 or 'face value'} ({mode})", players=2, fill=False,
        hands=[hand + " 3♥", "4♥"], pile=head, rules={"head_value_mode": mode},
        moves=[f"take {head} meld {' '.join(sorted(hand.split() + [head]))}", "knock 3♥"],
        expect={"over": True, "items": items,
                "no_items": [] if b26 else [{"rule": "dummy:B26"}]})

# --- constructed edge cases --------------------------------------------------------------------
add("T16_head_connector_rank", "T16", "head connector by rank: B discards 7♠, C melds 7♥ 7♠ 7♦",
    hands=["9♣", "7♠", "7♦ 3♥", ""], pile="7♥",
    moves=dd("9♣") + dd("7♠") + ["take 7♥ meld 7♥ 7♠ 7♦", "discard 3♥"],
    expect={"scores": [0, -50, 0, 0], "items": [pen(1, "O6", "7♠")], "no_items": others("O6")})
add("T17_not_connector", "T17", "10♥ in the head meld but 3 ranks away: no penalty",
    hands=["9♣", "10♥", "8♥ 9♥ 3♠", ""], pile="7♥",
    moves=dd("9♣") + dd("10♥") + ["take 7♥ meld 7♥ 8♥ 9♥ 10♥", "discard 3♠"],
    expect={"scores": [0, 0, 0, 0], "no_items": NONE_PEN})
add("T18_feed_not_in_head_meld", "T18", "head taken but 8♥ melded apart from it: no penalty",
    hands=["9♣", "8♥", "7♦ 7♣ 9♥ 10♥ 3♠", ""], pile="7♥",
    moves=dd("9♣") + dd("8♥") + ["take 7♥ meld 7♥ 7♦ 7♣", "meld 8♥ 9♥ 10♥", "discard 3♠"],
    expect={"scores": [0, 0, 0, 0], "no_items": NONE_PEN})
add("T19_no_speto_meld", "T19", "Q♥ taken off the top into a queen set without the speto",
    hands=["Q♥", "Q♦ Q♣ 3♥", "", ""], pile="5♦ Q♠ 8♦",
    moves=dd("Q♥") + ["take Q♥ meld Q♥ Q♦ Q♣", "discard 3♥"],
    expect={"scores": [0, 0, 0, 0], "no_items": NONE_PEN})
add("T20_taken_not_melded", "T20", "Q♥ comes along with Q♠ but goes to hand: no penalty",
    hands=["Q♥", "J♠ K♠ 3♥", "", ""], pile="5♦ Q♠ 7♣",
    moves=dd("Q♥") + ["take Q♠ meld J♠ Q♠ K♠", "discard 3♥"],
    expect={"scores": [0, 0, 0, 0], "no_items": NONE_PEN})
add("T21_speto_window_closed", "T21", "A's 2♣ window closed (t2–t4) before B melds 2♣ 3♣ 4♣ at t6",
    hands=["2♣ 10♦", "9♠ 3♣ K♥", "6♦", "8♠"], pile="5♦ 4♣",
    moves=dd("2♣") + dd("9♠") + dd("6♦") + dd("8♠") + dd("10♦") + ["take 4♣ meld 2♣ 3♣ 4♣", "discard K♥"],
    expect={"scores": [0, 0, 0, 0], "no_items": NONE_PEN})
add("T22_ti_on_window_closed", "T22", "A's 3♣ survives its window: no ตีอ้อน",
    hands=["3♣ 8♦", "9♦ 2♣ 4♣ K♠", "6♠", "K♥"], pile="5♦",
    moves=dd("3♣") + dd("9♦") + dd("6♠") + dd("K♥") + dd("8♦") + ["take 3♣ meld 2♣ 3♣ 4♣", "discard K♠"],
    expect={"scores": [0, 0, 0, 0], "no_items": NONE_PEN})
add("T23_o7_not_o8", "T23", "O7 and O8 never both: A pays 50 exactly",
    hands=["3♣", "2♣ K♥", "", ""], pile="5♦ 4♣",
    moves=dd("3♣") + ["take 4♣ meld 2♣ 3♣ 4♣", "discard K♥"],
    expect={"scores": [-50, 0, 0, 0], "items": [pen(0, "O7", "3♣")], "no_items": others()})
for sub, mode, exp in [("a_functional", "functional", True), ("b_strict_first", "strict_first", False)]:
    add(f"T24{sub}", "T24", f"O8 {mode}: 10♠ in the pile, A discards K♠, B melds J♠ Q♠ K♠",
        hands=["K♠", "J♠ Q♠ 3♥", "", ""], pile="5♦ 10♠", rules={"ti_on_mode": mode},
        moves=dd("K♠") + ["take K♠ meld J♠ Q♠ K♠", "discard 3♥"],
        expect={"scores": [-50 if exp else 0, 0, 0, 0],
                "items": [pen(0, "O8", "K♠")] if exp else [],
                "no_items": others() if exp else NONE_PEN})
add("T25_tem_then_speto", "T25", "ทิ้งเต็ม at once, then ปี้สเปโต on the same 2♣: A pays 100",
    hands=["2♣", "5♣ K♥", "", ""], pile="5♦ 3♣ 4♣",
    moves=dd("2♣") + ["take 3♣ meld 2♣ 3♣ 4♣ 5♣", "discard K♥"],
    expect={"scores": [-100, 0, 0, 0], "items": [pen(0, "O4", "2♣"), pen(0, "O7", "2♣")],
            "no_items": others("O4", "O7")})
add("T26_speto_head_fed", "T26", "speto head Q♠ fed with K♠: B pays O6 + O7",
    hands=["6♥", "K♠", "J♠ 3♥", ""], pile="Q♠",
    moves=dd("6♥") + dd("K♠") + ["take Q♠ meld J♠ Q♠ K♠", "discard 3♥"],
    expect={"scores": [0, -100, 0, 0], "items": [pen(1, "O6", "K♠"), pen(1, "O7", "K♠")],
            "no_items": others("O6", "O7")})
add("T27a_speto_on_set_Q", "T27", "Q♠ laid on B's Q♥Q♦Q♣: B pays",
    hands=["", "", "", "Q♠ 3♥"], pile="5♦", table=[(1, "Q♥ Q♦ Q♣")], born=[1, 3], starter=3,
    moves=["draw", "layoff Q♠ on Q♥", "discard 3♥"],
    expect={"scores": [0, -50, 0, 0], "items": [pen(1, "O9", "Q♠")], "no_items": others()})
add("T27b_speto_on_set_2", "T27", "2♣ laid on B's 2♠2♦2♥: B pays",
    hands=["", "", "2♣ 9♦", ""], pile="5♦", table=[(1, "2♠ 2♦ 2♥")], born=[1, 2], starter=2,
    moves=["draw", "layoff 2♣ on 2♠", "discard 9♦"],
    expect={"scores": [0, -50, 0, 0], "items": [pen(1, "O9", "2♣")], "no_items": others()})
add("T28_own_exposure", "T28", "B lays 2♣ on B's own 3♣4♣5♣: nothing",
    hands=["", "2♣ 9♦", "", ""], pile="5♦", table=[(1, "3♣ 4♣ 5♣")], born=[1], starter=1,
    moves=["draw", "layoff 2♣ on 3♣", "discard 9♦"],
    expect={"scores": [0, 0, 0, 0], "no_items": NONE_PEN})
add("T29a_two_cards_touching_old", "T29", "Q♠ K♠ laid together on C's 9♠10♠J♠: C pays",
    hands=["", "", "", "Q♠ K♠ 3♥"], pile="5♦", table=[(2, "9♠ 10♠ J♠")], born=[3], starter=3,
    moves=["draw", "layoff Q♠ K♠ on 9♠", "discard 3♥"],
    expect={"scores": [0, 0, -50, 0], "items": [pen(2, "O9", "Q♠")], "no_items": others()})
add("T29b_own_two_cards", "T29", "A lays J♠ Q♠ together on C's 8♠9♠10♠: nothing",
    hands=["J♠ Q♠ 3♥", "", "", ""], pile="5♦", table=[(2, "8♠ 9♠ 10♠")], born=[0],
    moves=["draw", "layoff J♠ Q♠ on 8♠", "discard 3♥"],
    expect={"scores": [0, 0, 0, 0], "no_items": NONE_PEN})
add("T30_deep_chain", "T30", "B's 5♣6♣7♣; C lays 4♣, D 3♣, A 2♣: D pays",
    hands=["2♣ K♥", "", "4♣ 9♦", "3♣ 10♥"], pile="5♦", table=[(1, "5♣ 6♣ 7♣")], born=[0, 2, 3], starter=2,
    moves=["draw", "layoff 4♣ on 5♣", "discard 9♦", "draw", "layoff 3♣ on 5♣", "discard 10♥",
           "draw", "layoff 2♣ on 5♣", "discard K♥"],
    expect={"scores": [0, 0, 0, -50], "items": [pen(3, "O9", "2♣")], "no_items": others()})
T31_TABLE = [(1, "4♦ 5♦ 6♦"), (2, "Q♥ K♥ A♥"), (3, "9♣ 9♦ 9♠")]
for sub, seat, card, hit in [("a", 0, "7♦", True), ("b", 0, "3♦", True), ("c", 0, "9♥", True),
                             ("d", 0, "2♥", False), ("e", 1, "7♦", True)]:
    hands = ["", "", "", ""]
    hands[seat] = card
    add(f"T31{sub}_ting_mee", "T31", f"ทิ้งมี่: seat {seat} discards {card}",
        hands=hands, pile="K♣", table=T31_TABLE, born=[1, 2, 3], starter=seat, moves=dd(card),
        expect={"scores": [(-50 if hit and s == seat else 0) for s in range(4)],
                "items": [pen(seat, "O3", card)] if hit else [], "no_items": others("O3") if hit else NONE_PEN})
add("T31f_knock_card_no_mee", "T31", "A knocks with 7♦ (lay-off-able): no O3, O2 instead",
    hands=["7♦ 5♠", "", "", ""], fill=False, stock="6♠", pile="K♣", table=T31_TABLE + [(0, "2♠ 3♠ 4♠")],
    born=[0, 1, 2, 3],
    moves=["draw", "layoff 5♠ 6♠ on 2♠", "knock 7♦"],
    expect={"over": True, "items": [{"seat": 0, "rule": "dummy:O2", "points": 100}], "no_items": NONE_PEN})
for sub, pile, card, rules, hit in [("a", "9♦ 3♠ 5♥ 10♦", "J♦", {}, True), ("b", "5♦ A♣ 3♣", "2♣", {}, False),
                                    ("b_ace_low", "5♦ A♣ 3♣", "2♣", {"ace_low_allowed": True}, True),
                                    ("c", "5♦ 10♣ K♣", "J♣", {}, False), ("d", "5♦ K♠ K♦", "K♣", {}, True)]:
    add(f"T32{sub}_ting_tem", "T32", f"ทิ้งเต็ม: pile {pile}, discard {card}", hands=[card, "", "", ""], pile=pile,
        rules=rules, moves=dd(card),
        expect={"scores": [-50 if hit else 0, 0, 0, 0], "items": [pen(0, "O4", card)] if hit else [],
                "no_items": others("O4") if hit else NONE_PEN})
add("T33_fool", "T33", "ทิ้งโง่: C takes B's 8♣ and dark-knocks",
    fill=False, starter=1, pile="3♥", stock="6♥",
    hands=["2♥ 4♥ 5♥ 9♦ 9♥ 3♦ 4♦", "8♣ 2♦ 5♦ 6♦ 7♦ 2♠ 3♠", "8♦ 8♥ 4♠ 5♠ 6♠ 7♠ K♦", "3♣ 4♣ 5♣ 6♣ 7♣ 9♣ 9♠"],
    moves=dd("8♣") + ["take 8♣ meld 8♣ 8♦ 8♥", "meld 4♠ 5♠ 6♠ 7♠", "knock K♦"],
    expect={"over": True, "scores": [-70, -120, 190, -70], "winner": 2,
            "items": [pen(1, "P1", "8♣"), {"seat": 2, "rule": "dummy:B20", "points": 95}],
            "no_items": others("P1")})
for sub, rules, hit in [("a_target_is_top", {}, False), ("b_any_pickup", {"fool_mode": "any_pickup"}, True)]:
    add(f"T34{sub}", "T34", "not a fool discard unless fool_mode = any_pickup", starter=1, pile="3♦",
        hands=["", "8♣", "6♥", "8♦ 8♥ 8♠ 4♥ 5♥ 7♥ K♦"], fill=True, rules=rules,
        moves=dd("8♣") + dd("6♥") + ["take 8♣ meld 8♣ 8♦ 8♥ 8♠", "meld 4♥ 5♥ 6♥ 7♥", "knock K♦"],
        expect={"over": True, "items": [pen(2, "P1", "6♥")] if hit else [],
                "no_items": others("P1") + ([] if hit else [{"rule": "dummy:P1"}])})
T35 = dict(fill=False, starter=2, pile="6♦", stock="9♥ 5♠ 7♠ 4♠",
           hands=["7♥ 8♥ K♣ K♦ K♥ 10♥ 2♣", "3♣ 4♣ A♦ 9♠ 3♠ 5♥ J♠", "6♠ 6♣ Q♠ 2♥ 7♣ 10♦ 9♦",
                  "3♥ 5♦ 10♣ J♦ 4♥ 8♣ K♠"],
           moves=["take 6♦ meld 6♦ 6♠ 6♣", "discard 9♦", "draw", "discard 9♥", "take 9♥ meld 7♥ 8♥ 9♥",
                  "discard 2♣", "take 2♣ meld 2♣ 3♣ 4♣", "discard J♠", "draw", "discard 5♠", "draw", "discard 7♠",
                  "draw", "meld K♣ K♦ K♥", "layoff 10♥ on 7♥", "knock 4♠"])
for sub, rules, scores in [("a", {}, [110, 30, -10, -100]),
                           ("b_speto_x2", {"speto_in_hand_multiplier": 2}, [110, 30, -60, -100]),
                           ("c_no_dark_minus", {"dark_minus": False}, [110, 30, -10, -50])]:
    add(f"T35{sub}_normal_knock", "T35", "full normal-knock scoring", rules=rules, **T35,
        expect={"over": True, "scores": scores, "winner": 0, "no_items": NONE_PEN})
add("T36_dark_knock", "T36", "dark knock ×2 from a stock draw", players=2, fill=False,
    hands=["3♥ 4♥ 5♥ 6♥ 9♣ 9♦ 9♠", "2♥"], stock="K♦", pile="5♣",
    moves=["draw", "meld 3♥ 4♥ 5♥ 6♥", "meld 9♣ 9♦ 9♠", "knock K♦"],
    expect={"over": True, "scores": [190, -10], "items": [{"seat": 0, "rule": "dummy:B20", "points": 95}]})
add("T37a_colour_knock", "T37", "colour knock ×2", players=2, fill=False,
    hands=["8♠ 2♠ 3♠ 4♠", "2♥"], stock="9♥", pile="5♣", table=[(0, "5♠ 6♠ 7♠")], born=[0],
    moves=["draw", "layoff 8♠ on 5♠", "meld 2♠ 3♠ 4♠", "knock 9♥"],
    expect={"over": True, "scores": [180, -10], "items": [{"seat": 0, "rule": "dummy:B21", "points": 90}]})
add("T37b_not_colour", "T37", "a 7♦ lay-off spoils the colour knock", players=2, fill=False,
    hands=["8♠ 2♠ 3♠ 4♠ 7♦", "2♥"], stock="9♥", pile="5♣", table=[(0, "5♠ 6♠ 7♠"), (1, "4♦ 5♦ 6♦")], born=[0, 1],
    moves=["draw", "layoff 7♦ on 4♦", "layoff 8♠ on 5♠", "meld 2♠ 3♠ 4♠", "knock 9♥"],
    expect={"over": True, "scores": [95, 10], "no_items": [{"rule": "dummy:B21"}]})
add("T38_dark_colour_knock", "T38", "dark colour knock ×4", players=2, fill=False,
    hands=["2♦ 3♦ 4♦ 5♦ 9♦ 10♦ J♦", "2♥"], stock="6♣", pile="5♣",
    moves=["draw", "meld 2♦ 3♦ 4♦ 5♦", "meld 9♦ 10♦ J♦", "knock 6♣"],
    expect={"over": True, "scores": [400, -10], "items": [{"seat": 0, "rule": "dummy:B22", "points": 300}]})
add("T39_penalties_not_multiplied", "T39", "penalties are not multiplied; dark minus plus a penalty",
    fill=False, pile="5♦ 6♦", stock="9♠ 2♠ 9♣ 8♦ 3♠", table=[(1, "K♥ K♦ K♣")], born=[1],
    hands=["K♠ 2♥ 3♥ 4♥ 5♥ 7♠ 8♠", "2♦ 3♦ 6♥ 7♥ 8♥", "3♣ 4♠ 5♠ 6♠ 7♣ 8♣ 6♣", "7♦ 5♣ 4♦ 9♥ 9♦ 4♣"],
    moves=dd("K♠") + dd("2♠") + dd("9♣") + ["draw", "discard 7♦", "draw", "meld 2♥ 3♥ 4♥ 5♥",
                                               "meld 7♠ 8♠ 9♠", "knock 3♠"],
    expect={"over": True, "scores": [130, 5, -70, -110],
            "items": [pen(0, "O3", "K♠"), pen(3, "O4", "7♦"), {"seat": 0, "rule": "dummy:B20", "points": 90}]})
# T40: illegal actions
add("T40a_unborn_tables_then_discards", "T40", "unborn drawer melds from hand, then a discard is refused (B13)",
    hands=["3♥ 4♥ 5♥ 9♣ 9♦ 9♠ K♦", "", "", ""], fill=False, stock="6♥", pile="2♦",
    moves=["draw", "meld 3♥ 4♥ 5♥", "discard K♦"], expect={"error_at": 2})
add("T40b_pickup_without_hand_card", "T40", "pickup meld 8♣ 8♥ 8♠ with no hand card is refused (B11)",
    hands=["", "", "", ""], pile="5♦ 8♣ 8♥ 8♠", starter=1, moves=["take 8♣ meld 8♣ 8♥ 8♠"], expect={"error_at": 0})
add("T40c1_ace_low_run", "T40", "A♣ 2♣ 3♣ is not a run (B9)", hands=["A♣ 2♣ 3♣", "", "", ""], pile="5♦",
    table=[(0, "7♥ 8♥ 9♥")], born=[0], moves=["draw", "meld A♣ 2♣ 3♣"], expect={"error_at": 1})
add("T40c2_wrap_run", "T40", "K♠ A♠ 2♠ is not a run (B8)", hands=["K♠ A♠ 2♠", "", "", ""], pile="5♦",
    table=[(0, "7♥ 8♥ 9♥")], born=[0], moves=["draw", "meld K♠ A♠ 2♠"], expect={"error_at": 1})
add("T40d1_discard_last_card", "T40", "one card left after plays: discard refused, knock required (B17)",
    hands=["5♠ K♦", "", "", ""], fill=False, stock="6♠", pile="5♦", table=[(0, "2♠ 3♠ 4♠")], born=[0],
    moves=["draw", "layoff 5♠ 6♠ on 2♠", "discard K♦"], expect={"error_at": 2})
add("T40d2_meld_leaves_nothing", "T40", "a meld that would leave 0 cards is refused (B15)",
    hands=["7♣ 8♣", "", "", ""], fill=False, stock="9♣", pile="5♦", table=[(0, "2♠ 3♠ 4♠")], born=[0],
    moves=["draw", "meld 7♣ 8♣ 9♣"], expect={"error_at": 1})
add("T40e_pickup_takes_all_above", "T40", "taking 8♣ takes 3♥ too; 3♥ can then be discarded",
    hands=["", "8♦ 8♥ K♠", "", ""], pile="5♦ 8♣ 3♥", starter=1,
    moves=["take 8♣ meld 8♣ 8♦ 8♥", "discard 3♥"], expect={"over": False, "no_items": NONE_PEN})
add("T40f_unborn_layoff", "T40", "an unborn player may not lay off without knocking (B13)",
    hands=["7♦ K♣ 2♥", "", "", ""], pile="5♣", table=[(1, "4♦ 5♦ 6♦")], born=[1],
    moves=["draw", "layoff 7♦ on 4♦"], expect={"error_at": 1})
# T41: stock exhaustion.  All 29 other cards must lie in the pile, which then holds 8♣ and 9♣:
# A's 7♣ would be ทิ้งเต็ม, so O4 is switched off here (see docs).
T41_A = "3♦ 4♣ 6♦ 7♠ 8♦ 2♥ 5♣ 7♣"
T41_B = "K♥ K♠ 2♦ 6♣ 8♥ 3♠ 4♥ 7♦ 9♥ J♣ 5♠"
for sub, rules, b in [("a", {}, -70), ("b_dark_minus", {"dark_minus_on_stock_out": True}, -140)]:
    add(f"T41{sub}_stock_out", "T41", "stock exhaustion: B has a final turn, passes", players=2, fill=False,
        hands=[T41_A, T41_B], stock="Q♦", table=[(0, "9♠ 10♠ J♠")], born=[0],
        pile=("A♠ 2♠ 4♠ 5♠ 6♠ 8♠ Q♠ A♥ 3♥ 5♥ 6♥ 7♥ 10♥ J♥ Q♥ A♦ 3♦ 4♦ 5♦ 9♦ 10♦ J♦ Q♦ K♦ A♣ 2♣ 3♣ 8♣ 9♣ "
              "10♣ Q♣ K♣").replace("3♦ 4♦", "4♦").replace("Q♦ K♦", "K♦").replace("5♠ 6♠", "6♠"),
        rules={"opt_ting_tem": 0, **rules},
        moves=["draw", "discard 7♣", "pass"],
        expect={"over": True, "scores": [-20, b], "winner": 0, "no_items": NONE_PEN})
add("T41c_final_pickup_knock", "T41", "variant: in the final turn B picks up deep and dark-knocks", players=2,
    fill=False, hands=[T41_A, T41_B], stock="Q♦", table=[(0, "9♠ 10♠ J♠")], born=[0],
    pile=S[-1]["pile"], rules={"opt_ting_tem": 0},
    moves=["draw", "discard 7♣", "take 2♠ meld 2♠ 2♦ 2♣", "meld 10♥ 10♦ 10♣", "meld Q♠ Q♥ Q♣", "meld K♠ K♥ K♦",
           "meld 3♠ 3♥ 3♣", "meld 7♥ 7♦ 7♣", "meld A♥ A♦ A♣", "meld 8♠ 8♥ 8♣", "meld 9♥ 9♦ 9♣", "meld J♥ J♦ J♣",
           "meld 6♠ 6♥ 6♣", "meld 5♠ 5♥ 5♦", "meld 4♠ 4♥ 4♦", "knock K♣"],
    expect={"over": True, "winner": 1, "items": [
        {"seat": 0, "rule": "dummy:S2", "points": 25}, {"seat": 0, "rule": "dummy:S2", "points": -45},
        {"seat": 1, "rule": "dummy:B20"}, {"seat": 1, "rule": "dummy:B19", "points": 50}],
        "no_items": [{"rule": "dummy:S4"}]})
for sub, rules in [("a", {}), ("b_strict_first", {"ti_on_mode": "strict_first"})]:
    add(f"T42{sub}_ti_on_and_speto", "T42", "ตีอ้อน (A) and ปี้สเปโต (B) in one meld",
        hands=["3♣", "2♣", "4♣ K♥", ""], pile="5♦ 9♥", rules=rules,
        moves=dd("3♣") + dd("2♣") + ["take 3♣ meld 2♣ 3♣ 4♣", "discard K♥"],
        expect={"scores": [-50, -50, 0, 0], "items": [pen(0, "O8", "3♣"), pen(1, "O7", "2♣")],
                "no_items": others("O7", "O8")})

SCENARIOS = S

# B4 across hands: C (seat 2) wins hand 1 by knocking (T33), so C starts hand 2; hand 2 is
# written without a starter, and its first move is C's.
_T33 = next(x for x in S if x["id"] == "T33_fool")
MATCHES = [{
    "id": "M01_winner_starts_next_hand", "players": 4, "spec": "dummy.md B4, B29",
    "title": "the knocker of hand 1 starts hand 2", "rules": {"match_target": 1000},
    "deals": [{k: _T33[k] for k in ("hands", "pile", "stock", "starter", "fill", "moves")},
              {"hands": ["", "", "J♣ Q♣", ""], "pile": "5♦", "moves": ["draw", "discard J♣"]}],
    "expect": {"over": False, "scores": [-70, -120, 190, -70]}}]
