"""No Remik deal gets stuck: whenever a deal is not over, the seat to move has a legal move.

Seed 10355 (``no_pure_run``, 2 players, seeded random legal moves as the tally tests play them)
once ended with a hand of 9♥ JK JK and no legal move: a joker taken from the pile and one taken
by exchange, and the engine laid off the wrong one (test_rules.py::
test_rule24_the_exchanged_joker_goes_before_the_taken_one).  Here that deal is played again,
and many random deals of every preset are played with the check at every decision.
"""

from __future__ import annotations

import random

import pytest
from tests.core.tally_checks import play

from cardtable.games.remik import RemikState
from cardtable.registry import get_game

GAME = get_game("remik")
PRESETS = sorted(GAME.presets)


def test_seed_10355_is_not_stuck() -> None:
    state = play("remik", 2, GAME.make_options("no_pure_run"), 10355, None)
    assert state.is_over


def stuck_deals(preset: str, deals: int, players: range, seed0: int) -> list[str]:
    """Deals of seeded random legal moves (player counts in turn) in which the seat to move
    had no legal move before the end."""
    options = GAME.make_options(preset)
    out = []
    for i in range(deals):
        n, seed = players[i % len(players)], seed0 + i
        state = GAME.new_state(n, options, seed=seed)
        assert isinstance(state, RemikState)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move()[0]
            legal = state.legal_moves(seat)
            if not legal:
                out.append(f"{preset} {n}p seed {seed}, turn {state.turn}: seat {seat + 1} stuck")
                break
            state.apply(rng.choice(legal), seat)
    return out


@pytest.mark.parametrize("preset", PRESETS)
def test_random_deals_never_leave_a_seat_without_a_move(preset: str) -> None:
    """150 deals per preset at 2, 3 and 4 players (about 4 s each)."""
    assert stuck_deals(preset, 150, range(2, 5), seed0=20_000) == []


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_random_deals_never_leave_a_seat_without_a_move_many(preset: str) -> None:
    """400 deals per preset at 2 to 6 players (seeds 10,000…; the stuck deal was 1 in
    about 4,000 two-player deals)."""
    assert stuck_deals(preset, 400, range(2, 7), seed0=10_000) == []
