"""Puzzles: one decision of one seat where one move is clearly best (issue 29).

Positions come from bot self-play (``tools/mine_puzzles.py``): a decision is kept when the
review engine's quick pass finds one move ahead by the game's *mistake* threshold and paired
playouts in four times the review's worlds confirm it, the answer's margin over every other
legal move having a 99 % interval above 0 (:mod:`.verify`).  The puzzles ship as package data,
``data/<game>.jsonl``; docs/puzzles.md gives the format, the method and the counts.

    from cardtable import puzzles
    p = puzzles.daily("gin", datetime.date(2027, 1, 1))
    puzzles.public(p)                      # the seat's view, its legal moves in words: no deal
    puzzles.check_answer(p, "discard kd")  # Check(correct=True, legal=True, move="discard K♦")
    puzzles.explain(p)                     # why, in the current language
    puzzles.verify(p, seed=7, worlds=64)   # the answer re-checked in fresh worlds

Standard library only (an import-linter contract checks it), like the review it builds on.
"""

from __future__ import annotations

from .model import Check, Puzzle, PuzzleError, check_answer, puzzle_id, state_of, view_of
from .store import DATA_DIR, by_id, daily, games, load, read_file
from .verify import VERIFY_WORLDS, Verdict, verify
from .words import candidate_lines, difficulty_words, explain, public, question

__all__ = ["Check", "DATA_DIR", "Puzzle", "PuzzleError", "VERIFY_WORLDS", "Verdict", "by_id",
           "candidate_lines", "check_answer", "daily", "difficulty_words", "explain", "games", "load",
           "public", "puzzle_id", "question", "read_file", "state_of", "verify", "view_of"]
