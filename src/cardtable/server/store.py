"""Persistence of tables: SQLAlchemy 2 Core over SQLite (default) or PostgreSQL (psycopg 3).

What is stored is what cannot be recomputed: a table's settings and seed, its seats (only a
hash of each token) and the committed move log.  Match states and views are never stored;
they are the replay of the log.  The primary key ``(table_id, seq)`` of ``moves`` is the
arbiter when several processes serve one database: only one of them can commit move N.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import sqlite3
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

T = TypeVar("T")

metadata = sa.MetaData()

tables_t = sa.Table(
    "tables", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("preset", sa.String(64)),
    sa.Column("rules", sa.Text, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("turn_seconds", sa.Float),
    sa.Column("bot_delay_ms", sa.Integer, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("totals", sa.Text, nullable=False),
    sa.Column("deadline_ms", sa.BigInteger),
    sa.Column("client_addr", sa.String(64)),
    sa.Column("created_ms", sa.BigInteger, nullable=False),
    # version 2 (migration 0002): people, hosts and seats
    sa.Column("host_player", sa.String(32)),
    sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.true()),
    sa.Column("hints", sa.Boolean),
    sa.Column("known_deal", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("abandoned", sa.Boolean, nullable=False, server_default=sa.false()),
    # version 3 (migration 0003): rated tables
    sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("quick", sa.Boolean, nullable=False, server_default=sa.false()),
)
seats_t = sa.Table(
    "seats", metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("name", sa.String(64)),
    sa.Column("token_hash", sa.String(64)),
    sa.Column("player_id", sa.String(32)),      # whose seat it is (kept while a bot stands in)
    sa.Column("person_name", sa.String(64)),    # ... and their name, while a bot plays for them
)
players_t = sa.Table(
    "players", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("secret_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("client_addr", sa.String(64)),
    sa.Column("created_ms", sa.BigInteger, nullable=False),
    sa.Column("account_id", sa.String(32)),     # version 3: the account the credential belongs to
)
moves_t = sa.Table(
    "moves", metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("deal", sa.Integer, nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("move", sa.Text, nullable=False),
    sa.Column("source", sa.String(8), nullable=False),
    sa.Column("at_ms", sa.BigInteger, nullable=False),
)

NOTIFY_CHANNEL = "cardtable"

# Statements of the hot path, built once: constructing a statement per call costs far more
# than SQLite's own commit (measured: ~1.3 ms against ~0.2 ms per move).
_INSERT_MOVE = moves_t.insert()
# (a table its host ended keeps its end: a late move of another process does not reopen it)
_UPDATE_AFTER_MOVE = tables_t.update().where(tables_t.c.id == sa.bindparam("tid"),
                                             tables_t.c.abandoned.is_(False)).values(
    seq=sa.bindparam("new_seq"), status=sa.bindparam("new_status"), totals=sa.bindparam("new_totals"),
    deadline_ms=sa.bindparam("new_deadline"))
# the same two statements in SQLite's own SQL, for the driver directly (Store._sqlite_commit)
_SQLITE_INSERT_MOVE = ("INSERT INTO moves (table_id, seq, deal, seat, move, source, at_ms) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?)")
_SQLITE_UPDATE_AFTER_MOVE = ("UPDATE tables SET seq = ?, status = ?, totals = ?, deadline_ms = ? "
                             "WHERE id = ? AND NOT abandoned")
# a table with its host's name (players.name), for summaries
_TABLE_COLUMNS = [*tables_t.c, players_t.c.name.label("host_name")]
_TABLES_FROM = tables_t.outerjoin(players_t, players_t.c.id == tables_t.c.host_player)
_SELECT_TABLE = sa.select(*_TABLE_COLUMNS).select_from(_TABLES_FROM).where(tables_t.c.id == sa.bindparam("tid"))
_SELECT_SEATS = seats_t.select().where(seats_t.c.table_id == sa.bindparam("tid")).order_by(seats_t.c.seat)
_SELECT_MOVES = moves_t.select().where(moves_t.c.table_id == sa.bindparam("tid"),
                                       moves_t.c.seq > sa.bindparam("after")).order_by(moves_t.c.seq)
_NOTIFY = sa.text("SELECT pg_notify(:ch, :payload)")


class SeqTaken(Exception):
    """Another process committed this table's move ``seq`` first."""


class SeatTaken(Exception):
    """The seat is not open any more."""


class SeatHeld(Exception):
    """The player already holds another seat of the table (``seat``: that one)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        super().__init__(seat)


class SeatChanged(Exception):
    """The seat is not what the change expected any more (another process changed it)."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class SeatRow:
    kind: str                   # open | person | bot
    name: str | None
    token_hash: str | None = None
    player_id: str | None = None       # the person whose seat it is (also while a bot stands in)
    person_name: str | None = None     # that person's name while a bot plays for them

    @property
    def away(self) -> bool:
        """A bot plays for the person whose seat it is (they may take it back)."""
        return self.kind == "bot" and self.player_id is not None


@dataclass
class PlayerRow:
    id: str
    name: str
    created_ms: int


@dataclass
class TableRow:
    id: str
    game: str
    players: int
    preset: str | None
    rules: dict[str, Any]
    seed: int
    turn_seconds: float | None
    bot_delay_ms: int
    status: str
    seq: int
    totals: list[int]
    deadline_ms: int | None
    created_ms: int
    client_addr: str | None = None
    seats: list[SeatRow] = field(default_factory=list)
    host_player: str | None = None
    listed: bool = True
    hints: bool | None = None          # None: the default (at most one seat is a person)
    known_deal: bool = False
    rated: bool = False                # version 3: every seat a person with an account
    quick: bool = False                # ... a quick-play table: its bots give seats to people
    abandoned: bool = False
    host_name: str | None = None       # read with the row (the host's player name)


@dataclass
class MoveRow:
    seq: int
    deal: int
    seat: int
    move: str
    source: str                 # person | bot | timeout
    at_ms: int


def default_db_url() -> str:
    """``$XDG_DATA_HOME/cardtable/cardtable.db``, else ``~/.local/share/cardtable/cardtable.db``."""
    import os
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    folder = Path(base) / "cardtable"
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'cardtable.db'}"


def make_engine(url: str) -> Engine:
    u = sa.engine.make_url(url)
    if u.get_backend_name() == "sqlite":
        if u.database and u.database != ":memory:":
            Path(u.database).parent.mkdir(parents=True, exist_ok=True)
        engine = sa.create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _sqlite_connect(dbapi_conn: Any, _record: Any) -> None:
            # let SQLAlchemy, not pysqlite, decide when transactions begin (see BEGIN IMMEDIATE)
            dbapi_conn.isolation_level = None
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")      # durable across crashes under WAL
            cur.execute("PRAGMA busy_timeout=30000")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        @event.listens_for(engine, "begin")
        def _sqlite_begin(conn: Connection) -> None:
            # a deferred read-then-write transaction cannot upgrade under WAL: take the lock first
            conn.exec_driver_sql("BEGIN IMMEDIATE")

        return engine
    if u.get_backend_name() == "postgresql":
        if u.drivername == "postgresql":
            u = u.set(drivername="postgresql+psycopg")
        return sa.create_engine(u, pool_size=5, max_overflow=10, pool_pre_ping=True)
    raise ValueError(f"unsupported database URL {url!r}: use sqlite:///PATH or postgresql+psycopg://...")


def migrate(engine: Engine) -> None:
    """Create or upgrade the schema (Alembic, the package's own migrations)."""
    from alembic import command
    from alembic.config import Config
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.connect() as conn:
        if engine.dialect.name == "postgresql":
            # two processes starting at once must not both create the tables
            conn.exec_driver_sql("SELECT pg_advisory_lock(727172)")
            conn.commit()
        try:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
            conn.commit()
        finally:
            if engine.dialect.name == "postgresql":
                conn.exec_driver_sql("SELECT pg_advisory_unlock(727172)")
                conn.commit()


class Store:
    """Every read and write of the server's database."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.is_postgres = self.engine.dialect.name == "postgresql"
        self.instance = ""          # names this process in notifications, to skip its own
        # Every call runs in a database thread, never on the event loop: a PostgreSQL round
        # trip takes milliseconds, and a SQLite call that is usually tens of microseconds
        # waits up to its busy timeout (30 s) while another process holds the file's lock
        # (issue 28: every table stopped meanwhile).  SQLite gets one thread: its
        # transactions all begin IMMEDIATE (they take the write lock), so a second thread
        # would only wait in SQLite's busy handler (sleeps of 1 ms and more); one thread
        # keeps them in order as the loop did.  ``offload = False`` (tests, tools) calls
        # inline again.
        self.offload = True
        self._executor: ThreadPoolExecutor | None = ThreadPoolExecutor(
            max_workers=8 if self.is_postgres else 1, thread_name_prefix="cardtable-db")
        # SQLite: the committer first tries a batch of moves on the loop with a busy timeout
        # of 0, so it never waits there (a lock held elsewhere sends it to the database
        # thread): a hand-over to the thread costs more than the commit (committer.py,
        # ``_write_at_once``).  False: every batch in the thread.
        self.inline_commits = not self.is_postgres
        self._move_conn: Any = None     # SQLite: the pool's connection kept for commits
        self._ckpt_conn: Any = None     # ... and the one of the checkpoint thread
        self._ckpt_lock = threading.Lock()
        # SQLite: True once the service checkpoints the WAL itself (checkpoint(), in a
        # thread); commits then never stop the event loop for one
        self.own_checkpoints = False

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Call one of this store's methods, in a database thread where that pays."""
        if self._executor is None or not self.offload:
            return fn(*args)
        return await asyncio.get_running_loop().run_in_executor(self._executor, partial(fn, *args))

    def migrate(self) -> None:
        migrate(self.engine)

    def check(self, deep: bool = False) -> None:
        """Read the database (raises when it cannot): every table row counted, and with
        ``deep`` SQLite's ``quick_check`` of the whole file (a damaged page anywhere)."""
        with self.engine.connect() as c:
            c.execute(sa.select(sa.func.count()).select_from(tables_t)).scalar_one()
            c.execute(sa.select(sa.func.count()).select_from(moves_t)).scalar_one()
            if deep and not self.is_postgres:
                found = [r[0] for r in c.exec_driver_sql("PRAGMA quick_check(1)")]
                if found != ["ok"]:
                    raise sa.exc.DatabaseError("PRAGMA quick_check", None, Exception(str(found[:1])))

    def close(self) -> None:
        if self._move_conn is not None:
            self._move_conn.close()
            self._move_conn = None
        with self._ckpt_lock:
            if self._ckpt_conn is not None:
                self._ckpt_conn.close()
                self._ckpt_conn = None
        if self._executor is not None:
            self._executor.shutdown(wait=True)
        self.engine.dispose()

    # --- tables ---------------------------------------------------------------------------

    def create_table(self, row: TableRow, tokens: dict[int, str]) -> None:
        with self.engine.begin() as c:
            c.execute(tables_t.insert().values(
                id=row.id, game=row.game, players=row.players, preset=row.preset,
                rules=json.dumps(row.rules, ensure_ascii=False), seed=row.seed,
                turn_seconds=row.turn_seconds, bot_delay_ms=row.bot_delay_ms, status=row.status,
                seq=row.seq, totals=json.dumps(row.totals), deadline_ms=row.deadline_ms,
                client_addr=row.client_addr, created_ms=row.created_ms, host_player=row.host_player,
                listed=row.listed, hints=row.hints, known_deal=row.known_deal, abandoned=row.abandoned,
                rated=row.rated, quick=row.quick))
            c.execute(seats_t.insert(), [
                {"table_id": row.id, "seat": i, "kind": s.kind, "name": s.name,
                 "token_hash": token_hash(tokens[i]) if i in tokens else None,
                 "player_id": s.player_id, "person_name": s.person_name}
                for i, s in enumerate(row.seats)])

    def load_table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as c:
            r = c.execute(_SELECT_TABLE, {"tid": table_id}).mappings().first()
            if r is None:
                return None
            seats = c.execute(_SELECT_SEATS, {"tid": table_id}).mappings().all()
        return _table_row(r, seats)

    def list_tables(self, limit: int = 200) -> list[TableRow]:
        """The newest listed tables (never a private one, nor one whose cards are known)."""
        return self._tables_where(limit, tables_t.c.listed.is_(True), tables_t.c.known_deal.is_(False))

    def tables_of_player(self, player_id: str, limit: int = 200) -> list[TableRow]:
        """The newest tables where the player is the host or a seat is theirs."""
        mine = sa.select(seats_t.c.table_id).where(seats_t.c.player_id == player_id)
        return self._tables_where(limit, sa.or_(tables_t.c.host_player == player_id, tables_t.c.id.in_(mine)))

    def _tables_where(self, limit: int, *where: Any) -> list[TableRow]:
        with self.engine.connect() as c:
            rows = c.execute(sa.select(*_TABLE_COLUMNS).select_from(_TABLES_FROM).where(*where)
                             .order_by(tables_t.c.created_ms.desc(), tables_t.c.id)
                             .limit(limit)).mappings().all()
            ids = [r["id"] for r in rows]
            seats = c.execute(seats_t.select().where(seats_t.c.table_id.in_(ids))
                              .order_by(seats_t.c.table_id, seats_t.c.seat)).mappings().all() if ids else []
        by_table: dict[str, list[Any]] = {}
        for s in seats:
            by_table.setdefault(s["table_id"], []).append(s)
        return [_table_row(r, by_table.get(r["id"], [])) for r in rows]

    def open_tables_of(self, client_addr: str) -> int:
        with self.engine.connect() as c:
            return int(c.execute(sa.select(sa.func.count()).select_from(tables_t).where(
                tables_t.c.client_addr == client_addr, tables_t.c.status != "over")).scalar_one())

    def open_tables_of_player(self, player_id: str) -> int:
        """Tables not over where the player is the host or a seat is theirs."""
        mine = sa.select(seats_t.c.table_id).where(seats_t.c.player_id == player_id)
        with self.engine.connect() as c:
            return int(c.execute(sa.select(sa.func.count()).select_from(tables_t).where(
                sa.or_(tables_t.c.host_player == player_id, tables_t.c.id.in_(mine)),
                tables_t.c.status != "over")).scalar_one())

    def live_table_ids(self) -> list[str]:
        with self.engine.connect() as c:
            return [r[0] for r in c.execute(sa.select(tables_t.c.id).where(tables_t.c.status == "playing"))]

    def expired(self, now_ms: int) -> list[str]:
        """Tables in play whose deadline has passed."""
        with self.engine.connect() as c:
            return [r[0] for r in c.execute(sa.select(tables_t.c.id).where(
                tables_t.c.status == "playing", tables_t.c.deadline_ms.is_not(None),
                tables_t.c.deadline_ms <= now_ms))]

    def next_deadline(self) -> int | None:
        with self.engine.connect() as c:
            return c.execute(sa.select(sa.func.min(tables_t.c.deadline_ms)).where(
                tables_t.c.status == "playing")).scalar_one()

    # --- players --------------------------------------------------------------------------

    def create_player(self, player_id: str, secret: str, name: str, client_addr: str | None,
                      created_ms: int) -> None:
        with self.engine.begin() as c:
            c.execute(players_t.insert().values(id=player_id, secret_hash=token_hash(secret), name=name,
                                                client_addr=client_addr, created_ms=created_ms))

    def player_by_secret(self, secret: str) -> PlayerRow | None:
        with self.engine.connect() as c:
            r = c.execute(sa.select(players_t.c.id, players_t.c.name, players_t.c.created_ms).where(
                players_t.c.secret_hash == token_hash(secret))).first()
        return None if r is None else PlayerRow(r[0], r[1], r[2])

    # --- seats ----------------------------------------------------------------------------

    def take_seat(self, table_id: str, seat: int, name: str, token: str, player_id: str | None = None,
                  one_each: bool = True) -> None:
        """Give an open seat to a person, and start play if no seat is open any more;
        SeatTaken if it is not open, SeatHeld if ``one_each`` and the player holds another
        seat of the table (the database decides races between processes)."""
        with self.engine.begin() as c:
            self._lock_table(c, table_id)
            if player_id is not None and one_each:
                held = c.execute(sa.select(seats_t.c.seat).where(
                    seats_t.c.table_id == table_id, seats_t.c.player_id == player_id,
                    seats_t.c.seat != seat)).first()
                if held is not None:
                    raise SeatHeld(int(held[0]))
            res = c.execute(seats_t.update().where(
                seats_t.c.table_id == table_id, seats_t.c.seat == seat, seats_t.c.kind == "open")
                .values(kind="person", name=name, token_hash=token_hash(token), player_id=player_id,
                        person_name=None))
            if res.rowcount != 1:
                raise SeatTaken(seat)
            self._sync_status(c, table_id)
            self._notify(c, table_id)

    def change_seat(self, table_id: str, seat: int, expect: dict[str, Any], values: dict[str, Any],
                    deadline_ms: Any = None, keep_deadline: bool = True) -> None:
        """Change one seat where it still is as ``expect``s (column: value), set the table's
        status by its open seats (unless over) and, unless ``keep_deadline``, its deadline;
        SeatChanged if the seat is not as expected (another process changed it first)."""
        with self.engine.begin() as c:
            self._lock_table(c, table_id)
            cond = [seats_t.c.table_id == table_id, seats_t.c.seat == seat]
            cond += [seats_t.c[k].is_(None) if v is None else seats_t.c[k] == v for k, v in expect.items()]
            res = c.execute(seats_t.update().where(*cond).values(**values))
            if res.rowcount != 1:
                raise SeatChanged(seat)
            self._sync_status(c, table_id)
            if not keep_deadline:
                c.execute(tables_t.update().where(tables_t.c.id == table_id).values(deadline_ms=deadline_ms))
            self._notify(c, table_id)

    def set_table(self, table_id: str, values: dict[str, Any]) -> None:
        """Change a table's settings (host, deadline ...) and tell the other processes."""
        with self.engine.begin() as c:
            c.execute(tables_t.update().where(tables_t.c.id == table_id).values(**values))
            self._notify(c, table_id)

    def abandon(self, table_id: str) -> bool:
        """End a table that is not over (its host ended it); False if it was over already."""
        with self.engine.begin() as c:
            res = c.execute(tables_t.update().where(tables_t.c.id == table_id, tables_t.c.status != "over")
                            .values(status="over", abandoned=True, deadline_ms=None))
            self._notify(c, table_id)
            return bool(res.rowcount == 1)

    def _lock_table(self, c: Connection, table_id: str) -> None:
        """Serialise seat changes of one table (PostgreSQL: the row lock; SQLite's BEGIN
        IMMEDIATE has already serialised every writer)."""
        if self.is_postgres:
            c.execute(sa.select(tables_t.c.id).where(tables_t.c.id == table_id).with_for_update())

    def _sync_status(self, c: Connection, table_id: str) -> None:
        """waiting while a seat is open, else playing; a table that is over stays over."""
        still_open = c.execute(sa.select(sa.func.count()).select_from(seats_t).where(
            seats_t.c.table_id == table_id, seats_t.c.kind == "open")).scalar_one()
        c.execute(tables_t.update().where(tables_t.c.id == table_id, tables_t.c.status != "over")
                  .values(status="waiting" if still_open else "playing"))

    # --- moves ----------------------------------------------------------------------------

    def commit_move(self, table_id: str, move: MoveRow, status: str, totals: list[int],
                    deadline_ms: int | None) -> None:
        """Append move ``seq`` and the table's new bookkeeping in one transaction;
        SeqTaken if that seq is already committed (by another process)."""
        if not self.is_postgres:
            self._sqlite_commit([(table_id, move, status, totals, deadline_ms)], move.seq)
            return
        try:
            with self.engine.begin() as c:
                c.execute(_INSERT_MOVE, {
                    "table_id": table_id, "seq": move.seq, "deal": move.deal, "seat": move.seat,
                    "move": move.move, "source": move.source, "at_ms": move.at_ms})
                c.execute(_UPDATE_AFTER_MOVE, {
                    "tid": table_id, "new_seq": move.seq + 1, "new_status": status,
                    "new_totals": json.dumps(totals), "new_deadline": deadline_ms})
                self._notify(c, table_id)
        except IntegrityError:
            raise SeqTaken(move.seq) from None

    def commit_moves(self, batch: list[tuple[str, MoveRow, str, list[int], int | None]]) -> None:
        """``commit_move`` for moves of several tables (one each) in one transaction
        (``committer``); SeqTaken if any seq is already committed, and then none is."""
        if len(batch) == 1:
            self.commit_move(*batch[0])
            return
        if not self.is_postgres:
            self._sqlite_commit(batch, -1)
            return
        try:
            with self.engine.begin() as c:
                c.execute(_INSERT_MOVE, [
                    {"table_id": tid, "seq": m.seq, "deal": m.deal, "seat": m.seat, "move": m.move,
                     "source": m.source, "at_ms": m.at_ms} for tid, m, _, _, _ in batch])
                c.execute(_UPDATE_AFTER_MOVE, [
                    {"tid": tid, "new_seq": m.seq + 1, "new_status": status,
                     "new_totals": json.dumps(totals), "new_deadline": deadline}
                    for tid, m, status, totals, deadline in batch])
                for tid, *_ in batch:
                    self._notify(c, tid)
        except IntegrityError:
            raise SeqTaken(-1) from None

    def _sqlite_commit(self, batch: list[tuple[str, MoveRow, str, list[int], int | None]], seq: int) -> None:
        """The same transaction on SQLite, through one connection of the pool kept for
        moves and the driver's own ``executemany``: SQLAlchemy's execution path per
        statement cost several times SQLite's own work (profile of the load test)."""
        raw = self._move_conn
        if raw is None:
            raw = self._move_conn = self.engine.raw_connection()
            if self.own_checkpoints:
                # SQLite checkpoints in the COMMIT that fills the WAL past 1,000 pages: copying
                # them and syncing the files took 5–20 ms of waiting, one commit in ~80
                _driver(raw).execute("PRAGMA wal_autocheckpoint=0")
        cur = _driver(raw).cursor()
        try:
            cur.execute("BEGIN IMMEDIATE")
            try:
                cur.executemany(_SQLITE_INSERT_MOVE, [
                    (tid, m.seq, m.deal, m.seat, m.move, m.source, m.at_ms) for tid, m, _, _, _ in batch])
                cur.executemany(_SQLITE_UPDATE_AFTER_MOVE, [
                    (m.seq + 1, status, json.dumps(totals), deadline, tid)
                    for tid, m, status, totals, deadline in batch])
                cur.execute("COMMIT")
            except BaseException:
                if raw.driver_connection.in_transaction:
                    cur.execute("ROLLBACK")
                raise
        except sqlite3.IntegrityError:
            raise SeqTaken(seq) from None
        finally:
            cur.close()

    def set_deadline(self, table_id: str, deadline_ms: int | None) -> None:
        """The first deadline of a table whose last seat was just taken (no move yet)."""
        with self.engine.begin() as c:
            c.execute(tables_t.update().where(tables_t.c.id == table_id, tables_t.c.seq == 0,
                                              tables_t.c.deadline_ms.is_(None)).values(deadline_ms=deadline_ms))
            self._notify(c, table_id)

    def clear_deadline(self, table_id: str, deadline_ms: int) -> None:
        """Drop a deadline nobody could meet (unless a move has set a new one meanwhile)."""
        with self.engine.begin() as c:
            c.execute(tables_t.update().where(tables_t.c.id == table_id, tables_t.c.deadline_ms == deadline_ms)
                      .values(deadline_ms=None))

    def load_moves(self, table_id: str, after: int = -1) -> list[MoveRow]:
        with self.engine.connect() as c:
            rows = c.execute(_SELECT_MOVES, {"tid": table_id, "after": after}).mappings().all()
        return [MoveRow(r["seq"], r["deal"], r["seat"], r["move"], r["source"], r["at_ms"]) for r in rows]

    def checkpoint(self) -> None:
        """SQLite: copy the WAL's committed pages into the database file as far as no reader
        needs them (``PASSIVE``: writers go on meanwhile).  Run in a thread by the service
        (the driver lets go of the GIL while SQLite works)."""
        if self.is_postgres:
            return
        with self._ckpt_lock:
            if self._ckpt_conn is None:
                self._ckpt_conn = self.engine.raw_connection()
            self._ckpt_conn.driver_connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()

    def _notify(self, c: Connection, table_id: str) -> None:
        if self.is_postgres:
            # delivered to the other processes' listeners when this transaction commits
            c.execute(_NOTIFY,
                      {"ch": NOTIFY_CHANNEL,
                       "payload": json.dumps({"table": table_id, "from": self.instance})})


def _table_row(r: Any, seats: Any) -> TableRow:
    return TableRow(
        id=r["id"], game=r["game"], players=r["players"], preset=r["preset"],
        rules=json.loads(r["rules"]), seed=int(r["seed"]), turn_seconds=r["turn_seconds"],
        bot_delay_ms=r["bot_delay_ms"], status=r["status"], seq=r["seq"],
        totals=json.loads(r["totals"]), deadline_ms=r["deadline_ms"], created_ms=r["created_ms"],
        client_addr=r["client_addr"], host_player=r["host_player"], listed=bool(r["listed"]),
        hints=None if r["hints"] is None else bool(r["hints"]), known_deal=bool(r["known_deal"]),
        rated=bool(r["rated"]), quick=bool(r["quick"]), abandoned=bool(r["abandoned"]), host_name=r["host_name"],
        seats=[SeatRow(s["kind"], s["name"], s["token_hash"], s["player_id"], s["person_name"])
               for s in seats])


def _driver(raw: Any) -> Any:
    """The sqlite3 connection under a pooled one (gone only once the pool closed it)."""
    conn = raw.driver_connection
    if conn is None:
        raise RuntimeError("the SQLite connection for moves is closed")
    return conn
