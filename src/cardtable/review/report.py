"""A review of one seat over a file's deals: per decision, per deal and for the match.

* **points lost** — the sum of the losses that the review tells apart from 0 (their 95 %
  interval lies above 0); a loss too close to tell counts 0, so the sum does not grow with
  the number of decisions merely from noise;
* **accuracy** — the share of the seat's unforced decisions that earned no mark (neither an
  inaccuracy, a mistake nor a blunder), in per cent; none when every move was forced;
* **costliest** — the three decisions with the largest told-apart losses, each with a
  sentence in the player's language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..i18n import _
from .evaluate import Budget, DecisionReview
from .thresholds import Thresholds
from .words import decision_sentence, mark_words, summary_sentence, where

MARKS = ("inaccuracy", "mistake", "blunder")
COSTLIEST = 3


@dataclass
class DealReview:
    """One deal's decisions of the reviewed seat."""

    index: int
    over: bool
    decisions: list[DecisionReview] = field(default_factory=list)


@dataclass
class Review:
    """The review of ``seat`` (engine seat, from 0) over the deals of a file."""

    game: str
    seat: int
    players: int
    budget: Budget
    seed: int
    thresholds: Thresholds
    deals: list[DealReview] = field(default_factory=list)

    @property
    def decisions(self) -> list[DecisionReview]:
        return [d for deal in self.deals for d in deal.decisions]

    def summary(self, decisions: list[DecisionReview] | None = None) -> dict[str, Any]:
        """Points lost, accuracy, marks and the costliest decisions (of ``decisions``: by
        default the whole file), with the sentences in the current language."""
        ds = self.decisions if decisions is None else decisions
        unit = self.thresholds.unit
        judged = [d for d in ds if d.mark != "forced"]
        good = [d for d in judged if d.mark is None]
        lost = sum(d.loss for d in ds if d.told_apart)
        accuracy = 100.0 * len(good) / len(judged) if judged else None
        costly = sorted((d for d in ds if d.told_apart), key=lambda d: (-d.loss, d.deal, d.index))
        return {
            "decisions": len(ds), "forced": len(ds) - len(judged), "reviewed": len(judged),
            "points_lost": round(lost, 3),
            "accuracy": None if accuracy is None else round(accuracy, 1),
            "marks": {m: sum(1 for d in ds if d.mark == m) for m in MARKS},
            "costliest": [self._costly(d) for d in costly[:COSTLIEST]],
            "words": summary_sentence(lost, accuracy, len(judged), len(good), unit),
        }

    def _costly(self, d: DecisionReview) -> dict[str, Any]:
        words = decision_sentence(self.game, d, self.thresholds.unit)
        if d.mark is not None:
            words = _("{words} ({mark})", words=words, mark=mark_words(d.mark))
        return {"deal": d.deal, "index": d.index, "played": d.played, "best": d.best,
                "loss": round(d.loss, 3), "mark": d.mark,
                "words": _("{where}: {words}", where=where(d.deal, d.index), words=words)}

    def to_json(self) -> dict[str, Any]:
        """``{"game", "seat", "budget", "decisions", "summary"}`` (docs/review.md)."""
        summary = self.summary()
        summary["unit"] = self.thresholds.unit
        summary["thresholds"] = self.thresholds.to_json()
        summary["deals"] = [{"deal": deal.index, "over": deal.over, **self.summary(deal.decisions)}
                            for deal in self.deals]
        return {"game": self.game, "seat": self.seat, "budget": {**self.budget.to_json(), "seed": self.seed},
                "decisions": [d.to_json() for d in self.decisions], "summary": summary}
