"""One decision judged: its candidate moves played out in the same sampled worlds.

The candidates are the rollout bot's (:mod:`cardtable.bots.rollout`): the move of the
game's heuristic (the ``medium`` level's bot) and up to ``candidates − 1`` other legal moves
drawn with the review's seeded generator, plus the move played.  A game whose heuristic reads
only the head of the legal list (十三张: ``needs_all_legal = False``) gets its candidates
from ``legal_moves_head`` (its declarations and the auto-arranger's split), not from a list
of samples of the 72 072 splits.

Each candidate is played, then the rest of the deal is played by the heuristic in every
seat, in ``worlds`` worlds drawn from the seat's honest sampler (:mod:`cardtable.bots.sampling`:
worlds that depend on what the seat could see, never on the true hidden cards), every
candidate in the *same* worlds with the *same* playout generator (common random numbers), so
the comparison between two moves is paired world by world.  A candidate whose mean is
clearly below the leader's (``prune_z`` standard errors, after ``min_worlds`` worlds) stops
being played out; the move played and the leader never do.  The best of several noisy means
is biased upwards, so the loss of the move played against the best is measured again on
``confirm`` fresh worlds (the two moves only, paired), and its 95 % interval comes from those.

The same candidates are also played out on the true deal (``hindsight`` playouts each): that
judgement knows every card and is reported apart, never in the mark.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ..bots import GENERIC_BOTS, game_bots
from ..bots.levels import CANDIDATES, medium_name
from ..bots.sampling import honest_sampler
from ..game import State
from ..moves import Move
from .decisions import Decision
from .stats import mean, paired, upper_bound
from .thresholds import Thresholds
from .values import deal_values

#: sampled worlds per decision when no budget is given (docs/review.md, docs/performance.md)
DEFAULT_WORLDS = 64
MAX_PLAYOUT_MOVES = 3000


@dataclass(frozen=True)
class Budget:
    """What a review spends on each decision (stated in its output)."""

    worlds: int = DEFAULT_WORLDS            # sampled worlds per decision (paired)
    candidates: int = CANDIDATES["hard"]    # the heuristic's move and up to this − 1 others
    hindsight: int = 4                      # playouts per candidate on the true deal
    confirm: int | None = None              # fresh worlds measuring the loss (None: 2 × worlds)
    min_worlds: int = 8                     # worlds before a clearly worse move is dropped
    prune_z: float = 3.0                    # "clearly": this many standard errors

    def __post_init__(self) -> None:
        for name in ("worlds", "candidates", "hindsight", "min_worlds"):
            if not isinstance(getattr(self, name), int) or getattr(self, name) < (0 if name == "hindsight" else 1):
                raise ValueError(f"budget {name} must be a whole number ≥ {0 if name == 'hindsight' else 1}")
        if self.confirm is not None and (not isinstance(self.confirm, int) or self.confirm < 2):
            raise ValueError("budget confirm must be a whole number ≥ 2")
        if self.worlds < 2:
            raise ValueError("budget worlds must be at least 2 (an interval needs two worlds)")

    @property
    def confirm_worlds(self) -> int:
        return 2 * self.worlds if self.confirm is None else self.confirm

    def to_json(self) -> dict[str, Any]:
        return {"worlds": self.worlds, "confirm": self.confirm_worlds, "candidates": self.candidates,
                "hindsight": self.hindsight, "min_worlds": self.min_worlds, "prune_z": self.prune_z}


@dataclass
class CandidateResult:
    """A candidate move's mean value (review points) over the worlds it was played in."""

    move: Move
    text: str
    mean: float
    worlds: int
    heuristic: bool = False
    played: bool = False
    hindsight: float | None = None

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"move": self.text, "value": round(self.mean, 3), "worlds": self.worlds}
        if self.heuristic:
            d["heuristic"] = True
        if self.played:
            d["played"] = True
        if self.hindsight is not None:
            d["hindsight"] = round(self.hindsight, 3)
        return d


@dataclass
class Hindsight:
    """The candidates judged on the true deal (every card known): apart from the mark."""

    best: str
    loss: float
    playouts: int

    def to_json(self) -> dict[str, Any]:
        return {"best": self.best, "loss": round(self.loss, 3), "playouts": self.playouts}


@dataclass
class DecisionReview:
    """The judgement of one decision (see docs/review.md for every field)."""

    deal: int
    index: int
    seat: int
    played: str
    best: str
    loss: float
    ci95: tuple[float, float]
    mark: str | None          # None, inaccuracy, mistake, blunder, forced
    note: str                 # forced, equivalent, best, close, small, marked
    legal: int
    heuristic: str | None = None
    candidates: list[CandidateResult] = field(default_factory=list)
    hindsight: Hindsight | None = None
    played_move: Move | None = None
    best_move: Move | None = None

    @property
    def told_apart(self) -> bool:
        """The loss is known to be above 0 (its interval excludes 0)."""
        return self.mark != "forced" and self.best != self.played and self.ci95[0] > 0

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.deal, "index": self.index, "played": self.played, "best": self.best,
                "loss": round(self.loss, 3), "ci95": [round(self.ci95[0], 3), round(self.ci95[1], 3)],
                "mark": self.mark, "note": self.note, "legal": self.legal,
                "heuristic": self.heuristic,
                "candidates": [c.to_json() for c in self.candidates],
                "hindsight": self.hindsight.to_json() if self.hindsight is not None else None}


@cache
def base_policy(game_id: str) -> Any:
    """The playouts' bot: the game's heuristic (the ``medium`` level), else random moves."""
    cls = game_bots(game_id).get(medium_name(game_id)) or GENERIC_BOTS["random"]
    return cls(game_id)


def playout(world: State, move: Move, seat: int, seed: int, policy: Any) -> float:
    """``seat``'s value (review points) after ``move`` and the policy's play to the end."""
    state = world.clone()
    state.play_legal(move, seat)
    rng = random.Random(seed)
    log = getattr(policy, "needs_log", True)
    moves_of = state.legal_moves if getattr(policy, "needs_all_legal", True) else state.legal_moves_head
    for _ in range(MAX_PLAYOUT_MOVES):
        if state.is_over:
            break
        movers = state.to_move()
        mover = movers[0] if len(movers) == 1 else movers[rng.randrange(len(movers))]
        legal = moves_of(mover)
        step = legal[0] if len(legal) == 1 else policy.choose(state.view(mover, log=log), legal, rng)
        state.play_legal(step, mover)
    if not state.is_over:
        return 0.0
    return deal_values(state)[seat]


def candidates_of(state: State, seat: int, played: Move, budget: Budget, policy: Any,
                  rng: random.Random) -> tuple[list[Move], Move]:
    """The moves to compare (the heuristic's first, the played one last) and the heuristic's."""
    pool = (state.legal_moves(seat) if getattr(policy, "needs_all_legal", True)
            else state.legal_moves_head(seat))
    view = state.view(seat, log=getattr(policy, "needs_log", True))
    heuristic = policy.choose(view, pool, random.Random(rng.getrandbits(64)))
    others = [m for m in pool if m != heuristic and m != played]
    keep = budget.candidates - 1
    if len(others) > keep:
        chosen = set(rng.sample(range(len(others)), keep))
        others = [m for i, m in enumerate(others) if i in chosen]
    moves = [heuristic, *others]
    if played not in moves:
        moves.append(played)
    return moves, heuristic


def evaluate(decision: Decision, budget: Budget, seed: int, thresholds: Thresholds) -> DecisionReview:
    """Judge ``decision`` (see the module's docstring); reproducible from ``seed``."""
    state, seat, played = decision.state, decision.seat, decision.played
    text = state.move_text
    policy = base_policy(state.game.id)
    rng = random.Random(f"review:{seed}:{decision.deal}:{decision.index}")
    # the candidates first: a game may answer legal_moves_head with the whole list once
    # legal_moves was built (十三张)
    moves, heuristic = candidates_of(state, seat, played, budget, policy, rng)
    legal = state.legal_moves(seat)
    base = DecisionReview(decision.deal, decision.index, seat, text(played), text(played), 0.0,
                          (0.0, 0.0), "forced", "forced", len(legal), played_move=played, best_move=played)
    if len(legal) <= 1:
        return base
    base.heuristic = text(heuristic)
    if len(moves) == 1:
        # nothing else to compare with (十三张: the arrangement played is the arranger's)
        base.mark, base.note = None, "best"
        return base
    p = moves.index(played)
    values: list[list[float]] = [[] for _ in moves]
    alive = list(range(len(moves)))
    sampler = honest_sampler(state, seat)
    for w in range(budget.worlds):
        world = sampler(rng)
        pseed = rng.getrandbits(64)
        for i in alive:
            values[i].append(playout(world, moves[i], seat, pseed, policy))
        if w + 1 >= budget.min_worlds and len(alive) > 2:
            leader = max(alive, key=lambda i: (mean(values[i]), i == p, -i))
            alive = [i for i in alive if i in (p, leader)
                     or upper_bound(values[i], values[leader], budget.prune_z) >= 0.0]
    best = max(alive, key=lambda i: (mean(values[i]), i == p, i == 0, -i))
    results = [CandidateResult(m, text(m), mean(values[i]), len(values[i]), i == 0, i == p)
               for i, m in enumerate(moves)]
    review = DecisionReview(decision.deal, decision.index, seat, text(played), text(moves[best]),
                            0.0, (0.0, 0.0), None, "best", len(legal), text(heuristic), results,
                            played_move=played, best_move=moves[best])
    if all(values[i] == values[p] for i in range(len(moves))):
        review.mark, review.note = "forced", "equivalent"
    elif best != p:
        # the loss is measured again on fresh worlds: the best of several noisy means is
        # biased upwards, a fresh paired sample of the two chosen moves is not
        fresh: tuple[list[float], list[float]] = ([], [])
        for _w in range(budget.confirm_worlds):
            world = sampler(rng)
            pseed = rng.getrandbits(64)
            fresh[0].append(playout(world, moves[best], seat, pseed, policy))
            fresh[1].append(playout(world, played, seat, pseed, policy))
        loss, lo, hi = paired(*fresh)
        review.loss, review.ci95 = loss, (lo, hi)
        if lo <= 0.0:      # (a loss ≤ 0: the fresh worlds did not confirm the choice)
            review.note = "close"
        else:
            review.mark = thresholds.mark(loss)
            review.note = "marked" if review.mark is not None else "small"
    if budget.hindsight:
        review.hindsight = _hindsight(state, seat, moves, p, budget.hindsight, seed, decision, policy, results)
    return review


def _hindsight(state: State, seat: int, moves: list[Move], p: int, playouts: int, seed: int,
               decision: Decision, policy: Any, results: list[CandidateResult]) -> Hindsight:
    """The candidates played out on the true deal, ``playouts`` seeded playouts each."""
    rng = random.Random(f"hindsight:{seed}:{decision.deal}:{decision.index}")
    seeds = [rng.getrandbits(64) for _ in range(playouts)]
    means = [mean([playout(state, m, seat, s, policy) for s in seeds]) for m in moves]
    for r, v in zip(results, means, strict=True):
        r.hindsight = v
    best = max(range(len(moves)), key=lambda i: (means[i], i == p, i == 0, -i))
    return Hindsight(state.move_text(moves[best]), means[best] - means[p], playouts)
