"""Invariants of 捡十四分 over random playouts (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.games.jianshisifen.rules import HAND_SIZE
from cardtable.registry import new_game


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 6), must_pick=st.booleans())
def test_playout_invariants(seed: int, players: int, must_pick: bool) -> None:
    """Hand size is constant at every turn start while the stock lasts (§6.3); every picked
    pair makes 14; a seat's score is its own pile's suit points (§6.4)."""
    state = new_game("jianshisifen", players, rules={"must_pick": must_pick}, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        v = state.view(None)
        if v["phase"] == "pick_or_draw":
            assert v["hand_sizes"] == [HAND_SIZE[players]] * players
        state.apply(rng.choice(state.legal_moves()))
    assert state.scores == [state.pile_points(s) for s in range(players)]
    from cardtable.games.jianshisifen.scoring import is_pair
    assert all(is_pair(h, t) for p in state.pairs for h, t in p)
