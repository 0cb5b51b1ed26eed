"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS, Cowling, Powley and
Whitehouse, IEEE TCIAIG 4(2), 2012), for every game.

Each iteration
1. *determinizes*: draws one world consistent with the bot's view from the sampler that
   :func:`cardtable.bots.bot_move` hands it (``sample_hidden`` of the bot's seat, from a
   canonical base, see :mod:`cardtable.bots.sampling`); the bot never sees the true state;
2. *selects* down one tree whose nodes are the observer's information sets: a child is
   ``(seat, move)``, and at every step only the children legal in *this* world are
   available.  UCB1 uses each child's availability count instead of its parent's visit
   count (Cowling et al. §5.2), so a move that is rarely possible is not starved;
3. *expands* one untried legal move, with progressive widening where a seat has many
   moves (the number of children grows as ``pw_c · n^pw_alpha`` of the node's visits);
4. *plays out* the rest of the deal with a cheap policy (uniform random, or the game's own
   heuristic bot from each seat's view of the sampled world);
5. *backpropagates* a reward per seat: the seat's margin over the mean of the others
   (in :func:`cardtable.bots.outcome.seat_values`: Remik's penalty points negated, the
   winners where all scores are equal),
   squashed to (0, 1) by ``tanh(margin / scale)`` with ``scale`` the mean absolute margin
   seen so far (a game's points range from 1 to several hundred).

6. after the last iteration, plays the most visited root move, *unless* that is not the
   heuristic's move and its mean reward is not higher than the heuristic move's by
   ``override_z`` standard errors: then the heuristic's move (at small budgets most
   differences between moves are playout noise).

Other seats' decisions are searched in the same tree, keyed by their moves in the sampled
world: their hidden cards differ between worlds, so the same node gathers every world in
which that move was possible (the "single observer" simplification: opponents are modelled
as if they could see the sampled world, which is the known weakness of SO-ISMCTS).

Simultaneous decisions (十三张's arrangement) are serialised: when several seats may act the
observer's own choice comes first, then the others in seat order.  The observer's row
choice is thus made without knowing the others' (their arrangements are sampled fresh in
every world by the game's sampler, never carried over from the truth), and the others'
choices are searched after it like ordinary moves, which lets them "respond" to it: an
over-pessimistic model, which is the safe side for a simultaneous move.  四百分's auction
needs nothing special: bids are ordinary moves of the tree, but a playout with random
bidders overbids wildly, which is why the game's default playout is its heuristic bot.

Anytime: stops after ``iterations`` iterations or ``budget_ms`` milliseconds, whichever
comes first (only the iteration budget is reproducible; levels use iteration budgets).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from ..game import State
from ..moves import Move
from ..registry import get_game
from .outcome import seat_values

Sampler = Callable[[random.Random], State]


class _Node:
    __slots__ = ("children", "visits", "avail", "reward", "sq", "seat", "move")

    def __init__(self, seat: int, move: Move | None = None) -> None:
        self.seat = seat
        self.move = move
        self.children: dict[tuple[int, Move], _Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.sq = 0.0               # sum of squared rewards (the root's override test)


class ISMCTSBot:
    """SO-ISMCTS with availability-count UCB and progressive widening."""

    name = "ismcts"
    uses_sampler = True

    def __init__(self, game_id: str | None = None, iterations: int | None = 400,
                 budget_ms: float | None = None, c: float = 0.7, rollout: str = "auto",
                 pw_threshold: int = 12, pw_c: float = 2.0, pw_alpha: float = 0.5,
                 prior: bool = True, override_z: float = 2.0, max_rollout_moves: int = 3000) -> None:
        if iterations is None and budget_ms is None:
            raise ValueError("ismcts needs an iteration budget, a time budget or both")
        self.game_id = game_id
        self.iterations = iterations
        self.budget_ms = budget_ms
        self.c = c
        self.pw_threshold = pw_threshold
        self.pw_c = pw_c
        self.pw_alpha = pw_alpha
        self.max_rollout_moves = max_rollout_moves
        self.override_z = override_z
        if rollout not in ("auto", "random", "heuristic"):
            raise ValueError(f"rollout is 'auto', 'random' or 'heuristic', not {rollout!r}")
        if rollout == "auto":
            # a game declares heuristic playouts where random play misleads the search: gin
            # (measured better than random at equal time, docs/bots.md), 四百分 and 议将
            # (random bidders overbid)
            rollout = ("heuristic" if game_id is not None and get_game(game_id).heuristic_playouts
                       else "random")
        self.rollout = rollout
        self._policy: Any = None
        self._prior: Any = None
        if game_id is not None:
            from . import game_bots
            from .levels import medium_name
            cls = game_bots(game_id).get(medium_name(game_id))
            if cls is not None and rollout == "heuristic":
                self._policy = cls(game_id)
            if cls is not None and prior:
                self._prior = self._policy if self._policy is not None else cls(game_id)
        self._prior_log = getattr(self._prior, "needs_log", True)
        self._policy_log = getattr(self._policy, "needs_log", True)
        self.last_iterations = 0        # how many iterations the last choice ran (benchmarks)

    # --- the search -------------------------------------------------------------------------

    def choose(self, view: dict[str, Any], legal: list[Move], rng: random.Random,
               sampler: Sampler | None = None) -> Move:
        if len(legal) == 1 or sampler is None:
            return legal[rng.randrange(len(legal))]
        seat = view["seat"]
        root = _Node(-1)
        stats = [0.0, 0]             # sum of |margin|, count: the reward scale
        deadline = None if self.budget_ms is None else time.perf_counter() + self.budget_ms / 1000
        done = 0
        while self.iterations is None or done < self.iterations:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            self._iterate(root, sampler(rng), seat, rng, stats)
            done += 1
        self.last_iterations = done
        best: Move | None = None
        best_visits = -1
        for move in legal:          # most visited, ties to the first listed: deterministic
            child = root.children.get((seat, move))
            if child is not None and child.visits > best_visits:
                best, best_visits = move, child.visits
        if best is None:
            return legal[0]
        return self._keep_prior(root, seat, best, legal)

    def _keep_prior(self, root: _Node, seat: int, best: Move, legal: list[Move]) -> Move:
        """The heuristic's move (the root's first child) unless the search's choice has a
        higher mean reward by ``override_z`` standard errors: at small budgets most of the
        difference between moves is playout noise, and the heuristic is the better guess."""
        if self._prior is None or self.override_z <= 0 or not root.children:
            return best
        (_, first), h = next(iter(root.children.items()))
        b = root.children[(seat, best)]
        # ``legal`` may be narrower than the world's moves (bot_move's ``legal``)
        if first == best or first not in legal or h.seat != seat or h.visits < 2 or b.visits < 2:
            return best

        def mean_var(n: _Node) -> tuple[float, float]:
            m = n.reward / n.visits
            return m, max(n.sq / n.visits - m * m, 1e-9) / n.visits
        (mb, vb), (mh, vh) = mean_var(b), mean_var(h)
        return best if mb - mh > self.override_z * math.sqrt(vb + vh) else first

    def _iterate(self, root: _Node, world: State, observer: int, rng: random.Random,
                 stats: list[float]) -> None:
        node = root
        root.visits += 1
        path: list[_Node] = []
        while not world.is_over:
            movers = world.to_move()
            mover = observer if observer in movers else movers[0]
            legal = world.legal_moves(mover)
            children = node.children
            avail: list[_Node] = []
            untried: list[Move] = []
            for m in legal:
                ch = children.get((mover, m))
                if ch is None:
                    untried.append(m)
                else:
                    ch.avail += 1
                    avail.append(ch)
            limit = len(legal)
            if len(legal) > self.pw_threshold:
                limit = max(2, int(self.pw_c * (max(1, node.visits) ** self.pw_alpha)))
            if untried and len(avail) < limit:
                move = untried[rng.randrange(len(untried))]
                if self._prior is not None and not children:
                    # the first child of a node is the heuristic's choice: a small budget
                    # then refines the heuristic instead of sampling moves blindly
                    move = self._prior.choose(world.view(mover, log=self._prior_log), legal, rng)
                child = _Node(mover, move)
                child.avail = 1
                children[(mover, move)] = child
                world.play_legal(move, mover)
                path.append(child)
                break
            best_child = avail[0]
            best_score = -1.0
            c = self.c
            for ch in avail:
                score = ch.reward / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if score > best_score:
                    best_score, best_child = score, ch
            world.play_legal(best_child.move, mover)  # type: ignore[arg-type]
            path.append(best_child)
            node = best_child
        rewards = self._playout(world, rng, stats)
        for ch in path:
            r = rewards[ch.seat]
            ch.visits += 1
            ch.reward += r
            ch.sq += r * r

    def _playout(self, world: State, rng: random.Random, stats: list[float]) -> list[float]:
        policy = self._policy
        if policy is None:
            _random_playout(world, rng, self.max_rollout_moves)
        else:
            for _ in range(self.max_rollout_moves):
                if world.is_over:
                    break
                movers = world.to_move()
                mover = movers[0] if len(movers) == 1 else movers[rng.randrange(len(movers))]
                legal = world.legal_moves(mover)
                if len(legal) > 1:
                    move = policy.choose(world.view(mover, log=self._policy_log), legal, rng)
                else:
                    move = legal[rng.randrange(1)]      # keeps the seeded sequence
                world.play_legal(move, mover)
        n = world.players
        if not world.is_over:
            return [0.5] * n
        scores = seat_values(world.game.id, world.scores, world.winners())
        total = sum(scores)
        margins = [s - (total - s) / max(1, n - 1) for s in scores]
        stats[0] += sum(abs(m) for m in margins) / n
        stats[1] += 1
        scale = max(1.0, stats[0] / stats[1])
        return [0.5 + 0.5 * math.tanh(m / scale) for m in margins]


def _random_playout(world: State, rng: random.Random, limit: int) -> None:
    """Uniform random moves to the end of the deal (or ``limit`` moves).  The hot loop of
    every random-playout search: bound methods are looked up once, and ``int(random() * n)``
    draws the index (a third of ``randrange``'s cost; its bias, below 2**-50 for these
    list lengths, is immaterial to a playout)."""
    rnd = rng.random
    to_move = world.to_move
    legal_moves = world.legal_moves
    play = world.play_legal
    for _ in range(limit):
        if world.is_over:
            break
        movers = to_move()
        mover = movers[0] if len(movers) == 1 else movers[int(rnd() * len(movers))]
        legal = legal_moves(mover)
        play(legal[int(rnd() * len(legal))], mover)
