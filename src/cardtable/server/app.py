"""The HTTP API and the WebSocket endpoint of ``shared/contracts/table-protocol.md``.

Handlers only translate: HTTP bodies and WebSocket messages in, the service's answers out.
Frames are built and written by ``frames`` (through the table's outboxes) and nowhere else.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import HTMLResponse, JSONResponse, StreamingResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..errors import CardtableError
from ..i18n import _, current_language, normalize
from ..presentation import rows_check
from ..registry import resolve_game
from .accountroutes import CsrfMiddleware, account_of, add_account_routes
from .chat import chat_frame, chat_problem, presence_frame
from .clock import Clock
from .export import export_lines
from .frames import Outbox, error_frame, pong_frame, refusal_for_person
from .games import games_list_in
from .guard import BodyLimitMiddleware
from .headers import CrossSiteMiddleware, SecurityHeadersMiddleware
from .lang import LanguageMiddleware, page_catalog, render_page
from .limits import RateLimit
from .offline import add_offline_routes
from .preload import with_preloads
from .profiles import Profiles
from .puzzleplay import PuzzleService
from .puzzleroutes import add_puzzle_routes
from .quickplay import friends_tables
from .refereeroutes import add_referee_routes
from .replayview import replay_steps, review_on_table
from .rulespage import rules_page, search_page, search_results
from .scoreroutes import add_score_routes
from .scoresheets import SheetService
from .service import ApiError, Settings, TableService
from .store import PlayerRow, token_hash

CLOSE_POLICY = 1008
CLOSE_BAD_TOKEN = 4401
CLOSE_NO_TABLE = 4404
CLOSE_TRY_LATER = 1013          # too many connections from the address
PINGS_PER_SECOND = 5            # per connection (bursts of twice that)
#: the protocol version this server implements (GET /api/health)
PROTOCOL = 3
_SEAT = re.compile(r"[0-9]{1,6}")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"


def create_app(settings: Settings, clock: Clock | None = None, background: bool = True) -> FastAPI:
    """The server as an ASGI app; ``background=False`` runs no timer loop (tests call
    ``app.state.service.fire_expired()`` after moving an injected clock)."""
    service = TableService(settings, clock)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await service.start(background=background)
        # the game list of the server's own language, ready before the first page asks
        warm = asyncio.create_task(asyncio.to_thread(games_list_in, current_language()))
        try:
            yield
        finally:
            await asyncio.gather(warm, return_exceptions=True)
            await service.stop()

    app = FastAPI(title="cardtable table server", lifespan=lifespan,
                  description="The card-table protocol (shared/contracts/table-protocol.md); see docs/server.md.")
    app.state.service = service
    # a body announced over the limit is refused before it is read (inside the language)
    app.add_middleware(BodyLimitMiddleware, limit=settings.max_message_bytes)
    # what another site makes a browser send is refused (server/headers.py), in the language
    app.add_middleware(CsrfMiddleware, accounts=service.accounts)
    app.add_middleware(CrossSiteMiddleware)
    app.add_middleware(LanguageMiddleware)     # every request in its client's language
    # the page's scripts, styles and game list travel compressed (a phone on a slow line
    # loads the table in a third of the bytes); WebSocket frames are not touched
    app.add_middleware(GZipMiddleware, minimum_size=1024)
    # every answer carries the browser's safety headers (server/headers.py)
    app.add_middleware(SecurityHeadersMiddleware, web=WEB_DIR)
    if (WEB_DIR / "static").is_dir():
        # the browser table's scripts and styles: files of the package, no build step
        app.mount("/static", StaticFiles(directory=WEB_DIR / "static"), name="static")

    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError) -> JSONResponse:
        # a refused body is not read further: the connection closes after the answer
        headers = {"connection": "close"} if exc.status == 413 else None
        return JSONResponse({"error": exc.message}, status_code=exc.status, headers=headers)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code)

    @app.exception_handler(Exception)
    async def _server_error(request: Request, exc: Exception) -> JSONResponse:
        # a fault of the server, never of the input: still the contract's JSON (and logged)
        log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
        return JSONResponse({"error": _("the server failed to answer this request ({error}); "
                                        "it has been logged", error=type(exc).__name__)}, status_code=500)

    async def body_of(request: Request) -> Any:
        """The JSON body, read at most ``max_message_bytes`` (counted while it streams in:
        a body over the limit is refused before it has been read whole)."""
        limit = settings.max_message_bytes
        chunks: list[bytes] = []
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise ApiError(413, _("the body is over {n} bytes", n=limit))
            chunks.append(chunk)
        raw = b"".join(chunks)
        if not raw:
            return {}
        try:
            return json.loads(raw)
        except RecursionError:
            raise ApiError(400, _("the body is not valid JSON: it is nested too deeply")) from None
        except (ValueError, UnicodeDecodeError) as e:
            raise ApiError(400, _("the body is not valid JSON: {problem}", problem=str(e))) from None

    def address(request: Request | WebSocket) -> str | None:
        return request.client.host if request.client else None

    async def player_of(request: Request, required: bool = False) -> PlayerRow | None:
        """Who is asking: the holder of the request's player credential (``X-Player``), or
        the signed-in account's player (version 3); a credential joined to an account acts
        as that account."""
        secret = request.headers.get("x-player")
        if not secret:
            account = await account_of(request, service.accounts)
            if account is not None:
                return await service.accounts.player_of_account(account)
        found = await service.player(secret, required=required)
        return None if found is None else await service.accounts.account_player(found)

    def seat_number(seat: str, table_id: str) -> int:
        """A seat of the URL: a number from 0 (404 naming the problem otherwise)."""
        if not _SEAT.fullmatch(seat):
            raise ApiError(404, _("table {table} has no seat {seat}: the address numbers seats from 0 "
                                  "(seat 1 is 0)", table=table_id, seat=repr(seat[:20])))
        return int(seat)

    def links(request: Request, summary: dict[str, Any]) -> dict[str, Any]:
        """Add the table's links, at the address the request came to (its Host header):
        the table's page and each seat's invite (``?join=N``)."""
        base = str(request.base_url).rstrip("/")
        page = f"{base}/tables/{summary['id']}"
        summary["url"] = page
        summary["invite"] = [f"{page}?join={i}" for i in range(int(summary["players"]))]
        return summary

    reads = RateLimit(settings.max_reads_per_minute)

    def read_allowed(request: Request) -> None:
        """Reads that replay matches or scan the database (replays, open data, players'
        pages, leaderboards) are counted per address (``max_reads_per_minute``)."""
        if not reads.allow(address(request)):
            raise ApiError(429, _("too many requests from your address (at most {n} a minute of "
                                  "replays, exports and players' pages); wait a little",
                                  n=settings.max_reads_per_minute))

    deep_checked = [-1e9]      # when SQLite's whole file was last checked (monotonic s)

    @app.get("/api/health")
    async def health() -> JSONResponse:
        """Ready and the database readable: its tables read each time, and SQLite's whole file
        checked at most once a minute (a proxy may ask every few seconds)."""
        if not service.ready:
            return JSONResponse({"ok": False}, status_code=503)
        now = time.monotonic()
        deep = now - deep_checked[0] > 60
        try:
            await asyncio.wait_for(service.store.run(service.store.check, deep), 10)
        except Exception as e:  # noqa: BLE001 - whatever keeps the database from being read
            log.error("health: the database cannot be read: %s", e)
            return JSONResponse({"ok": False, "error": _("the database cannot be read")}, status_code=503)
        if deep:
            deep_checked[0] = now
        return JSONResponse({"ok": True, "protocol": PROTOCOL})

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        # built once per language in a worker thread (0.6 s the first time): no table's
        # socket waits behind it
        return await asyncio.to_thread(games_list_in, current_language())

    @app.post("/api/players", status_code=201)
    async def new_player(request: Request) -> JSONResponse:
        made = await service.create_player(await body_of(request), address(request))
        return JSONResponse(made, status_code=201)

    @app.get("/api/players/me")
    async def me(request: Request) -> dict[str, Any]:
        player = await player_of(request, required=True)
        assert player is not None
        return {"player": player.id, "name": player.name}

    @app.get("/api/players/me/tables")
    async def my_tables(request: Request) -> list[dict[str, Any]]:
        """The player's tables (host or a seat of theirs), newest first, with links."""
        player = await player_of(request, required=True)
        assert player is not None
        return [links(request, t) for t in await service.tables_of(player)]

    add_account_routes(app, service.accounts, Profiles(service.store), body_of, player_of, address, ApiError,
                       read_allowed)
    add_puzzle_routes(app, PuzzleService(service.store, service.clock.now_ms), body_of, player_of, ApiError,
                      read_allowed)

    async def account_of_request(request: Request) -> Any:
        return await account_of(request, service.accounts)

    add_score_routes(app, SheetService(service.store, service.clock.now_ms), body_of, account_of_request,
                     read_allowed,
                     lambda: render_page(with_preloads(_page("score.html"), WEB_DIR), current_language()))
    add_offline_routes(app)     # the score page offline: the engine's zip for Pyodide, /sw.js
    add_referee_routes(app, body_of)    # the gin referee's page and API (/referee)

    @app.get("/api/players/me/friends/tables")
    async def friends_tables_of(request: Request) -> list[dict[str, Any]]:
        """Listed tables, not over, of the player's recent opponents (the lobby's "friends'
        tables"), newest first, with links."""
        player = await player_of(request, required=True)
        assert player is not None
        ids = await service.store.run(friends_tables, service.store, player.id)
        return [links(request, await service.summary(tid)) for tid in ids]

    @app.post("/api/tables", status_code=201)
    async def create(request: Request) -> JSONResponse:
        player = await player_of(request)
        table, extra = await service.create_table(await body_of(request), address(request), player)
        return JSONResponse({**links(request, table.summary()), **extra}, status_code=201)

    @app.post("/api/quickplay")
    async def quickplay(request: Request) -> dict[str, Any]:
        """A seat in seconds (issue 28): ``{"game", "bot"?, "players"?}``."""
        player = await player_of(request)
        got = await service.quick.play(await body_of(request), player, address(request))
        got["url"] = f"{str(request.base_url).rstrip('/')}/tables/{got['table']}"
        return got

    @app.post("/api/tables/{table_id}/rematch", status_code=201)
    async def rematch(table_id: str, request: Request) -> JSONResponse:
        got = await service.quick.rematch(table_id, await player_of(request), address(request))
        summary = links(request, got.pop("summary"))
        return JSONResponse({**summary, **got}, status_code=201)

    @app.get("/api/export/{game}")
    async def export_month(game: str, request: Request, month: str | None = None) -> StreamingResponse:
        """Open game data: every finished public match of ``game`` that ended in ``month``
        (YYYY-MM, UTC), one scenario file per line (docs/open-data.md)."""
        read_allowed(request)
        if month is None:
            raise ApiError(400, _("give the month: ?month=YYYY-MM"))
        try:
            lines = export_lines(service.store, game, month)
        except ValueError as e:
            raise ApiError(400, str(e)) from None
        return StreamingResponse(lines, media_type="application/x-ndjson; charset=utf-8")

    @app.get("/api/tables")
    async def list_tables(request: Request) -> list[dict[str, Any]]:
        return [links(request, t) for t in await service.list_summaries()]

    @app.get("/api/tables/{table_id}")
    async def summary(table_id: str, request: Request) -> dict[str, Any]:
        return links(request, await service.summary(table_id))

    @app.delete("/api/tables/{table_id}")
    async def end_table(table_id: str, request: Request) -> dict[str, Any]:
        return links(request, await service.end_table(table_id, await player_of(request)))

    @app.post("/api/tables/{table_id}/leave")
    async def leave(table_id: str, request: Request) -> dict[str, Any]:
        return links(request, await service.leave(table_id, await player_of(request)))

    @app.post("/api/tables/{table_id}/seats/{seat}")
    async def join(table_id: str, seat: str, request: Request) -> dict[str, Any]:
        n = seat_number(seat, table_id)
        player = await player_of(request)
        return await service.join(table_id, n, await body_of(request), player, address(request))

    @app.post("/api/tables/{table_id}/seats/{seat}/bot")
    async def seat_to_bot(table_id: str, seat: str, request: Request) -> dict[str, Any]:
        n = seat_number(seat, table_id)
        player = await player_of(request)
        return links(request, await service.seat_to_bot(table_id, n, await body_of(request), player))

    @app.post("/api/tables/{table_id}/seats/{seat}/open")
    async def open_seat(table_id: str, seat: str, request: Request) -> dict[str, Any]:
        n = seat_number(seat, table_id)
        return links(request, await service.open_seat(table_id, n, await player_of(request)))

    @app.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str, request: Request) -> dict[str, Any]:
        read_allowed(request)
        return await service.replay(table_id)

    @app.get("/api/tables/{table_id}/replay/steps")
    async def replay_steps_of(table_id: str, request: Request, seat: str | None = None) -> dict[str, Any]:
        """The ended match step by step as one seat saw it (the replay viewer)."""
        read_allowed(request)
        if seat is not None and not _SEAT.fullmatch(seat):
            raise ApiError(400, _("?seat= must be a seat number from 0 (seat 1 is 0), not {seat}",
                                  seat=repr(seat[:20])))
        data = await service.replay(table_id)
        if seat is not None and int(seat) >= int(data["players"]):
            raise ApiError(400, _("table {table} has {n} seats; ?seat= numbers them 0 to {last} "
                                  "(seat 1 is 0)", table=table_id, n=data["players"], last=data["players"] - 1))
        try:
            return replay_steps(data, None if seat is None else int(seat))
        except CardtableError as e:
            raise ApiError(400, str(e)) from None

    @app.post("/api/tables/{table_id}/reviews")
    async def ask_review(table_id: str, request: Request) -> JSONResponse:
        """Review one seat of an ended match (issue 29): ``{"seat", "worlds"?}`` → 200 with
        the review when it is kept, else 202 ``{"status": "queued" | "running"}``."""
        read_allowed(request)
        player = await player_of(request)
        status, got = await service.reviews.ask(table_id, await body_of(request), player)
        return JSONResponse(await on_table(table_id, got), status_code=status)

    @app.get("/api/tables/{table_id}/reviews/{seat}")
    async def look_review(table_id: str, seat: str, request: Request, worlds: str | None = None) -> JSONResponse:
        """A review asked for: 200 ``{"status": "done", "review"}`` (or ``"failed"``), 202 while
        it is computed, 404 if nobody asked."""
        n = seat_number(seat, table_id)
        if worlds is not None and not worlds.isdigit():
            raise ApiError(400, _("?worlds= must be a whole number, not {value}", value=repr(worlds[:20])))
        status, got = await service.reviews.look(table_id, n, None if worlds is None else int(worlds))
        return JSONResponse(await on_table(table_id, got), status_code=status)

    async def on_table(table_id: str, got: dict[str, Any]) -> dict[str, Any]:
        """A done review with ``on_table``: per decision, its moves in words and where they
        are made on the table (the replay viewer draws them; replayview.review_on_table)."""
        if got.get("status") != "done":
            return got
        try:
            return {**got, "on_table": review_on_table(await service.replay(table_id), got["review"])}
        except CardtableError as e:
            log.warning("review of table %s: its moves could not be placed on the table: %s", table_id, e)
            return got

    @app.get("/tables/{table_id}/replay", response_class=HTMLResponse)
    async def replay_page(table_id: str) -> HTMLResponse:
        return HTMLResponse(render_page(with_preloads(_page("replay.html"), WEB_DIR), current_language()))

    @app.post("/api/games/{game}/rows")
    async def check_rows(game: str, request: Request) -> dict[str, Any]:
        """The arrangement board's live check (十三张): each full row's hand type and whether
        the rows foul, for cards the client names; no table state is read."""
        body = await body_of(request)
        try:
            game_id = resolve_game(game)
            got = rows_check(game_id, body.get("rows") if isinstance(body, dict) else None,
                             body.get("options") if isinstance(body, dict) else None)
        except CardtableError as e:
            raise ApiError(400, str(e)) from None
        if got is None:
            raise ApiError(404, _("{game} has no rows to arrange", game=game_id))
        return got

    @app.get("/api/rules/search")
    async def rules_search(q: str = "", game: str | None = None) -> list[dict[str, Any]]:
        """Passages of the rules pages and glossaries holding every word of ``q``, any
        language (the reader's first), each linked to its section."""
        try:
            game_id = resolve_game(game) if game else None
        except CardtableError as e:
            raise ApiError(400, str(e)) from None
        return await asyncio.to_thread(search_results, q, game_id)

    @app.get("/rules", response_class=HTMLResponse)
    async def rules_search_page(q: str = "", game: str | None = None) -> HTMLResponse:
        try:
            game_id = resolve_game(game) if game else None
        except CardtableError:
            game_id = None
        return HTMLResponse(await asyncio.to_thread(search_page, q, game_id))

    @app.get("/rules/{game}", response_class=HTMLResponse)
    async def rules(game: str) -> HTMLResponse:
        try:
            game_id = resolve_game(game)
        except CardtableError as e:
            raise ApiError(404, str(e)) from None
        return HTMLResponse(rules_page(game_id))

    @app.get("/", response_class=HTMLResponse)
    async def lobby() -> HTMLResponse:
        return HTMLResponse(render_page(with_preloads(_page("index.html"), WEB_DIR), current_language()))

    @app.get("/players/{name}", response_class=HTMLResponse)
    async def player_page(name: str) -> HTMLResponse:
        """A player's page: ratings, history, and for the signed-in owner their account."""
        return HTMLResponse(render_page(with_preloads(_page("player.html"), WEB_DIR), current_language()))

    @app.get("/leaderboards/{game}", response_class=HTMLResponse)
    async def leaderboard_page(game: str) -> HTMLResponse:
        return HTMLResponse(render_page(with_preloads(_page("leaderboard.html"), WEB_DIR), current_language()))

    @app.get("/puzzles", response_class=HTMLResponse)
    @app.get("/puzzles/{game}", response_class=HTMLResponse)
    async def puzzles_page(game: str = "") -> HTMLResponse:
        """The puzzle page (issue 29): a game's daily and next puzzles on the felt."""
        return HTMLResponse(render_page(with_preloads(_page("puzzles.html"), WEB_DIR), current_language()))

    @app.get("/tables/{table_id}", response_class=HTMLResponse)
    async def table_page(table_id: str) -> HTMLResponse:
        return HTMLResponse(render_page(with_preloads(_page("table.html"), WEB_DIR), current_language()))

    @app.get("/api/i18n/{lang}")
    async def page_words(lang: str) -> dict[str, Any]:
        """The browser table's own messages in ``lang`` (what the pages inline)."""
        loc = normalize(lang)
        if loc is None:
            raise ApiError(404, _("no language {name}; languages: {choices}", name=repr(lang),
                                  choices="en, th, zh_Hans, zh_Hant, pl, ru"))
        return page_catalog(loc)

    # the browser table's files (issue 11) live in cardtable/web/; the pages above are its
    # index.html and table.html, a placeholder until they exist
    app.mount("/static", StaticFiles(directory=WEB_DIR, check_dir=False), name="static")

    @app.websocket("/ws/tables/{table_id}")
    async def ws_table(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        addr = address(websocket)
        if not service.connections.acquire(addr):
            n = settings.max_connections_per_client
            await websocket.send_text(json.dumps(error_frame(_(
                "too many connections from your address (at most {n} at once); close some first",
                n=n), None), ensure_ascii=False))
            await websocket.close(CLOSE_TRY_LATER, f"too many connections from your address (at most {n})")
            return
        try:
            await _table_socket(websocket, table_id)
        finally:
            service.connections.release(addr)

    async def _table_socket(websocket: WebSocket, table_id: str) -> None:
        table = await service.get(table_id)
        if table is None:
            await websocket.close(CLOSE_NO_TABLE)
            return
        token = websocket.query_params.get("token")
        seat: int | None = None
        if token is not None:
            seat = table.seat_of(token)
            if seat is None:
                # the seat may just have been taken through another process, whose
                # notification has not arrived yet: ask the database before refusing
                await service.refresh(table)
                seat = table.seat_of(token)
            if seat is None:
                await websocket.close(CLOSE_BAD_TOKEN)
                return
        box = Outbox(websocket, seat, presentation=websocket.query_params.get("layout") == "1",
                     lang=current_language(), token_hash=token_hash(token) if seat is not None and token else None)
        await service.attach(table, box)
        announce(table)
        try:
            await _serve(websocket, box, table, seat)
        finally:
            table.outboxes.discard(box)
            await box.close()
            announce(table)

    def announce(table: Any) -> None:
        frame = presence_frame(table.row.players, list(table.outboxes))
        for other in list(table.outboxes):
            if other.presentation:       # a client of the bare contract gets only its frames
                other.put(frame)

    async def _serve(websocket: WebSocket, box: Outbox, table: Any, seat: int | None) -> None:
        bucket = TokenBucket(settings.moves_per_second)
        chat_bucket = TokenBucket(CHAT_PER_SECOND)
        ping_bucket = TokenBucket(PINGS_PER_SECOND)
        bad = 0
        limit = settings.max_message_bytes
        while True:
            try:
                msg = await websocket.receive()
            except (WebSocketDisconnect, RuntimeError):
                return
            if msg["type"] == "websocket.disconnect":
                return
            text = msg.get("text")
            if text is None and msg.get("bytes") is not None:
                raw: bytes = msg["bytes"]
                too_big = len(raw) > limit
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError:
                    text = None
            else:
                too_big = text is not None and len(text.encode("utf-8")) > limit
            problem: str | None = None
            data: Any = None
            if too_big:
                problem = _("message over {n} KiB refused", n=limit // 1024)
            elif text is None:
                problem = _("a message must be JSON text in UTF-8")
            else:
                try:
                    data = json.loads(text)
                except RecursionError:
                    problem = _("not JSON: it is nested too deeply")
                except ValueError as e:
                    problem = _("not JSON: {problem}", problem=str(e))
            if problem is None and (not isinstance(data, dict) or not isinstance(data.get("type"), str)):
                problem = _("a message is a JSON object with a 'type' (\"move\", \"ping\" or "
                            "\"chat\")")
            if problem is None and data["type"] not in ("move", "ping", "chat"):
                problem = _("unknown message type {type}; types: move, ping, chat",
                            type=repr(data["type"]))
            if problem is not None:
                bad += 1
                box.put(error_frame(problem, None))
                if bad >= settings.max_bad_messages:
                    await box.close()
                    await websocket.close(CLOSE_POLICY)
                    return
                continue
            if data["type"] == "ping":
                if ping_bucket.take():
                    box.put(pong_frame())
                else:       # a flood of pings is answered only as fast as the limit allows
                    box.put(error_frame(_("too many pings: at most {n} per second", n=PINGS_PER_SECOND)))
                continue
            if data["type"] == "chat":
                why = chat_problem(data.get("text"))
                if why is None and not chat_bucket.take():
                    why = _("too many chat messages: at most {n} per second",
                            n=format(CHAT_PER_SECOND, "g"))
                if why is not None:
                    box.put(error_frame(why, None))
                    continue
                held = table.row.seats[seat] if seat is not None else None
                # a person whose seat a bot plays meanwhile still chats under their own name
                name = (held.person_name if held.away else held.name) if held is not None else None
                frame = chat_frame(seat, name, data["text"])
                for other in list(table.outboxes):
                    if other.presentation:      # only clients that asked for the extras
                        other.put(frame)
                continue
            move = data.get("move")
            if not isinstance(move, str):
                box.put(error_frame(_("a move message needs 'move': the move's text, e.g. "
                                      "\"draw\""), None))
                continue
            if seat is None:
                box.put(error_frame(_("spectators cannot move; join a seat to play"), move))
                continue
            if not bucket.take():
                box.put(error_frame(_("too many moves: at most {n} per second",
                                      n=format(settings.moves_per_second, "g")), move))
                continue
            err = await service.submit(table, seat, move, data.get("seq"))
            if err is not None:
                if box.presentation:
                    err = refusal_for_person(err, table.row.game, move)
                box.put(error_frame(err, move))

    return app


class TokenBucket:
    """``rate`` events per second with bursts of twice that."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self.capacity = max(1.0, 2 * rate)
        self.tokens = self.capacity
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.capacity, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class _RedactTokens(logging.Filter):
    """Seat tokens travel in the WebSocket URL (the contract); keep them out of the logs."""

    PATTERN = re.compile(r"token=[^&\s\"']+")

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(self.PATTERN.sub("token=…", a) if isinstance(a, str) else a
                                for a in record.args)
        if isinstance(record.msg, str):
            record.msg = self.PATTERN.sub("token=…", record.msg)
        return True


def redact_tokens_in_logs() -> None:
    for name in ("uvicorn.access", "uvicorn.error", "uvicorn"):
        logging.getLogger(name).addFilter(_RedactTokens())


CHAT_PER_SECOND = 2.0
log = logging.getLogger("cardtable.server")


def _page(name: str) -> str:
    path = WEB_DIR / name
    if path.is_file():
        return path.read_text(encoding="utf-8")
    return ("<!doctype html><meta charset=utf-8><title>cardtable</title>"
            "<p>The browser table is not built yet. The API is at <code>/api/games</code>.</p>")
