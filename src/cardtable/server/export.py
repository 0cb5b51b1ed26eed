"""Open game data (protocol version 3): every finished public match of a game and month as
JSON lines, one scenario file (shared/contracts/scenario.md) per line.

``GET /api/export/{game}?month=YYYY-MM`` and ``cardtable export-games`` both write what
:func:`export_lines` yields (docs/open-data.md describes the data set).

- A match is **public** when its table is listed, its cards were not known before the deal
  (``known_deal`` false), its host did not end it (``abandoned`` false), and it is over
  (``status`` ``"over"`` and the replay of its log is over).  A match belongs to the month in
  which it **ended**: the time of its last committed move, in UTC.
- Each line is the match's replay exactly as ``GET /api/tables/{id}/replay`` gives it
  (:meth:`LiveTable.replay_scenario`: every deal written out with its moves, ``expect`` the
  final totals), so ``cardtable replay LINE --check`` accepts it; what the server knows about
  the match goes under ``source`` (the scenario format reads it as free text and rejects any
  other unknown key): ``{"table", "ended", "rated", "seats"}``.
- ``seats`` names each seat as follows: a person's seat by the public name of the person's
  account (``accounts.name``) when the account allows it (``public_name``), else ``"seat
  N"`` (N counted from 1, as people count); a seat that only a bot ever played as
  ``"bot:<name>"``; a seat that a person played and then left to a bot as ``"seat N"``.
- Never in a line: seeds, seat tokens or their hashes, player ids or secrets, client
  addresses, the names people typed at the table.
"""

from __future__ import annotations

import calendar
import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import sqlalchemy as sa

from ..errors import UnknownGame
from ..i18n import _
from ..registry import resolve_game
from .accountdb import accounts_t
from .livetable import LiveTable
from .store import MoveRow, Store, TableRow, moves_t, players_t, seats_t, tables_t

_MONTH = re.compile(r"(\d{4})-(\d{2})")
#: the years a month may name (the server's clock is in ms since 1970)
FIRST_YEAR, LAST_YEAR = 1970, 9999


def month_bounds(month: str) -> tuple[int, int]:
    """``"2026-03"`` → the month's first and past-the-last millisecond, UTC:
    ``(start_ms, end_ms)`` with ``start_ms <= t < end_ms``.  ValueError naming the problem
    for anything else (``"2026-13"``, ``"12-2026"``, ``"2026-3"``)."""
    m = _MONTH.fullmatch(month.strip()) if isinstance(month, str) else None
    if m is None:
        raise ValueError(_("the month {month} is not written YYYY-MM (e.g. 2026-03)", month=repr(month)))
    year, number = int(m.group(1)), int(m.group(2))
    if not 1 <= number <= 12:
        raise ValueError(_("the month {month} does not exist: months are 01 to 12", month=repr(month)))
    if not FIRST_YEAR <= year <= LAST_YEAR:
        raise ValueError(_("the month {month} is out of range: years are {first} to {last}",
                           month=repr(month), first=FIRST_YEAR, last=LAST_YEAR))
    start = calendar.timegm((year, number, 1, 0, 0, 0))
    days = calendar.monthrange(year, number)[1]
    return start * 1000, (start + days * 86_400) * 1000


def export_game_id(game: str) -> str:
    """The game id ``game`` means (an id in any case, or the game's name); ValueError listing
    the valid games otherwise."""
    try:
        return resolve_game(game)
    except UnknownGame as e:
        raise ValueError(str(e)) from None


def export_lines(store: Store, game: str, month: str) -> Iterator[str]:
    """One compact JSON line (ending in ``"\\n"``, UTF-8 text: cards in symbol form) per
    finished public match of ``game`` that ended in ``month``, by end time then table id.

    The game and month are checked at once (ValueError, before anything is read), so a
    caller can refuse the request before it starts streaming; the lines are then built one
    match at a time (the month's table ids are read first, then each match on its own)."""
    game_id = export_game_id(game)
    start, end = month_bounds(month)
    return _lines(store, game_id, start, end)


def _lines(store: Store, game_id: str, start: int, end: int) -> Iterator[str]:
    for table_id, ended in finished_public_tables(store, game_id, start, end):
        line = match_line(store, table_id, ended)
        if line is not None:
            yield line


def finished_public_tables(store: Store, game_id: str, start_ms: int, end_ms: int) -> list[tuple[str, int]]:
    """``(table id, end ms)`` of the finished public matches of a game that ended in
    ``start_ms <= ended < end_ms``, by end time then id."""
    ended = sa.func.max(moves_t.c.at_ms).label("ended")
    q = (sa.select(tables_t.c.id, ended)
         .join(moves_t, moves_t.c.table_id == tables_t.c.id)
         .where(tables_t.c.game == game_id, tables_t.c.status == "over", tables_t.c.listed.is_(True),
                tables_t.c.known_deal.is_(False), tables_t.c.abandoned.is_(False))
         .group_by(tables_t.c.id)
         .having(sa.and_(ended >= start_ms, ended < end_ms))
         .order_by(ended, tables_t.c.id))
    with store.engine.connect() as c:
        return [(r[0], int(r[1])) for r in c.execute(q)]


def match_line(store: Store, table_id: str, ended_ms: int) -> str | None:
    """One match's line, or None if it is not (or no longer) a finished public match."""
    row = store.load_table(table_id)
    if row is None or not is_public_and_over(row):
        return None
    moves = store.load_moves(table_id)
    table = LiveTable(row, moves)
    if not table.match.over:        # a log that does not end the match: its cards stay hidden
        return None
    data: dict[str, Any] = table.replay_scenario()
    data["source"] = {"table": row.id, "ended": iso_utc(ended_ms), "rated": row.rated,
                      "seats": seat_labels(row, moves, public_names(store, table_id))}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def is_public_and_over(row: TableRow) -> bool:
    return row.status == "over" and row.listed and not row.known_deal and not row.abandoned


def public_names(store: Store, table_id: str) -> dict[int, str]:
    """Seat → the account name of the seat's person, for the seats whose person's account
    allows its name to be shown (``public_name``).  A seat's ``player_id`` is the account's
    own player (``accounts.player_id``) or a credential joined to it (``players.account_id``)."""
    q = (sa.select(seats_t.c.seat, accounts_t.c.name, accounts_t.c.public_name)
         .select_from(seats_t.outerjoin(players_t, players_t.c.id == seats_t.c.player_id)
                      .join(accounts_t, sa.or_(accounts_t.c.player_id == seats_t.c.player_id,
                                               accounts_t.c.id == players_t.c.account_id)))
         .where(seats_t.c.table_id == table_id, seats_t.c.player_id.is_not(None)))
    with store.engine.connect() as c:
        rows = c.execute(q).all()
    names: dict[int, str] = {}
    refused: set[int] = set()
    for seat, name, public in rows:
        if public and name:
            names.setdefault(int(seat), str(name))
        else:
            refused.add(int(seat))
    # (two accounts for one seat cannot happen; if it did, only a name both allow is shown)
    return {s: n for s, n in names.items() if s not in refused}


def seat_labels(row: TableRow, moves: list[MoveRow], names: dict[int, str]) -> list[str]:
    """Each seat's label in ``source.seats`` (see the module's text)."""
    people = {m.seat for m in moves if m.source != "bot"}   # a person, or the server for one
    out: list[str] = []
    for i, s in enumerate(row.seats):
        if i in names:
            out.append(names[i])
        elif s.kind == "bot" and s.player_id is None and i not in people and s.name:
            out.append(f"bot:{s.name}")
        else:
            out.append(f"seat {i + 1}")
    return out


def iso_utc(ms: int) -> str:
    """``1772323200123`` → ``"2026-03-01T00:00:00.123Z"``."""
    when = datetime(1970, 1, 1, tzinfo=UTC) + timedelta(milliseconds=ms)
    return when.isoformat(timespec="milliseconds").replace("+00:00", "Z")
