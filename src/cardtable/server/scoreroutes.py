"""The scorekeeper's routes (issue 30; docs/scorekeeper.md "On the server"): the fields of a
game's entry, a sheet scored, the sheets a signed-in account keeps (read-only by link, as
JSON or CSV), and the page.  Scoring runs in a worker thread: a long sheet never holds the
tables' loop."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from ..i18n import _
from .scoresheets import SheetProblem, SheetService, fields_of, scored


def add_score_routes(app: FastAPI, sheets: SheetService, body_of: Callable[[Request], Awaitable[Any]],
                     account_of: Callable[[Request], Awaitable[Any]], read_allowed: Callable[[Request], None],
                     page: Callable[[], str]) -> None:
    def refused(e: SheetProblem) -> JSONResponse:
        return JSONResponse(e.body, status_code=e.status)

    async def signed_in(request: Request) -> Any:
        account = await account_of(request)
        if account is None:
            raise SheetProblem(401, {"error": _("sign in to keep score sheets on the server (a sheet is kept "
                                                "in this browser without an account)")})
        return account

    @app.post("/api/score/fields")
    async def fields(request: Request) -> Any:
        """``{"game", "players", "preset"?, "rules"?}`` → what the page draws for the table."""
        try:
            return await asyncio.to_thread(fields_of, await body_of(request))
        except SheetProblem as e:
            return refused(e)

    @app.post("/api/score/sheet")
    async def score(request: Request) -> Any:
        """``{"sheet"}`` → its deals scored, lines in the reader's language, totals and end; a
        bad entry → 400 naming the deal, the field and the seat (from 1)."""
        try:
            return await asyncio.to_thread(scored, await body_of(request))
        except SheetProblem as e:
            return refused(e)

    @app.post("/api/sheets", status_code=201)
    async def save(request: Request) -> Any:
        try:
            account = await signed_in(request)
            return await sheets.save(account.id, await body_of(request))
        except SheetProblem as e:
            return refused(e)

    @app.put("/api/sheets/{sheet_id}")
    async def replace(sheet_id: str, request: Request) -> Any:
        try:
            account = await signed_in(request)
            return await sheets.replace(sheet_id, account.id, await body_of(request))
        except SheetProblem as e:
            return refused(e)

    @app.delete("/api/sheets/{sheet_id}", status_code=204)
    async def delete(sheet_id: str, request: Request) -> Response:
        try:
            account = await signed_in(request)
            await sheets.delete(sheet_id, account.id)
        except SheetProblem as e:
            return refused(e)
        return Response(status_code=204)

    @app.get("/api/players/me/sheets")
    async def mine(request: Request) -> Any:
        try:
            account = await signed_in(request)
        except SheetProblem as e:
            return refused(e)
        return await sheets.mine(account.id)

    @app.get("/api/sheets/{sheet_id}.csv")
    async def as_csv(sheet_id: str, request: Request) -> Response:
        read_allowed(request)
        try:
            _got, sheet = await sheets.get(sheet_id, None)
        except SheetProblem as e:
            return refused(e)
        return Response(sheet.to_csv(), media_type="text/csv; charset=utf-8",
                        headers={"content-disposition": f'attachment; filename="score-{sheet.game_id}.csv"'})

    @app.get("/api/sheets/{sheet_id}")
    async def one(sheet_id: str, request: Request) -> Any:
        """Anyone with the link reads a sheet (``mine``: the signed-in owner may change it)."""
        read_allowed(request)
        account = await account_of(request)
        try:
            got, _sheet = await sheets.get(sheet_id, account.id if account is not None else None)
        except SheetProblem as e:
            return refused(e)
        return got

    @app.get("/score", response_class=HTMLResponse)
    @app.get("/score/{game}", response_class=HTMLResponse)
    @app.get("/score/s/{sheet_id}", response_class=HTMLResponse)
    async def score_page(game: str = "", sheet_id: str = "") -> HTMLResponse:
        return HTMLResponse(page())


__all__ = ["add_score_routes"]
