"""``view``'s move log, kept between views where a game declares ``log_entries_final``.

For random deals of every game, the log of every seat's view after every move (and in clones
that go on with other moves, and after the memo is made to point at a replaced history) must
be exactly the log rendered from the whole history with ``log_text``, as it was before the
memo existed.  The games that redact entries must not declare it.
"""

from __future__ import annotations

import random

import pytest

from cardtable.game import State
from cardtable.registry import GAME_MODULES, get_game

GAMES = sorted(g for g in GAME_MODULES if g != "toy")
# log_text depends on the viewer or on the state of the deal in these
REDACTING = {"gin", "bieqi", "biefufen", "shisanzhang", "sibaifen"}


def plain_log(state: State, seat: int | None) -> list[str]:
    return [f"{s}: {state.log_text(seat, s, m)}" for s, m in state.history]


def step(state: State, rng: random.Random) -> None:
    movers = state.to_move()
    seat = movers[rng.randrange(len(movers))]
    legal = state.legal_moves(seat)
    state.apply(legal[rng.randrange(len(legal))], seat)


def seats(state: State) -> list[int | None]:
    return [None, *range(state.players)]


@pytest.mark.parametrize("gid", GAMES)
def test_the_log_of_every_view_is_the_whole_history_rendered(gid: str) -> None:
    game = get_game(gid)
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new_state(None, game.make_options(None, None), seed=seed)
        checked = 0
        while not state.is_over:
            for seat in seats(state):
                assert state.view(seat)["log"] == plain_log(state, seat)
            if rng.random() < 0.2:
                twin = state.clone()                  # shares the memo, then goes its own way
                for _ in range(3):
                    if twin.is_over:
                        break
                    step(twin, random.Random(rng.random()))
                    for seat in seats(twin):
                        assert twin.view(seat)["log"] == plain_log(twin, seat)
            step(state, rng)
            checked += 1
        for seat in seats(state):
            assert state.view(seat)["log"] == plain_log(state, seat)
        assert checked > 0


@pytest.mark.parametrize("gid", sorted(set(GAMES) - REDACTING))
def test_a_replaced_history_is_rendered_again(gid: str) -> None:
    game = get_game(gid)
    state = game.new_state(None, game.make_options(None, None), seed=3)
    rng = random.Random(3)
    for _ in range(4):
        if not state.is_over:
            step(state, rng)
    assert type(state).log_entries_final
    before = state.view(None)["log"]
    assert before and before == plain_log(state, None)
    # a history list replaced by a shorter one, then by one as long with other entries
    state.history = state.history[:1]
    assert state.view(None)["log"] == plain_log(state, None) == before[:1]
    other = game.new_state(None, game.make_options(None, None), seed=4)
    r2 = random.Random(4)
    for _ in range(4):
        if not other.is_over:
            step(other, r2)
    state.history = list(other.history)
    assert state.view(None)["log"] == plain_log(other, None)


def test_games_that_redact_their_log_do_not_declare_it_final() -> None:
    for gid in REDACTING:
        assert not type(get_game(gid).new_state(None, get_game(gid).make_options(None, None), seed=0)
                        ).log_entries_final, gid
