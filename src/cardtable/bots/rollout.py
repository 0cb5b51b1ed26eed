"""Policy rollouts with common random numbers: one step of policy improvement on the heuristic.

For each candidate move the bot plays the rest of the deal with the game's heuristic bot in
every seat, in worlds drawn from the honest sampler (:mod:`cardtable.bots.sampling`), and
keeps the move with the best mean margin.  Two things make this work at a few hundred
playouts a move where plain Monte Carlo does not:

* **Common random numbers.**  Every candidate is played out in the *same* worlds with the
  *same* playout generator, so the comparison between two moves is paired: the luck of the
  deal (which is most of a deal's variance) cancels, and what is left is the effect of the
  move.  This is the classic rollout algorithm (Bertsekas, Tsitsiklis & Wu 1997; Tesauro &
  Galperin 1996 for backgammon), whose move is at least as good as the base policy's where
  the estimates are exact.
* **The heuristic's move is the default.**  Another move is played only if its mean paired
  difference over the heuristic's move exceeds ``z`` standard errors.  At small budgets that
  keeps the bot from trading a sound move for noise.

Candidates that are clearly worse than the heuristic's move (their upper bound below zero
after ``min_worlds`` worlds) are dropped, so the budget goes to the close ones.  The budget is
a number of playouts (``playouts``, reproducible) or a time (``budget_ms``), whichever runs
out first.  The reward is the seat's margin over the mean of the others in the deal's points
(:func:`cardtable.bots.outcome.seat_values`), unsquashed: the objective is points per deal.

Near the end of a deal ``endgame`` (a node budget, off by default) replaces the playouts
by exact search of the rest of the deal in each world (:mod:`cardtable.bots.endgame`);
measured, it adds nothing yet (docs/ladder.md).

Its weakness is the base policy's: opponents in the playouts play the heuristic from their
view of the sampled world, and the bot's own later moves are the heuristic's, so a plan that
needs several non-heuristic moves in a row is invisible to it.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from ..game import State
from ..moves import Move
from .endgame import solve_choice
from .inference import modelled_sampler
from .outcome import seat_margins

Sampler = Callable[[random.Random], State]


class RolloutBot:
    """The heuristic improved by paired rollouts (see the module's docstring)."""

    name = "rollout"
    uses_sampler = True

    def __init__(self, game_id: str | None = None, playouts: int | None = 200,
                 budget_ms: float | None = None, max_candidates: int = 8, z: float = 2.0,
                 min_worlds: int = 4, model: bool = False, pool: int = 24, miss: float = 0.3,
                 max_rollout_moves: int = 3000, endgame: int = 0, endgame_world: int = 50000) -> None:
        if playouts is None and budget_ms is None:
            raise ValueError("rollout needs a playout budget, a time budget or both")
        self.game_id = game_id
        self.playouts = playouts
        self.budget_ms = budget_ms
        self.max_candidates = max(2, int(max_candidates))
        self.z = z
        self.min_worlds = max(2, int(min_worlds))
        self.max_rollout_moves = max_rollout_moves
        # node budget of the exact search of the deal's last moves (bots/endgame.py; 0: off)
        self.endgame, self.endgame_world = max(0, int(endgame)), max(1, int(endgame_world))
        self.model, self.pool, self.miss = model, max(1, int(pool)), miss
        self._policy: Any = None
        if game_id is not None:
            from . import game_bots
            from .levels import medium_name
            cls = game_bots(game_id).get(medium_name(game_id))
            self._policy = cls(game_id) if cls is not None else None
        self.last_playouts = 0
        self.last_overrode = False
        self.last_solved = False

    def choose(self, view: dict[str, Any], legal: list[Move], rng: random.Random,
               sampler: Sampler | None = None) -> Move:
        self.last_playouts, self.last_overrode, self.last_solved = 0, False, False
        if self._policy is None:
            return legal[rng.randrange(len(legal))]
        # the heuristic's own draw from the generator is kept apart from the search's, so
        # the default move is the one `medium` would play with this generator
        base = self._policy.choose(view, legal, random.Random(rng.getrandbits(64)))
        if len(legal) == 1 or sampler is None:
            return base
        seat = view["seat"]
        if self.endgame:
            solved = solve_choice(sampler, seat, legal, base, rng, self.endgame, self.endgame_world)
            if solved is not None:
                self.last_solved = True
                self.last_overrode = solved != base
                return solved
        others = [m for m in legal if m != base]
        if len(others) > self.max_candidates - 1:
            others = rng.sample(others, self.max_candidates - 1)
        if self.model:
            sampler = modelled_sampler(sampler, seat, self._policy, self.pool, self.miss)
        alive = list(others)
        sums = {m: 0.0 for m in others}
        sqs = {m: 0.0 for m in others}
        worlds = 0
        used = 0
        deadline = None if self.budget_ms is None else time.perf_counter() + self.budget_ms / 1000
        per_playout = 0.0           # the slowest round so far, per playout (time budget only)
        while alive:
            need = len(alive) + 1
            if self.playouts is not None and used + need > self.playouts:
                break
            if deadline is not None:
                now = time.perf_counter()
                # a round is all-or-nothing (every candidate in the same world), so one that
                # would end past the deadline is not begun: the budget is a cap, not a target
                if worlds and now + per_playout * need >= deadline:
                    break
                started = now
            world = sampler(rng)
            seed = rng.getrandbits(64)
            ref = self._value(world, base, seat, seed)
            for m in alive:
                d = self._value(world, m, seat, seed) - ref
                sums[m] += d
                sqs[m] += d * d
            used += need
            worlds += 1
            if deadline is not None:
                per_playout = max(per_playout, (time.perf_counter() - started) / need)
            if worlds >= self.min_worlds:
                alive = [m for m in alive if self._bound(sums[m], sqs[m], worlds, +1) >= 0.0]
        self.last_playouts = used
        if worlds < 2:
            return base
        best = max(others, key=lambda m: (sums[m], -others.index(m)))
        if sums[best] > 0 and self._bound(sums[best], sqs[best], worlds, -1) > 0.0:
            self.last_overrode = True
            return best
        return base

    def _bound(self, total: float, sq: float, n: int, sign: int) -> float:
        """The mean paired difference plus (``sign`` = +1) or minus ``z`` standard errors."""
        mean = total / n
        var = max(sq / n - mean * mean, 0.0) * n / max(1, n - 1)
        return mean + sign * self.z * math.sqrt(var / n)

    def _value(self, world: State, move: Move, seat: int, seed: int) -> float:
        """``seat``'s margin after ``move`` and heuristic play to the end of the deal."""
        state = world.clone()
        state.play_legal(move, seat)
        rng = random.Random(seed)
        policy = self._policy
        log = getattr(policy, "needs_log", True)
        # a policy that reads only the head of the list (十三张's arranger) gets only that
        moves_of = state.legal_moves if getattr(policy, "needs_all_legal", True) else state.legal_moves_head
        for _ in range(self.max_rollout_moves):
            if state.is_over:
                break
            movers = state.to_move()
            mover = movers[0] if len(movers) == 1 else movers[rng.randrange(len(movers))]
            legal = moves_of(mover)
            move = legal[0] if len(legal) == 1 else policy.choose(state.view(mover, log=log), legal, rng)
            state.play_legal(move, mover)
        if not state.is_over:
            return 0.0
        return seat_margins(state.game.id, state.scores, state.winners())[seat]
