"""What a deal's result is worth to each seat, for search rewards and ladder comparisons.

A deal's ``scores`` are points where more is better in every game but Remik, whose deal
scores are penalty points (the lowest hand wins the deal).  Where every seat scores the
same (捉黑A settles points per match, not per deal; a drawn gin hand), the deal's
``winners`` decide instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..game import State

#: games whose deal scores are penalty points: fewer is better
LOWER_SCORES_WIN: frozenset[str] = frozenset({"remik"})


def seat_values(game_id: str, scores: Sequence[int], winners: Sequence[int]) -> list[float]:
    """One number per seat, higher is better: the signed score, or 1 for a winner and 0
    for the others when all scores are equal (all 0 when nobody won)."""
    sign = -1 if game_id in LOWER_SCORES_WIN else 1
    values = [float(sign * s) for s in scores]
    if len(set(values)) <= 1:
        won = set(winners)
        values = [1.0 if s in won else 0.0 for s in range(len(scores))]
    return values


def playout_values(state: State, place_weight: float = 0.0) -> list[float]:
    """:func:`seat_values` of a finished playout, for search: plus ``place_weight`` times the
    seat's finishing place on a 1 (first out) … 0 (last) scale, in games that record the
    order the players went out (:meth:`State.finish_places`).

    Where a deal's result is only which side won (捉黑A), two moves almost always lead to
    the same winner in a playout, so their paired difference is 0 and a few hundred
    playouts cannot tell them apart; the finishing order moves with nearly every choice,
    is what the next hand's tribute is settled on, and goes with winning."""
    values = seat_values(state.game.id, state.scores, state.winners())
    places = state.finish_places() if place_weight else None
    if places:
        last = max(1, len(places) - 1)
        values = [v + place_weight * (last - p) / last for v, p in zip(values, places, strict=True)]
    return values
