"""Regenerates the scenario files in scenarios/ (run from the repo root:
``.venv/bin/python -m tests.games.gin.make_scenarios``).  The JSON files are the tests; this
script only documents how their stacked deals were built."""
# ruff: noqa: E501

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.games.gin.helpers import make_deal

OUT = Path(__file__).parent / "scenarios"


def write(name: str, data: dict[str, Any]) -> None:
    data = {"game": "gin", "players": 2, **data}
    (OUT / f"{name}.json").write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")


def dead_moves(deal: dict[str, Any], draws: int) -> list[str]:
    moves = ["pass", "pass"]
    for i in range(draws):
        moves += ["draw", "discard " + deal["stock"][i]]
    return moves


def main() -> None:
    # GT-04
    d = make_deal("2s 4s 6s 8s Ts 2h 4h 6h 8h Th", "3s 5s 7s 9s Js 3h 5h 7h 9h Jh", "Kc", "Qc")
    write("gt04_both_pass_then_take", {"title": "GT-04: after both pass, the non-dealer may only draw from the stock",
          "spec": "gin.md rules 11-14", "deal": d, "moves": ["pass", "pass", "take"], "expect": {"error_at": 2, "over": False}})
    write("gt04_rediscard_taken_upcard", {"title": "GT-04: the upcard taken may not be discarded in the same turn",
          "spec": "gin.md rule 17", "deal": d, "moves": ["take", "discard K♣"], "expect": {"error_at": 1}})
    write("gt04_rediscard_allowed", {"title": "GT-04 variant: allow_rediscard_taken=true permits it",
          "spec": "gin.md rule 17", "rules": {"allow_rediscard_taken": True}, "deal": d, "moves": ["take", "discard K♣"],
          "expect": {"over": False}})
    write("gt04_knock_discard_taken", {"title": "Rule 17 clarification: the taken card may not be the knock discard either",
          "spec": "gin.md rule 17, Clarifications",
          "deal": make_deal("2c 3c 4c 5h 6h 7h 9s 9d 9h 6d", "8h 9c Ks Kd Kh Qs Jd 3d 2s As", "Qc"),
          "moves": ["take", "knock Q♣"], "expect": {"error_at": 1}})

    # GT-05 / GT-06
    d6 = make_deal("2c 3c 4c 5h 6h 7h 9s 9d 9h 6d", "8h 9c Ks Kd Kh Qs Jd 3d 2s As", "Tc", "Qc")
    write("gt06_knock_layoffs", {"title": "GT-05/GT-06: knock with K=6; defender melds KKK, lays off 8h and 9c; D=26",
          "spec": "gin.md rules 19, 25, 31, A.15 GT-06", "deal": d6, "moves": ["pass", "pass", "draw", "knock Q♣"],
          "expect": {"over": True, "scores": [20, 0], "winner": 0,
                     "items": [{"seat": 0, "rule": "gin:31", "points": 20, "cards": ["6♦", "Q♠", "J♦", "3♦", "2♠", "A♠"]}]}})
    write("gt06_knock_named_arrangement", {"title": "GT-06 with the knocker's arrangement named; manual defender",
          "spec": "gin.md rules 20, 25, 29", "rules": {"defender_auto": False}, "deal": d6,
          "moves": ["pass", "pass", "draw", "knock Q♣ [2♣ 3♣ 4♣] [5♥ 6♥ 7♥] [9♠ 9♦ 9♥]",
                    "meld K♠ K♦ K♥", "layoff 8♥ [5♥ 6♥ 7♥]", "layoff 9♣ [9♠ 9♦ 9♥]", "done"],
          "expect": {"over": True, "scores": [20, 0], "items": [{"seat": 0, "rule": "gin:31", "points": 20}]}})
    d5 = make_deal("2c 3c 4c 5h 6h 7h 9s 9d Js Qs", "8h 9c Ks Kh Ah Jd 3d 2s As 5c", "Tc", "Kd")
    write("gt05_knock_over_limit", {"title": "GT-05 variant: best deadwood after a discard is 38, so a knock is illegal",
          "spec": "gin.md rule 19", "deal": d5, "moves": ["pass", "pass", "draw", "knock K♦"], "expect": {"error_at": 3}})

    # GT-07 gin
    d7 = make_deal("As 2s 3s 4h 5h 6h Jc Jd Jh Js", "7h 3h Kc Kd Ks 8c 9c Tc 2d 5d", "Qh", "Qd")
    write("gt07_gin_no_layoffs", {"title": "GT-07: gin; 7h and 3h may not be laid off; D=17, knocker +42",
          "spec": "gin.md rules 23, 27, 30", "deal": d7, "moves": ["pass", "pass", "draw", "gin Q♦"],
          "expect": {"over": True, "scores": [42, 0], "winner": 0,
                     "items": [{"seat": 0, "rule": "gin:30", "points": 42, "cards": ["7♥", "3♥", "2♦", "5♦"]}]}})
    write("gt07_gin_manual_layoff_refused", {"title": "GT-07 manual defender: a layoff against gin is refused",
          "spec": "gin.md rule 27", "rules": {"defender_auto": False}, "deal": d7,
          "moves": ["pass", "pass", "draw", "gin Q♦", "meld K♣ K♦ K♠", "meld 8♣ 9♣ 10♣", "layoff 7♥ [4♥ 5♥ 6♥]"],
          "expect": {"error_at": 6}})
    write("gt07_gin_manual", {"title": "GT-07 manual defender melds his own cards, then done",
          "spec": "gin.md rules 27, 30", "rules": {"defender_auto": False}, "deal": d7,
          "moves": ["pass", "pass", "draw", "gin Q♦", "meld K♣ K♦ K♠", "meld 8♣ 9♣ 10♣", "done"],
          "expect": {"scores": [42, 0], "items": [{"rule": "gin:30", "points": 42}]}})

    # GT-08 undercut
    d8 = make_deal("5c 6c 7c 8s 8h 8d Jh Qh Kh 9s", "4c 8c 2h 3h 4h Ts Js Qs As 3s", "2d", "Kd")
    g8 = {"spec": "gin.md rules 25, 32", "deal": d8, "moves": ["pass", "pass", "draw", "knock K♦"]}
    write("gt08_undercut", {"title": "GT-08: K=9, defender lays off 4c 8c, melds 2h3h4h TsJsQs; D=4: undercut +30", **g8,
          "expect": {"scores": [0, 30], "winner": 1, "items": [{"seat": 1, "rule": "gin:32", "points": 30}]}})
    write("gt08_undercut_bonus10", {"title": "GT-08 with undercut_bonus=10: +15", **g8, "rules": {"undercut_bonus": 10},
          "expect": {"scores": [0, 15], "items": [{"seat": 1, "rule": "gin:32", "points": 15}]}})
    write("gt08_classic", {"title": "GT-08 under the classic preset (undercut 10): +15", **g8, "preset": "classic",
          "expect": {"scores": [0, 15]}})

    # GT-09 tie
    d9 = make_deal("As 2s 3s 4c 5c 6c 7d 8d 9d 5h", "Ks Kc Kd Qs Qc Qd Js Jc Jd 5d", "2h", "Th")
    g9 = {"spec": "gin.md rule 32", "deal": d9, "moves": ["pass", "pass", "draw", "knock 10♥"]}
    write("gt09_tie_is_undercut", {"title": "GT-09: K=5, D=5: a tie is an undercut, defender +25", **g9,
          "expect": {"scores": [0, 25], "winner": 1, "items": [{"seat": 1, "rule": "gin:32", "points": 25}]}})
    write("gt09_tie_openspiel", {"title": "GT-09 with undercut_on_tie=false: 0/0, nobody wins", **g9,
          "rules": {"undercut_on_tie": False},
          "expect": {"scores": [0, 0], "winner": [], "items": [{"rule": "gin:32", "points": 0}]}})

    # GT-10
    d10 = make_deal("As 2s 3s 4h 5h 6h 7c 8c 9c 3d", "4s 5s 7h Kc Kd Kh Qd Qc Qh Tc", "2h", "Jd")
    write("gt10_undercut_zero", {"title": "GT-10: K=3 (no gin); defender reaches D=0 with layoffs: +28",
          "spec": "gin.md rules 26, 32", "deal": d10, "moves": ["pass", "pass", "draw", "knock J♦"],
          "expect": {"scores": [0, 28], "items": [{"seat": 1, "rule": "gin:32", "points": 28}]}})

    # GT-11 chaining
    d11 = make_deal("6s 7s 8s 2h 2d 2c Jd Qd Kd Ac", "9s Ts 3c 5d 7h 9h Jh Kc 4d 8c", "5s", "Qh")
    g11 = {"spec": "gin.md rule 26", "rules": {"defender_auto": False}, "deal": d11}
    write("gt11_layoff_chain", {"title": "GT-11: lay off 9s then 10s on 6s7s8s (chained)", **g11,
          "moves": ["pass", "pass", "draw", "knock Q♥", "layoff 9♠ [6♠ 7♠ 8♠]", "layoff 10♠ [6♠ 7♠ 8♠ 9♠]", "done"],
          "expect": {"scores": [55, 0], "items": [{"seat": 0, "rule": "gin:31", "points": 55}]}})
    write("gt11_layoff_chain_order", {"title": "GT-11: 10s cannot go on 6s7s8s before 9s", **g11,
          "moves": ["pass", "pass", "draw", "knock Q♥", "layoff 10♠ [6♠ 7♠ 8♠]"], "expect": {"error_at": 4}})
    write("gt11_layoff_chain_auto", {"title": "GT-11, automatic defender", "spec": "gin.md rules 26, 29", "deal": d11,
          "moves": ["pass", "pass", "draw", "knock Q♥"],
          "expect": {"scores": [55, 0], "items": [{"seat": 0, "rule": "gin:31", "points": 55}]}})

    # GT-12 dead hand
    d12 = make_deal("2s 4s 6s 8s Ts 2h 4h 6h 8h Th", "3s 5s 7s 9s Js 3h 5h 7h 9h Jh", "Kc")
    write("gt12_dead_hand", {"title": "GT-12: the third-last stock card is drawn and discarded: dead hand",
          "spec": "gin.md rule 35", "deal": d12, "moves": dead_moves(d12, 29),
          "expect": {"over": True, "scores": [0, 0], "winner": [], "items": [{"seat": 0, "rule": "gin:35", "points": 0}]}})
    write("gt12_no_draw_below_two", {"title": "GT-12: nothing is drawn once two stock cards are left",
          "spec": "gin.md rule 35", "deal": d12, "moves": dead_moves(d12, 29) + ["draw"], "expect": {"error_at": 60}})
    # fiftieth card: seat 0 makes the 29th draw (draws alternate 0,1,0,... -> draw 29 is seat 0's)
    d12b = make_deal("2s 4s 6s 8s Ts 2h 4h 6h 8h Th", "Ac 2c 3c 4d 5d 6d 7d 8d 9d Kh", "Kc")
    m = dead_moves(d12b, 29)
    write("gt12_fiftieth_take_and_knock", {"title": "GT-12: fiftieth_card_pickup: B takes the 50th card to knock at once",
          "spec": "gin.md rule 36", "rules": {"fiftieth_card_pickup": True}, "deal": d12b,
          "moves": m + ["take", "knock K♥"], "expect": {"over": True, "items": [{"seat": 1, "rule": "gin:31"}]}})
    write("gt12_fiftieth_take_then_discard", {"title": "GT-12: after the 50th-card pickup only a knock is allowed",
          "spec": "gin.md rule 36", "rules": {"fiftieth_card_pickup": True}, "deal": d12b,
          "moves": m + ["take", "discard K♥"], "expect": {"error_at": 61}})
    write("gt12_fiftieth_pass", {"title": "GT-12: B passes the 50th card: dead hand",
          "spec": "gin.md rules 35-36", "rules": {"fiftieth_card_pickup": True}, "deal": d12b,
          "moves": m + ["pass"], "expect": {"over": True, "scores": [0, 0], "items": [{"rule": "gin:35"}]}})
    write("gt12_fiftieth_take_refused", {"title": "GT-12: B may not take the 50th card when he cannot knock with it",
          "spec": "gin.md rule 36", "rules": {"fiftieth_card_pickup": True}, "deal": d12,
          "moves": dead_moves(d12, 29) + ["take"], "expect": {"error_at": 60}})

    # GT-15 Oklahoma
    d15 = make_deal("As 2s 3s 4h 5h 6h 9c 9d 9h 8c", "Kc Kd 2c 5d Qs 3c Jh 4d 7s 6s", "7c", "Jc")
    ok = {"oklahoma": True}
    write("gt15_oklahoma_over_limit", {"title": "GT-15: Oklahoma upcard 7c: a knock with 8 is illegal",
          "spec": "gin.md rule 42", "rules": ok, "deal": d15, "moves": ["pass", "pass", "draw", "knock J♣"],
          "expect": {"error_at": 3}})
    d15b = make_deal("As 2s 3s 4h 5h 6h 9c 9d 9h 7d", "Kc Kd 2c 5d Qs 3c Jh 4d 7s 6s", "7c", "Jc")
    write("gt15_oklahoma_at_limit", {"title": "GT-15: Oklahoma upcard 7c: a knock with 7 is legal",
          "spec": "gin.md rule 42", "rules": ok, "deal": d15b, "moves": ["pass", "pass", "draw", "knock J♣"],
          "expect": {"over": True, "items": [{"seat": 0, "rule": "gin:31"}]}})
    d15c = make_deal("As 2s 3s 4h 5h 6h 9c 9d 9h 2d", "Kc Kd 2c 5d Qs 3c Jh 4d 7s 6s", "Ah", "Jc")
    write("gt15_oklahoma_ace_gin_only", {"title": "GT-15: Oklahoma ace upcard: a knock with 2 is illegal",
          "spec": "gin.md rule 43", "rules": ok, "deal": d15c, "moves": ["pass", "pass", "draw", "knock J♣"],
          "expect": {"error_at": 3}})
    d15d = make_deal("As 2s 3s 4h 5h 6h 9c 9d 9h 2d", "Kc Kd 2c 5d Qs 3c Jh 4d 7s 6s", "Ah", "7h")
    write("gt15_oklahoma_ace_gin", {"title": "GT-15: Oklahoma ace upcard: gin is legal",
          "spec": "gin.md rule 43", "rules": ok, "deal": d15d, "moves": ["pass", "pass", "draw", "gin 2♦"],
          "expect": {"over": True, "items": [{"seat": 0, "rule": "gin:30"}]}})
    d15e = make_deal("As 2s 3s 4h 5h 6h 9c 9d 9h 3d", "Kc Kd Kh Qc Qd Qh 2c 5d 3c Th", "4s", "Jc")
    write("gt15_oklahoma_spade_double", {"title": "GT-15: spade upcard 4s doubles: K=3 vs D=20 -> +34",
          "spec": "gin.md rules 42, 44", "rules": {"oklahoma": True, "oklahoma_spade_double": True}, "deal": d15e,
          "moves": ["pass", "pass", "draw", "knock J♣"],
          "expect": {"scores": [34, 0], "items": [{"seat": 0, "rule": "gin:31", "points": 34}]}})

    # GT-16 big gin
    d16 = make_deal("As 2s 3s 4s 5h 6h 7h Jc Jd Jh", "Kc Kd Kh 8d 9d Td Ad 2h 3c 6c", "Qh", "Js")
    write("gt16_big_gin", {"title": "GT-16: big gin on: 31 + D 12 = +43", "spec": "gin.md rule 24",
          "rules": {"big_gin": True}, "deal": d16, "moves": ["pass", "pass", "draw", "biggin"],
          "expect": {"scores": [43, 0], "items": [{"seat": 0, "rule": "gin:30", "points": 43}]}})
    write("gt16_big_gin_off", {"title": "GT-16: big gin off: discard one card keeping 0 deadwood: 25 + 12 = +37",
          "spec": "gin.md rules 23-24", "deal": d16, "moves": ["pass", "pass", "draw", "gin A♠"],
          "expect": {"scores": [37, 0], "items": [{"seat": 0, "rule": "gin:30", "points": 37}]}})
    write("gt16_big_gin_refused", {"title": "GT-16: biggin is refused when big_gin is off", "spec": "gin.md rule 24",
          "deal": d16, "moves": ["pass", "pass", "draw", "biggin"], "expect": {"error_at": 3}})

    # GT-17 match: A (seat 0) wins hand 1 dealt by B (seat 1); hand 2 is dead; hand 3 dealt by B again
    h1 = make_deal("2c 3c 4c 5h 6h 7h 9s 9d 9h 6d", "8h 9c Ks Kd Kh Qs Jd 3d 2s As", "Tc", "Qc", dealer=1)
    h2 = make_deal("2s 4s 6s 8s Ts 2h 4h 6h 8h Th", "3s 5s 7s 9s Js 3h 5h 7h 9h Jh", "Kc")
    h3 = make_deal("2s 4s 6s 8s Ts 2h 4h 6h 8h Th", "3s 5s 7s 9s Js 3h 5h 7h 9h Jh", "Kc")
    del h2["dealer"], h3["dealer"]
    # in hands 2 and 3 the dealer is seat 1, so seat 0 acts first again
    write("gt17_match_dealers", {"title": "GT-17: the loser deals; after a dead hand the same dealer deals again",
          "spec": "gin.md rules 9, 35, Clarifications",
          "deals": [{"deal": h1, "moves": ["pass", "pass", "draw", "knock Q♣"]},
                    {"deal": h2, "moves": dead_moves(h2, 29)},
                    {"deal": h3, "moves": ["pass"]}],
          "expect": {"over": False, "scores": [20, 0]}})
    TEMPLATES = {  # knocker hand, defender hand, upcard, stock top, knock move
        "gt06": ("2c 3c 4c 5h 6h 7h 9s 9d 9h 6d", "8h 9c Ks Kd Kh Qs Jd 3d 2s As", "Tc", "Qc", "knock Q♣"),   # knocker +20
        "gt07": ("As 2s 3s 4h 5h 6h Jc Jd Jh Js", "7h 3h Kc Kd Ks 8c 9c Tc 2d 5d", "Qh", "Qd", "gin Q♦"),     # knocker +42
        "gt09": ("As 2s 3s 4c 5c 6c 7d 8d 9d 5h", "Ks Kc Kd Qs Qc Qd Js Jc Jd 5d", "2h", "Th", "knock 10♥"),  # defender +25
        "gt10": ("As 2s 3s 4h 5h 6h 7c 8c 9c 3d", "4s 5s 7h Kc Kd Kh Qd Qc Qh Tc", "2h", "Jd", "knock J♦"),   # defender +28
    }


    def hand(name: str, knocker: int) -> dict[str, Any]:
        k, d, up, top, move = TEMPLATES[name]
        h = [k, d] if knocker == 0 else [d, k]
        deal = make_deal(h[0], h[1], up, top, dealer=1 - knocker)
        return {"deal": deal, "moves": ["pass", "pass", "draw", move]}




    gt13 = [hand("gt07", 0), hand("gt06", 1), hand("gt10", 1), hand("gt06", 1), hand("gt09", 1), hand("gt06", 0)]
    write("gt13_match_game_end", {
        "title": "GT-13: A at 95 with 3 hands won, B at 40 with 2; A wins a hand worth 20: A 315, B 90",
        "spec": "gin.md rules 37-38, 40",
        "deals": gt13,
        "expect": {"over": True, "winner": 0, "scores": [315, 90],
                   "items": [{"seat": 0, "rule": "gin:38", "points": 100}, {"seat": 0, "rule": "gin:38", "points": 100},
                             {"seat": 1, "rule": "gin:38", "points": 50}],
                   "no_items": [{"rule": "gin:39"}]}})
    gt14 = [hand("gt07", 0), hand("gt07", 0), hand("gt06", 0)]
    write("gt14_match_shutout", {
        "title": "GT-14: A reaches 104 winning 3 hands, B 0: shutout doubles A's total: 558",
        "spec": "gin.md rules 38-39", "deals": gt14,
        "expect": {"over": True, "winner": 0, "scores": [558, 0],
                   "items": [{"seat": 0, "rule": "gin:39", "points": 279}]}})
    write("gt14_match_shutout_double_bonuses", {
        "title": "GT-14 with shutout=double_bonuses: 104 + 2 x 175 = 454",
        "spec": "gin.md rule 39", "rules": {"shutout": "double_bonuses"}, "deals": gt14,
        "expect": {"over": True, "winner": 0, "scores": [454, 0],
                   "items": [{"seat": 0, "rule": "gin:39", "points": 175}]}})


if __name__ == "__main__":
    main()
