"""Random playouts under random option combinations: never stuck, every legal move accepted,
every card in one place, the scores equal the items."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.registry import get_game, new_game

GAME = get_game("dummy")
INFO = GAME.options_class.describe()


def _value(info: Any) -> st.SearchStrategy[Any]:
    if info.choices is not None:
        return st.sampled_from(info.choices)
    if info.type_name == "bool":
        return st.booleans()
    if info.key == "hand_size":
        return st.sampled_from([0, 5, 9])
    if info.key == "match_target":
        return st.just(0)
    return st.sampled_from([0, 1, 2, 50]) if (info.min or 0) == 0 else st.sampled_from([1, 2, 3])


options_st = st.fixed_dictionaries({}, optional={i.key: _value(i) for i in INFO})


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 4), rules=options_st, seed=st.integers(0, 10_000))
def test_random_playout_under_random_options(players: int, rules: dict[str, Any], seed: int) -> None:
    s = new_game("dummy", players, rules=rules, seed=seed)
    rng = random.Random(seed)
    steps = 0
    tabled_at_start, turn = 0, 0
    while not s.is_over:
        if s.turn != turn:
            tabled_at_start, turn = s.tabled[s.cur], s.turn
        legal = s.legal_moves()
        assert legal, s.view(s.cur)
        if s.must_knock:       # B13/B27: a turn bound to knock never offers a discard
            assert all(mv.verb != "discard" for mv in legal)
        if s.phase == "play" and not s.born[s.cur] and s.drew and s.tabled[s.cur] & ~tabled_at_start:
            assert s.must_knock or not s.options.hand_melds_require_born or not s.options.layoff_requires_born
        for mv in rng.sample(legal, min(3, len(legal))):
            assert s.why_illegal(s.cur, mv) is None
        places = s.card_places()
        assert sorted(c for cs in places.values() for c in cs) == list(range(52))
        s.apply(legal[rng.randrange(len(legal))])
        steps += 1
        assert steps < 3000
    assert sum(it.points for it in s.score_items()) == sum(s.scores)
    assert s.end_reason in ("knock", "stock")
