"""捉黑A's figures for a player's page (games/zhuoheia/stats.py): 庄家 and A♠ partner from the
deal and the plays, first (上游) and last (下游) from the cards each seat played, bombs from
the plays of four cards of a rank — on random first hands and the scenario match."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from cardtable import get_game
from cardtable.cards import parse_card
from cardtable.parts.stats import check, deal_figures
from cardtable.registry import game_parts
from cardtable.scenario import replay

SCENARIOS = Path(__file__).parent / "scenarios"
STATS = game_parts("zhuoheia").stats
GAME = get_game("zhuoheia")
ACE_OF_SPADES = parse_card("A♠")


def random_hand(players: int, seed: int) -> Any:
    rng = random.Random(seed)
    s = GAME.new_state(players, seed=seed)
    while not s.is_over:
        seat = s.to_move()[0]
        s.apply(rng.choice(s.legal_moves(seat)), seat)
    return s


def emptied_order(s: Any) -> list[int]:
    """The seats in the order their dealt hands ran out (a first hand: no tribute), the one
    left holding cards last."""
    left = [len(h) for h in s.deal.hands]
    order = []
    for seat, m in s.history:
        if m.verb == "play":
            left[seat] -= len(m.cards)
            if left[seat] == 0:
                order.append(seat)
    return order + [seat for seat in range(s.players) if left[seat]]


def test_declared() -> None:
    assert STATS is not None and check(STATS) == []


def test_random_first_hands() -> None:
    bombs_seen = 0
    for players in (4, 5):
        for seed in range(40):
            s = random_hand(players, seed)
            dealer = s.deal.extra["dealer"]
            holder = next(seat for seat, h in enumerate(s.deal.hands) if ACE_OF_SPADES in h)
            order = emptied_order(s)
            for seat in range(players):
                f = deal_figures(s, seat, STATS)
                assert f.get("zhuangjia", 0) == int(seat == dealer)
                assert f.get("partner", 0) == int(seat == holder and holder != dealer)
                assert f.get("first", 0) == int(seat == order[0])
                assert f.get("last", 0) == int(seat == order[-1])
                if seat == order[0]:
                    assert f["won"] == 1            # §2.4: the first finisher's side wins
                bombs = sum(1 for who, m in s.history if who == seat and m.verb == "play"
                            and len(m.cards) == 4 and len({c.rank for c in m.cards}) == 1)
                assert f.get("bombs", 0) == bombs
                bombs_seen += bombs
    assert bombs_seen > 0


def test_next_zhuangjia_is_the_first_finisher_and_may_play_alone() -> None:
    r = replay(SCENARIOS / "whole_match_tribute.json")
    assert r.match is not None
    first, second = r.match.deals
    f1 = [deal_figures(first, seat, STATS) for seat in range(5)]
    f2 = [deal_figures(second, seat, STATS) for seat in range(5)]
    went_out_first = [seat for seat in range(5) if f1[seat].get("first")]
    assert len(went_out_first) == 1
    # §2.2: the first to go out is the next hand's 庄家
    assert [seat for seat in range(5) if f2[seat].get("zhuangjia")] == went_out_first
    # that 庄家 holds A♠ when play starts: he plays alone, nobody is the partner
    assert second.partner == went_out_first[0]
    assert all(f.get("partner", 0) == 0 for f in f2)
