"""A puzzle: one decision of one seat, the position rebuilt from its deal and the moves before it.

A puzzle is a JSON object (one line of ``data/<game>.jsonl``, docs/puzzles.md)::

    {"format": 1, "id": "gin-3f9a0c21be", "game": "gin", "players": 2, "rules": {},
     "deal": {…the deal…}, "moves": ["draw", "discard 9♦", …], "seat": 1,
     "answer": "discard K♦", "accept": [], "legal": 9, "heuristic": "discard 6♦",
     "candidates": [{"move": "discard K♦", "value": 3.1, "worlds": 256}, …],
     "margin": 21.3, "ci99": [12.0, 30.6], "worlds": 256, "seed": 1000017, "unit": "points",
     "explanation": {"against": "discard 6♦", …}, "difficulty": "medium",
     "source": {"kind": "self-play", "seed": 17, "bots": ["medium", "easy"]}}

The deal and the moves are the *whole* position, hidden cards included: they are what
rebuilds the state the playouts sample from.  Nothing of them is shown to a solver except
through :func:`view_of` (``State.view(seat)`` of the rebuilt state) and the seat's legal
moves (:func:`cardtable.puzzles.public`).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from ..errors import CardtableError, IllegalMove
from ..game import State
from ..i18n import _
from ..moves import Move, split_seat_prefix
from ..registry import get_game

FORMAT = 1
DIFFICULTIES = ("easy", "medium", "hard")
UNITS = ("points", "wins")
REQUIRED = ("id", "game", "players", "rules", "deal", "moves", "seat", "answer", "accept", "candidates",
            "margin", "ci99", "worlds", "seed", "explanation", "difficulty")


class PuzzleError(CardtableError):
    """A puzzle that cannot be read or rebuilt, or an unknown puzzle id; ``field`` names where."""

    def __init__(self, message: str, field: str = "(puzzle)") -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Puzzle:
    """One verified decision (see the module's docstring for every field)."""

    id: str
    game: str
    players: int
    rules: dict[str, Any]
    deal: dict[str, Any]
    moves: list[str]
    seat: int
    answer: str
    accept: list[str]
    candidates: list[dict[str, Any]]
    margin: float
    ci99: tuple[float, float]
    worlds: int
    seed: int
    explanation: dict[str, Any]
    difficulty: str
    legal: int = 0
    heuristic: str | None = None
    unit: str = "points"
    source: dict[str, Any] = field(default_factory=dict)

    def __hash__(self) -> int:
        return hash(self.id)

    @property
    def correct(self) -> list[str]:
        """The answer and the moves accepted as just as good."""
        return [self.answer, *self.accept]

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "id": self.id, "game": self.game, "players": self.players,
                "rules": self.rules, "deal": self.deal, "moves": list(self.moves), "seat": self.seat,
                "answer": self.answer, "accept": list(self.accept), "legal": self.legal,
                "heuristic": self.heuristic, "candidates": list(self.candidates),
                "margin": round(self.margin, 3), "ci99": [round(self.ci99[0], 3), round(self.ci99[1], 3)],
                "worlds": self.worlds, "seed": self.seed, "unit": self.unit,
                "explanation": self.explanation, "difficulty": self.difficulty, "source": self.source}

    def line(self) -> str:
        """The puzzle as one line of a ``.jsonl`` file."""
        return json.dumps(self.to_json(), ensure_ascii=False, sort_keys=False)

    @classmethod
    def from_json(cls, data: Any) -> Puzzle:
        """A puzzle from its JSON object; a PuzzleError names the first field that is wrong."""
        if not isinstance(data, dict):
            raise PuzzleError("a puzzle is a JSON object")
        for key in REQUIRED:
            if key not in data:
                raise PuzzleError(f"{key} is required", key)
        if data.get("format", FORMAT) != FORMAT:
            raise PuzzleError(f"format {data.get('format')!r} is not {FORMAT}", "format")
        checks: list[tuple[str, type | tuple[type, ...]]] = [
            ("id", str), ("game", str), ("players", int), ("rules", dict), ("deal", dict), ("moves", list),
            ("seat", int), ("answer", str), ("accept", list), ("candidates", list),
            ("margin", (int, float)), ("ci99", list), ("worlds", int), ("seed", int),
            ("explanation", dict), ("difficulty", str)]
        for key, kind in checks:
            value = data[key]
            if isinstance(value, bool) or not isinstance(value, kind):
                raise PuzzleError(f"{key} has the wrong type ({type(value).__name__})", key)
        if not all(isinstance(m, str) for m in data["moves"] + data["accept"]):
            raise PuzzleError("moves and accept are lists of move texts", "moves")
        ci = data["ci99"]
        if len(ci) != 2 or not all(isinstance(x, (int, float)) for x in ci):
            raise PuzzleError("ci99 is [lo, hi]", "ci99")
        for c in data["candidates"]:
            if not isinstance(c, dict) or not isinstance(c.get("move"), str) \
                    or not isinstance(c.get("value"), (int, float)):
                raise PuzzleError("a candidate is {\"move\": text, \"value\": number}", "candidates")
        if data["difficulty"] not in DIFFICULTIES:
            raise PuzzleError(f"difficulty is one of {', '.join(DIFFICULTIES)}", "difficulty")
        unit = data.get("unit", "points")
        if unit not in UNITS:
            raise PuzzleError(f"unit is one of {', '.join(UNITS)}", "unit")
        return cls(id=data["id"], game=data["game"], players=data["players"], rules=dict(data["rules"]),
                   deal=data["deal"], moves=list(data["moves"]), seat=data["seat"], answer=data["answer"],
                   accept=list(data["accept"]), candidates=list(data["candidates"]),
                   margin=float(data["margin"]), ci99=(float(ci[0]), float(ci[1])), worlds=data["worlds"],
                   seed=data["seed"], explanation=dict(data["explanation"]), difficulty=data["difficulty"],
                   legal=int(data.get("legal") or 0), heuristic=data.get("heuristic"), unit=unit,
                   source=dict(data.get("source") or {}))


def puzzle_id(game: str, players: int, rules: dict[str, Any], deal: dict[str, Any], moves: list[str],
              seat: int) -> str:
    """``<game>-<10 hex digits>``: a digest of the position (the same position, the same id)."""
    key = json.dumps([game, players, rules, deal, moves, seat], sort_keys=True, ensure_ascii=False)
    return f"{game}-{hashlib.sha256(key.encode('utf-8')).hexdigest()[:10]}"


_STATES: dict[str, State] = {}
_KEPT = 256


def state_of(puzzle: Puzzle) -> State:
    """The true state of the decision (a fresh copy; never shown to a solver): the deal
    replayed with the moves before it.  A PuzzleError when it cannot be rebuilt or when the
    puzzle's seat is not to move there."""
    key = puzzle_id(puzzle.game, puzzle.players, puzzle.rules, puzzle.deal, puzzle.moves, puzzle.seat)
    cached = _STATES.get(key)
    if cached is not None:
        return cached.clone()
    try:
        game = get_game(puzzle.game)
        options = game.make_options(None, puzzle.rules)
        state = game.new_state(puzzle.players, options, deal=puzzle.deal)
    except CardtableError as e:
        raise PuzzleError(f"puzzle {puzzle.id}: the deal cannot be rebuilt: {e}", "deal") from None
    for i, text in enumerate(puzzle.moves):
        try:
            state.apply(text)
        except CardtableError as e:
            raise PuzzleError(f"puzzle {puzzle.id}: move {i + 1} ({text!r}) is illegal: {e}",
                              f"moves[{i}]") from None
    if puzzle.seat not in state.to_move():
        raise PuzzleError(f"puzzle {puzzle.id}: seat {puzzle.seat} is not to move after the moves", "seat")
    if len(_STATES) >= _KEPT:
        _STATES.clear()
    _STATES[key] = state
    return state.clone()


def view_of(puzzle: Puzzle) -> dict[str, Any]:
    """What the puzzle's seat sees, and nothing more: ``State.view(seat)`` of the rebuilt state."""
    return state_of(puzzle).view(puzzle.seat)


def legal_moves(state: State, seat: int) -> list[Move]:
    """The seat's legal moves as a solver is offered them (every one; 十三张 offers its bounded
    list, as ``cardtable play`` does)."""
    return state.legal_moves(seat)


@dataclass(frozen=True)
class Check:
    """A solver's answer judged: ``correct``; ``legal`` False (with ``why``) when the text is
    not a legal move of the seat here; ``move`` the canonical text of what was read."""

    correct: bool
    legal: bool
    move: str | None = None
    why: str | None = None

    def __bool__(self) -> bool:
        return self.correct


def read_move(state: State, seat: int, text: str | Move) -> Move:
    """A solver's text (any spelling the game's notation accepts: ``discard kd``, ``discard
    K♦`` …) as the canonical legal move; raises CardtableError saying why it is not one."""
    if isinstance(text, Move):
        move = state.canonical_move(text)
    else:
        prefix, body = split_seat_prefix(text.strip())
        if prefix is not None and prefix != seat:
            raise IllegalMove(text, _("the move names seat {named} but seat {seat} plays it",
                                      named=prefix + 1, seat=seat + 1))
        move = state.canonical_move(state.parse_move(body, seat))
    why = state.why_illegal(seat, move)
    if why is not None:
        raise IllegalMove(state.move_text(move), why)
    return move


def check_answer(puzzle: Puzzle, text: str | Move) -> Check:
    """Is ``text`` (a move in the notation, in any spelling the game reads, or a Move) the
    puzzle's answer, or one of the moves it accepts as just as good?"""
    state = state_of(puzzle)
    try:
        move = read_move(state, puzzle.seat, text)
    except CardtableError as e:
        return Check(False, False, None, str(e))
    except Exception as e:  # noqa: BLE001 - a parser tripping over odd text is a wrong spelling
        return Check(False, False, None, _("could not read {text!r}: {error}", text=text, error=e))
    said = state.move_text(move)
    right = {state.move_text(read_move(state, puzzle.seat, t)) for t in puzzle.correct}
    return Check(said in right, True, said)
