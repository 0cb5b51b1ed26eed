"""A game-independent search bot: determinized Monte Carlo (perfect-information sampling).

For each candidate move the bot plays random deals to the end from worlds sampled so that
they match what its seat can see, and picks the move with the best mean result.  It never
sees the true state: the caller hands it a *sampler* (``State.sample_hidden`` bound to the
true state and the bot's seat), whose worlds differ from the truth wherever the seat's view
does.  Without a sampler it falls back to a uniform choice.

Its known weakness is the uniform random rollout: where random play is far from real play
the estimates mislead it.  In 四百分's auction random bidders nearly always overbid and go
down, so ``search`` jumps to a very high bid and fails against sensible opponents (see
docs/games/sibaifen.md).  ``search_heuristic`` plays its rollouts with the game's own
``heuristic`` bot instead (from each simulated seat's view of the sampled world): slower,
but its simulated opponents bid and play like real ones.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..game import State
from ..moves import Move

Sampler = Callable[[random.Random], State]


class SearchBot:
    """Determinized Monte Carlo over sampled worlds with uniform random rollouts."""

    name = "search"
    uses_sampler = True

    rollout_bot = "random"

    def __init__(self, game_id: str | None = None, worlds: int = 6, max_candidates: int = 10,
                 max_rollout_moves: int = 3000) -> None:
        self.game_id = game_id
        self.worlds = worlds
        self.max_candidates = max_candidates
        self.max_rollout_moves = max_rollout_moves
        self._policy: Any = None
        if self.rollout_bot != "random" and game_id is not None:
            from . import game_bots
            cls = game_bots(game_id).get(self.rollout_bot)
            self._policy = cls(game_id) if cls is not None else None

    def choose(self, view: dict[str, Any], legal: list[Move], rng: random.Random,
               sampler: Sampler | None = None) -> Move:
        if len(legal) == 1 or sampler is None:
            return legal[rng.randrange(len(legal))]
        seat = view["seat"]
        candidates = legal if len(legal) <= self.max_candidates else rng.sample(legal, self.max_candidates)
        totals = [0.0] * len(candidates)
        for _ in range(self.worlds):
            world = sampler(rng)
            for i, move in enumerate(candidates):
                trial = world.clone()
                trial.apply(move, seat)
                totals[i] += self._rollout(trial, seat, rng)
        best = max(totals)
        return candidates[totals.index(best)]

    def _rollout(self, state: State, seat: int, rng: random.Random) -> float:
        """Play uniformly random moves to the end of the deal; the seat's margin over the
        mean of the others (a deal cut off by the move cap counts as 0)."""
        log = getattr(self._policy, "needs_log", True)
        for _ in range(self.max_rollout_moves):
            if state.is_over:
                scores = state.scores
                others = [v for s, v in enumerate(scores) if s != seat]
                return scores[seat] - sum(others) / max(1, len(others))
            movers = state.to_move()
            mover = movers[rng.randrange(len(movers))]
            legal = state.legal_moves(mover)
            if self._policy is not None and len(legal) > 1:
                move = self._policy.choose(state.view(mover, log=log), legal, rng)
            else:
                move = legal[rng.randrange(len(legal))]
            state.apply(move, mover)
        return 0.0


class GuidedSearchBot(SearchBot):
    """``search`` with rollouts played by the game's ``heuristic`` bot (random where the game
    has none)."""

    name = "search_heuristic"
    rollout_bot = "heuristic"
