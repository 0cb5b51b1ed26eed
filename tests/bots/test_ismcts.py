"""IS-MCTS and the honest sampler: the bot's move depends on the seat's view only."""

from __future__ import annotations

import random

import pytest

from cardtable.bots import bot_move, make_bot
from cardtable.bots.sampling import canonical_base, honest_sampler
from cardtable.game import State
from cardtable.registry import game_ids, get_game

GAMES = ["gin", "dummy", "sibaifen", "zuihoushengli", "wushiyifen", "shisanzhang", "bieqi"]


def position(game_id: str, seed: int, steps: int) -> tuple[State, int]:
    """A state after up to ``steps`` random moves where the seat to move has a choice."""
    state = get_game(game_id).new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = state.to_move()[0]
        if len(state.legal_moves(seat)) > 1 and rng.random() < 0.2:
            break
        state.play_legal(state.legal_moves(seat)[rng.randrange(len(state.legal_moves(seat)))], seat)
        if state.is_over:
            pytest.skip("the deal ended in the random opening")
    seat = state.to_move()[0]
    for _ in range(200):
        if len(state.legal_moves(seat)) > 1:
            return state, seat
        state.play_legal(state.legal_moves(seat)[0], seat)
        seat = state.to_move()[0]
    raise AssertionError("no position with a choice")


def twin(state: State, seat: int) -> State:
    """A world differing from ``state`` only in what ``seat`` cannot see (and really different)."""
    for k in range(20):
        other = state.sample_hidden(seat, random.Random(100 + k))
        if other.deal.to_json() != state.deal.to_json():
            assert other.view(seat) == state.view(seat)
            return other
    pytest.skip("no hidden card to move")


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_same_move_in_worlds_that_differ_only_in_hidden_cards(game_id: str, seed: int) -> None:
    state, seat = position(game_id, seed, 12)
    other = twin(state, seat)
    # the sampled worlds themselves are the same, whatever the truth
    a = honest_sampler(state, seat)(random.Random(7))
    b = honest_sampler(other, seat)(random.Random(7))
    assert a.deal.to_json() == b.deal.to_json()
    assert canonical_base(state, seat).view(seat) == state.view(seat)
    bot = make_bot(game_id, "ismcts:iterations=25")
    assert bot_move(bot, state, seat, random.Random(3)) == bot_move(bot, other, seat, random.Random(3))


@pytest.mark.parametrize("game_id", [pytest.param(g, marks=pytest.mark.slow) if g == "remik" else g
                                     for g in game_ids() if g not in GAMES])
def test_same_move_in_the_other_games(game_id: str) -> None:
    state, seat = position(game_id, 1, 12)
    other = twin(state, seat)
    bot = make_bot(game_id, "ismcts:iterations=8")
    assert bot_move(bot, state, seat, random.Random(3)) == bot_move(bot, other, seat, random.Random(3))


@pytest.mark.parametrize("game_id", ["gin", "sibaifen"])
def test_other_search_bots_are_honest_too(game_id: str) -> None:
    state, seat = position(game_id, 5, 10)
    other = twin(state, seat)
    bot = make_bot(game_id, "search:worlds=2,max_candidates=4")
    assert bot_move(bot, state, seat, random.Random(9)) == bot_move(bot, other, seat, random.Random(9))


def test_base_is_not_the_truth() -> None:
    """The canonical base moves hidden cards (else honesty would be vacuous)."""
    state, seat = position("gin", 3, 6)
    base = canonical_base(state, seat)
    assert base.view(seat) == state.view(seat)
    assert base.deal.to_json() != state.deal.to_json()


def test_iteration_budget_is_deterministic_and_counted() -> None:
    state, seat = position("gin", 4, 8)
    bot = make_bot("gin", "ismcts:iterations=40")
    moves = {bot_move(bot, state, seat, random.Random(11)) for _ in range(2)}
    assert len(moves) == 1 and bot.last_iterations == 40
    assert moves <= set(state.legal_moves(seat))


def test_ismcts_finds_a_winning_knock() -> None:
    """Search must prefer a move whose outcome is clearly better: gin at once with a gin hand."""
    game = get_game("gin")
    for seed in range(400):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move()[0]
            legal = state.legal_moves(seat)
            gins = [m for m in legal if m.verb == "gin"]
            if gins and len(legal) > 1:
                move = bot_move(make_bot("gin", "ismcts:iterations=60"), state, seat, random.Random(1))
                assert move.verb in ("gin", "knock") or move in gins
                return
            state.play_legal(make_bot("gin", "heuristic").choose(state.view(seat), legal, rng), seat)
    pytest.skip("no gin chance found")


def test_bad_settings_are_named() -> None:
    from cardtable.errors import BadOption
    with pytest.raises(BadOption, match="key=value"):
        make_bot("gin", "ismcts:fast")
    with pytest.raises(BadOption, match="bad settings"):
        make_bot("gin", "ismcts:speed=3")
    with pytest.raises(BadOption, match="rollout"):
        make_bot("gin", "ismcts:rollout=smart")
    with pytest.raises(BadOption, match="no bot"):
        make_bot("gin", "nobot:iterations=3")
