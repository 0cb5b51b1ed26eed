"""Item 5 of issue 9: every hint any game prints is a move ``is_legal`` accepts at that moment.

Random positions of every registered game (seeded random play, every seat that may move is
asked), the hint computed from that seat's view and legal moves only.  The hint's text form
must be legal too, since that is what a person would type after reading it.
"""

from __future__ import annotations

import random

import pytest

from cardtable import advice
from cardtable.registry import game_ids, get_game

DEALS = 4
MAX_STEPS = 400


def positions(game_id: str, deals: int = DEALS):
    """(state, seat) for every decision of ``deals`` random deals of the game."""
    game = get_game(game_id)
    for d in range(deals):
        rng = random.Random(f"hints:{game_id}:{d}")
        state = game.new_state(seed=rng.randrange(2**31))
        for _ in range(MAX_STEPS):
            if state.is_over:
                break
            movers = state.to_move()
            for seat in movers:
                yield state, seat
            seat = movers[rng.randrange(len(movers))]
            legal = state.legal_moves(seat)
            # half the time follow the hint, so positions the hints lead to are visited too
            h = advice.hint(state.view(seat), legal) if rng.random() < 0.5 else None
            state.apply(h.move if h else legal[rng.randrange(len(legal))], seat)


@pytest.mark.parametrize("game_id", game_ids())
def test_every_hint_is_legal(game_id: str) -> None:
    asked = 0
    for state, seat in positions(game_id):
        view = state.view(seat)
        legal = state.legal_moves(seat)
        h = advice.hint(view, legal)
        assert h is not None, f"{game_id}: no hint at {state.moves_text()} for seat {seat}"
        why = state.why_illegal(seat, state.canonical_move(h.move))
        assert why is None, (f"{game_id}: hint {state.move_text(h.move)!r} is illegal ({why}) "
                             f"after {state.moves_text()}")
        assert state.is_legal(state.move_text(h.move), seat), state.move_text(h.move)
        assert h.reason.strip(), f"{game_id}: a hint without a reason"
        asked += 1
    assert asked > 20


@pytest.mark.parametrize("game_id", game_ids())
def test_hint_depends_on_the_view_only(game_id: str) -> None:
    """A world resampled for the seat (its hidden cards dealt anew) gets the same hint."""
    rng = random.Random(7)
    for n, (state, seat) in enumerate(positions(game_id, deals=1)):
        if n % 5:
            continue
        other = state.sample_hidden(seat, rng)
        a = advice.hint(state.view(seat), state.legal_moves(seat))
        b = advice.hint(other.view(seat), other.legal_moves(seat))
        assert a == b
