"""The score lines of gin name the cards and add up (tests/core/explain_checks.py)."""

from __future__ import annotations

from tests.core.explain_checks import check_game


def value(card: str) -> int:
    """gin.md rule 27: A 1, 2–10 their pips, J Q K 10."""
    rank = card[:-1]
    return 1 if rank == "A" else 10 if rank in ("J", "Q", "K") else int(rank)


def test_explained_points_add_up_and_values_are_right() -> None:
    seen = check_game("gin", range(6), value, bot="heuristic")
    assert seen["lines"] > 0 and seen["valued"] > 0
