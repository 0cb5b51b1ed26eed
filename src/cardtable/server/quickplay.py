"""Quick play and rematches (issue 28).

Quick play gives a person a seat in seconds: an open seat of a public table of that game
waiting for players (the oldest first), else a seat of a quick table where a bot holds it
for people, else a new quick table with the person at seat 1 and bots of the chosen level
in the other seats.  A bot that holds a quick table's seat gives it up between deals: taken
at the start of a deal (no move made in it yet) the seat is the person's at once; otherwise
the person holds it as away (the bot finishes the deal, the person sees the seat) and it
becomes theirs when the next deal begins.

A rematch is a new table of an ended match's game and options (new cards) where each person
of that match finds their seat kept for them; bots keep theirs."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa

from ..bots import bot_names, check_bot
from ..errors import BadOption, UnknownGame
from ..i18n import N_, _
from ..registry import get_game, resolve_game
from .games import DEFAULT_LEVEL, default_bot_name
from .store import PlayerRow, SeatChanged, SeatRow, TableRow, seats_t, tables_t, token_hash

if TYPE_CHECKING:
    from .livetable import LiveTable
    from .service import TableService

TAKEN_OVER = N_("Seat {seat} is {name}'s now: they take over from the bot.")
JOINS_NEXT_DEAL = N_("{name} takes seat {seat} from the next deal; the bot finishes this one.")
REMATCH = N_("A rematch is ready: {url}")


def candidates(store: Any, game: str, players: int, player_id: str, limit: int = 20) -> list[str]:
    """Tables a quick player may sit at, best first: public waiting tables with an open seat
    (oldest first), then quick tables in play with a bot holding a seat for people; never a
    table where the player has a seat, a rated or private one, or one whose cards are known."""
    mine = sa.select(seats_t.c.table_id).where(seats_t.c.player_id == player_id)
    open_seat = sa.select(seats_t.c.table_id).where(seats_t.c.kind == "open", seats_t.c.player_id.is_(None))
    held = sa.select(seats_t.c.table_id).where(seats_t.c.kind == "bot", seats_t.c.player_id.is_(None))
    base = [tables_t.c.game == game, tables_t.c.players == players, tables_t.c.listed.is_(True),
            tables_t.c.known_deal.is_(False), tables_t.c.abandoned.is_(False), tables_t.c.rated.is_(False),
            tables_t.c.id.not_in(mine)]
    with store.engine.connect() as c:
        waiting = [r[0] for r in c.execute(sa.select(tables_t.c.id).where(
            *base, tables_t.c.status == "waiting", tables_t.c.id.in_(open_seat))
            .order_by(tables_t.c.created_ms, tables_t.c.id).limit(limit))]
        quick = [r[0] for r in c.execute(sa.select(tables_t.c.id).where(
            *base, tables_t.c.quick.is_(True), tables_t.c.status == "playing", tables_t.c.id.in_(held))
            .order_by(tables_t.c.created_ms, tables_t.c.id).limit(limit))]
    return waiting + quick


def friends_tables(store: Any, player_id: str, recent: int = 30, limit: int = 20) -> list[str]:
    """Listed tables not over where a recent opponent of the player (someone seated at one of
    the player's last ``recent`` tables) sits or hosts, newest first; never the player's own."""
    with store.engine.connect() as c:
        mine = [r[0] for r in c.execute(
            sa.select(seats_t.c.table_id).join(tables_t, tables_t.c.id == seats_t.c.table_id)
            .where(seats_t.c.player_id == player_id).order_by(tables_t.c.created_ms.desc()).limit(recent))]
        if not mine:
            return []
        friends = sa.select(seats_t.c.player_id).where(
            seats_t.c.table_id.in_(mine), seats_t.c.player_id.is_not(None), seats_t.c.player_id != player_id)
        theirs = sa.select(seats_t.c.table_id).where(seats_t.c.player_id.in_(friends))
        q = (sa.select(tables_t.c.id).where(
            tables_t.c.status != "over", tables_t.c.listed.is_(True), tables_t.c.known_deal.is_(False),
            sa.or_(tables_t.c.id.in_(theirs), tables_t.c.host_player.in_(friends)),
            tables_t.c.id.not_in(sa.select(seats_t.c.table_id).where(seats_t.c.player_id == player_id)))
            .order_by(tables_t.c.created_ms.desc()).limit(limit))
        return [r[0] for r in c.execute(q)]


class QuickPlay:
    def __init__(self, service: TableService) -> None:
        self.service = service
        # seats taken from a bot during a deal: (table, seat) → the deal it becomes theirs
        self.pending: dict[str, dict[int, int]] = {}

    async def play(self, body: Any, player: PlayerRow | None, client_addr: str | None) -> dict[str, Any]:
        """``{"game", "bot"?, "players"?}`` → ``{"table", "seat", "token", "joined"}``
        (``joined``: an existing table, else a new one)."""
        svc = self.service
        if player is None:
            raise svc.error(401, _("quick play needs a player: send the header X-Player or sign in"))
        if not isinstance(body, dict):
            raise svc.error(400, _("the body must be a JSON object with 'game'"))
        unknown = sorted(set(body) - {"game", "bot", "players"})
        if unknown:
            raise svc.error(400, _("unknown field {field}; fields: {fields}", field=repr(unknown[0]),
                                   fields="bot, game, players"))
        try:
            game_id = resolve_game(str(body.get("game", "")))
        except UnknownGame as e:
            raise svc.error(400, str(e)) from None
        game = get_game(game_id)
        players = body.get("players", game.default_players)
        try:
            if isinstance(players, bool) or not isinstance(players, int):
                raise BadOption(_("'players' must be a whole number, not {value}", value=repr(players)[:40]))
            game.check_players(players)
        except BadOption as e:
            raise svc.error(400, str(e)) from None
        bot = body.get("bot")
        if bot is None:
            names = bot_names(game_id)
            bot = DEFAULT_LEVEL if DEFAULT_LEVEL in names else default_bot_name(game_id)
        try:
            check_bot(game_id, str(bot))
        except BadOption as e:
            raise svc.error(400, str(e)) from None
        for tid in await svc.store.run(candidates, svc.store, game_id, players, player.id):
            got = await self._sit(tid, player, client_addr)
            if got is not None:
                return {**got, "table": tid, "joined": True}
        seats = ["me"] + [f"bot:{bot}"] * (players - 1)
        table, extra = await svc.create_table(
            {"game": game_id, "players": players, "seats": seats, "listed": True}, client_addr, player,
            quick=True)
        return {"table": table.id, "seat": extra["seat"], "token": extra["token"], "joined": False}

    async def _sit(self, table_id: str, player: PlayerRow, client_addr: str | None) -> dict[str, Any] | None:
        """A seat of that table for the player (None: none is free any more)."""
        svc = self.service
        table = await svc.get(table_id)
        if table is None:
            return None
        seats = table.row.seats
        free = [i for i, s in enumerate(seats) if s.kind == "open" and s.player_id is None]
        if free:
            try:
                return await svc.join(table_id, free[0], {}, player, client_addr)
            except svc.api_error:
                return None
        held = [i for i, s in enumerate(seats) if s.kind == "bot" and s.player_id is None]
        if not held or not table.row.quick:
            return None
        return await self._take_from_bot(table, held[0], player)

    async def _take_from_bot(self, table: LiveTable, seat: int, player: PlayerRow) -> dict[str, Any] | None:
        svc = self.service
        token = secrets.token_urlsafe(32)
        async with table.lock:
            await svc.refresh_locked(table)
            if table.status != "playing" or table.row.seats[seat].kind != "bot" \
                    or table.row.seats[seat].player_id is not None:
                return None
            fresh = not any(m.deal == table.deal_index for m in table.moves)
            values: dict[str, Any] = {"token_hash": token_hash(token), "player_id": player.id}
            if fresh:
                values.update(kind="person", name=player.name, person_name=None)
            else:
                values.update(person_name=player.name)     # away: the bot finishes the deal
            try:
                await svc.store.run(svc.store.change_seat, table.id, seat,
                                    {"kind": "bot", "player_id": None}, values)
            except SeatChanged:
                await svc.refresh_locked(table)
                return None
            await svc.seats_changed(table)
            if fresh:
                table.announce(TAKEN_OVER, seat=seat + 1, name=player.name)
            else:
                self.pending.setdefault(table.id, {})[seat] = table.deal_index + 1
                table.announce(JOINS_NEXT_DEAL, seat=seat + 1, name=player.name)
        svc.schedule_bots(table)
        return {"seat": seat, "token": token}

    async def deal_began(self, table: LiveTable) -> None:
        """After a move (table locked): seats waiting for a new deal become their people's."""
        waiting = self.pending.get(table.id)
        if not waiting:
            return
        svc = self.service
        for seat, deal in sorted(waiting.items()):
            if table.deal_index < deal:
                continue
            del waiting[seat]
            s = table.row.seats[seat]
            if s.kind != "bot" or s.player_id is None:
                continue
            try:
                await svc.store.run(svc.store.change_seat, table.id, seat, {"player_id": s.player_id},
                                    {"kind": "person", "name": s.person_name or s.name, "person_name": None})
            except SeatChanged:
                continue
            await svc.seats_changed(table)
            table.announce(TAKEN_OVER, seat=seat + 1, name=s.person_name or "")
        if not waiting:
            self.pending.pop(table.id, None)

    async def rematch(self, table_id: str, player: PlayerRow | None, client_addr: str | None) -> dict[str, Any]:
        """A new table like the ended one, each of its people's seats kept for them: the
        caller's taken (``seat``, ``token``), the others open to their owner only."""
        svc = self.service
        if player is None:
            raise svc.error(401, _("a rematch needs a player: send the header X-Player or sign in"))
        old = await svc.store.run(svc.store.load_table, table_id)
        if old is None:
            raise svc.error(404, _("no table {table}", table=repr(table_id[:40])))
        if old.status != "over":
            raise svc.error(409, _("the match at table {table} is not over yet", table=table_id))
        mine = [i for i, s in enumerate(old.seats) if s.player_id == player.id]
        if not mine and old.host_player != player.id:
            raise svc.error(403, _("only a player of table {table} may ask for a rematch", table=table_id))
        seats: list[str] = []
        kept: dict[int, str] = {}
        for i, s in enumerate(old.seats):
            if mine and i == mine[0]:
                seats.append("me")
            elif s.player_id is not None:
                seats.append("open")
                kept[i] = s.player_id
            elif s.kind == "bot":
                seats.append(f"bot:{s.name}")
            else:
                seats.append("open")
        body = {"game": old.game, "players": old.players, "preset": old.preset, "rules": old.rules,
                "seats": seats, "listed": old.listed, "bot_delay_ms": old.bot_delay_ms,
                "rated": old.rated}
        if old.turn_seconds:
            body["turn_seconds"] = old.turn_seconds
        table, extra = await svc.create_table(body, client_addr, player, kept=kept)
        live = svc.tables.get(table_id)
        if live is not None:
            live.announce(REMATCH, url=f"/tables/{table.id}")
        return {"id": table.id, **extra, "summary": table.summary()}


def keep_seats(row: TableRow, kept: dict[int, str]) -> None:
    """Open seats of a rematch kept for the players who sat there."""
    for i, pid in kept.items():
        s: SeatRow = row.seats[i]
        if s.kind == "open":
            s.player_id = pid
