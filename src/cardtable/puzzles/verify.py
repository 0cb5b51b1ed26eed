"""Is the puzzle's answer clearly best?  Paired playouts of every candidate in the same worlds.

The playouts are the review's (:func:`cardtable.review.evaluate.playout`: the move, then the
game's heuristic in every seat to the end of the deal; the value in review points,
:mod:`cardtable.review.values`), in worlds drawn from the seat's honest sampler
(:func:`cardtable.bots.sampling.honest_sampler`: they depend on what the seat can see, never
on where the hidden cards really are).  Every candidate is played in the same worlds with the
same playout generator, so two moves are compared world by world, every one in every world
(a verification drops no move early: see :func:`measure`).

The answer stands when it has the best mean and, against every other candidate (except the
moves the puzzle accepts as just as good), the paired difference's 99 % interval
(:func:`cardtable.review.stats.paired`) lies above 0.  Its **margin** is the difference with
the closest of them (the runner-up).  Two moves that gave the same value in every world are
"equivalent": the miner accepts both; a verification fails on an equivalent move the puzzle
does not accept (its difference is 0 in every world, so its interval cannot exclude 0).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots.sampling import honest_sampler
from ..errors import CardtableError
from ..game import State
from ..moves import Move
from ..review.evaluate import base_policy, playout
from ..review.stats import mean, paired, t99, upper_bound
from .model import Puzzle, PuzzleError, read_move, state_of

LEVEL = 0.99
#: a kept answer leads every other move by this many standard errors at least (the 99 %
#: interval needs about 2.6): so that a verification in fresh worlds confirms it
KEEP_Z = 4.0
#: the worlds a verification plays when none is given (the miner's: four times the review's 64)
VERIFY_WORLDS = 256


def measure(state: State, seat: int, moves: Sequence[Move], worlds: int, rng: random.Random,
            keep: Iterable[int] = (), min_worlds: int = 8, prune_z: float = 0.0) -> list[list[float]]:
    """Each move's values (review points), world by world, over ``worlds`` paired worlds.
    With ``prune_z`` (the quick pass: 3, as the review), a move more than ``prune_z``
    standard errors below the leader stops being played after ``min_worlds`` worlds (its list
    is shorter); the moves of ``keep`` never stop.  A verification does not prune: the values
    of a game are often mostly equal with a few large differences, and a spread estimated on
    the few worlds before a move was dropped can be far too small."""
    policy = base_policy(state.game.id)
    sampler = honest_sampler(state, seat)
    kept = set(keep)
    values: list[list[float]] = [[] for _ in moves]
    alive = list(range(len(moves)))
    for w in range(worlds):
        world = sampler(rng)
        pseed = rng.getrandbits(64)
        for i in alive:
            values[i].append(playout(world, moves[i], seat, pseed, policy))
        if prune_z and w + 1 >= min_worlds and len(alive) > 1:
            leader = max(alive, key=lambda i: (mean(values[i]), i in kept, -i))
            alive = [i for i in alive if i == leader or i in kept
                     or upper_bound(values[i], values[leader], prune_z) >= 0.0]
    return values


@dataclass
class Verdict:
    """What a verification found (``ok``: the answer is best, clearly: see the module's
    docstring); ``reason`` is ``ok``, ``not best`` (another move has a higher mean), ``close``
    (an interval against another move includes 0) or ``alone`` (no other move to compare)."""

    ok: bool
    reason: str
    answer: str
    best: str
    runner_up: str | None
    margin: float
    ci99: tuple[float, float]
    worlds: int
    seed: int
    candidates: list[dict[str, Any]] = field(default_factory=list)
    equivalent: list[str] = field(default_factory=list)
    against: dict[str, tuple[float, float, float]] = field(default_factory=dict)
    values: list[list[float]] = field(default_factory=list, repr=False)

    def to_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "reason": self.reason, "answer": self.answer, "best": self.best,
                "runner_up": self.runner_up, "margin": round(self.margin, 3),
                "ci99": [round(self.ci99[0], 3), round(self.ci99[1], 3)], "worlds": self.worlds,
                "seed": self.seed, "candidates": self.candidates, "equivalent": self.equivalent,
                "against": {k: [round(x, 3) for x in v] for k, v in self.against.items()}}


def judge(texts: Sequence[str], values: Sequence[Sequence[float]], answer: int, accept: Iterable[int],
          worlds: int, seed: int, level: float = LEVEL) -> Verdict:
    """The verdict on ``answer`` (an index of ``texts``) from the measured ``values``; the moves
    of ``accept`` count as just as good and are not compared."""
    accepted = set(accept) - {answer}
    full = [i for i in range(len(texts)) if len(values[i]) == len(values[answer])]
    best = max(full, key=lambda i: (mean(values[i]), i == answer, i in accepted, -i))
    candidates: list[dict[str, Any]] = [{"move": t, "value": round(mean(v), 3), "worlds": len(v)}
                                        for t, v in zip(texts, values, strict=True)]
    against: dict[str, tuple[float, float, float]] = {}
    for j in range(len(texts)):
        if j != answer and j not in accepted:
            against[texts[j]] = paired(values[answer], values[j], level)
            candidates[j]["ci99"] = [round(against[texts[j]][1], 3), round(against[texts[j]][2], 3)]
    verdict = Verdict(False, "alone", texts[answer], texts[best], None, 0.0, (0.0, 0.0), worlds, seed,
                      candidates, sorted(texts[j] for j in accepted), against, [list(v) for v in values])
    if not against:
        return verdict
    runner = min(against, key=lambda t: (against[t][0], t))
    verdict.runner_up = runner
    verdict.margin, lo, hi = against[runner]
    verdict.ci99 = (lo, hi)
    if best != answer and best not in accepted and mean(values[best]) > mean(values[answer]):
        verdict.reason = "not best"
    elif any(lo_ <= 0.0 for _m, lo_, _hi in against.values()):
        verdict.reason = "close"
    else:
        verdict.ok, verdict.reason = True, "ok"
    return verdict


def worlds_for(puzzle: Puzzle, z: float = 5.5, most: int = VERIFY_WORLDS) -> int | None:
    """About how many worlds a fresh verification of ``puzzle`` needs to pass with near
    certainty: enough for the answer's lead over every candidate to be ``z`` standard errors
    (the 99 % criterion needs about 2.6), from the spread the miner measured (its intervals).
    None when that would take more than ``most`` worlds."""
    need = 2
    for c in puzzle.candidates:
        ci, n = c.get("ci99"), int(c.get("worlds") or puzzle.worlds)
        if c["move"] in puzzle.correct or not isinstance(ci, list) or n < 2:
            continue
        lo, hi = float(ci[0]), float(ci[1])
        lead = (lo + hi) / 2
        if lead <= 0:
            return None
        sd = (hi - lo) / (2 * t99(n - 1)) * math.sqrt(n)
        need = max(need, math.ceil((z * sd / lead) ** 2))
    return need if need <= most else None


def puzzle_rng(seed: int, puzzle_id: str) -> random.Random:
    """The worlds' and playouts' generator of a verification (a seed, a puzzle, one sequence)."""
    return random.Random(f"puzzle:{seed}:{puzzle_id}")


def verify(puzzle: Puzzle, seed: int, worlds: int | None = None) -> Verdict:
    """Play the puzzle's candidates again in ``worlds`` fresh worlds (default
    :data:`VERIFY_WORLDS`) drawn with ``seed``: is the answer still best, its margin's 99 %
    interval above 0 against every other candidate?  A seed other than ``puzzle.seed`` gives
    fresh worlds; ``puzzle.seed`` with ``puzzle.worlds`` repeats the miner's verification."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise PuzzleError(f"the seed must be a whole number, not {seed!r}", "seed")
    n = VERIFY_WORLDS if worlds is None else worlds
    if isinstance(n, bool) or not isinstance(n, int) or n < 2:
        raise PuzzleError(f"worlds must be a whole number ≥ 2, not {worlds!r}", "worlds")
    state = state_of(puzzle)
    texts = [str(c["move"]) for c in puzzle.candidates]
    try:
        moves = [read_move(state, puzzle.seat, t) for t in texts]
        canon = [state.move_text(m) for m in moves]
        answer = canon.index(state.move_text(read_move(state, puzzle.seat, puzzle.answer)))
        accept = {canon.index(state.move_text(read_move(state, puzzle.seat, t))) for t in puzzle.accept}
    except (CardtableError, ValueError) as e:
        raise PuzzleError(f"puzzle {puzzle.id}: a candidate or the answer is not a legal move ({e})",
                          "candidates") from None
    values = measure(state, puzzle.seat, moves, n, puzzle_rng(seed, puzzle.id))
    return judge(canon, values, answer, accept, n, seed)


def lead_z(verdict: Verdict) -> float:
    """The answer's smallest lead over another candidate, in standard errors (from the
    verdict's 99 % intervals); infinite when every lead was the same in every world."""
    zs = []
    for c in verdict.candidates:
        ci, n = c.get("ci99"), int(c.get("worlds") or 0)
        if not isinstance(ci, list) or n < 2:
            continue
        half = (ci[1] - ci[0]) / 2
        zs.append(math.inf if half <= 0 else (ci[0] + half) / half * t99(n - 1))
    return min(zs) if zs else 0.0
