"""憋7's figures for a player's page (games/bieqi/stats.py): on the §4.8 scenarios, whose
stories say who borrowed (借牌), who lent (给牌) and who was left with the dead card (死牌);
and over random hands the dead card's holder is the seat whose last hand holds the joker."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardtable import get_game
from cardtable.parts.stats import check, deal_figures
from cardtable.registry import game_parts
from cardtable.scenario import replay

SCENARIOS = Path(__file__).parent / "scenarios"
STATS = game_parts("bieqi").stats


def column(name: str, key: str) -> list[int]:
    state = replay(SCENARIOS / f"{name}.json").state
    assert state.is_over
    return [deal_figures(state, seat, STATS).get(key, 0) for seat in range(state.players)]


def test_declared() -> None:
    assert STATS is not None and check(STATS) == []


@pytest.mark.parametrize("name, borrows, lends", [
    ("s04_borrow", [0, 1, 0, 0], [1, 0, 0, 0]),                  # seat 1 borrows, seat 0 lends
    ("s06_out_and_joker_loses", [1, 1, 0, 0], [1, 0, 0, 1]),     # two borrows from the 上家
    ("s07_live_joker_dead_card", [0, 0, 0, 0], [0, 0, 0, 0]),
])
def test_borrows_and_lends(name: str, borrows: list[int], lends: list[int]) -> None:
    assert column(name, "borrows") == borrows
    assert column(name, "lends") == lends


@pytest.mark.parametrize("name, want", [
    ("s06_out_and_joker_loses", [0, 0, 0, 1]),     # seat 3 holds the joker when seat 2 goes out
    ("s07_live_joker_dead_card", [0, 0, 0, 1]),    # 活王: seat 3 holds the real ♦8
    ("s05b_illegal_borrow_penalised", [0, 0, 0, 0]),   # the offender loses holding no dead card
])
def test_dead_card(name: str, want: list[int]) -> None:
    assert column(name, "dead_card") == want


def test_random_hands() -> None:
    game = get_game("bieqi")
    for players in (2, 4, 6):
        for seed in range(10):
            rng = random.Random(seed)
            s = game.new_state(players, seed=seed)
            joker = next(c for c in game.pack(players, s.options) if c.is_joker)   # §4.1: the dead card
            while not s.is_over:
                seat = s.to_move()[0]
                s.apply(rng.choice(s.legal_moves(seat)), seat)
            places = s.card_places()
            f = [deal_figures(s, seat, STATS) for seat in range(players)]
            # every borrow is answered by one lend (a hand is never empty when lending here)
            words = [s.move_text(m) for _, m in s.history]
            assert sum(x.get("borrows", 0) for x in f) == words.count("borrow")
            assert sum(x.get("lends", 0) for x in f) == sum(w.startswith("lend ") for w in words) \
                == words.count("borrow")
            holders = [seat for seat in range(players) if joker in places[f"hand{seat}"]]
            assert [x.get("dead_card", 0) for x in f] == [int(seat in holders) for seat in range(players)]
