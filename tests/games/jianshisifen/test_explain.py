"""The score lines of jianshisifen name the cards and add up (tests/core/explain_checks.py)."""

from __future__ import annotations

from tests.core.explain_checks import check_game


def value(card: str) -> int:
    """捡十四分 §6.4: ♠ 4, ♥ 3, ♦ 2, ♣ 1; a joker 0 (the default option)."""
    return {"♠": 4, "♥": 3, "♦": 2, "♣": 1}.get(card[-1], 0)


def test_explained_points_add_up_and_values_are_right() -> None:
    seen = check_game("jianshisifen", range(8), value, bot="random")
    assert seen["lines"] > 0 and seen["valued"] > 0
