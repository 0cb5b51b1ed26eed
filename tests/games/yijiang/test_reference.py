"""An independent reference for 议将夺墩算分, written from the spec text only (yijiang.md §9.1
rank A high, §9.3 auction end, §9.4 follow suit / trick winner, §9.5 scoring), compared with
the engine on whole random deals (audit).  It works on printed card symbols.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.registry import new_game

ORDER = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]   # §9.1: A high


def rank(card: str) -> int:
    return ORDER.index(card[:-1])


def ref_legal(hand: list[str], led: str | None) -> set[str]:
    """§9.4: follow the led suit if able; void: any card (trump or discard)."""
    if led is None:
        return set(hand)
    same = {c for c in hand if c[-1] == led}
    return same or set(hand)


def ref_winner(plays: list[tuple[int, str]], trump: str | None) -> int:
    """§9.4: highest trump, else highest card of the led suit."""
    led = plays[0][1][-1]
    trumps = [(rank(c), s) for s, c in plays if trump and c[-1] == trump]
    if trumps:
        return max(trumps)[1]
    return max((rank(c), s) for s, c in plays if c[-1] == led)[1]


def ref_round_scores(players: int, teams: bool, declarer: int, contract: int, won: list[int],
                     scoring: str) -> list[int]:
    """§9.5: made -> the declarer's side k each; failed -> every opponent (side) k - t."""
    side = (lambda s: s % 2) if teams else (lambda s: s)
    side_won = [sum(won[t] for t in range(players) if side(t) == side(s)) for s in range(players)]
    if scoring == "one_point_per_trick":
        return side_won
    if contract == 0:
        return [0] * players
    t = side_won[declarer]
    if t >= contract:
        return [contract if side(s) == side(declarer) else 0 for s in range(players)]
    return [0 if side(s) == side(declarer) else contract - t for s in range(players)]


CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (2, {}), (3, {}), (4, {}), (4, {"teams_when_four": False}),
    (3, {"scoring": "one_point_per_trick", "all_pass": "no_trump_round"}),
    (4, {"all_pass": "no_trump_round", "min_bid": 1}),
]


@pytest.mark.parametrize("players,rules", CONFIGS)
def test_whole_deals_match_the_reference(players: int, rules: dict[str, Any]) -> None:
    teams = players == 4 and rules.get("teams_when_four", True)
    scoring = rules.get("scoring", "contract_like_400")
    for seed in range(6):
        st: Any = new_game("yijiang", players, rules=rules, seed=seed)
        rng = random.Random(seed)
        expected = [0] * players
        plays: list[tuple[int, str]] = []
        won = [0] * players
        bids: list[tuple[int, int]] = []
        while not st.is_over:
            seat = st.to_move()[0]
            v = st.view(seat)
            legal = [st.move_text(m) for m in st.legal_moves()]
            if v["phase"] == "play":
                led = plays[0][1][-1] if plays else None
                assert {x.split()[1] for x in legal} == ref_legal(v["hand"], led)
            move = rng.choice(legal)
            if move.startswith("bid") or move == "pass":
                bids.append((seat, int(move.split()[1]) if move != "pass" else 0))
            round_before = st.round
            trump = v["trump"]
            st.apply(move)
            if move.startswith("play"):
                plays.append((seat, move.split()[1]))
                if len(plays) == players:
                    w = ref_winner(plays, trump)
                    won[w] += 1
                    plays = []
                    nv = st.view(None)
                    if not st.is_over and st.round == round_before:
                        assert nv["tricks_won"] == won and st.to_move() == (w,)
                    if sum(won) == 5:
                        fin = nv["finished_rounds"][-1]
                        real = [b for b in bids if b[1]]
                        if real:          # §9.3: the last (highest) bidder declares
                            declarer, contract = real[-1]
                        elif rules.get("all_pass", "dealer_forced") == "dealer_forced":
                            declarer, contract = st.dealer, rules.get("min_bid", 3)
                        else:
                            declarer, contract = -1, 0
                        assert fin["tricks"] == won and fin["contract"] == contract
                        got = ref_round_scores(players, teams, declarer, contract, won, scoring)
                        expected = [a + b for a, b in zip(expected, got, strict=True)]
                        assert st.scores == expected
                        won, bids = [0] * players, []
        assert st.scores == expected


def test_auction_ends_after_a_bid_and_all_others_pass() -> None:
    """§9.3 (recon.): passing is not final; a bid followed by passes of all others ends it."""
    st = new_game("yijiang", 3, seed=1)
    for m in ("pass", "pass", "bid 3", "pass"):
        st.apply(m)
        assert st.view(None)["phase"] == "auction"
    st.apply("pass")
    assert st.view(None)["phase"] == "trump" and st.view(None)["declarer"] == 2
