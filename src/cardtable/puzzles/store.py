"""The shipped puzzles: ``data/<game>.jsonl`` (package data), one puzzle per line.

:func:`load` reads a game's file once per process; :func:`by_id` finds a puzzle of any game
(its id begins with the game's); :func:`daily` picks the day's puzzle of a game.
"""

from __future__ import annotations

import datetime as _dt
import json
import random
from pathlib import Path

from ..errors import UnknownGame
from ..registry import game_ids, resolve_game
from .model import Puzzle, PuzzleError

DATA_DIR = Path(__file__).resolve().parent / "data"

_LOADED: dict[str, tuple[Puzzle, ...]] = {}


def data_file(game: str) -> Path:
    return DATA_DIR / f"{game}.jsonl"


def read_file(path: Path) -> list[Puzzle]:
    """Every puzzle of a ``.jsonl`` file; a PuzzleError names the line that is wrong."""
    out = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            out.append(Puzzle.from_json(json.loads(line)))
        except json.JSONDecodeError as e:
            raise PuzzleError(f"{path.name}, line {number}: not valid JSON: {e}", f"line {number}") from None
        except PuzzleError as e:
            raise PuzzleError(f"{path.name}, line {number}: {e}", e.field) from None
    return out


def _game_id(game: str) -> str:
    try:
        return resolve_game(game)
    except UnknownGame as e:
        raise PuzzleError(str(e), "game") from None


def load(game: str) -> list[Puzzle]:
    """The game's puzzles in file order (an empty list when it has none); ``game`` is an id
    or any name :func:`cardtable.registry.resolve_game` knows."""
    gid = _game_id(game)
    if gid not in _LOADED:
        path = data_file(gid)
        _LOADED[gid] = tuple(read_file(path)) if path.exists() else ()
    return list(_LOADED[gid])


def games() -> dict[str, int]:
    """How many puzzles each registered game has (0 for a game without a file)."""
    return {g: len(load(g)) for g in game_ids()}


def by_id(puzzle_id: str) -> Puzzle:
    """The puzzle with this id (``gin-3f9a0c21be``); a PuzzleError when there is none."""
    game = puzzle_id.rpartition("-")[0] if isinstance(puzzle_id, str) else ""
    if game:
        try:
            candidates = load(game)
        except PuzzleError:
            candidates = []
        for p in candidates:
            if p.id == puzzle_id:
                return p
    raise PuzzleError(f"there is no puzzle {puzzle_id!r}", "id")


def daily(game: str, date: _dt.date | None = None) -> Puzzle:
    """The puzzle of ``date`` (default: today, local time) for ``game``: the same for every
    caller on that day.  Days run through the game's puzzles in a shuffled order, each once
    before any comes again (the order depends on the game and on which round of the file it
    is; a file that grows changes the order from then on).  A PuzzleError when the game has
    no puzzle."""
    gid = _game_id(game)
    puzzles = sorted(load(gid), key=lambda p: p.id)
    if not puzzles:
        raise PuzzleError(f"{gid} has no puzzles", "game")
    day = (date or _dt.date.today()).toordinal()
    rounds, place = divmod(day, len(puzzles))
    order = list(range(len(puzzles)))
    random.Random(f"daily:{gid}:{len(puzzles)}:{rounds}").shuffle(order)
    return puzzles[order[place]]
