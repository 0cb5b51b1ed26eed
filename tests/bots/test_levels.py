"""Difficulty levels: by name everywhere, deterministic under a seed, legal in every game."""

from __future__ import annotations

import random

import pytest

from cardtable.bots import bot_move, bot_names, levels, make_bot
from cardtable.bots.rollout import RolloutBot
from cardtable.errors import BadOption
from cardtable.registry import game_ids, get_game

GAME_IDS = game_ids()


@pytest.fixture
def tiny_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Playout budgets small enough for tests (levels are iteration-bounded, not timed)."""
    monkeypatch.setattr(levels, "hard_playouts", lambda game_id: 6)


def random_positions(game_id: str, count: int, seed: int) -> list:
    game = get_game(game_id)
    out = []
    rng = random.Random(seed)
    for k in range(count):
        state = game.new_state(seed=seed * 100 + k)
        stop = rng.randrange(0, 40)
        for _ in range(stop):
            if state.is_over:
                break
            seat = state.to_move()[0]
            legal = state.legal_moves(seat)
            state.play_legal(legal[rng.randrange(len(legal))], seat)
        if not state.is_over:
            out.append(state)
    return out


def test_levels_by_name() -> None:
    assert isinstance(make_bot("gin", "hard"), RolloutBot)
    assert make_bot("gin", "expert").playouts == 3 * make_bot("gin", "hard").playouts
    assert make_bot("gin", "expert").max_candidates > make_bot("gin", "hard").max_candidates
    assert make_bot("gin", "medium").name == "heuristic"
    assert make_bot("shisanzhang", "medium").name == "auto"
    assert {"easy", "medium", "hard", "expert"} <= set(bot_names("dummy"))
    with pytest.raises(BadOption):
        levels.make_level("gin", "grandmaster")


@pytest.mark.parametrize("game_id", [pytest.param(g, marks=pytest.mark.slow) if g == "remik" else g
                                     for g in GAME_IDS])
def test_every_level_plays_legal_moves(game_id: str, tiny_budgets: None) -> None:
    for state in random_positions(game_id, 3, 1):
        seat = state.to_move()[0]
        legal = state.legal_moves(seat)
        for level in levels.LEVELS:
            move = bot_move(make_bot(game_id, level), state, seat, random.Random(2))
            assert move in legal, (level, move)


@pytest.mark.parametrize("game_id", ["gin", "dummy", "zhuoheia"])
def test_levels_are_deterministic_under_a_seed(game_id: str, tiny_budgets: None) -> None:
    for state in random_positions(game_id, 2, 2):
        seat = state.to_move()[0]
        for level in levels.LEVELS:
            a = [bot_move(make_bot(game_id, level), state, seat, random.Random(s)) for s in range(2)]
            b = [bot_move(make_bot(game_id, level), state, seat, random.Random(s)) for s in range(2)]
            assert a == b, level


def test_easy_is_noisier_than_medium() -> None:
    """easy departs from the heuristic on about a third of its choices."""
    states = random_positions("gin", 30, 3)
    differ = total = 0
    for state in states:
        seat = state.to_move()[0]
        legal = state.legal_moves(seat)
        if len(legal) < 2:
            continue
        for s in range(4):
            total += 1
            easy = bot_move("easy", state, seat, random.Random(s))
            differ += easy != bot_move("medium", state, seat, random.Random(s))
    assert total > 20 and 0.05 < differ / total < 0.5
