"""Finding puzzles in a deal: a quick pass of the review engine, then a verification.

``tools/mine_puzzles.py`` plays deals between the game's bots and hands every decision of the
mined seat to :func:`find_puzzle`; a finished human match could be mined the same way (its
decisions: :func:`cardtable.review.decisions.decisions_of`).  A decision becomes a puzzle when

1. it has between 2 and ``max_legal`` legal moves (every legal move is a candidate, so no
   better move can hide outside the comparison; 十三张 compares the game's own candidates,
   its declarations and the auto-arranger's split, and keeps a puzzle only when the answer
   is a declaration, since a solver cannot be asked to type the one split that was measured);
2. **quick pass** — the review's paired playouts (:func:`cardtable.puzzles.verify.measure`:
   the review's playouts in the seat's honest worlds, its pruning after 8 worlds at 3
   standard errors) with ``quick_worlds`` worlds find one move ahead of every other by at
   least the game's *mistake* threshold (:mod:`cardtable.review.thresholds`), each lead
   measured on the worlds both moves were played in; moves equal to the best in every world
   (equivalent moves) are left aside;
3. **verification** — the same with ``worlds`` fresh worlds (a seed of its own), every
   candidate in every world (no pruning): the quick pass's best move must have the best mean and a 99 % interval above 0
   against every other candidate (:func:`~cardtable.puzzles.verify.judge`), a lead of at
   least ``KEEP_Z`` (4) standard errors over each (so that fresh worlds confirm it: the
   99 % interval needs 2.6), and a margin over the runner-up of at least the game's
   *inaccuracy* threshold; moves equal to it in every world are accepted as just as good.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Any

from ..game import State
from ..moves import Move
from ..review.evaluate import base_policy
from ..review.stats import mean, paired
from ..review.thresholds import thresholds
from .model import Puzzle, puzzle_id
from .verify import KEEP_Z, VERIFY_WORLDS, Verdict, judge, lead_z, measure, puzzle_rng

QUICK_WORLDS = 32
QUICK_MIN_WORLDS = 8
QUICK_PRUNE_Z = 3.0
MAX_LEGAL = 16
#: games whose answer must be one of these verbs (十三张: a declaration, see the docstring)
ANSWER_VERBS: dict[str, tuple[str, ...]] = {"shisanzhang": ("declare",)}


@dataclass
class Attempt:
    """What became of one decision: ``stage`` is ``skipped`` (too few or too many legal
    moves), ``quick`` (no move stood out), ``verify`` (the verification did not confirm it) or
    ``kept``; ``puzzle`` when kept."""

    stage: str
    puzzle: Puzzle | None = None
    gap: float = 0.0
    reason: str = ""
    size: int = 0           # the number of candidate moves


def candidates(state: State, seat: int) -> list[Move]:
    """The moves a puzzle compares: every legal move (the game's bounded list where its bots
    read only its head: 十三张)."""
    policy = base_policy(state.game.id)
    return state.legal_moves(seat) if getattr(policy, "needs_all_legal", True) else state.legal_moves_head(seat)


def heuristic_move(state: State, seat: int, moves: list[Move]) -> Move:
    """The game's heuristic's move here (seeded: the same position, the same move)."""
    policy = base_policy(state.game.id)
    view = state.view(seat, log=getattr(policy, "needs_log", True))
    move: Move = policy.choose(view, list(moves), random.Random(0))
    return move


def quick_pass(state: State, seat: int, moves: list[Move], seed: int, index: int,
               worlds: int = QUICK_WORLDS) -> tuple[int, float]:
    """The quick pass: ``moves`` played out in ``worlds`` paired worlds, a move clearly below
    the leader dropped after 8 worlds (the review's pruning: 3 standard errors).  The best
    move's index and its lead over the closest other move, measured on the worlds both were
    played in (moves equal to the best in every world, equivalent moves, left aside)."""
    rng = random.Random(f"puzzle-quick:{seed}:{index}")
    values = measure(state, seat, moves, worlds, rng, min_worlds=QUICK_MIN_WORLDS, prune_z=QUICK_PRUNE_Z)
    full = [i for i in range(len(moves)) if len(values[i]) == worlds]
    best = max(full, key=lambda i: (mean(values[i]), -i))
    leads = [paired(values[best], values[j])[0] for j in range(len(moves))
             if j != best and values[j] != values[best][:len(values[j])]]
    return best, min(leads) if leads else 0.0


def explanation_of(verdict: Verdict) -> dict[str, Any]:
    """The explanation's data (docs/puzzles.md) from a verdict's values: the runner-up, both
    moves' means on their common worlds, in how many worlds the answer did better, worse or
    the same, and the share of worlds the seat ended ahead with each."""
    texts = [str(c["move"]) for c in verdict.candidates]
    against = verdict.runner_up or verdict.answer
    va, vr = verdict.values[texts.index(verdict.answer)], verdict.values[texts.index(against)]
    n = min(len(va), len(vr))
    va, vr = va[:n], vr[:n]
    return {
        "against": against,
        "answer_value": round(mean(va), 3), "against_value": round(mean(vr), 3),
        "better": sum(1 for a, r in zip(va, vr, strict=True) if a > r),
        "worse": sum(1 for a, r in zip(va, vr, strict=True) if a < r),
        "same": sum(1 for a, r in zip(va, vr, strict=True) if a == r),
        "ahead": [round(sum(1 for a in va if a > 0) / n, 3), round(sum(1 for r in vr if r > 0) / n, 3)],
        "worlds": n,
    }


def restate(puzzle: Puzzle, verdict: Verdict) -> Puzzle:
    """``puzzle`` with the figures of ``verdict`` (a verification of it): the candidates'
    values and intervals, the margin, the worlds and seed, the explanation's data."""
    return dataclasses.replace(
        puzzle, candidates=sorted(verdict.candidates, key=lambda c: (-c["value"], c["move"])),
        margin=verdict.margin, ci99=verdict.ci99, worlds=verdict.worlds, seed=verdict.seed,
        explanation=explanation_of(verdict))


def keeps(verdict: Verdict, game: str, players: int) -> bool:
    """The miner's criterion on a verification: the answer best, its 99 % interval above 0
    against every other candidate, a lead of ``KEEP_Z`` standard errors over each, and a
    margin of at least the game's inaccuracy threshold."""
    return verdict.ok and lead_z(verdict) >= KEEP_Z and verdict.margin >= thresholds(game, players).inaccuracy


def find_puzzle(state: State, seat: int, seed: int, index: int, source: dict[str, Any],
                quick_worlds: int = QUICK_WORLDS, worlds: int = VERIFY_WORLDS,
                max_legal: int = MAX_LEGAL, min_legal: int = 2) -> Attempt:
    """Try the decision of ``seat`` in ``state`` (the true state before its move; ``index`` is
    the move's place in the deal, ``seed`` makes the quick pass and the verification
    reproducible).  Decisions with fewer than ``min_legal`` or more than ``max_legal``
    candidates are skipped.  The puzzle's ``source`` is recorded as given."""
    game = state.game.id
    moves = candidates(state, seat)
    if not max(2, min_legal) <= len(moves) <= max_legal:
        return Attempt("skipped", size=len(moves))
    limits = thresholds(game, state.players)
    answer, gap = quick_pass(state, seat, moves, seed, index, quick_worlds)
    verbs = ANSWER_VERBS.get(game)
    if gap < limits.mistake or (verbs is not None and moves[answer].verb not in verbs):
        return Attempt("quick", gap=gap, size=len(moves))
    texts = [state.move_text(m) for m in moves]
    scenario = state.to_json()
    pid = puzzle_id(game, state.players, scenario["rules"], scenario["deal"], scenario["moves"], seat)
    vseed = seed * 1000 + index
    values = measure(state, seat, moves, worlds, puzzle_rng(vseed, pid))
    same = {j for j in range(len(moves)) if j != answer and values[j] == values[answer]}
    verdict = judge(texts, values, answer, same, worlds, vseed)
    if not keeps(verdict, game, state.players):
        return Attempt("verify", gap=gap, reason=verdict.reason if not verdict.ok else "small", size=len(moves))
    heuristic = heuristic_move(state, seat, moves)
    htext = state.move_text(heuristic)
    if htext == texts[answer] or htext in verdict.equivalent:
        difficulty = "easy"
    else:
        difficulty = "medium" if len(moves) <= 6 else "hard"
    puzzle = Puzzle(id=pid, game=game, players=state.players, rules=scenario["rules"], deal=scenario["deal"],
                    moves=scenario["moves"], seat=seat, answer=texts[answer], accept=verdict.equivalent,
                    candidates=[], margin=0.0, ci99=(0.0, 0.0), worlds=worlds, seed=vseed, explanation={},
                    difficulty=difficulty, legal=len(state.legal_moves(seat)), heuristic=htext, unit=limits.unit,
                    source=dict(source))
    puzzle = restate(puzzle, verdict)
    return Attempt("kept", puzzle, gap, size=len(moves))
