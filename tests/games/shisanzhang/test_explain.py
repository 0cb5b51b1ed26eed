"""The score lines of shisanzhang add up and name the cards (tests/core/explain_checks.py)."""

from __future__ import annotations

from tests.core.explain_checks import check_game


def test_explained_points_add_up() -> None:
    seen = check_game("shisanzhang", range(6), bot="auto")
    assert seen["lines"] > 0
