"""Invariants of 议将夺墩算分 over random playouts (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.registry import new_game


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), teams=st.booleans(),
       scoring=st.sampled_from(["contract_like_400", "one_point_per_trick"]))
def test_playout_invariants(seed: int, players: int, teams: bool, scoring: str) -> None:
    """Every round has 5 tricks (§9.4); a contract round scores either the declarer side's bid
    or the opponents' shortfall, never both (§9.5); partners share their points (§9.1)."""
    state = new_game("yijiang", players, rules={"teams_when_four": teams, "scoring": scoring}, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_moves()))
    rounds = state.view(None)["finished_rounds"]
    assert len(rounds) == state.rounds
    for r in rounds:
        assert sum(r["tricks"]) == 5
    assert all(v >= 0 for v in state.scores)
    if players == 4 and teams:
        assert state.scores[0] == state.scores[2] and state.scores[1] == state.scores[3]
    if scoring == "contract_like_400":
        for r in rounds:
            items = [it for it in state.score_items() if it.note.startswith(f"round {r['round']}:")]
            kinds = {("made" in it.note) for it in items}
            assert len(kinds) <= 1
            if items and "made" in items[0].note:
                assert all(it.points == r["contract"] for it in items)
