"""Players' statistics per game for their pages: each ended match's figures per seat (the
game's ``stats`` part, :mod:`cardtable.parts.stats`), stored once in ``seat_stats`` when the
match ends and summed per player on request.

A match whose figures were never stored (it ended before migration 0004, or its process
stopped before storing them) is counted the first time its player's page is asked for: its
log is replayed then, a few matches per request, so that a page never waits long."""

from __future__ import annotations

import json
import logging
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from ..parts.stats import add, deal_figures, summary
from ..registry import game_parts
from .livetable import LiveTable
from .store import Store, metadata, seats_t, tables_t

log = logging.getLogger("cardtable.server")

seat_stats_t = sa.Table(
    "seat_stats", metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("figures", sa.Text, nullable=False),
)

#: ended matches without stored figures replayed per page request (the rest on later requests)
CATCH_UP = 10


def match_figures(table: LiveTable) -> list[dict[str, int]] | None:
    """Each seat's figures summed over the ended match's deals (None: the match is not over)."""
    if not table.match.over:
        return None
    stats = game_parts(table.row.game).stats
    out: list[dict[str, int]] = [{} for _ in range(table.row.players)]
    for deal in table.match.deals:
        for seat in range(table.row.players):
            add(out[seat], deal_figures(deal, seat, stats))
    return out


def store_figures(store: Store, table_id: str, game: str, figures: list[dict[str, int]]) -> bool:
    """Store one match's figures, once (a second call, from any process, changes nothing)."""
    try:
        with store.engine.begin() as c:
            c.execute(seat_stats_t.insert(), [
                {"table_id": table_id, "seat": seat, "game": game, "figures": json.dumps(f, sort_keys=True)}
                for seat, f in enumerate(figures)])
    except IntegrityError:
        return False
    return True


def count_table(store: Store, table_id: str) -> bool:
    """Replay an ended match from its log and store its figures; whether it stored them."""
    row = store.load_table(table_id)
    if row is None or row.status != "over":
        return False
    table = LiveTable(row, store.load_moves(table_id))
    figures = match_figures(table)
    if figures is None:          # ended by its host before the match was over: nothing counted
        figures = [{} for _ in range(row.players)]
    return store_figures(store, table_id, row.game, figures)


def _ended_tables(player_id: str) -> Any:
    return (sa.select(tables_t.c.id, tables_t.c.game, seats_t.c.seat)
            .join(seats_t, seats_t.c.table_id == tables_t.c.id)
            .where(seats_t.c.player_id == player_id, tables_t.c.status == "over"))


def uncounted_tables(store: Store, player_id: str, limit: int) -> list[str]:
    q = (_ended_tables(player_id)
         .outerjoin(seat_stats_t, sa.and_(seat_stats_t.c.table_id == tables_t.c.id,
                                          seat_stats_t.c.seat == seats_t.c.seat))
         .where(seat_stats_t.c.table_id.is_(None))
         .order_by(tables_t.c.created_ms.desc()).limit(limit))
    with store.engine.connect() as c:
        return [r[0] for r in c.execute(q)]


def player_sums(store: Store, player_id: str) -> dict[str, dict[str, Any]]:
    """Per game: ``{"matches": n, "sums": {figure: sum}}`` over the player's counted matches
    (matches ended by their host before the end count none)."""
    q = (sa.select(seat_stats_t.c.game, seat_stats_t.c.figures)
         .join(seats_t, sa.and_(seats_t.c.table_id == seat_stats_t.c.table_id, seats_t.c.seat == seat_stats_t.c.seat))
         .where(seats_t.c.player_id == player_id))
    out: dict[str, dict[str, Any]] = {}
    with store.engine.connect() as c:
        for game, text in c.execute(q):
            figures = json.loads(text)
            if not figures:
                continue
            g = out.setdefault(game, {"matches": 0, "sums": {}})
            g["matches"] += 1
            add(g["sums"], figures)
    return out


def collect(store: Store, player_id: str) -> dict[str, dict[str, Any]]:
    """:func:`player_sums` after catching up on a few matches whose figures were not stored
    (a database thread's work: it reads, replays and writes)."""
    for table_id in uncounted_tables(store, player_id, CATCH_UP):
        try:
            count_table(store, table_id)
        except Exception:  # noqa: BLE001 - one unreadable old log must not hide the page
            log.exception("table %s: its figures could not be counted", table_id)
    return player_sums(store, player_id)


def shown(sums: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The statistics per game as a page shows them, in the current language: ``{game:
    {"matches", "deals", "figures": [{"key", "label", "per", "sum", "value"}]}}``."""
    return {game: {"matches": g["matches"], "deals": int(g["sums"].get("deals", 0)),
                   "figures": summary(g["sums"], game_parts(game).stats)}
            for game, g in sorted(sums.items())}


__all__ = ["CATCH_UP", "collect", "count_table", "match_figures", "player_sums", "seat_stats_t", "shown",
           "store_figures", "uncounted_tables"]
