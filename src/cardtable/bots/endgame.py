"""Exact search of a deal's last moves, world by world (perfect-information Monte Carlo).

Near the end of a trick-taking or shedding deal the rest of the game is small: four
players with three cards each leave at most a few thousand move sequences.  There a
heuristic playout is the wrong tool twice over: it is noisy, and it cannot see a plan that
needs several moves nobody's heuristic would make (keeping a guard, unblocking, counting
the last trump).  This module solves the rest of the deal exactly in each sampled world
(every seat maximising its own margin: max^n, which is ordinary minimax between two
partnerships whose partners score alike) and plays the move with the best mean over the
worlds, as bridge programs do with double-dummy solvers (Ginsberg's GIB, 2001).

Its known flaw is the one of every perfect-information Monte Carlo: in each world the
solved line knows every card, so it credits plays that would need a guess in the real
deal (*strategy fusion*; Frank & Basin 1998).  Late in a deal, where most cards are known
or inferred, the flaw is small, and this is used only there: when the tree is small enough
to solve.  The worlds come from the honest sampler, so the bot stays honest, and budgets
are node counts, so its move is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..game import State
from ..moves import Move
from .outcome import seat_margins

Sampler = Callable[[random.Random], State]


class TooBig(Exception):
    """The rest of the deal has more nodes (or moves) than the solver was allowed."""


def margins(state: State) -> list[float]:
    """Every seat's margin over the mean of the others at the end of the deal."""
    return seat_margins(state.game.id, state.scores, state.winners())


class Solver:
    """max^n search to the end of the deal, within ``cap`` nodes and ``max_depth`` moves."""

    def __init__(self, cap: int, max_depth: int = 60) -> None:
        self.cap = cap
        self.max_depth = max_depth
        self.nodes = 0

    def values(self, state: State, depth: int = 0) -> list[float]:
        """Each seat's margin when every seat plays its best from ``state`` (raises
        :class:`TooBig` past the caps; a simultaneous decision is beyond it too)."""
        self.nodes += 1
        if self.nodes > self.cap or depth > self.max_depth:
            raise TooBig
        if state.is_over:
            return margins(state)
        movers = state.to_move()
        if len(movers) != 1:
            raise TooBig
        mover = movers[0]
        best: list[float] | None = None
        for move in state.legal_moves(mover):
            child = state.clone()
            child.play_legal(move, mover)
            vals = self.values(child, depth + 1)
            # ties keep the first move in legal order: the same line in every run
            if best is None or vals[mover] > best[mover]:
                best = vals
        assert best is not None
        return best


def estimate_nodes(state: State, rng: random.Random, probes: int = 3, max_depth: int = 60) -> float:
    """Knuth's estimate of the tree's size from ``probes`` random descents (cheap: one path
    each); infinite where a descent passes ``max_depth`` or meets a simultaneous decision."""
    total = 0.0
    for _ in range(probes):
        s, width, size, depth = state, 1.0, 1.0, 0
        while not s.is_over:
            movers = s.to_move()
            if len(movers) != 1 or depth > max_depth:
                return float("inf")
            legal = s.legal_moves(movers[0])
            width *= len(legal)
            size += width
            s = s.clone()
            s.play_legal(legal[rng.randrange(len(legal))], movers[0])
            depth += 1
        total += size
    return total / probes


def solve_choice(sampler: Sampler, seat: int, legal: list[Move], default: Move,
                 rng: random.Random, budget: int, world_cap: int,
                 max_worlds: int = 48, min_worlds: int = 4) -> Move | None:
    """The move with the best mean exact value over sampled worlds, or None where the rest
    of the deal is too big to solve (the caller then searches as usual).

    Worlds are drawn until ``budget`` nodes are spent or ``max_worlds`` are solved.  A world
    past ``world_cap`` nodes is left out (the sizes of the worlds' trees differ tenfold: one
    big world must not stop the search), which slightly favours the worlds with fewer
    choices; with fewer than ``min_worlds`` solved the answer is None.  ``default`` (the
    heuristic's move) is kept unless another move is better on the mean."""
    first = sampler(rng)
    # the estimate is rough (a factor of two either way is common): it only spares the
    # solver the hopeless trees, and the cap decides
    if estimate_nodes(first, random.Random(rng.getrandbits(64))) > 2 * world_cap:
        return None
    sums = dict.fromkeys(legal, 0.0)
    spent = worlds = 0
    world: State | None = first
    while worlds < max_worlds and spent < budget:
        if world is None:
            world = sampler(rng)
        solver = Solver(min(world_cap, budget - spent))
        try:
            vals = []
            for move in legal:
                child = world.clone()
                child.play_legal(move, seat)
                vals.append(solver.values(child)[seat])
        except TooBig:
            vals = []
        finally:
            spent += solver.nodes
        for move, v in zip(legal, vals, strict=False):
            sums[move] += v
        worlds += bool(vals)
        world = None
    if worlds < min_worlds:
        return None
    best = max(legal, key=lambda m: (sums[m], m == default))
    return best if sums[best] > sums[default] + 1e-9 else default
