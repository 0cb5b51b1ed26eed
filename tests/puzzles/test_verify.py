"""A shipped puzzle's answer re-verified in fresh worlds (a seed the miner did not use).

The quick test re-verifies three puzzles per game with the worlds that make the 99 % criterion
hold with near certainty for them (:func:`cardtable.puzzles.verify.worlds_for`: a lead of 5.5
standard errors, from the spread the miner measured; the three of a game that need the fewest);
the slow one re-verifies twelve more of each game (drawn at random, seeded) with the worlds
that give a lead of 6 standard errors (at most 1024).
"""

from __future__ import annotations

import random

import pytest

from cardtable import puzzles
from cardtable.puzzles import DATA_DIR, Puzzle
from cardtable.puzzles.verify import worlds_for

SHIPPED = [p for f in sorted(DATA_DIR.glob("*.jsonl")) for p in puzzles.read_file(f)]
#: the quick test's cap on worlds per puzzle (a game's three puzzles are chosen to need fewer)
QUICK_CAP = 96


def quick_sample(k: int = 3) -> list[tuple[Puzzle, int]]:
    out = []
    for game in sorted({p.game for p in SHIPPED}):
        need = [(w, p.id, p) for p in SHIPPED if p.game == game
                if (w := worlds_for(p, most=QUICK_CAP)) is not None]
        out.extend((p, max(w, 16)) for w, _id, p in sorted(need)[:k])
    return out


@pytest.mark.parametrize(("puzzle", "worlds"), quick_sample(), ids=lambda x: x.id if isinstance(x, Puzzle) else str(x))
def test_a_shipped_answer_holds_in_fresh_worlds(puzzle: Puzzle, worlds: int) -> None:
    seed = puzzle.seed + 1                      # never the miner's seed
    verdict = puzzles.verify(puzzle, seed, worlds)
    assert verdict.seed != puzzle.seed and verdict.worlds == worlds
    assert verdict.ok, verdict.to_json()
    assert verdict.best in puzzle.correct and verdict.ci99[0] > 0


def test_every_game_with_puzzles_has_some_to_verify_quickly() -> None:
    games = {p.game for p in SHIPPED}
    assert games == {p.game for p, _w in quick_sample()}


def slow_sample(k: int = 6) -> list[Puzzle]:
    out = []
    for game in sorted({p.game for p in SHIPPED}):
        found = [p for p in SHIPPED if p.game == game]
        out.extend(random.Random(f"slow:{game}").sample(found, min(k, len(found))))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", slow_sample(), ids=lambda p: p.id)
def test_more_shipped_answers_hold_in_fresh_worlds(puzzle: Puzzle) -> None:
    worlds = max(64, worlds_for(puzzle, z=6.0, most=1024) or 1024)
    verdict = puzzles.verify(puzzle, puzzle.seed + 2, worlds)
    assert verdict.ok, verdict.to_json()
