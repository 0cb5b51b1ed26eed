"""The puzzle routes (issue 29; docs/server.md "Puzzles"): the catalogue with each game's
daily puzzle, a puzzle by id, the next one for a player, answers, and a player's puzzle
ratings.  A solver gets the seat's view, its legal moves and the felt's picture only."""

from __future__ import annotations

import asyncio
import datetime as _dt
from typing import Any

from fastapi import FastAPI, Request

from .puzzleplay import PuzzleProblem, PuzzleService


def add_puzzle_routes(app: FastAPI, puzzles: PuzzleService, body_of: Any, player_of: Any, api_error: Any,
                      read_allowed: Any) -> None:
    def problem(e: PuzzleProblem) -> Exception:
        return api_error(e.status, e.message)

    def today() -> _dt.date:
        return _dt.datetime.now(_dt.UTC).date()     # the daily puzzle changes at midnight UTC

    @app.get("/api/puzzles")
    async def catalogue() -> list[dict[str, Any]]:
        """Each game: how many puzzles, and today's puzzle's id."""
        return await asyncio.to_thread(puzzles.catalogue, today())

    @app.get("/api/puzzles/{game}/daily")
    async def daily(game: str, request: Request) -> dict[str, Any]:
        read_allowed(request)
        try:
            return await asyncio.to_thread(puzzles.daily, game, today())
        except PuzzleProblem as e:
            raise problem(e) from None

    @app.get("/api/puzzles/{game}/next")
    async def next_one(game: str, request: Request, after: str | None = None) -> dict[str, Any]:
        """A puzzle the player has not tried, near their puzzle rating (for a visitor without
        a player credential, any puzzle but ``?after=``, the one on their screen)."""
        read_allowed(request)
        try:
            return await puzzles.next_for(game, await player_of(request), after)
        except PuzzleProblem as e:
            raise problem(e) from None

    @app.get("/api/puzzle/{puzzle_id}")
    async def one(puzzle_id: str, request: Request) -> dict[str, Any]:
        read_allowed(request)
        try:
            return await asyncio.to_thread(puzzles.one, puzzle_id)
        except PuzzleProblem as e:
            raise problem(e) from None

    @app.post("/api/puzzle/{puzzle_id}/answer")
    async def answer(puzzle_id: str, request: Request) -> dict[str, Any]:
        """``{"move"}`` → right or not, the answer, why, and (a player's first try) the new
        puzzle rating.  A move that is not legal there is refused (400) and counts nothing."""
        try:
            return await puzzles.answer(puzzle_id, await body_of(request), await player_of(request))
        except PuzzleProblem as e:
            raise problem(e) from None

    @app.get("/api/players/me/puzzles")
    async def my_ratings(request: Request) -> dict[str, Any]:
        player = await player_of(request, required=True)
        return await puzzles.ratings(player)
