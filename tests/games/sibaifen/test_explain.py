"""The score lines of sibaifen add up and show the kitty's card points (tests/core/explain_checks.py)."""

from __future__ import annotations

import re

from tests.core.explain_checks import check_game, finished_states

from cardtable.explanation import explain_items, score_summary
from cardtable.presentation import seat_names
from cardtable.registry import get_game


def value(card: str) -> int:
    """sibaifen.md §3.2: K 25, Q 20, J 15, 10 10, 5 5, 2 25; other cards 0."""
    return {"K": 25, "Q": 20, "J": 15, "10": 10, "5": 5, "2": 25}.get(card[:-1], 0)


def test_explained_points_add_up() -> None:
    seen = check_game("sibaifen", range(6), value, bot="random")
    assert seen["lines"] > 0


def test_the_kitty_is_added_up_card_by_card() -> None:
    checked = 0
    for state in finished_states("sibaifen", range(10)):
        view = state.view(0)
        if not view.get("items"):
            continue
        lines = explain_items("sibaifen", view["items"], 4, seat_names(4, 0), view)
        for line in (li for seat in lines for li in seat):
            m = re.search(r"kitty (\d+) to (.+?) side(?:: (.*?))?\)", line.text)
            assert m, line.text
            total = int(m.group(1))
            counted = [c for c in view["kitty"] if value(c)]
            assert total == sum(value(c) for c in view["kitty"])
            if counted:
                assert m.group(3) == " + ".join(f"{c} {value(c)}" for c in counted), line.text
                checked += 1
    assert checked


def test_a_thrown_in_deal_says_so() -> None:
    state = get_game("sibaifen").new_state(seed=2)
    for _ in range(4):
        state.apply("pass")
    assert state.is_over
    summary = score_summary("sibaifen", state.view(0), seat_names(4, 0))
    assert summary["deal"] == "Everyone passed: the deal is thrown in and nobody scores."
