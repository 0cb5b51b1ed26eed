"""Exact search of the last moves (bots/endgame.py): correct values, honest, reproducible."""

from __future__ import annotations

import random

import pytest

from cardtable.bots import bot_move, make_bot
from cardtable.bots.endgame import Solver, TooBig, estimate_nodes, margins, solve_choice
from cardtable.bots.levels import medium_name
from cardtable.game import State
from cardtable.registry import get_game

from .test_ismcts import twin

#: games whose deals end in small trees (tricks, and 憋负分's layout)
SOLVABLE = ["yijiang", "sibaifen", "zuihoushengli", "biefufen"]


def late_position(game_id: str, seed: int, nodes: int = 3000) -> tuple[State, int]:
    """A position of heuristic self-play whose rest of the deal has at most ``nodes`` nodes
    and whose seat to move has a choice."""
    state = get_game(game_id).new_state(seed=seed)
    rng = random.Random(seed)
    bot = make_bot(game_id, medium_name(game_id))
    while not state.is_over:
        seat = state.to_move()[0]
        legal = state.legal_moves(seat)
        if len(legal) > 1:
            try:
                Solver(nodes).values(state)
                return state, seat
            except TooBig:
                pass
        state.play_legal(bot_move(bot, state, seat, rng), seat)
    pytest.skip("no small ending with a choice")


@pytest.mark.parametrize("game_id", SOLVABLE)
def test_the_solved_values_are_reached_by_a_line_of_legal_play(game_id: str) -> None:
    """Following each mover's best move from the position ends the deal with exactly the
    margins the solver gave, and at each step no other move is better for that mover."""
    state, _seat = late_position(game_id, 3)
    expected = Solver(10**6).values(state)
    line = state.clone()
    while not line.is_over:
        mover = line.to_move()[0]
        children = []
        for move in line.legal_moves(mover):
            child = line.clone()
            child.play_legal(move, mover)
            children.append((Solver(10**6).values(child), child))
        best = max(v[mover] for v, _c in children)
        here = Solver(10**6).values(line)
        assert here[mover] == pytest.approx(best)
        line = next(c for v, c in children if v[mover] == best)
    assert margins(line) == pytest.approx(expected)


def test_caps_raise_too_big() -> None:
    state = get_game("yijiang").new_state(seed=1)
    with pytest.raises(TooBig):
        Solver(500).values(state)
    assert estimate_nodes(state, random.Random(1)) > 500


def test_knows_the_true_world_best_move() -> None:
    """Given the true world as its only world, the chosen move is worth the position's
    exact value to the seat."""
    for seed in range(2):
        state, seat = late_position("sibaifen", seed)
        legal = state.legal_moves(seat)
        chosen = solve_choice(lambda r, s=state: s.clone(), seat, legal, legal[-1], random.Random(0),
                              budget=10**6, world_cap=10**5, max_worlds=2, min_worlds=1)
        assert chosen in legal
        child = state.clone()
        child.play_legal(chosen, seat)
        assert Solver(10**6).values(child)[seat] == pytest.approx(Solver(10**6).values(state)[seat])


def test_no_choice_where_the_deal_is_too_big() -> None:
    state = get_game("sibaifen").new_state(seed=2)
    seat = state.to_move()[0]
    legal = state.legal_moves(seat)
    assert solve_choice(lambda r: state.sample_hidden(seat, r), seat, legal, legal[0],
                        random.Random(0), budget=10**5, world_cap=5000) is None


@pytest.mark.parametrize("game_id", SOLVABLE)
def test_same_move_in_worlds_that_differ_only_in_hidden_cards(game_id: str) -> None:
    state, seat = late_position(game_id, 5)
    other = twin(state, seat)
    bot = make_bot(game_id, "rollout:playouts=20,endgame=200000")
    first = bot_move(bot, state, seat, random.Random(9))
    assert bot.last_solved
    assert first == bot_move(bot, other, seat, random.Random(9))


def test_reproducible_under_a_seed() -> None:
    state, seat = late_position("zuihoushengli", 2)
    moves = {bot_move(make_bot("zuihoushengli", "rollout:playouts=20,endgame=200000"), state, seat,
                      random.Random(4)) for _ in range(3)}
    assert len(moves) == 1
