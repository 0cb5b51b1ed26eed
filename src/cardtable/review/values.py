"""What a deal's result is worth to the reviewed seat, in the game's points.

A review compares moves by what they are worth at the end of the deal.  The unit is the
bots' margin (:func:`cardtable.bots.outcome.seat_margins`: the seat's deal score over the
mean of the others' scores, signs flipped where lower scores win), so that the review and
the rollout bot rank moves alike and "points lost" reads as points of the score sheet:

* in two-player gin it is the net points of the hand (what you score minus what the
  opponent scores): a hand the opponent wins by gin for 31 is −31;
* at a table of more players whose scores do not sum to zero (Dummy, Remik, 四百分 …) it is
  your score minus the others' average;
* where the deal scores sum to zero (十三张) the margin is ``n/(n−1)`` times the seat's own
  score, so the review uses the seat's own score (the same ranking of moves);
* where every seat scores the same (捉黑A settles per match; a drawn hand) the deal's
  winners count 1 and the others 0, as for the bots: the unit is "deals won".

Partnership games (四百分, 一将 …) have no team fact in the game contract: a partner's score
counts among "the others".  The scale is then two thirds of the team difference at a
four-seat table, the same for every move, so marks (calibrated in this same unit) are
unaffected.
"""

from __future__ import annotations

from ..bots.outcome import seat_margins
from ..game import State


def deal_values(state: State) -> list[float]:
    """Every seat's value of the finished deal ``state`` in review points (see above)."""
    margins = seat_margins(state.game.id, state.scores, state.winners())
    if state.game.sum_rule == "zero" and state.players > 1:
        scale = (state.players - 1) / state.players
        return [m * scale for m in margins]
    return margins

