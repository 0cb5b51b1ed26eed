"""The score lines of dummy name the cards and add up (tests/core/explain_checks.py)."""

from __future__ import annotations

from tests.core.explain_checks import check_game


def value(card: str) -> int:
    """dummy.md B25: the spetos 2♣ and Q♠ 50; A 15; 10, J, Q, K 10; 2–9 5."""
    if card in ("2♣", "Q♠"):
        return 50
    rank = card[:-1]
    return 15 if rank == "A" else 10 if rank in ("10", "J", "Q", "K") else 5


def test_explained_points_add_up_and_values_are_right() -> None:
    seen = check_game("dummy", range(6), value, bot="random")
    assert seen["lines"] > 0 and seen["valued"] > 0
