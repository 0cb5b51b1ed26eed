"""Matches: a sequence of deals with cumulative scores, dealer rotation and an end condition.

The game says who deals next (``Game.next_context``) and when the match ends and with what
bonuses (``Game.match_end``); this module only keeps the sequence and the running totals.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from .deal import Deal
from .errors import CardtableError
from .game import Game, MatchEnd, State
from .i18n import _
from .options import Options
from .scoring import ScoreItem, totals


def deal_totals(deals: Iterable[Any], players: int) -> list[int]:
    """The sum of deals' ``scores`` (a match's played deals, a score sheet's entered ones)."""
    out = [0] * players
    for d in deals:
        for s, v in enumerate(d.scores):
            out[s] += v
    return out


def with_end(running: list[int], end: MatchEnd | None, players: int) -> list[int]:
    """``running`` totals with the end-of-match items added, once there is an end."""
    if end is None:
        return list(running)
    return [a + b for a, b in zip(running, totals(end.items, players), strict=True)]


class Match:
    def __init__(self, game: Game[Any], players: int, options: Options,
                 seed: int | None = None, first_deal: Deal | dict[str, Any] | None = None,
                 context: dict[str, Any] | None = None, max_deals: int = 10_000,
                 first_seed: int | None = None) -> None:
        """``seed`` seeds the match (first context, later shuffles); ``first_deal`` is a
        written first deal, or ``first_seed`` the seed its shuffle uses (default: drawn from
        the match's generator)."""
        game.check_players(players)
        self.game = game
        self.players = players
        self.options = options
        self.seed = seed
        self.rng = random.Random(seed if seed is not None else random.randrange(2**63))
        self.deals: list[State] = []
        self.end: MatchEnd | None = None
        self.max_deals = max_deals
        self.context = context if context is not None else game.first_context(players, options, self.rng)
        self.state = self._new_deal(self.context, first_deal, first_seed)

    def _new_deal(self, context: dict[str, Any], deal: Deal | dict[str, Any] | None,
                  seed: int | None = None, field_name: str = "deal") -> State:
        drawn = self.rng.randrange(2**63)    # drawn always, so later deals do not shift
        if isinstance(deal, dict):
            deal = self.game.parse_deal({**context, **deal}, self.players, self.options,
                                        field_name)
        return self.game.new_state(self.players, self.options,
                                   seed=drawn if seed is None else seed,
                                   deal=deal, context=context)

    @property
    def over(self) -> bool:
        return self.end is not None

    def finish_deal(self) -> MatchEnd | None:
        """Record the finished current deal; return the match end if this was the last."""
        if not self.state.is_over:
            raise CardtableError(_("the current deal is not over"))
        if self.state in self.deals:
            return self.end
        self.deals.append(self.state)
        self.end = self.game.match_end(self)
        if self.end is None and len(self.deals) >= self.max_deals:
            raise CardtableError(f"match did not end within {self.max_deals} deals")
        return self.end

    def next_deal(self, deal: Deal | dict[str, Any] | None = None, seed: int | None = None,
                  field_name: str = "deal") -> State:
        """Start the next deal: a written ``deal``, or a shuffle (from ``seed`` if given,
        else from the match's generator).  ``field_name`` names a written deal in errors."""
        self.finish_deal()
        if self.end is not None:
            raise CardtableError(_("the match is over"))
        context = self.game.next_context(self)
        saved = self.rng.getstate()
        try:
            state = self._new_deal(context, deal, seed, field_name)
        except Exception:
            self.rng.setstate(saved)    # a rejected deal leaves the match as it was
            raise
        self.context, self.state = context, state
        return self.state

    @property
    def deal_totals(self) -> list[int]:
        """Sum of the finished deals' scores (no end-of-match bonuses)."""
        return deal_totals(self.deals, self.players)

    @property
    def totals(self) -> list[int]:
        """Running totals; once over, with the end-of-match items added."""
        return with_end(self.deal_totals, self.end, self.players)

    def items(self) -> list[ScoreItem]:
        """Every item of every finished deal, then the end-of-match items."""
        out = [it for d in self.deals for it in d.score_items()]
        if self.end is not None:
            out += self.end.items
        return out
