"""Invariants of 五十一分 over random playouts (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.registry import new_game


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5), nonflush=st.booleans())
def test_playout_invariants(seed: int, players: int, nonflush: bool) -> None:
    """Every seat always holds 5 cards between turns; scores are never negative; a void deal
    scores nothing; a scored deal scores only declared or shown hands (§5.4, §5.6)."""
    state = new_game("wushiyifen", players, preset="nonflush" if nonflush else "default", seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        if state.view(None)["phase"] == "draw":
            assert state.view(None)["hand_sizes"] == [5] * players
        if state.view(None)["phase"] == "hidden_response":
            seat = state.to_move()[0]
            sample = state.sample_hidden(seat, rng)
            assert sample.view(seat) == state.view(seat)
            assert sample.may_declare(sample.hands[state.declarer])
        state.apply(rng.choice(state.legal_moves()))
    assert all(v >= 0 for v in state.scores)
    if state.void:
        assert state.scores == [0] * players
    else:
        revealed = state.view(None)["revealed"]
        assert all(str(it.seat) in revealed for it in state.score_items())
