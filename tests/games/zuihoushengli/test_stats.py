"""最后胜利's figures for a player's page (games/zuihoushengli/stats.py): the first bankrupt
(破产户) of the §7.7 scenarios, and over random hands with a stock that never runs dry
(recycle_stock) each trick (墩) taken is one card drawn."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardtable import get_game
from cardtable.parts.stats import check, deal_figures
from cardtable.registry import game_parts
from cardtable.scenario import replay

SCENARIOS = Path(__file__).parent / "scenarios"
STATS = game_parts("zuihoushengli").stats


def test_declared() -> None:
    assert STATS is not None and check(STATS) == []


@pytest.mark.parametrize("name, first", [
    ("s5_bankrupt_order_4p", 1),             # bankrupt order seats 1, 3, 0
    ("s6_bankrupt_order_6p", 0),             # bankrupt order [0, 1, 5, 2, 3]
    ("s7_same_trick_bankrupts", 0),          # seats 0 and 1 in one trick, seat 0 played first
])
def test_first_bankrupt(name: str, first: int) -> None:
    s = replay(SCENARIOS / f"{name}.json").state
    assert s.is_over
    got = [deal_figures(s, seat, STATS).get("first_bankrupt", 0) for seat in range(s.players)]
    assert got == [int(seat == first) for seat in range(s.players)]
    # §7.6: the first bankrupt scores −40
    assert [seat for seat in range(s.players) if s.scores[seat] == -40] == [first]


@pytest.mark.parametrize("players", [4, 5, 6])
def test_each_trick_taken_draws_a_card(players: int) -> None:
    game = get_game("zuihoushengli")
    opts = game.make_options(rules={"recycle_stock": True})
    for seed in range(6):
        rng = random.Random(seed)
        s = game.new_state(players, opts, seed=seed)
        while not s.is_over:
            seat = s.to_move()[0]
            s.apply(rng.choice(s.legal_moves(seat)), seat)
        for seat in range(players):
            played = sum(1 for who, _ in s.history if who == seat)
            drawn = played + len(s.card_places()[f"hand{seat}"]) - len(s.deal.hands[seat])
            assert deal_figures(s, seat, STATS).get("tricks", 0) == drawn
