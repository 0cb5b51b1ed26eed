"""The score lines of wushiyifen add up the hand and name the cards (tests/core/explain_checks.py)."""

from __future__ import annotations

from tests.core.explain_checks import check_game, finished_states

from cardtable.explanation import score_summary
from cardtable.presentation import seat_names


def value(card: str) -> int:
    """wushiyifen.md §5.3: A 11; K, Q, J, 10 are 10; 2–9 their pips; each joker 10."""
    if card in ("LJ", "BJ"):
        return 10
    rank = card[:-1]
    return 11 if rank == "A" else 10 if rank in ("10", "J", "Q", "K") else int(rank)


def test_explained_points_add_up_and_hands_are_added_up() -> None:
    seen = check_game("wushiyifen", range(10), value, bot="heuristic")
    assert seen["lines"] > 0 and seen["valued"] > 0


def test_a_void_deal_says_so() -> None:
    for state in finished_states("wushiyifen", range(12)):      # random play: mostly void
        view = state.view(0)
        summary = score_summary("wushiyifen", view, seat_names(4, 0))
        assert bool(summary["deal"]) == bool(view["void"])
        if view["void"]:
            assert "void" in summary["deal"] and all(s["total"] == 0 for s in summary["seats"])
