"""What a deal's result is worth to each seat, for search rewards and ladder comparisons.

A deal's ``scores`` are points where more is better in every game but those that declare
``lower_scores_win`` (Remik, whose deal scores are penalty points: the lowest hand wins).  Where every seat scores the
same (捉黑A settles points per match, not per deal; a drawn gin hand), the deal's
``winners`` decide instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..registry import get_game


def seat_values(game_id: str, scores: Sequence[int], winners: Sequence[int]) -> list[float]:
    """One number per seat, higher is better: the signed score, or 1 for a winner and 0
    for the others when all scores are equal (all 0 when nobody won)."""
    sign = -1 if get_game(game_id).lower_scores_win else 1
    values = [float(sign * s) for s in scores]
    if len(set(values)) <= 1:
        won = set(winners)
        values = [1.0 if s in won else 0.0 for s in range(len(scores))]
    return values


def seat_margins(game_id: str, scores: Sequence[int], winners: Sequence[int]) -> list[float]:
    """Every seat's :func:`seat_values` over the mean of the others' (the search reward)."""
    values = seat_values(game_id, scores, winners)
    out = []
    for seat, v in enumerate(values):
        others = [w for s, w in enumerate(values) if s != seat]
        out.append(v - sum(others) / max(1, len(others)))
    return out
