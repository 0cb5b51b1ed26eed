"""Puzzles on the server (issue 29): the daily puzzle of each game, the next puzzle for a
player near their puzzle rating, and answers, rated once per player and puzzle.

The puzzles are the engine's (:mod:`cardtable.puzzles`, package data): a solver is sent only
:func:`cardtable.puzzles.public` (the seat's view and its legal moves, never the deal) and,
for the browser table, the felt's picture of that view.  The answer and why come back only
with the answer to a try.

Ratings: a try is a game of two, the player against the puzzle, in openskill's
Plackett–Luce (the model of rated matches, docs/ratings.md), the winner being the player when
the answer is right; both ratings move, so a puzzle that many miss climbs.  A puzzle starts at
the prior shifted by its difficulty (easy −4, hard +4 on the μ scale).  Only a player's first
try at a puzzle is rated (a second try knows the answer), and a wrong spelling or a move that
is not legal there is refused without counting.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import secrets
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from openskill.models import PlackettLuce
from sqlalchemy.exc import IntegrityError

from .. import puzzles
from ..i18n import _
from ..movewords import move_words
from ..picture import table_picture
from .ratings import BETA, MU0, SIGMA0, TAU, Skill, display_rating, provisional
from .store import PlayerRow, Store, metadata

puzzle_ratings_t = sa.Table(
    "puzzle_ratings", metadata,
    sa.Column("player_id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(32), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("tried", sa.Integer, nullable=False),
    sa.Column("solved", sa.Integer, nullable=False),
    sa.Column("updated_ms", sa.BigInteger, nullable=False),
)
puzzle_attempts_t = sa.Table(
    "puzzle_attempts", metadata,
    sa.Column("player_id", sa.String(32), primary_key=True),
    sa.Column("puzzle_id", sa.String(64), primary_key=True),
    sa.Column("correct", sa.Boolean, nullable=False),
    sa.Column("at_ms", sa.BigInteger, nullable=False),
)
puzzle_skill_t = sa.Table(
    "puzzle_skill", metadata,
    sa.Column("puzzle_id", sa.String(64), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("tried", sa.Integer, nullable=False),
    sa.Column("solved", sa.Integer, nullable=False),
)

_MODEL = PlackettLuce(mu=MU0, sigma=SIGMA0, beta=BETA, tau=TAU, limit_sigma=True)
#: a new puzzle's μ by its difficulty
DIFFICULTY_MU = {"easy": MU0 - 4.0, "medium": MU0, "hard": MU0 + 4.0}


class PuzzleProblem(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass
class Rated:
    player: Skill
    puzzle: Skill
    solved: int


def shown(p: puzzles.Puzzle) -> dict[str, Any]:
    """What a solver's page gets: the public part and the felt's picture of the seat's view."""
    out = puzzles.public(p)
    out["felt"] = table_picture(out["view"], [m["move"] for m in out["legal"]])
    return out


def prior_of(p: puzzles.Puzzle) -> Skill:
    return Skill(DIFFICULTY_MU.get(p.difficulty, MU0), SIGMA0, 0)


def rate_try(player: Skill, puzzle: Skill, correct: bool) -> tuple[Skill, Skill]:
    """One try: the player and the puzzle as two teams of one, the winner first."""
    teams = [[_MODEL.rating(mu=player.mu, sigma=player.sigma)], [_MODEL.rating(mu=puzzle.mu, sigma=puzzle.sigma)]]
    new = _MODEL.rate(teams, ranks=[0.0, 1.0] if correct else [1.0, 0.0])
    return (Skill(float(new[0][0].mu), float(new[0][0].sigma), player.games + 1),
            Skill(float(new[1][0].mu), float(new[1][0].sigma), puzzle.games + 1))


def skill_json(s: Skill, solved: int | None = None) -> dict[str, Any]:
    out = {"mu": round(s.mu, 3), "sigma": round(s.sigma, 3), "rating": display_rating(s), "tried": s.games,
           "provisional": provisional(s)}
    if solved is not None:
        out["solved"] = solved
    return out


class PuzzleDb:
    """The tables above (each method is one database call, for ``Store.run``)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def rating(self, player_id: str, game: str) -> tuple[Skill, int] | None:
        q = puzzle_ratings_t.select().where(puzzle_ratings_t.c.player_id == player_id,
                                            puzzle_ratings_t.c.game == game)
        with self.store.engine.connect() as c:
            r = c.execute(q).mappings().first()
        return None if r is None else (Skill(r["mu"], r["sigma"], r["tried"]), int(r["solved"]))

    def ratings(self, player_id: str) -> dict[str, tuple[Skill, int]]:
        q = puzzle_ratings_t.select().where(puzzle_ratings_t.c.player_id == player_id)
        with self.store.engine.connect() as c:
            rows = c.execute(q).mappings().all()
        return {r["game"]: (Skill(r["mu"], r["sigma"], r["tried"]), int(r["solved"])) for r in rows}

    def tried(self, player_id: str, game: str) -> set[str]:
        q = sa.select(puzzle_attempts_t.c.puzzle_id).where(puzzle_attempts_t.c.player_id == player_id,
                                                            puzzle_attempts_t.c.puzzle_id.like(f"{game}-%"))
        with self.store.engine.connect() as c:
            return {r[0] for r in c.execute(q)}

    def skills(self, game: str) -> dict[str, Skill]:
        q = puzzle_skill_t.select().where(puzzle_skill_t.c.puzzle_id.like(f"{game}-%"))
        with self.store.engine.connect() as c:
            return {r["puzzle_id"]: Skill(r["mu"], r["sigma"], r["tried"]) for r in c.execute(q).mappings()}

    def record_try(self, player_id: str, p: puzzles.Puzzle, correct: bool, now_ms: int) -> Rated | None:
        """Rate a first try (None when the player tried this puzzle before: nothing changes)."""
        try:
            with self.store.engine.begin() as c:
                c.execute(puzzle_attempts_t.insert(), [{"player_id": player_id, "puzzle_id": p.id,
                                                        "correct": correct, "at_ms": now_ms}])
                r = c.execute(puzzle_ratings_t.select().where(puzzle_ratings_t.c.player_id == player_id,
                                                              puzzle_ratings_t.c.game == p.game)).mappings().first()
                player = Skill(r["mu"], r["sigma"], r["tried"]) if r else Skill(MU0, SIGMA0, 0)
                solved = (int(r["solved"]) if r else 0) + int(correct)
                k = c.execute(puzzle_skill_t.select().where(puzzle_skill_t.c.puzzle_id == p.id)).mappings().first()
                puzzle = Skill(k["mu"], k["sigma"], k["tried"]) if k else prior_of(p)
                new_player, new_puzzle = rate_try(player, puzzle, correct)
                row = {"mu": new_player.mu, "sigma": new_player.sigma, "tried": new_player.games,
                       "solved": solved, "updated_ms": now_ms}
                if r:
                    c.execute(puzzle_ratings_t.update().where(puzzle_ratings_t.c.player_id == player_id,
                                                              puzzle_ratings_t.c.game == p.game).values(**row))
                else:
                    c.execute(puzzle_ratings_t.insert(), [{"player_id": player_id, "game": p.game, **row}])
                prow = {"mu": new_puzzle.mu, "sigma": new_puzzle.sigma, "tried": new_puzzle.games,
                        "solved": (int(k["solved"]) if k else 0) + int(correct)}
                if k:
                    c.execute(puzzle_skill_t.update().where(puzzle_skill_t.c.puzzle_id == p.id).values(**prow))
                else:
                    c.execute(puzzle_skill_t.insert(), [{"puzzle_id": p.id, **prow}])
        except IntegrityError:
            return None
        return Rated(new_player, new_puzzle, solved)


class PuzzleService:
    def __init__(self, store: Store, now_ms: Any) -> None:
        self.store = store
        self.db = PuzzleDb(store)
        self.now_ms = now_ms

    def _load(self, game: str) -> list[puzzles.Puzzle]:
        try:
            return puzzles.load(game)
        except puzzles.PuzzleError as e:
            raise PuzzleProblem(404, str(e)) from None

    def _get(self, puzzle_id: str) -> puzzles.Puzzle:
        try:
            return puzzles.by_id(puzzle_id)
        except puzzles.PuzzleError:
            raise PuzzleProblem(404, _("there is no puzzle {id}", id=repr(puzzle_id[:80]))) from None

    def catalogue(self, today: _dt.date) -> list[dict[str, Any]]:
        out = []
        for game, n in puzzles.games().items():
            entry: dict[str, Any] = {"game": game, "puzzles": n, "daily": None}
            if n:
                entry["daily"] = puzzles.daily(game, today).id
            out.append(entry)
        return out

    def daily(self, game: str, today: _dt.date) -> dict[str, Any]:
        if not self._load(game):
            raise PuzzleProblem(404, _("{game} has no puzzles yet", game=game))
        try:
            return shown(puzzles.daily(game, today))
        except puzzles.PuzzleError as e:
            raise PuzzleProblem(404, str(e)) from None

    def one(self, puzzle_id: str) -> dict[str, Any]:
        return shown(self._get(puzzle_id))

    async def next_for(self, game: str, player: PlayerRow | None, after: str | None = None) -> dict[str, Any]:
        """A puzzle the player has not tried, the nearest to their rating (among the five
        nearest, one picked by the player and the count of their tries: no two players march
        through the file in the same order); for a visitor, any puzzle but ``after`` (the one
        on their screen), at random."""
        pool = self._load(game)
        if not pool:
            raise PuzzleProblem(404, _("{game} has no puzzles yet", game=game))
        if player is None:
            others = [p for p in pool if p.id != after] or pool
            return shown(secrets.choice(others))
        who = player.id
        done = await self.store.run(self.db.tried, who, pool[0].game)
        fresh = [p for p in pool if p.id not in done] or pool
        skills = await self.store.run(self.db.skills, pool[0].game)
        mine = await self.store.run(self.db.rating, who, pool[0].game)
        mu = mine[0].mu if mine else MU0
        fresh.sort(key=lambda p: (abs((skills.get(p.id) or prior_of(p)).mu - mu), p.id))
        near = fresh[:5]
        pick = int(hashlib.sha256(f"{who}:{len(done)}".encode()).hexdigest(), 16) % len(near)
        return shown(near[pick])

    async def answer(self, puzzle_id: str, body: Any, player: PlayerRow | None) -> dict[str, Any]:
        p = self._get(puzzle_id)
        if not isinstance(body, dict) or not isinstance(body.get("move"), str):
            raise PuzzleProblem(400, _("the body must be a JSON object with the 'move' (its text), e.g. "
                                       "{example}", example='{"move": "draw"}'))
        check = puzzles.check_answer(p, body["move"])
        if not check.legal:
            raise PuzzleProblem(400, check.why or _("not a legal move here"))
        rated = None
        if player is not None:
            rated = await self.store.run(self.db.record_try, player.id, p, check.correct, self.now_ms())
        out: dict[str, Any] = {
            "id": p.id, "correct": check.correct, "move": check.move,
            "answer": {"move": p.answer, "words": move_words(p.game, p.answer)},
            "accept": [{"move": m, "words": move_words(p.game, m)} for m in p.accept],
            "explanation": puzzles.explain(p), "rated": rated is not None}
        if rated is not None:
            out["rating"] = skill_json(rated.player, rated.solved)
            out["puzzle_rating"] = display_rating(rated.puzzle)
        return out

    async def ratings(self, player: PlayerRow) -> dict[str, Any]:
        got = await self.store.run(self.db.ratings, player.id)
        return {g: skill_json(s, solved) for g, (s, solved) in sorted(got.items())}


__all__ = ["DIFFICULTY_MU", "PuzzleDb", "PuzzleProblem", "PuzzleService", "prior_of", "puzzle_attempts_t",
           "puzzle_ratings_t", "puzzle_skill_t", "rate_try", "shown"]
