"""Review of a deal, for one seat: every decision judged from what that seat knew then.

At each of the seat's decisions the candidate moves (the rollout bot's: the heuristic's move
and a few others, plus the move played) are played out by the game's heuristic in worlds
drawn from the seat's honest sampler at that moment, all in the same worlds (paired); the
best move, the points lost by the move played against it with a 95 % interval, and a mark
(inaccuracy, mistake, blunder; forced; none when too close to tell or small) by thresholds
calibrated per game.  The same candidates are judged on the true deal too ("with
hindsight"), apart from the mark.  Seeded and reproducible; the budget is stated.
docs/review.md explains the method and its limits.

    from cardtable.review import review_match
    review = review_match("match.json", seat=0, seed=1)
    print(review.to_json()["summary"]["words"])

Standard library only: the server calls :func:`review_match` in a worker process.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from .decisions import Decision, ReviewError, check_seat, deals_of, decisions_of, load
from .evaluate import DEFAULT_WORLDS, Budget, CandidateResult, DecisionReview, Hindsight, evaluate
from .report import DealReview, Review
from .thresholds import Thresholds, thresholds

Progress = Callable[[int, int], None]


def review_match(data: str | Path | dict[str, Any], seat: int, budget: Budget | int | None = None,
                 seed: int = 0, progress: Progress | None = None) -> Review:
    """Review ``seat`` (the engine's seat, from 0) over every deal of a scenario or saved
    match file (a path or the parsed object).  ``budget``: a :class:`Budget`, or a number of
    worlds per decision (default :data:`DEFAULT_WORLDS`).  ``progress(done, total)`` is called
    before the first decision and after each one.  An unfinished last deal is reviewed up to
    where it stops (its ``over`` is false).  Raises :class:`ReviewError` naming the problem."""
    chosen = _budget(budget)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ReviewError(f"the seed must be a whole number, not {seed!r}", "seed")
    result = load(data)
    check_seat(result, seat)
    state = result.state
    limits = thresholds(state.game.id, state.players)
    records = deals_of(result)
    todo = [(record, decisions_of(record, seat)) for record in records]
    total = sum(len(ds) for _record, ds in todo)
    review = Review(state.game.id, seat, state.players, chosen, seed, limits)
    done = 0
    if progress is not None:
        progress(done, total)
    for record, ds in todo:
        deal = DealReview(record.index, record.over)
        for decision in ds:
            deal.decisions.append(evaluate(decision, chosen, seed, limits))
            done += 1
            if progress is not None:
                progress(done, total)
        review.deals.append(deal)
    return review


def _budget(budget: Budget | int | None) -> Budget:
    """A :class:`Budget` from what :func:`review_match` accepts (a ReviewError otherwise)."""
    if budget is None:
        return Budget()
    if isinstance(budget, Budget):
        return budget
    if isinstance(budget, bool) or not isinstance(budget, int):
        raise ReviewError(f"the budget is a Budget or a number of worlds, not {budget!r}", "budget")
    try:
        return Budget(worlds=budget)
    except ValueError as e:
        raise ReviewError(str(e), "budget") from None


__all__ = ["Budget", "CandidateResult", "DEFAULT_WORLDS", "DealReview", "Decision", "DecisionReview",
           "Hindsight", "Review", "ReviewError", "Thresholds", "evaluate", "review_match", "thresholds"]
