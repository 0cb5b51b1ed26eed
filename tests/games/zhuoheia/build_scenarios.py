"""Writes the §2.5 tribute scenario files (run by hand: python tests/games/zhuoheia/build_scenarios.py).

Each deal is stacked: the named cards go where the scenario says; the rest of the pack is
dealt lowest first to the seats with the lowest caps, so a giver's named cards are his largest.
The expectations are written from the spec's text, not from a run of the engine.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cardtable.cards import card_str, make_pack, parse_card
from cardtable.climbing import climb_rank

OUT = Path(__file__).parent / "scenarios"


def sizes(players: int, first: int) -> list[int]:
    out = [0] * players
    for i in range(54):
        out[(first + i) % players] += 1
    return out


def stack(players: int, first: int, fixed: dict[int, list[str]], caps: dict[int, int]) -> list[list[str]]:
    """Hands: ``fixed`` cards, then fill; seat s only gets fill cards of rank <= caps[s]."""
    want = sizes(players, first)
    hands = {s: [parse_card(c) for c in fixed.get(s, [])] for s in range(players)}
    used = {c for h in hands.values() for c in h}
    rest = sorted((c for c in make_pack(named_jokers=2) if c not in used), key=lambda c: (climb_rank(c), c))
    order = sorted(range(players), key=lambda s: caps.get(s, 99))
    for c in rest:
        for s in order:
            if len(hands[s]) < want[s] and caps.get(s, 99) >= climb_rank(c):
                hands[s].append(c)
                break
        else:
            raise ValueError(f"no place for {card_str(c)}")
    return [[card_str(c) for c in hands[s]] for s in range(players)]


def write(name: str, data: dict[str, Any]) -> None:
    (OUT / f"{name}.json").write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def trib(seat: int, card: str, giver: int) -> dict[str, Any]:
    return {"seat": seat, "rule": "zhuoheia:2.3", "cards": [card], "note": f"tribute from seat {giver}"}


def ret(seat: int, card: str, by: int) -> dict[str, Any]:
    return {"seat": seat, "rule": "zhuoheia:2.3", "cards": [card], "note": f"returned by seat {by}"}


K, Q, A_, TWO = 10, 9, 11, 12
A, B, C, D, E = 0, 1, 2, 3, 4


def main() -> None:
    # 1. A alone, order A C B D: B, C, D each give their largest to A; A returns 3; C, B, D pick.
    hands = stack(4, A, {B: ["BJ"], C: ["LJ"], D: ["2♠"], A: ["3♠", "4♠", "5♠"]},
                  {B: K, C: K, D: K})
    write("s1_alone_first", {
        "game": "zhuoheia", "players": 4, "description": "zhuoheia.md §2.5 scenario 1",
        "deal": {"hands": hands, "dealer": A, "prev_order": [A, C, B, D], "prev_dealer": A,
                 "prev_partner": A},
        "moves": ["give LJ", "give BJ", "give 2♠", "return 3♠ 4♠ 5♠", "pick 5♠", "pick 4♠"],
        "expect": {"over": False, "items": [
            trib(A, "BJ", B), trib(A, "LJ", C), trib(A, "2♠", D),
            ret(C, "5♠", A), ret(B, "4♠", A), ret(D, "3♠", A)]}})
    # 2. A alone, order B C A D: A gives his 2 largest (larger to B); D gives 1 to A.
    hands = stack(4, B, {A: ["BJ", "LJ", "4♠"], D: ["2♠"], B: ["3♠"], C: ["3♥"]},
                  {A: K, D: K})
    write("s2_alone_opponent_first", {
        "game": "zhuoheia", "players": 4, "description": "zhuoheia.md §2.5 scenario 2",
        "deal": {"hands": hands, "dealer": B, "prev_order": [B, C, A, D], "prev_dealer": A,
                 "prev_partner": A},
        "moves": ["give BJ LJ", "give 2♠", "return 3♠", "return 3♥", "return 4♠"],
        "expect": {"over": False, "items": [
            trib(B, "BJ", A), trib(C, "LJ", A), trib(A, "2♠", D),
            ret(A, "3♠", B), ret(A, "3♥", C), ret(D, "4♠", A)]}})
    # 3. A 庄家, C A♠; order A C B D: B gives BJ (to A) and 2♠ (to C); D gives LJ, A♥.
    hands = stack(4, A, {B: ["BJ", "2♠"], D: ["LJ", "A♥"], A: ["3♠", "4♠"], C: ["5♠", "6♠", "A♠"]},
                  {B: A_, D: K})
    write("s3_dealer_partner_first_second", {
        "game": "zhuoheia", "players": 4, "description": "zhuoheia.md §2.5 scenario 3 (case c)",
        "deal": {"hands": hands, "dealer": A, "prev_order": [A, C, B, D], "prev_dealer": A,
                 "prev_partner": C},
        "moves": ["give BJ 2♠", "give LJ A♥", "return 3♠ 4♠", "pick 4♠", "return 5♠ 6♠", "pick 6♠"],
        "expect": {"over": False, "items": [
            trib(A, "BJ", B), trib(C, "2♠", B), trib(A, "LJ", D), trib(C, "A♥", D),
            ret(B, "4♠", A), ret(D, "3♠", A), ret(B, "6♠", C), ret(D, "5♠", C)]}})
    # 4. A 庄家, C partner; order B A D C.
    hands = stack(4, B, {A: ["2♠", "3♠"], D: ["BJ", "4♠"], C: ["LJ", "2♥"], B: ["5♠", "6♠"]},
                  {A: A_, D: K, C: A_})
    write("s4_opponent_first", {
        "game": "zhuoheia", "players": 4, "description": "zhuoheia.md §2.5 scenario 4 (case d)",
        "deal": {"hands": hands, "dealer": B, "prev_order": [B, A, D, C], "prev_dealer": A,
                 "prev_partner": C},
        "moves": ["give 2♠", "give BJ", "give LJ 2♥", "return 5♠ 6♠", "pick 6♠", "return 3♠",
                  "return 4♠"],
        "expect": {"over": False, "items": [
            trib(B, "2♠", A), trib(A, "BJ", D), trib(B, "LJ", C), trib(D, "2♥", C),
            ret(A, "6♠", B), ret(C, "5♠", B), ret(D, "3♠", A), ret(C, "4♠", D)]}})
    # 6. rule (i): A must give from his dealt hand; D's BJ has not reached him yet.
    write("s6_give_before_take", {
        "game": "zhuoheia", "players": 4, "description": "zhuoheia.md §2.5 scenario 6 (rule i)",
        "deal": {"hands": hands, "dealer": B, "prev_order": [B, A, D, C], "prev_dealer": A,
                 "prev_partner": C},
        "moves": ["give BJ"], "expect": {"error_at": 0}})
    # 5. five players, A+C vs B D E; order B A D C E.
    hands = stack(5, B, {A: ["2♠", "3♠", "4♠"], D: ["2♥", "5♠"], C: ["BJ", "LJ", "6♠"],
                         E: ["2♦", "2♣"], B: ["7♠", "8♠"]},
                  {A: A_, D: A_, C: A_, E: A_})
    write("s5_five_players", {
        "game": "zhuoheia", "players": 5, "description": "zhuoheia.md §2.5 scenario 5",
        "deal": {"hands": hands, "dealer": B, "prev_order": [B, A, D, C, E], "prev_dealer": A,
                 "prev_partner": C},
        "moves": ["give 2♠", "give 2♥", "give BJ LJ", "give 2♦ 2♣",
                  "return 7♠ 8♠", "pick 8♠", "return 3♠ 4♠", "pick 4♠", "return 5♠", "return 6♠"],
        "expect": {"over": False, "items": [
            trib(B, "2♠", A), trib(A, "2♥", D), trib(B, "BJ", C), trib(D, "LJ", C),
            trib(A, "2♦", E), trib(C, "2♣", E),
            ret(A, "8♠", B), ret(C, "7♠", B), ret(D, "4♠", A), ret(E, "3♠", A),
            ret(C, "5♠", D), ret(E, "6♠", C)]}})

    base_game()
    whole_deals()


def base_game() -> None:
    """§2.5 scenarios 7 and 8 as illegal-move files (the unit tests cover the rest)."""
    hands = stack(4, A, {A: ["3♠", "4♥", "5♦", "6♣", "7♠"], B: ["J♣", "Q♠", "K♥", "A♦", "2♣"]},
                  {A: 8, B: TWO})
    write("s7_straight_reply", {
        "game": "zhuoheia", "players": 4, "description": "zhuoheia.md §2.5 scenario 7: J-Q-K-A-2 is no straight",
        "deal": {"hands": hands, "dealer": A},
        "moves": ["play 3♠ 4♥ 5♦ 6♣ 7♠", "play J♣ Q♠ K♥ A♦ 2♣"], "expect": {"error_at": 1}})
    write("s7b_four_card_run", {
        "game": "zhuoheia", "players": 4, "description": "zhuoheia.md §2.5 scenario 7: 3-4-5-6 is no straight",
        "deal": {"hands": hands, "dealer": A},
        "moves": ["play 3♠ 4♥ 5♦ 6♣"], "expect": {"error_at": 0}})
    hands = stack(4, A, {A: ["LJ", "BJ"]}, {})
    write("s8_joker_pair", {
        "game": "zhuoheia", "players": 4, "description": "zhuoheia.md §2.5 scenario 8: LJ BJ is no pair",
        "deal": {"hands": hands, "dealer": A}, "moves": ["play LJ BJ"], "expect": {"error_at": 0}})
    write("s8b_joker_bomb_option", {
        "game": "zhuoheia", "players": 4, "rules": {"joker_pair_bomb": True},
        "description": "zhuoheia.md §2.0 config joker_pair_bomb: LJ BJ is the top bomb",
        "deal": {"hands": hands, "dealer": A}, "moves": ["play LJ BJ"], "expect": {"over": False}})


def _bot_moves(state: Any, seed: int) -> list[str]:
    import random

    from cardtable.games.zhuoheia.bots import HeuristicBot
    bot, rng = HeuristicBot(), random.Random(seed)
    out = []
    while not state.is_over:
        seat = state.to_move()[0]
        move = bot.choose(state.view(seat), state.legal_moves(seat), rng)
        state.apply(move, seat)
        out.append(state.move_text(move))
    return out


def whole_deals() -> None:
    """Whole hands played by the heuristic bot (regression transcripts).  The expected winning
    side is worked out here from the deal (庄家 + A♠ holder, §2.1) and the first to go out."""
    from cardtable.registry import new_game, new_match
    sa = parse_card("A♠")
    st = new_game("zhuoheia", 4, seed=2026)
    deal = st.deal.to_json()
    moves = _bot_moves(st, 1)
    dealer = deal["dealer"]
    holder = next(s for s, h in enumerate(st.deal.hands) if sa in h)
    team = {dealer, holder}
    first = st.finish_order[0]
    win = sorted(team if first in team else set(range(4)) - team)
    write("whole_first_hand", {
        "game": "zhuoheia", "players": 4, "description": "a whole first hand (face-up card, no tribute)",
        "deal": {k: v for k, v in deal.items() if k not in ("stock", "discard")}, "moves": moves,
        "expect": {"over": True, "winner": win, "scores": [0, 0, 0, 0], "items": [
            {"seat": first, "rule": "zhuoheia:2.4", "points": 0}]}})
    m = new_match("zhuoheia", 5, rules={"deals": 2, "score_per_hand": 1}, seed=77)
    deals = []
    totals = [0] * 5
    for k in range(2):
        st = m.state
        deal = {x: v for x, v in st.deal.to_json().items() if x in ("hands", "dealer", "faceup", "first_drawer")}
        moves = _bot_moves(st, k)
        team = {st.dealer, st.partner}
        first = st.finish_order[0]
        for s in range(5):
            totals[s] += 1 if (first in team) == (s in team) else -1
        deals.append({"deal": deal, "moves": moves})
        m.finish_deal()
        if k == 0:
            m.next_deal()
    write("whole_match_tribute", {
        "game": "zhuoheia", "players": 5, "rules": {"deals": 2, "score_per_hand": 1},
        "description": "a two-hand match: the second hand starts with tribute (§2.3)", "deals": deals,
        "expect": {"over": True, "scores": totals}})


if __name__ == "__main__":
    main()
