"""The table service: every change to a table goes through here, in one order.

A move (from a person, a bot or a timeout) is checked and applied under the table's lock,
committed to the database, and only then broadcast.  The database is the arbiter between
processes: if another process committed the same ``seq`` first, this one reloads the table
from the log and answers the move as stale.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import secrets
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

from ..bots import builtin_names, check_bot, operator
from ..errors import BadOption, CardtableError, IllegalMove, UnknownGame
from ..i18n import N_, _, use_language
from ..registry import get_game
from .accounts import Accounts
from .botpool import BotFailed, BotPool, client_of, job_for
from .clock import Clock
from .committer import Committer
from .games import default_bot_name
from .limits import OpenCount, RateLimit
from .livetable import LiveTable, default_hints, summary_json
from .playerstats import match_figures, store_figures
from .quickplay import QuickPlay, keep_seats
from .rated import rate_ended, rated_problem
from .reviews import Reviews
from .store import (
    NOTIFY_CHANNEL,
    MoveRow,
    PlayerRow,
    SeatChanged,
    SeatHeld,
    SeatRow,
    SeatTaken,
    SeqTaken,
    Store,
    TableRow,
    token_hash,
)
from .text import name_problem

log = logging.getLogger("cardtable.server")


class ApiError(Exception):
    """A refused HTTP request: status and a message for a person."""

    def __init__(self, status: int, message: str) -> None:
        self.status = status
        self.message = message
        super().__init__(message)


@dataclass
class Settings:
    db_url: str
    bot_delay_ms: int = 600              # default pacing of bots when a table gives none
    max_message_bytes: int = 64 * 1024   # the contract's limit
    moves_per_second: float = 10.0       # per connection (burst: twice that)
    max_open_tables_per_client: int = 20
    max_bad_messages: int = 20           # malformed messages before a 1008 close
    timer_poll_s: float = 1.0            # longest sleep of the timer loop
    max_tables_listed: int = 200
    gc_freeze_s: float = 10.0            # see TableService._gc_loop; 0 leaves the collector alone
    gc_full_s: float = 3600.0
    checkpoint_s: float = 1.0            # SQLite: WAL checkpoints in a thread this often (0: SQLite's own)
    # version 2: people, hosts and limits (docs/server.md, "Limits"); a limit of 0 is no limit
    away_after_s: float = 90.0           # a table of several people without turn_seconds: a person
    #                                      who has not moved in this time is away, a bot plays for them
    min_bot_only_delay_ms: int = 250     # a table of bots only plays no faster than this
    max_connections_per_client: int = 64  # WebSocket connections open at once per address
    max_players_per_minute: int = 20     # new players per address
    max_seats_per_minute: int = 20       # seats taken (or taken back) per address
    max_tables_per_minute: int = 20      # new tables per address, tables of bots only included
    header_timeout_s: float = 5.0        # a connection must finish its request headers in this time
    evict_finished_s: float = 30.0       # a finished table leaves memory this long after its last use
    evict_idle_s: float = 600.0          # ... any other table (it is in the database: loaded again)
    sweep_s: float = 5.0                 # how often the service looks for tables to evict
    max_reads_per_minute: int = 120      # version 3: replays, exports, players' pages per address
    # search bots think in this many worker processes (server/botpool.py); 0: in a thread of
    # this process as before (tests, debugging). ``cardtable serve`` gives the number of cores.
    bot_workers: int = 0
    bot_timeout_s: float = 30.0          # a pool's move not back this long after a worker took it:
    #                                      the game's quick default bot plays instead
    # the operator's bots (``serve --bot NAME=module:factory``): name → "module:factory"
    extra_bots: dict[str, str] = field(default_factory=dict)


class TableService:
    error = ApiError            # for the modules that serve beside it (quickplay)
    api_error = ApiError

    def __init__(self, settings: Settings, clock: Clock | None = None) -> None:
        self.settings = settings
        self.clock = clock or Clock()
        self.store = Store(settings.db_url)
        self.instance = uuid.uuid4().hex[:12]
        self.store.instance = self.instance
        self.committer = Committer(self.store)
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._tasks: list[asyncio.Task[Any]] = []
        self._slow_bots: set[tuple[str, str]] = set()    # (game, bot) asked in a thread
        self._gc_threshold: tuple[int, ...] | None = None  # the collector's, while _gc_loop runs
        self.ready = False
        self.new_players = RateLimit(settings.max_players_per_minute)
        self.new_seats = RateLimit(settings.max_seats_per_minute)
        self.new_tables = RateLimit(settings.max_tables_per_minute)
        self.connections = OpenCount(settings.max_connections_per_client)
        self.accounts = Accounts(self.store, self.clock)     # version 3
        self._background: set[asyncio.Task[Any]] = set()
        self.quick = QuickPlay(self)
        self.reviews = Reviews(self)            # issue 29
        taken = builtin_names()
        for name, spec in settings.extra_bots.items():
            operator.register(name, spec, taken)

    # --- life cycle --------------------------------------------------------------------

    #: the worker processes of search bots (``Settings.bot_workers``; None: bots in threads)
    bots: BotPool | None = None

    async def start(self, background: bool = True) -> None:
        # before any commit: the connection kept for commits is made without auto-checkpoints
        self.store.own_checkpoints = background and not self.store.is_postgres and self.settings.checkpoint_s > 0
        self.store.migrate()
        if self.settings.bot_workers > 0 and self.bots is None:
            # its processes start with the first move sent to them (in a thread: about a second)
            self.bots = BotPool(self.settings.bot_workers, timeout_s=self.settings.bot_timeout_s,
                                extra_bots=self.settings.extra_bots)
        for tid in await self.store.run(self.store.live_table_ids):   # bots and timers resume after a restart
            table = await self.get(tid)
            if table is not None:
                self.schedule_bots(table)
        if background:
            self._tasks.append(asyncio.create_task(self._timer_loop()))
            if self.settings.sweep_s > 0:
                self._tasks.append(asyncio.create_task(self._sweep_loop()))
            if self.store.own_checkpoints:
                self._tasks.append(asyncio.create_task(self._checkpoint_loop()))
            if self.settings.gc_freeze_s > 0:
                self._gc_threshold = gc.get_threshold()
                # no automatic full collection: _gc_loop makes the only ones
                gc.set_threshold(*self._gc_threshold[:2], self.NO_AUTO_FULL)
                self._tasks.append(asyncio.create_task(self._gc_loop()))
            if self.store.is_postgres:
                self._tasks.append(asyncio.create_task(self._listen_loop()))
        self.ready = True

    async def stop(self) -> None:
        self.ready = False
        for t in self._tasks:
            t.cancel()
        for table in self.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
            for box in list(table.outboxes):
                await box.close()
        for t in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        if self._gc_threshold is not None:
            gc.set_threshold(*self._gc_threshold)
            self._gc_threshold = None
        if self.settings.gc_freeze_s > 0:
            gc.unfreeze()
        if self.bots is not None:
            self.bots.close()
            self.bots = None
        self.store.close()

    # --- loading -----------------------------------------------------------------------

    async def get(self, table_id: str) -> LiveTable | None:
        table = self.tables.get(table_id)
        if table is not None:
            table.last_used = time.monotonic()
            return table
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                if table_id not in self.tables:
                    row = await self.store.run(self.store.load_table, table_id)
                    if row is None:
                        return None
                    self.tables[table_id] = LiveTable(row, await self.store.run(self.store.load_moves, table_id))
        finally:
            if not lock.locked():
                self._loading.pop(table_id, None)
        return self.tables[table_id]

    def sweep(self) -> int:
        """Forget tables nobody uses: a finished one ``evict_finished_s`` after its last use,
        any other after ``evict_idle_s``; never one with a connection, a bot turn under way
        or its lock held.  They are in the database and load again on demand (``get``).
        Returns how many were forgotten."""
        now = time.monotonic()
        gone = 0
        for tid, table in list(self.tables.items()):
            if table.outboxes or table.lock.locked() or (table.bot_task is not None and not table.bot_task.done()):
                continue
            idle = now - table.last_used
            if idle >= (self.settings.evict_finished_s if table.status == "over" else self.settings.evict_idle_s):
                del self.tables[tid]
                gone += 1
        for limit in (self.new_players, self.new_seats, self.new_tables):
            limit.forget_old()
        return gone

    async def _sweep_loop(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_s)
            try:
                self.sweep()
            except Exception:  # noqa: BLE001 - the next round tries again
                log.exception("sweep")

    async def attach(self, table: LiveTable, box: Any) -> None:
        """A new connection: caught up with the database and given the current state in one
        step, so that it misses no change between the two."""
        async with table.lock:
            if self.tables.get(table.id) is None:
                self.tables[table.id] = table      # forgotten by a sweep meanwhile: in use again
            await self._refresh_locked(table)
            table.outboxes.add(box)
            box.put(table.frame(box.seat, presentation=box.presentation,
                                lang=getattr(box, "lang", None)))
        self.schedule_bots(table, fallback=True)

    async def refresh(self, table: LiveTable) -> None:
        """Catch up with moves and seats committed by other processes, and tell the clients.
        The process that made the move drives the table's bots; this one only stands by
        (``fallback``) in case that process is gone."""
        async with table.lock:
            await self._refresh_locked(table)
        self.schedule_bots(table, fallback=True)

    async def refresh_locked(self, table: LiveTable) -> None:
        await self._refresh_locked(table)

    async def _refresh_locked(self, table: LiveTable) -> None:
        row = await self.store.run(self.store.load_table, table.id)
        if row is None:
            return
        new_moves = await self.store.run(self.store.load_moves, table.id, table.seq - 1)
        changed = (bool(new_moves) or row.seats != table.row.seats or row.deadline_ms != table.row.deadline_ms
                   or row.abandoned != table.row.abandoned or row.host_player != table.row.host_player)
        if not changed:
            return
        table.row = row
        table.drop_stale_connections()      # a seat token that stopped working elsewhere
        try:
            # a state for every change, as the process that made the moves sent its clients
            for m in new_moves:
                done = table.replay_move(m)
                table.broadcast([done] if done is not None and done is not table.state else None)
        except (CardtableError, RuntimeError):
            log.exception("table %s: the log does not replay; rebuilding", table.id)
            table.rebuild(row, await self.store.run(self.store.load_moves, table.id))
            table.broadcast()
            return
        if not new_moves:
            table.broadcast()

    # --- players -----------------------------------------------------------------------

    async def create_player(self, body: Any, client_addr: str | None) -> dict[str, Any]:
        """A player credential (version 2): ``{"player", "secret", "name"}``; the secret
        (256 random bits) is shown once, only its hash is stored."""
        name = body.get("name") if isinstance(body, dict) else None
        why = name_problem(name)
        if why is not None or not isinstance(name, str):
            raise ApiError(400, why or "")
        unknown = sorted(set(body) - {"name"})
        if unknown:
            raise ApiError(400, _("unknown field {field}; fields: {fields}", field=repr(unknown[0]),
                                  fields="name"))
        if not self.new_players.allow(client_addr):
            raise ApiError(429, _("too many new players from your address (at most {n} a minute); "
                                  "keep the one you have", n=self.settings.max_players_per_minute))
        pid, secret = secrets.token_urlsafe(12), secrets.token_urlsafe(32)
        await self.store.run(self.store.create_player, pid, secret, name.strip(), client_addr,
                             self.clock.now_ms())
        return {"player": pid, "secret": secret, "name": name.strip()}

    async def player(self, secret: str | None, required: bool = True) -> PlayerRow | None:
        """The holder of the credential ``secret`` (the ``X-Player`` header): 401 when it is
        missing (if ``required``) or not a player's."""
        if secret is None or secret == "":
            if required:
                raise ApiError(401, _("this needs a player: send the header X-Player with the secret "
                                      "that POST /api/players gave"))
            return None
        found = await self.store.run(self.store.player_by_secret, secret)
        if found is None:
            raise ApiError(401, _("X-Player is not a player's secret; make a player with POST /api/players"))
        return found

    # --- tables ------------------------------------------------------------------------

    async def create_table(self, body: Any, client_addr: str | None, player: PlayerRow | None = None,
                           quick: bool = False, kept: dict[int, str] | None = None
                           ) -> tuple[LiveTable, dict[str, Any]]:
        """A new table; the answer's additions (``host``, the host's ``seat`` and ``token``
        when ``seats`` names ``"me"``) come second.  ``quick``: a quick-play table (its bots
        give their seats to people); ``kept``: open seats kept for players (a rematch)."""
        again = None
        if isinstance(body, dict) and "same_cards_as" in body:
            # "play these cards again": an ended match's game, options and seed, so its deals
            # come again in the same order (only once it is over: its cards are public then).
            # Whoever saw that match knows these cards: the table says so and is never listed.
            source = body.get("same_cards_as")
            src = await self.store.run(self.store.load_table, source) if isinstance(source, str) else None
            if src is None:
                raise ApiError(404, _("no table {table} to take the cards from", table=repr(source)))
            if src.status != "over" or src.abandoned:
                raise ApiError(403, _("table {table} is not over; its cards can be played again once it has ended",
                                     table=source))
            body = {k: v for k, v in body.items() if k != "same_cards_as"}
            body.update(game=src.game, players=src.players, preset=src.preset, rules=src.rules)
            again = src.seed
        row, me = self._new_table_row(body, player)
        row.quick = quick
        keep_seats(row, kept or {})
        if again is not None:
            row.seed = again
            row.known_deal = True
            row.listed = False
        if row.rated:
            why = rated_problem(row.seats, row.known_deal)
            if why is None and me is not None and player is not None and \
                    await self.store.run(self.accounts.db.account_of_player, player.id) is None:
                why = _("a rated table seats only players with an account: sign in to sit at it")
            if why is not None:
                raise ApiError(400, why)
        limit = self.settings.max_open_tables_per_client
        if not self.new_tables.allow(client_addr):
            raise ApiError(429, _("too many new tables from your address (at most {n} a minute); "
                                  "wait a little", n=self.settings.max_tables_per_minute))
        if client_addr is not None and await self.store.run(self.store.open_tables_of, client_addr) >= limit:
            raise ApiError(429, _("too many open tables from your address (at most {limit} that are "
                                   "not over); finish or leave some first", limit=limit))
        if player is not None and limit > 0 and \
                await self.store.run(self.store.open_tables_of_player, player.id) >= limit:
            raise ApiError(429, _("you have too many open tables (at most {limit} that are not over); "
                                  "finish or leave some first", limit=limit))
        row.client_addr = client_addr
        try:
            table = LiveTable(row, [])
        except CardtableError as e:
            raise ApiError(400, str(e)) from None
        tokens: dict[int, str] = {}
        extra: dict[str, Any] = {}
        if player is not None:
            row.host_name = player.name
            extra["host"] = True
        if me is not None:
            tokens[me] = secrets.token_urlsafe(32)
            extra.update(seat=me, token=tokens[me])
        row.status = table.status
        row.totals = table.totals
        row.deadline_ms = self._deadline(table, None)
        await self.store.run(self.store.create_table, row, tokens)
        if me is not None:
            row.seats[me].token_hash = token_hash(tokens[me])
        self.tables[row.id] = table
        self.schedule_bots(table)
        return table, extra

    def _new_table_row(self, body: Any, player: PlayerRow | None) -> tuple[TableRow, int | None]:
        """The table a body asks for, checked; and the seat it gives its host (``"me"``)."""
        if not isinstance(body, dict):
            raise ApiError(400, _("the body must be a JSON object with 'game' and 'seats'"))
        known = {"game", "players", "preset", "rules", "seats", "turn_seconds", "bot_delay_ms", "listed",
                 "hints", "same_cards_as", "rated"}
        unknown = sorted(set(body) - known)
        if unknown:
            raise ApiError(400, _("unknown field {field}; fields: {fields}", field=repr(unknown[0]),
                                    fields=", ".join(sorted(known))))
        game_id = body.get("game")
        if not isinstance(game_id, str):
            raise ApiError(400, _("'game' must be a game id (see GET /api/games)"))
        try:
            game = get_game(game_id)
        except UnknownGame as e:
            raise ApiError(400, str(e)) from None
        seats = body.get("seats")
        if not isinstance(seats, list) or not seats:
            raise ApiError(400, _("'seats' must be a list with one entry per seat: \"open\" or \"bot:<name>\""))
        players = body.get("players", len(seats))
        if isinstance(players, bool) or not isinstance(players, int):
            raise ApiError(400, _("'players' must be a whole number, not {value}", value=repr(players)[:40]))
        try:
            game.check_players(players)
        except BadOption as e:
            raise ApiError(400, str(e)) from None
        if players != len(seats):
            raise ApiError(400, _("'players' is {players} but 'seats' lists {n} seats", players=players,
                                    n=len(seats)))
        seat_rows = []
        me: int | None = None
        for i, s in enumerate(seats):
            if s == "open":
                seat_rows.append(SeatRow("open", None))
            elif s == "me":
                if player is None:
                    raise ApiError(401, _("seat {seat} is \"me\": that needs a player (the header X-Player)",
                                          seat=i + 1))
                if me is not None:
                    raise ApiError(400, _("'seats' names \"me\" more than once; the host takes further "
                                          "seats with POST /api/tables/ID/seats/N"))
                me = i
                seat_rows.append(SeatRow("person", player.name, player_id=player.id))
            elif isinstance(s, str) and s.startswith("bot:"):
                name = s[4:]
                try:
                    check_bot(game_id, name)
                except BadOption as e:
                    raise ApiError(400, _("seat {seat}: {problem}", seat=i + 1, problem=str(e))) from None
                seat_rows.append(SeatRow("bot", name))
            else:
                raise ApiError(400, _("seat {seat}: {entry} is not \"open\", \"me\" or \"bot:<name>\"",
                                      seat=i + 1, entry=repr(s)[:60]))
        preset = body.get("preset")
        rules = body.get("rules") or {}
        if preset is not None and not isinstance(preset, str):
            raise ApiError(400, _("'preset' must be a preset name"))
        if not isinstance(rules, dict):
            raise ApiError(400, _("'rules' must be an object of option values (see GET /api/games)"))
        try:
            game.make_options(preset, rules)
        except BadOption as e:
            raise ApiError(400, str(e)) from None
        turn = body.get("turn_seconds")
        if turn is not None and (isinstance(turn, bool) or not isinstance(turn, (int, float))
                                 or not 1 <= turn <= 86400):
            raise ApiError(400, _("'turn_seconds' must be a number of seconds from 1 to 86400, not "
                                    "{value}", value=repr(turn)))
        delay = body.get("bot_delay_ms", self.settings.bot_delay_ms)
        if isinstance(delay, bool) or not isinstance(delay, int) or not 0 <= delay <= 60000:
            raise ApiError(400, _("'bot_delay_ms' must be a whole number from 0 to 60000, not {value}",
                                    value=repr(delay)))
        least = self.settings.min_bot_only_delay_ms
        if all(r.kind == "bot" for r in seat_rows) and delay < least:
            # a table of bots only must not play a whole match at once (nor thousands of them)
            raise ApiError(400, _("a table of bots only plays at a pace people can follow: "
                                  "'bot_delay_ms' must be at least {least}, not {value}", least=least,
                                  value=delay))
        flags = {}
        for key in ("listed", "hints", "rated"):
            value = body.get(key)
            if value is not None and not isinstance(value, bool):
                raise ApiError(400, _("{field} must be true or false, not {value}", field=repr(key),
                                      value=repr(value)[:40]))
            flags[key] = value
        return TableRow(
            id=secrets.token_urlsafe(9), game=game_id, players=players, preset=preset,
            rules=rules, seed=secrets.randbits(63), turn_seconds=float(turn) if turn else None,
            bot_delay_ms=delay, status="waiting", seq=0, totals=[0] * players, deadline_ms=None,
            created_ms=self.clock.now_ms(), seats=seat_rows, host_player=player.id if player else None,
            listed=flags["listed"] if flags["listed"] is not None else True,
            hints=flags["hints"] if flags["hints"] is not None else default_hints(seat_rows),
            rated=bool(flags["rated"])), me

    async def summary(self, table_id: str) -> dict[str, Any]:
        """From the database, not this process's memory: it shows only committed moves, and
        seats taken through other processes at once."""
        row = await self.store.run(self.store.load_table, table_id)
        if row is None:
            raise ApiError(404, _("no table {table}", table=repr(table_id)))
        return row_summary(row)

    async def list_summaries(self) -> list[dict[str, Any]]:
        rows = await self.store.run(self.store.list_tables, self.settings.max_tables_listed)
        return [row_summary(row) for row in rows]

    async def tables_of(self, player: PlayerRow) -> list[dict[str, Any]]:
        """The player's tables, newest first: where they are the host or a seat is theirs
        (also while a bot plays it for them), with ``you``: ``host``, ``seats`` and ``away``."""
        rows = await self.store.run(self.store.tables_of_player, player.id, self.settings.max_tables_listed)
        out = []
        for row in rows:
            mine = [i for i, s in enumerate(row.seats) if s.player_id == player.id]
            entry = row_summary(row)
            entry["you"] = {"host": row.host_player == player.id, "seats": mine,
                            "away": [i for i in mine if row.seats[i].away]}
            out.append(entry)
        return out

    async def replay(self, table_id: str) -> dict[str, Any]:
        table = await self.get(table_id)
        if table is None:
            raise ApiError(404, _("no table {table}", table=repr(table_id)))
        await self.refresh(table)
        if table.row.abandoned:
            raise ApiError(403, _("the table was ended by its host before its match was over; "
                                  "no replay is published"))
        if table.status != "over":
            raise ApiError(403, _("the match is not over; its replay is given once it has ended"))
        return table.replay_scenario()

    # --- seats -------------------------------------------------------------------------

    async def _table_and_seat(self, table_id: str, seat: int) -> LiveTable:
        table = await self.get(table_id)
        if table is None:
            raise ApiError(404, _("no table {table}", table=repr(table_id)))
        if not 0 <= seat < table.row.players:
            raise ApiError(404, _("table {table} has {n} seats; the address numbers them 0 to {last} "
                                  "(seat 1 is 0)", table=table_id, n=table.row.players,
                                  last=table.row.players - 1))
        return table

    async def join(self, table_id: str, seat: int, body: Any, player: PlayerRow | None = None,
                   client_addr: str | None = None) -> dict[str, Any]:
        """Take an open seat, or take back one that is the player's (a fresh token; the
        old one stops working): ``{"seat", "token"}``."""
        table = await self._table_and_seat(table_id, seat)
        if player is None:
            raise ApiError(401, _("taking a seat needs a player: send the header X-Player with the "
                                  "secret that POST /api/players gave"))
        if body is not None and not isinstance(body, dict):
            raise ApiError(400, _("the body must be a JSON object (it may give the seat's 'name')"))
        given = (body or {}).get("name")
        if given is not None:
            why = name_problem(given)
            if why is not None:
                raise ApiError(400, why)
        if not self.new_seats.allow(client_addr):
            raise ApiError(429, _("too many seats taken from your address (at most {n} a minute); "
                                  "wait a little", n=self.settings.max_seats_per_minute))
        token = secrets.token_urlsafe(32)     # 256 random bits; only its hash is stored
        async with table.lock:
            await self._refresh_locked(table)
            if table.status == "over":
                raise ApiError(409, _("the match at table {table} is over", table=table_id))
            s = table.row.seats[seat]
            was_away = s.away
            if table.row.rated and await self.store.run(self.accounts.db.account_of_player, player.id) is None:
                raise ApiError(403, _("table {table} is rated: only players with an account may sit at it; "
                                      "sign in first", table=table_id))
            if s.player_id == player.id:
                # the player's own seat: back from another device or a closed tab, or from a
                # bot that played it meanwhile
                name = given.strip() if isinstance(given, str) else (s.person_name if s.away else s.name)
                try:
                    await self.store.run(self.store.change_seat, table.id, seat, {"player_id": player.id},
                                         {"kind": "person", "name": name or player.name,
                                          "token_hash": token_hash(token), "person_name": None})
                except SeatChanged:
                    await self._refresh_locked(table)
                    raise ApiError(409, _("seat {seat} is taken", seat=seat + 1)) from None
            else:
                if s.kind == "open" and s.player_id is not None:
                    raise ApiError(409, _("seat {seat} is kept for the player who sat there in the last "
                                          "match", seat=seat + 1))
                if s.kind != "open":
                    raise ApiError(409, (_("seat {seat} is taken (bot {name})", seat=seat + 1, name=repr(s.name))
                                        if s.kind == "bot" else
                                        _("seat {seat} is taken (person {name})", seat=seat + 1,
                                          name=repr(s.name))))
                limit = self.settings.max_open_tables_per_client
                counted = table.row.host_player == player.id or any(x.player_id == player.id
                                                                    for x in table.row.seats)
                if not counted and limit > 0 and \
                        await self.store.run(self.store.open_tables_of_player, player.id) >= limit:
                    raise ApiError(429, _("you have too many open tables (at most {limit} that are not "
                                          "over); finish or leave some first", limit=limit))
                name = given.strip() if isinstance(given, str) else player.name
                try:
                    await self.store.run(self.store.take_seat, table.id, seat, name, token, player.id,
                                         table.row.host_player != player.id)
                except SeatHeld as e:
                    raise ApiError(409, _("you hold seat {seat} of this table already: one seat each "
                                          "(the host may take more)", seat=e.seat + 1)) from None
                except SeatTaken:
                    await self._refresh_locked(table)
                    raise ApiError(409, _("seat {seat} is taken", seat=seat + 1)) from None
            await self._seats_changed(table)
            if was_away:
                table.announce(BACK, seat=seat + 1, name=name or player.name)
        self.schedule_bots(table)
        return {"seat": seat, "token": token}

    async def seats_changed(self, table: LiveTable) -> None:
        await self._seats_changed(table)

    async def _seats_changed(self, table: LiveTable) -> None:
        """After a seat changed (table locked): the row as stored (another process may have
        changed other seats meanwhile), the deadline for who is to move now, connections
        whose token stopped working closed, everyone told."""
        row = await self.store.run(self.store.load_table, table.id)
        if row is not None:
            table.row = row
        deadline = self._deadline_now(table)
        if deadline != table.row.deadline_ms:
            await self.store.run(self.store.set_table, table.id, {"deadline_ms": deadline})
            table.row.deadline_ms = deadline
        table.drop_stale_connections()
        table.broadcast()

    def _deadline_now(self, table: LiveTable) -> int | None:
        """The deadline after a change of seats: kept while a person who had it is still to
        move, a new one when a person is to move and none ran, else none."""
        persons = set(table.seats_of_kind("person"))
        if table.row.deadline_ms is not None and persons.intersection(table.movers()) \
                and self._turn_seconds(table) is not None:
            return table.row.deadline_ms
        return self._deadline(table, None)

    async def _hosted(self, table_id: str, player: PlayerRow | None) -> LiveTable:
        """The table, if ``player`` is its host (401 without a player, 403 for another)."""
        if player is None:
            raise ApiError(401, _("this needs the host's player: send the header X-Player"))
        table = await self.get(table_id)
        if table is None:
            raise ApiError(404, _("no table {table}", table=repr(table_id)))
        if table.row.host_player != player.id:
            raise ApiError(403, _("only the table's host may do this"))
        return table

    async def seat_to_bot(self, table_id: str, seat: int, body: Any, player: PlayerRow | None) -> dict[str, Any]:
        """Host: a bot plays ``seat`` (an open seat, or a person's: they may take it back
        through the invite link while the match runs)."""
        table = await self._hosted(table_id, player)
        await self._table_and_seat(table_id, seat)
        if body is not None and not isinstance(body, dict):
            raise ApiError(400, _("the body must be a JSON object (it may name the 'bot')"))
        bot = (body or {}).get("bot") or default_bot_name(table.row.game)
        try:
            check_bot(table.row.game, bot)
        except BadOption as e:
            raise ApiError(400, str(e)) from None
        async with table.lock:
            await self._refresh_locked(table)
            if table.status == "over":
                raise ApiError(409, _("the match at table {table} is over", table=table_id))
            s = table.row.seats[seat]
            values: dict[str, Any] = {"kind": "bot", "name": bot}
            if s.kind == "person":
                values["person_name"] = s.name
            try:
                await self.store.run(self.store.change_seat, table.id, seat, {"kind": s.kind, "name": s.name},
                                     values)
            except SeatChanged:
                await self._refresh_locked(table)
                raise ApiError(409, _("seat {seat} changed meanwhile; look again", seat=seat + 1)) from None
            await self._seats_changed(table)
            if s.kind == "person":
                table.announce(HANDED, seat=seat + 1, name=s.name or "")
        self.schedule_bots(table)
        return row_summary(table.row)

    async def open_seat(self, table_id: str, seat: int, player: PlayerRow | None) -> dict[str, Any]:
        """Host: ``seat`` is open again (whoever held it has to join again)."""
        table = await self._hosted(table_id, player)
        await self._table_and_seat(table_id, seat)
        async with table.lock:
            await self._refresh_locked(table)
            if table.status == "over":
                raise ApiError(409, _("the match at table {table} is over", table=table_id))
            s = table.row.seats[seat]
            if s.kind == "open":
                raise ApiError(409, _("seat {seat} is open already", seat=seat + 1))
            try:
                await self.store.run(self.store.change_seat, table.id, seat, {"kind": s.kind, "name": s.name},
                                     {"kind": "open", "name": None, "token_hash": None, "player_id": None,
                                      "person_name": None})
            except SeatChanged:
                await self._refresh_locked(table)
                raise ApiError(409, _("seat {seat} changed meanwhile; look again", seat=seat + 1)) from None
            await self._seats_changed(table)
            table.announce(OPENED, seat=seat + 1)
        return row_summary(table.row)

    async def leave(self, table_id: str, player: PlayerRow | None) -> dict[str, Any]:
        """The player leaves: their seats go to the game's default bot, and the table stops
        counting against their limits (a host stops being its host)."""
        if player is None:
            raise ApiError(401, _("leaving a table needs your player: send the header X-Player"))
        table = await self.get(table_id)
        if table is None:
            raise ApiError(404, _("no table {table}", table=repr(table_id)))
        bot = default_bot_name(table.row.game)
        async with table.lock:
            await self._refresh_locked(table)
            mine = [i for i, s in enumerate(table.row.seats) if s.player_id == player.id]
            host = table.row.host_player == player.id
            if not mine and not host:
                raise ApiError(409, _("you hold no seat at table {table}", table=table_id))
            if table.status == "over":
                raise ApiError(409, _("the match at table {table} is over", table=table_id))
            names = []
            for i in mine:
                s = table.row.seats[i]
                names.append((i, s.person_name if s.away else s.name))
                try:
                    await self.store.run(self.store.change_seat, table.id, i, {"player_id": player.id},
                                         {"kind": "bot", "name": bot, "token_hash": None, "player_id": None,
                                          "person_name": None})
                except SeatChanged:
                    pass        # changed through another process meanwhile: not theirs any more
            if host:
                await self.store.run(self.store.set_table, table.id, {"host_player": None})
            await self._seats_changed(table)
            for i, name in names:
                table.announce(LEFT, seat=i + 1, name=name or "")
        self.schedule_bots(table)
        return row_summary(table.row)

    async def end_table(self, table_id: str, player: PlayerRow | None) -> dict[str, Any]:
        """Host: end a table that is not over; it counts as abandoned (no replay, no winner)."""
        table = await self._hosted(table_id, player)
        async with table.lock:
            await self._refresh_locked(table)
            if not await self.store.run(self.store.abandon, table.id):
                raise ApiError(409, _("the match at table {table} is over", table=table_id))
            if table.bot_task is not None and not table.bot_task.done():
                table.bot_task.cancel()
            table.row.abandoned = True
            table.row.status = "over"
            table.row.deadline_ms = None
            table.broadcast()
            table.announce(ENDED)
        return row_summary(table.row)

    # --- moves -------------------------------------------------------------------------

    def stale_reason(self, table: LiveTable, seat: int, seq: Any) -> str | None:
        """None if a move sent at ``seq`` may be taken now (the contract's seq rule)."""
        if isinstance(seq, bool) or not isinstance(seq, int):
            return _("a move needs 'seq': the seq of the last state you saw")
        if seq == table.seq:
            return None
        stale = _("stale move: it was sent at seq {seq}, the table is at seq {now}", seq=seq,
                  now=table.seq)
        if 0 <= seq < table.seq and seat in table.movers():
            # a simultaneous decision (十三张's arrangement): still taken if every move since
            # was another seat's, in this deal, made while several seats could act
            since = table.moves[seq:]
            if all(m.seat != seat and m.deal == table.deal_index and m.seq in table.simultaneous
                   for m in since):
                return None
        return stale

    async def submit(self, table: LiveTable, seat: int, text: str, seq: Any,
                     source: str = "person") -> str | None:
        """Play ``text`` for ``seat``; None when committed, else the refusal's message."""
        async with table.lock:
            err = await self._submit_locked(table, seat, text, seq, source)
        if err is None:
            self.schedule_bots(table)
        return err

    async def _submit_locked(self, table: LiveTable, seat: int, text: str, seq: Any, source: str) -> str | None:
        status = table.status
        if status == "waiting":
            return _("the table is waiting for players; play starts when every seat is taken")
        if status == "over":
            return _("the match is over")
        if source != "bot" and table.row.seats[seat].kind != "person":
            return _("a bot plays seat {seat} now; take your seat again to play", seat=seat + 1)
        why = self.stale_reason(table, seat, seq)
        if why is not None:
            return why
        state = table.state
        movers_before = state.to_move()
        deal = table.deal_index
        try:
            move = state.apply(text, seat)
        except IllegalMove as e:
            return str(e)
        except CardtableError as e:
            return str(e)
        except Exception as e:  # noqa: BLE001 - a game's parser tripping must not crash the table
            log.exception("table %s: apply(%r) failed", table.id, text)
            return _("the move {move} could not be read ({error})", move=repr(text),
                     error=type(e).__name__)
        row = MoveRow(seq=table.seq, deal=deal, seat=seat, move=state.move_text(move), source=source,
                      at_ms=self.clock.now_ms())
        committed = len(table.moves)
        table.record(row, len(movers_before) > 1)
        finished = table.after_move()
        deadline = self._deadline(table, (movers_before, table.row.deadline_ms))
        try:
            await self.committer.commit(table.id, row, table.status, table.totals, deadline)
        except SeqTaken:
            await self._roll_back(table, committed)
            return _("stale move: seq {seq} was just taken by another move; the table is at "
                     "seq {now}", seq=row.seq, now=table.seq)
        except Exception as e:  # noqa: BLE001 - a database failure refuses the move, loses nothing
            log.exception("table %s: commit failed", table.id)
            await self._roll_back(table, committed)
            return _("the move could not be saved ({error}); try again", error=type(e).__name__)
        table.row.deadline_ms = deadline
        table.row.status = table.status
        table.broadcast([finished] if finished is not None and finished is not table.state else None)
        if table.deal_index != deal:
            await self.quick.deal_began(table)
        if table.row.rated and table.status == "over":
            self._later(rate_ended(self.accounts.db, table, self.clock.now_ms()))
        if table.status == "over" and table.match.over:
            figures = match_figures(table)
            if figures is not None:
                self._later(self.store.run(store_figures, self.store, table.id, table.row.game, figures))
        return None

    def _later(self, work: Any) -> None:
        """Run ``work`` (a coroutine) beside the table: its failure is logged, never raised."""
        async def run() -> None:
            try:
                await work
            except Exception:  # noqa: BLE001
                log.exception("background work failed")
        task = asyncio.create_task(run())
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _roll_back(self, table: LiveTable, committed: int) -> None:
        """Forget a move whose commit failed (the clients never saw it), then catch up with
        what the database has: a state for each move another process committed."""
        table.rebuild(table.row, table.moves[:committed])
        await self._refresh_locked(table)

    def _deadline(self, table: LiveTable, before: tuple[tuple[int, ...], int | None] | None) -> int | None:
        """When the seats to move must have moved: ``turn_seconds`` from now after every move,
        except while a simultaneous decision goes on (the seats still to decide are some of
        those who were): they keep the deadline they had; None without a timer or with no
        person to move."""
        secs = self._turn_seconds(table)
        movers = table.movers()
        persons = set(table.seats_of_kind("person"))
        if not secs or not persons.intersection(movers):
            return None
        if before is not None:
            old_movers, old_deadline = before
            if old_deadline is not None and len(old_movers) > 1 and set(movers) < set(old_movers):
                return old_deadline
        return self.clock.now_ms() + int(secs * 1000)

    def _turn_seconds(self, table: LiveTable) -> float | None:
        """The table's turn timer: its ``turn_seconds``; else, where several people play,
        the default one (``away_after_s``: a person who lets it run out is away, a bot plays
        for them); else none."""
        if table.row.turn_seconds:
            return table.row.turn_seconds
        if self.settings.away_after_s > 0 and len(table.seats_of_kind("person")) > 1:
            return self.settings.away_after_s
        return None

    # --- bots and timers ---------------------------------------------------------------

    def schedule_bots(self, table: LiveTable, fallback: bool = False) -> None:
        """Let the table's bots move if one is to move.  A ``fallback`` turn (after catching
        up with another process's move) waits ``FALLBACK_S`` longer and gives way if the
        table moves meanwhile: the process that made the move plays its bots, this one takes
        over only if that one is gone.  A normal turn replaces a fallback one still waiting."""
        task = table.bot_task
        if task is not None and not task.done():
            if fallback or not table.bot_fallback or not table.bot_waiting:
                return
            task.cancel()
        bots = set(table.seats_of_kind("bot"))
        if bots.intersection(table.movers()):
            table.bot_fallback = fallback
            table.bot_waiting = True
            table.bot_task = asyncio.create_task(self._bot_turn(table, fallback))

    FALLBACK_S = 2.0

    async def _bot_turn(self, table: LiveTable, fallback: bool) -> None:
        # the task inherits the language of whoever scheduled it: a bot's refusals are read
        # here and logged, in English; every client's frames are built in its own language
        with use_language("en"):
            await self._bot_turn_en(table, fallback)

    async def _bot_turn_en(self, table: LiveTable, fallback: bool) -> None:
        me = asyncio.current_task()
        start = table.seq
        standby = False
        try:
            delay = table.row.bot_delay_ms / 1000 + (self.FALLBACK_S if fallback else 0.0)
            if delay > 0:
                await asyncio.sleep(delay)
            async with table.lock:
                table.bot_waiting = False
                if fallback:
                    await self._refresh_locked(table)
                    if table.seq != start:
                        # the table moved on, so its driving process is alive: stand by again
                        standby = True
                        return
                seats = [s for s in table.movers() if table.row.seats[s].kind == "bot"]
            for seat in seats:
                # the lock is taken again for each bot: where several seats decide at once
                # (十三张), a person's move waits for one bot's move, not for all of them
                async with table.lock:
                    if seat not in table.movers() or table.row.seats[seat].kind != "bot":
                        continue
                    name = table.row.seats[seat].name or "random"
                    seq = table.seq
                    text = await self._choose(table, seat, name)
                    err = await self._submit_locked(table, seat, text, seq, "bot")
                    if err is not None:
                        log.warning("table %s: bot %s at seat %d: %s", table.id, name, seat, err)
                        if not err.startswith("stale"):
                            return      # a bot whose move is refused would only try it again
                        break
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - a failing bot leaves the table as it was
            log.exception("table %s: bot turn failed", table.id)
            return
        finally:
            if table.bot_task is me:
                table.bot_task = None
            if standby:
                self.schedule_bots(table, fallback=True)
        self.schedule_bots(table)

    INLINE_BOT_MS = 20.0

    async def _choose(self, table: LiveTable, seat: int, name: str) -> str:
        """The bot's move, the table locked.  A search bot (``uses_sampler``) thinks for
        tenths of a second to seconds: in a worker process of the bot pool (``bot_workers``;
        in a thread of this process without one).  A quick bot (a game's heuristic: well
        under a millisecond for most; 十三张's arranger ~1.4 ms) is asked on the loop: a move
        sent to a worker costs the loop 0.3–0.4 ms of CPU itself (the executor's threads,
        pickling), and a lane of workers for the costlier quick bots gained nothing in the
        load test (docs/performance.md).  A bot seen taking over ``INLINE_BOT_MS`` once goes
        where the search bots go from then on.  When the pool gives no move (a worker crashed
        or took over ``bot_timeout_s``), the game's quick default bot plays instead."""
        key = (table.row.game, name)
        # an operator's bot (serve --bot) is never made in this process: it runs in the
        # workers, with their time limit, like a search bot
        added = operator.operator_bot(name) is not None
        if added or getattr(table.bot_for(seat, name), "uses_sampler", False) or key in self._slow_bots:
            if self.bots is None:
                return await asyncio.to_thread(table.choose_bot_move, seat, name)
            try:
                return await self.bots.move(client_of(table), job_for(table, seat, name))
            except BotFailed as e:
                fallback = default_bot_name(table.row.game)
                if fallback == name or getattr(table.bot_for(seat, fallback), "uses_sampler", False):
                    fallback = "random"
                log.warning("table %s: bot %s at seat %d gave no move (%s); %s plays it instead",
                            table.id, name, seat + 1, e, fallback)
                return table.choose_bot_move(seat, fallback)
        start = time.thread_time()      # CPU time: a busy machine does not make a bot slow
        text = table.choose_bot_move(seat, name)
        if (time.thread_time() - start) * 1000 > self.INLINE_BOT_MS:
            self._slow_bots.add(key)
        return text

    async def _away(self, table: LiveTable, seat: int, bot: str) -> int:
        """The default timer ran out for ``seat`` (table locked): a bot plays it while its
        person is away; they keep their token (and see the seat) and may take it back.
        Returns 1 if the seat was handed over here, 0 if another process did it first."""
        s = table.row.seats[seat]
        try:
            await self.store.run(self.store.change_seat, table.id, seat,
                                 {"kind": "person", "player_id": s.player_id},
                                 {"kind": "bot", "name": bot, "person_name": s.name})
        except SeatChanged:
            await self._refresh_locked(table)
            return 0
        await self._seats_changed(table)
        table.announce(AWAY, seat=seat + 1, name=s.name or "")
        return 1

    async def fire_expired(self) -> int:
        """Play the default bot for every seat whose deadline has passed (``turn_seconds``), or,
        under the default timer of a table of several people, hand the seat to it while its
        person is away; how many moves were played or seats handed over."""
        now = self.clock.now_ms()
        played = 0
        for tid in await self.store.run(self.store.expired, now):
            table = await self.get(tid)
            if table is None:
                continue
            async with table.lock:
                await self._refresh_locked(table)
                deadline = table.row.deadline_ms
                if deadline is None or deadline > now:
                    continue
                default = default_bot_name(table.row.game)
                persons = set(table.seats_of_kind("person"))
                if not table.row.turn_seconds:
                    # the default timer of a table of several people: whoever let it run out
                    # is away; a bot plays their seat until they take it back
                    for seat in [s for s in table.movers() if s in persons]:
                        played += await self._away(table, seat, default)
                    self.schedule_bots(table)
                    continue
                for seat in [s for s in table.movers() if s in persons]:
                    if table.row.deadline_ms is None or seat not in table.movers():
                        continue
                    seq = table.seq
                    text = await self._choose(table, seat, default)
                    err = await self._submit_locked(table, seat, text, seq, "timeout")
                    if err is None:
                        played += 1
                    else:
                        log.error("table %s: timeout move %r for seat %d refused: %s", table.id, text, seat, err)
                if table.row.deadline_ms == deadline:
                    # nothing could be played for it: drop the deadline rather than retry forever
                    await self.store.run(self.store.clear_deadline, table.id, deadline)
                    table.row.deadline_ms = None
            self.schedule_bots(table)
        return played

    async def _checkpoint_loop(self) -> None:
        """SQLite: the WAL checkpointed in a thread every ``checkpoint_s``, not by whichever
        commit fills it (on the event loop, waiting for the disk)."""
        while True:
            await asyncio.sleep(self.settings.checkpoint_s)
            try:
                await asyncio.to_thread(self.store.checkpoint)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - the next round tries again; commits go on
                log.exception("WAL checkpoint")

    async def _timer_loop(self) -> None:
        while True:
            try:
                await self.fire_expired()
                nxt = await self.store.run(self.store.next_deadline)
                wait = self.settings.timer_poll_s
                if nxt is not None:
                    wait = min(wait, max(0.02, (nxt - self.clock.now_ms()) / 1000))
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - keep the timers running after a database hiccup
                log.exception("timer loop")
                wait = self.settings.timer_poll_s
            await asyncio.sleep(wait)

    #: the oldest generation's threshold while the server runs: never reached, so CPython
    #: makes no full collection of its own (see _gc_loop)
    NO_AUTO_FULL = 1 << 30

    async def _gc_loop(self) -> None:
        """Keep the cyclic garbage collector's pauses short.  A full collection walks every
        object of every live table (100–150 ms at 300 tables, 300 ms at 1,000) and stops every
        table meanwhile.  CPython starts one by itself whenever the objects promoted to the
        oldest generation since the last one reach a quarter of those it holds; with the
        survivors frozen that is soon, and each still walks every object promoted since the
        last freeze (20–100 ms at 1,000 tables, measured with ``gc.callbacks``).  So while the
        server runs the oldest generation's threshold is out of reach (``NO_AUTO_FULL``, set
        in ``start``): every ``gc_freeze_s`` this collects the young generations (a few
        milliseconds) and freezes the survivors (``gc.freeze``); every ``gc_full_s`` it
        unfreezes and collects everything once, so that cycles among old objects are
        reclaimed too."""
        loop = asyncio.get_running_loop()
        last_full = loop.time()
        while True:
            await asyncio.sleep(self.settings.gc_freeze_s)
            if loop.time() - last_full >= self.settings.gc_full_s:
                gc.unfreeze()
                gc.collect()
                last_full = loop.time()
            else:
                gc.collect(1)
            gc.freeze()

    async def _listen_loop(self) -> None:
        """PostgreSQL LISTEN on a dedicated connection: another process committed a change."""
        import psycopg
        conninfo = self.store.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    # changes made while no listener ran: catch up every cached table once
                    for table in list(self.tables.values()):
                        await self.refresh(table)
                    async for note in conn.notifies():
                        self._on_notify(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - reconnect after a lost connection
                log.exception("LISTEN connection lost; reconnecting")
                await asyncio.sleep(1.0)

    def _on_notify(self, payload: str) -> None:
        try:
            data = json.loads(payload)
        except ValueError:
            return
        if data.get("from") == self.instance:
            return
        table = self.tables.get(str(data.get("table")))
        if table is not None:
            asyncio.create_task(self.refresh(table))


def row_summary(row: TableRow) -> dict[str, Any]:
    """The contract's table summary, from the stored row."""
    return summary_json(row)


# What the table itself says to everyone at it (a system message in each reader's language)
AWAY = N_("Seat {seat} ({name}) did not move in time: a bot plays for them until they take "
          "their seat again.")
BACK = N_("Seat {seat} ({name}) is back.")
HANDED = N_("The host gave seat {seat} ({name}) to a bot; they can take it back through the "
            "invite link.")
OPENED = N_("The host opened seat {seat}.")
LEFT = N_("Seat {seat} ({name}) left the table; a bot plays the seat.")
ENDED = N_("The host ended the table; the match counts as abandoned.")
