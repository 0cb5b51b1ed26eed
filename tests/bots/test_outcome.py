"""What a finished deal is worth to each seat in search: scores, winners, finishing places."""

from __future__ import annotations

import random

import pytest

from cardtable.bots.outcome import playout_values, seat_values
from cardtable.game import State
from cardtable.registry import get_game


def finished(game_id: str, seed: int, players: int | None = None) -> tuple[State, list[State]]:
    """A deal played to its end by uniform random moves, and the states along the way."""
    state = get_game(game_id).new_state(players, seed=seed)
    rng = random.Random(seed)
    seen = []
    while not state.is_over:
        seen.append(state.clone())
        seat = state.to_move()[0]
        legal = state.legal_moves(seat)
        state.play_legal(legal[rng.randrange(len(legal))], seat)
    return state, seen


@pytest.mark.parametrize("players", [4, 5])
def test_zhuoheia_places_follow_the_order_the_players_went_out(players: int) -> None:
    for seed in range(3):
        state, before = finished("zhuoheia", seed, players)
        assert all(s.finish_places() is None for s in before)
        places = state.finish_places()
        assert places is not None and sorted(places) == list(range(players))
        first = places.index(0)
        # §2.4: the side of the first finisher wins the hand
        assert first in state.winners()
        # the settlement's own text ("finished 1", "finished 2", ...) gives the same order
        told = {item.seat: int(item.note.split()[1].rstrip(",")) - 1
                for item in state.score_items() if item.note.startswith("finished ")}
        assert told == dict(enumerate(places))


def test_zhuoheia_search_value_adds_the_finishing_place_to_the_win() -> None:
    state, _ = finished("zhuoheia", 7, 4)
    places = state.finish_places()
    assert places is not None
    won = set(state.winners())
    plain = playout_values(state, 0.0)
    assert plain == seat_values("zhuoheia", state.scores, state.winners())
    assert plain == [1.0 if s in won else 0.0 for s in range(4)]
    shaped = playout_values(state, 0.5)
    for s in range(4):
        assert shaped[s] == pytest.approx((1.0 if s in won else 0.0) + 0.5 * (3 - places[s]) / 3)
    # first out scores 1.5 (a winner, best place); the last out gains nothing from its place
    assert shaped[places.index(0)] == pytest.approx(1.5)
    assert shaped[places.index(3)] == pytest.approx(1.0 if places.index(3) in won else 0.0)


@pytest.mark.parametrize("game_id", ["gin", "bieqi", "remik"])
def test_games_without_a_finishing_order_keep_their_deal_values(game_id: str) -> None:
    state, _ = finished(game_id, 3)
    assert state.finish_places() is None
    assert playout_values(state, 0.5) == seat_values(game_id, state.scores, state.winners())
