"""Reading the opponents: worlds weighted by how well they explain what the others did.

The honest sampler (:mod:`cardtable.bots.sampling`) draws every world consistent with the
seat's view with equal chance.  But the others' moves say more than which worlds are
*possible*: a gin player who passes on the upcard seldom holds its neighbours, and one who
throws a card rarely keeps the cards next to it.  This module weighs each sampled world by
the chance that a model of the other players (the game's heuristic) would have made their
moves in it, and resamples worlds in proportion to that weight (sampling importance
resampling).

The model is deliberately soft: a move the heuristic would not have made costs a factor
``miss`` (default 0.3), not a veto, because real opponents are not the heuristic.  Against
the heuristic itself the posterior is sharp; against a person it still prefers the worlds in
which the person played sensibly.

Everything here is built from the honest sampler's worlds and their histories, which are
consistent with the seat's view, so the bot stays honest: two states the seat cannot tell
apart give the same pool and, with the same generator, the same draws.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from ..game import State

Sampler = Callable[[random.Random], State]


def misses(world: State, observer: int, policy: Any, rng: random.Random,
           max_checks: int = 60) -> int:
    """How many of the other seats' latest choices (up to ``max_checks`` of them, among moves
    with more than one legal option) the ``policy`` would have made differently in ``world``."""
    replay = world.game.start(world.players, world.options, world.deal)
    todo = [i for i, (s, _m) in enumerate(world.history) if s != observer]
    check = set(todo[-max_checks:])
    log = getattr(policy, "needs_log", True)
    n = 0
    for i, (seat, move) in enumerate(world.history):
        if i in check:
            legal = replay.legal_moves(seat)
            if len(legal) > 1 and policy.choose(replay.view(seat, log=log), legal, rng) != move:
                n += 1
        replay.play_legal(move, seat)
    return n


def modelled_sampler(sampler: Sampler, observer: int, policy: Any, pool: int = 24,
                     miss: float = 0.3, max_checks: int = 60) -> Sampler:
    """A sampler drawing from ``pool`` worlds of ``sampler`` weighted by ``miss`` to the power
    of their :func:`misses` (the pool is built on the first call, from that call's generator)."""
    worlds: list[State] = []
    cum: list[float] = []

    def build(rng: random.Random) -> None:
        log_miss = math.log(miss)
        logs = []
        for _ in range(pool):
            w = sampler(rng)
            worlds.append(w)
            logs.append(log_miss * misses(w, observer, policy, random.Random(rng.getrandbits(64)),
                                          max_checks))
        top = max(logs)
        total = 0.0
        for lw in logs:
            total += math.exp(lw - top)
            cum.append(total)

    def draw(rng: random.Random) -> State:
        if not worlds:
            build(rng)
        x = rng.random() * cum[-1]
        lo, hi = 0, len(cum) - 1
        while lo < hi:                      # first cumulative weight above x
            mid = (lo + hi) // 2
            if cum[mid] > x:
                hi = mid
            else:
                lo = mid + 1
        return worlds[lo].clone()
    return draw
