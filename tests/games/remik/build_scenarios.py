"""Writes the scenario files of remik.md §B.12 (run: python tests/games/remik/build_scenarios.py).

Every expectation below is worked out by hand from the spec (the comment names the rule);
the engine is not consulted.  Deals marked ``full`` list all 108 cards: the rest of the pack
goes to the bottom of the stock in pack order.  Short deals (cards out of play) are used where
the spec's figures cannot arise from a full deal; docs/games/remik.md says which and why.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from cardtable.cards import card_str, make_pack, parse_cards

HERE = Path(__file__).parent / "scenarios"
PACK = [card_str(c) for c in make_pack(packs=2, plain_jokers=4)]


def cs(text: str) -> list[str]:
    return [card_str(c) for c in parse_cards(text)]


def deal(hands: list[str], stock: str = "", starter: int = 0, discard: str = "",
         full: bool = True) -> dict[str, Any]:
    hs = [cs(h) for h in hands]
    st = cs(stock)
    dc = cs(discard)
    if full:
        used = Counter(c for h in hs for c in h) + Counter(st) + Counter(dc)
        left = Counter(PACK) - used
        assert not (used - Counter(PACK)), used - Counter(PACK)
        for c in PACK:
            if left[c] > 0:
                st.append(c)
                left[c] -= 1
    return {"hands": hs, "stock": st, "discard": dc, "starter": starter}


def write(name: str, data: dict[str, Any]) -> None:
    data = {"game": "remik", **data}
    (HERE / f"{name}.json").write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n",
                                       encoding="utf-8")


# Seat 0's plan in several deals: open with 7♠..K♠ and K♥ K♦ K♣ K♠ (64 + 40), keep 3♥ 4♥,
# later draw 5♥ and meld 3♥ 4♥ 5♥ to go out without a discard (rule 19).
A_OPEN = "7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ K♥ K♦ K♣ K♠ 3♥ 4♥ 6♣"
A_MOVES_T1 = ["meld [7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠] [K♥ K♦ K♣ K♠]", "discard 6♣"]
A_OUT = ["draw", "meld 3♥ 4♥ 5♥"]
# Seat B's plan: open with 2♦..9♦ (44) + Q♥ Q♣ Q♠ (30) = 74, pure run.
B_RUN_SET = "2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ Q♥ Q♣ Q♠"
B_OPEN = "meld [2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦] [Q♥ Q♣ Q♠]"


def main() -> None:
    HERE.mkdir(exist_ok=True)

    # RM-01 / RM-19 (discard route): loser (opened) holds A♠ JK 5♦ → 11+20+5 = 36.
    write("rm01_loser_ace_joker_five", {
        "spec": "remik.md RM-01, RM-19", "players": 2,
        "description": "seat 1 opened and is left with A♠ JK 5♦: 36 (rules 5, 29); seat 0 goes out "
                       "by discarding his last card (rules 18, 25, 28)",
        "deal": deal(["7♠ 8♠ 9♠ 10♠ J♠ Q♠ 4♦ 5♦ 6♦ 2♣ 2♦ 2♥ 9♣ 3♠",
                      "2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ A♠ JK 5♦ K♣"], "J♥ K♠"),
        "moves": ["meld 7♠ 8♠ 9♠ 10♠ J♠ Q♠", "meld 4♦ 5♦ 6♦", "meld 2♣ 2♦ 2♥", "discard 9♣",
                  "draw", "meld 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥", "discard K♣",
                  "draw", "lay K♠ @m1", "discard 3♠"],
        "expect": {"over": True, "winner": 0, "scores": [0, 36],
                   "items": [{"seat": 0, "rule": "remik:28", "points": 0},
                             {"seat": 1, "rule": "remik:29", "points": 36, "cards": ["A♠", "JK", "5♦"]}],
                   "no_items": [{"rule": "remik:31"}]}})

    # RM-19 (meld route): the last cards are laid off; no discard (rule 19).
    write("rm19_go_out_by_layoff", {
        "spec": "remik.md RM-19", "players": 2,
        "description": "seat 0 lays off his last two cards and goes out without a discard",
        "deal": deal(["7♠ 8♠ 9♠ 10♠ J♠ Q♠ 4♦ 5♦ 6♦ 2♣ 2♦ 2♥ 9♣ 6♠",
                      "2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ A♠ JK 5♦ K♣"], "J♥ K♠"),
        "moves": ["meld 7♠ 8♠ 9♠ 10♠ J♠ Q♠", "meld 4♦ 5♦ 6♦", "meld 2♣ 2♦ 2♥", "discard 9♣",
                  "draw", "meld 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥", "discard K♣",
                  "draw", "lay K♠ @m1", "lay 6♠ @m1"],
        "expect": {"over": True, "winner": 0, "scores": [0, 36],
                   "items": [{"seat": 0, "rule": "remik:28", "points": 0}]}})

    # RM-02: 2 players, seat 1 never opened with 90: 115 capped at threshold/2 = 50 (rule 30).
    hand90 = "2♣ 3♦ 4♠ 5♥ 6♣ 7♦ 8♠ 9♥ 10♣ J♦ Q♠ K♥ 6♦"   # 2+3+...+10 + 10+10+10 + 6 = 90
    write("rm02_two_players_unopened_cap", {
        "spec": "remik.md RM-02", "players": 2,
        "description": "never opened with 90: 90+25 = 115, capped at min(100, 100/2) = 50",
        "deal": deal([A_OPEN, hand90], "2♠ 5♥"),
        "moves": A_MOVES_T1 + ["draw", "discard 2♠"] + A_OUT,
        "expect": {"over": True, "winner": 0, "scores": [0, 50],
                   "items": [{"seat": 1, "rule": "remik:30", "points": 50}]}})

    # RM-03: 3 players; B never opened with 90 → min(115, 100) = 100; C never opened with 20 → 45.
    # A 13-card hand is worth at least 31, so C's 20 needs a short (written) hand.
    write("rm03_three_players_unopened", {
        "spec": "remik.md RM-03", "players": 3,
        "description": "B unopened 90 → 100 (cap min(100, 200/2)); C unopened 20 → 45. C's hand is "
                       "short (a 13-card hand cannot be worth 20)",
        "deal": deal([A_OPEN, hand90, "10♣ 8♣ 2♠"], "5♣ 9♠ 5♥", full=False),
        "moves": A_MOVES_T1 + ["draw", "discard 5♣", "draw", "discard 9♠"] + A_OUT,
        "expect": {"over": True, "winner": 0, "scores": [0, 100, 45],
                   "items": [{"seat": 1, "rule": "remik:30", "points": 100},
                             {"seat": 2, "rule": "remik:30", "points": 45}]}})

    # RM-04: 4 players; B opened 12 left; C opened 37 left; D never opened with 60 → 85.
    c_hand = "5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♥ J♦ J♠ K♦ Q♦ 10♣ 7♥"     # leftover K♦ Q♦ 10♣ 7♥ = 37
    d60 = "2♠ 2♥ 2♣ 3♠ 3♥ 3♣ 4♠ 4♦ 4♣ 6♥ 8♥ 9♣ 10♥"          # 6+9+12+6+8+9+10 = 60
    d80 = "2♠ 2♥ 2♣ 3♠ 3♥ 3♣ 10♥ 10♦ 10♣ 9♥ 9♦ 9♣ 8♣"       # 6+9+30+27+8 = 80
    moves4 = (A_MOVES_T1
              + ["draw", B_OPEN, "discard J♣"]
              + ["draw", "meld [5♠ 6♠ 7♠ 8♠ 9♠ 10♠] [J♥ J♦ J♠]", "discard 3♦"]
              + ["draw", "discard Q♣"] + A_OUT)
    b_hand = B_RUN_SET + " 5♣ 7♣"                              # leftover 5♣ 7♣ = 12
    for name, dh, dpts, what in (("rm04_four_players", d60, 85, "60 → 85"),
                                 ("rm04b_four_players_cap", d80, 100, "80 → 100, the cap")):
        write(name, {
            "spec": "remik.md RM-04", "players": 4,
            "description": f"B opened 12, C opened 37, D never opened ({what})",
            "deal": deal([A_OPEN, b_hand, c_hand, dh], "J♣ 3♦ Q♣ 5♥"),
            "moves": moves4,
            "expect": {"over": True, "winner": 0, "scores": [0, 12, 37, dpts],
                       "items": [{"seat": 1, "rule": "remik:29", "points": 12},
                                 {"seat": 2, "rule": "remik:29", "points": 37},
                                 {"seat": 3, "rule": "remik:30", "points": dpts}]}})

    # RM-20: B leaves a joker and an ace in hand and had opened: 20 + 11 = 31 (rule 5 [seed]).
    write("rm20_joker_and_ace_in_hand", {
        "spec": "remik.md RM-20", "players": 4,
        "description": "B keeps JK A♣ after opening: 31; the ace counts 11 in hand",
        "deal": deal([A_OPEN, B_RUN_SET + " JK A♣", c_hand, d60], "J♣ 3♦ Q♣ 5♥"),
        "moves": moves4,
        "expect": {"over": True, "winner": 0, "scores": [0, 31, 37, 85],
                   "items": [{"seat": 1, "rule": "remik:29", "points": 31, "cards": ["JK", "A♣"]}]}})

    # RM-05: match, 3 players; A opens and goes out in his first turn: remik z ręki.
    a_remik = "A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ 9♠ 9♦ 9♣ K♣"   # 55 + 27 = 82, keeps K♣ to discard
    write("rm05_match_remik_z_reki", {
        "spec": "remik.md RM-05", "players": 3,
        "description": "from 0/0/0 A makes remik z ręki: B and C 200 each, 200 reaches the "
                       "threshold 200, A wins the match",
        "deals": [{"deal": deal([a_remik, hand90, d60], ""),
                   "moves": ["meld [A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥] [9♠ 9♦ 9♣]", "discard K♣"]}],
        "expect": {"over": True, "winner": 0, "scores": [0, 200, 200],
                   "items": [{"seat": 0, "rule": "remik:28", "points": 0},
                             {"seat": 1, "rule": "remik:31", "points": 200},
                             {"seat": 2, "rule": "remik:31", "points": 200}]}})

    # RM-06: 2 players; A makes remik z ręki by melding all 14 cards; B pays 200, not the cap 50.
    a14 = "A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ 9♠ 9♦ 9♣"
    write("rm06_match_two_players_remik", {
        "spec": "remik.md RM-06", "players": 2,
        "description": "remik z ręki with two players: 200 replaces the 50 cap; 200 ≥ 100 ends the match",
        "deals": [{"deal": deal([a14, hand90], ""),
                   "moves": ["meld [A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥] [9♠ 9♦ 9♣]"]}],
        "expect": {"over": True, "winner": 0, "scores": [0, 200],
                   "items": [{"seat": 1, "rule": "remik:31", "points": 200}],
                   "no_items": [{"rule": "remik:30"}]}})
    write("rm06b_remik_only_two_of_clubs", {
        "spec": "remik.md RM-06", "players": 2,
        "description": "as the spec words it: B holds only 2♣ (a short written hand) and pays 200",
        "deal": deal([a14, "2♣"], "", full=False),
        "moves": ["meld [A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥] [9♠ 9♦ 9♣]"],
        "expect": {"over": True, "scores": [0, 200],
                   "items": [{"seat": 1, "rule": "remik:31", "points": 200, "cards": ["2♣"]}]}})

    # RM-07: B opened earlier (12 left); A opens and goes out in one turn; C never opened, 40.
    b14 = "7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ K♥ K♦ K♣ K♠ 5♣ 7♥ 3♥"
    c40 = "2♠ 2♦ 2♣ 2♠ 2♦ 2♣ 3♠ 3♦ 3♣ 4♠ 4♦ 4♣ 7♣"          # 12 + 9 + 12 + 7 = 40
    a13 = "A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ 9♠ 9♦ 9♣"
    write("rm07_not_remik_after_other_opened", {
        "spec": "remik.md RM-07", "players": 3,
        "description": "A opens and goes out in one turn but B had opened: no remik z ręki; "
                       "B 12, C 40+25 = 65",
        "deal": deal([a13, b14, c40], "Q♦ J♥", starter=1),
        "moves": ["meld [7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠] [K♥ K♦ K♣ K♠]", "discard 3♥",
                  "draw", "discard Q♦",
                  "draw", "meld [A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥] [9♠ 9♦ 9♣]"],
        "expect": {"over": True, "winner": 0, "scores": [0, 12, 65],
                   "items": [{"seat": 1, "rule": "remik:29", "points": 12},
                             {"seat": 2, "rule": "remik:30", "points": 65}],
                   "no_items": [{"rule": "remik:31"}]}})

    # RM-08: blocked deal; A opened 14 left, B opened 9, C not opened 30 → B wins: 14 / 0 / 55.
    # The stock runs out at C's turn (Clarification "Blocked deal"); C's 30 needs a short hand.
    a_blk = "7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ K♥ K♦ K♣ K♠ 4♣ 10♦ 9♣"
    write("rm08_blocked_deal", {
        "spec": "remik.md RM-08", "players": 3,
        "description": "the stock is empty at C's turn: blocked; lowest hand B (9) wins; "
                       "A 14, C 30+25 = 55",
        "deal": deal([a_blk, "3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ Q♥ Q♣ Q♠ 4♥ 5♥", "10♣ Q♦ K♥"], "J♣", full=False),
        "moves": ["meld [7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠] [K♥ K♦ K♣ K♠]", "discard 9♣",
                  "draw", "meld [3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦] [Q♥ Q♣ Q♠]", "discard J♣"],
        "expect": {"over": True, "winner": 1, "scores": [14, 0, 55],
                   "items": [{"seat": 1, "rule": "remik:32", "points": 0},
                             {"seat": 0, "rule": "remik:29", "points": 14},
                             {"seat": 2, "rule": "remik:30", "points": 55}]}})

    # RM-09: blocked; A 9, B 9, C 20, all opened: A and B both win (tie Decision, rule 27).
    write("rm09_blocked_tie", {
        "spec": "remik.md RM-09", "players": 3,
        "description": "blocked with A 9, B 9, C 20 (all opened): A 0, B 0, C 20",
        "deal": deal(["7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ K♥ K♦ K♣ K♠ 4♣ 5♣ 9♣",
                      "3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ Q♥ Q♣ Q♠ 4♥ 5♥",
                      "4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ J♥ J♦ J♣ 10♥ 10♣"], "J♣ 3♦", full=False),
        "moves": ["meld [7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠] [K♥ K♦ K♣ K♠]", "discard 9♣",
                  "draw", "meld [3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦] [Q♥ Q♣ Q♠]", "discard J♣",
                  "draw", "meld [4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠] [J♥ J♦ J♣]", "discard 3♦"],
        "expect": {"over": True, "winner": [0, 1], "scores": [0, 0, 20],
                   "items": [{"seat": 0, "rule": "remik:32", "points": 0},
                             {"seat": 1, "rule": "remik:32", "points": 0},
                             {"seat": 2, "rule": "remik:29", "points": 20}]}})

    # RM-18: an unopened player may not take the top discard unless he opens with it.
    write("rm18_unopened_take_rejected", {
        "spec": "remik.md RM-18", "players": 2,
        "description": "seat 1 has not opened and cannot open with 9♣: 'take' is rejected",
        "deal": deal([A_OPEN.replace("6♣", "9♣"), hand90], "2♠"),
        "moves": ["meld [7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠] [K♥ K♦ K♣ K♠]", "discard 9♣", "take"],
        "expect": {"error_at": 2, "over": False}})

    # RM-15: joker exchange in a whole deal.  Seat 1's run 5♥ JK=6♥ 7♥; seat 0 (opened) swaps
    # 6♥ for the joker and lays 9♣ 9♦ JK=9♥, then goes out.  Seat 1 keeps 4♣ 8♣ Q♣ K♣ 7♣ = 39.
    swap_hands = ["A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ 6♥ 9♣ 9♦ 3♣",
                  "5♥ JK 7♥ 9♦ 10♦ J♦ Q♦ K♦ 2♥ 4♣ 8♣ Q♣ K♣"]
    swap_start = ["meld A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠", "discard 3♣",
                  "draw", "meld [5♥ JK=6♥ 7♥] [9♦ 10♦ J♦ Q♦ K♦]", "discard 2♥", "draw"]
    write("rm15_joker_swap", {
        "spec": "remik.md RM-15, rules 23–24", "players": 2,
        "description": "swap 6♥ for the joker in m2 and use it at once in 9♣ 9♦ JK=9♥",
        "deal": deal(swap_hands, "7♣ 2♣"),
        "moves": swap_start + ["swap 6♥ @m2", "meld 9♣ 9♦ JK=9♥", "discard 2♣"],
        "expect": {"over": True, "winner": 0, "scores": [0, 39],
                   "items": [{"seat": 1, "rule": "remik:29", "points": 39}]}})
    # ... and the swap is illegal when the joker cannot be used this turn: seat 0 took 4♣ from
    # the pile and holds only 6♥ 4♣; after the swap every use of the joker would leave him
    # with the taken 4♣ alone, which he may not discard (rule 18).
    write("rm15b_joker_swap_unusable", {
        "spec": "remik.md RM-15", "players": 2,
        "description": "the swap is rejected: the joker could not be used this turn",
        "deal": deal(["A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ 6♥ 3♣", swap_hands[1]], "7♣ 2♣"),
        "moves": ["meld A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠", "discard 3♣",
                  "draw", "meld [5♥ JK=6♥ 7♥] [9♦ 10♦ J♦ Q♦ K♦]", "discard 4♣", "take",
                  "swap 6♥ @m2"],
        "expect": {"error_at": 6, "over": False}})

    # RM-16: match, 3 players; after deal 3 the totals are A 210, B 150, C 150: A reached the
    # threshold 200 but B and C share the lowest total, so one more deal; in it B +0, C +12 →
    # B wins (150 vs 162).  Deals rotate the starter 0, 1, 2, 0 (rule 11).
    hi_b = "10♦ J♦ Q♦ K♦ 10♣ J♣ Q♣ K♣ A♦ A♣ 9♦ 9♥ 8♥"       # 40+40+22+26 = 128 → 100
    hi_c = "10♥ J♥ Q♥ A♠ 10♦ J♦ Q♦ 10♣ J♣ Q♣ 9♠ 8♦ 7♦"       # 30+11+30+30+24 = 125 → 100
    d1 = deal([A_OPEN, hi_b, hi_c], "2♠ 2♦ 5♥")
    # deal 2 (starter B): B opens 3♦..10♦ (52) keeping 10♣ J♣ Q♦ K♣ 10♥ = 50; C opens and goes
    # out; A never opens with 13 cards worth ≥ 75 → 100.
    hi_a = "10♠ J♠ Q♠ A♠ A♦ 10♥ J♥ Q♥ K♥ A♥ 9♣ 8♣ 7♣"      # 52 + 51 + 24 = 127 → 100
    d2 = deal([hi_a, "3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ 10♣ J♣ Q♦ K♣ 10♥ 2♠",
               "7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ K♥ K♦ K♣ K♠ 3♥ 4♥"], "6♣ 2♣ 4♠ 5♥", starter=1)
    m2 = ["meld 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦", "discard 2♠",
          "draw", "meld [7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠] [K♥ K♦ K♣ K♠]", "discard 6♣",
          "draw", "discard 2♣", "draw", "discard 4♠", "draw", "meld 3♥ 4♥ 5♥"]
    # deal 3 (starter C): C opens 3♦..10♦ keeping 50; A opens 7♠..Q♠ keeping JK JK JK JK A♠ A♥ 8♣
    # = 110; B opens 4♣..10♣ + Q♥ Q♦ Q♣ Q♠ (89) and later goes out with 3♥ 4♥ 5♥.
    d3 = deal(["7♠ 8♠ 9♠ 10♠ J♠ Q♠ JK JK JK JK A♠ A♥ 8♣",
               "4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ Q♥ Q♦ Q♣ Q♠ 3♥ 4♥",
               "3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ 10♠ J♣ Q♦ K♣ 10♥ 2♠"], "K♦ 2♥ 6♥ 7♥ 5♥", starter=2)
    m3 = ["meld 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦", "discard 2♠",
          "draw", "meld 7♠ 8♠ 9♠ 10♠ J♠ Q♠", "discard K♦",
          "draw", "meld [4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣] [Q♥ Q♦ Q♣ Q♠]", "discard 2♥",
          "draw", "discard 6♥", "draw", "discard 7♥", "draw", "meld 3♥ 4♥ 5♥"]
    # deal 4 (starter A): A opens 7♠..A♠ + K♥ K♦ K♣ keeping 10♣ K♦ (20); B opens 3♦..10♦ +
    # J♥ J♦ J♣ and goes out; C opens 6♥..K♥ + Q♠ Q♦ Q♣ keeping 5♠ 7♥ (12).
    d4 = deal(["7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ K♥ K♦ K♣ 10♣ K♦ 2♣",
               "3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♥ J♦ J♣ 3♥ 4♥",
               "6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ Q♠ Q♦ Q♣ 5♠ 7♥"], "2♠ 4♠ 3♣ 5♥", starter=0)
    m4 = ["meld [7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠] [K♥ K♦ K♣]", "discard 2♣",
          "draw", "meld [3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦] [J♥ J♦ J♣]", "discard 2♠",
          "draw", "meld [6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥] [Q♠ Q♦ Q♣]", "discard 4♠",
          "draw", "discard 3♣", "draw", "meld 3♥ 4♥ 5♥"]
    write("rm16_match_tie_extra_deal", {
        "spec": "remik.md RM-16, rules 33–35", "players": 3,
        "description": "after deal 3: A 210, B 150, C 150 — the threshold is reached but B and C "
                       "tie for lowest, so a 4th deal is played: B +0, C +12 → B wins",
        "deals": [{"deal": d1, "moves": A_MOVES_T1 + ["draw", "discard 2♠", "draw", "discard 2♦"]
                   + A_OUT},
                  {"deal": d2, "moves": m2}, {"deal": d3, "moves": m3}, {"deal": d4, "moves": m4}],
        "expect": {"over": True, "winner": 1, "scores": [230, 150, 162],
                   "items": [{"seat": 1, "rule": "remik:30", "points": 100},
                             {"seat": 2, "rule": "remik:30", "points": 100},
                             {"seat": 0, "rule": "remik:30", "points": 100},
                             {"seat": 1, "rule": "remik:29", "points": 50},
                             {"seat": 0, "rule": "remik:29", "points": 110},
                             {"seat": 2, "rule": "remik:29", "points": 50},
                             {"seat": 0, "rule": "remik:29", "points": 20},
                             {"seat": 2, "rule": "remik:29", "points": 12}]}})


if __name__ == "__main__":
    main()
