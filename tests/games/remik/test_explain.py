"""The score lines of remik name the cards and add up (tests/core/explain_checks.py)."""

from __future__ import annotations

from tests.core.explain_checks import check_game


def value(card: str) -> int:
    """remik.md rule 5: joker 20, ace 11, J Q K 10, 2–10 their pips."""
    if card == "JK":
        return 20
    rank = card[:-1]
    return 11 if rank == "A" else 10 if rank in ("J", "Q", "K") else int(rank)


def test_explained_points_add_up_and_values_are_right() -> None:
    seen = check_game("remik", range(6), value, bot="random")
    assert seen["lines"] > 0 and seen["valued"] > 0
