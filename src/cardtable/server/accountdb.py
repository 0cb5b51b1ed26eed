"""Persistence of accounts (protocol version 3): accounts, their sessions, their ratings and
rating history, beside :mod:`.store`'s tables, seats, players and moves (the same metadata
and engine; migration 0003 creates them).

An account owns players (credentials): its own one (``accounts.player_id``, whose id marks
its seats and hosted tables) and every guest credential joined to it (``players.account_id``),
which then acts as the account.  Only hashes are stored: Argon2id for passwords (hashed by
the caller), sha256 for session tokens."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from .scoresheets import score_sheets_t
from .store import PlayerRow, Store, metadata, moves_t, players_t, seats_t, tables_t, token_hash

accounts_t = sa.Table(
    "accounts", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("name_key", sa.String(64), nullable=False, unique=True),
    sa.Column("password_hash", sa.String(200), nullable=False),
    sa.Column("player_id", sa.String(32), nullable=False),
    sa.Column("public_name", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("created_ms", sa.BigInteger, nullable=False),
)
sessions_t = sa.Table(
    "sessions", metadata,
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column("account_id", sa.String(32), nullable=False),
    sa.Column("csrf", sa.String(64), nullable=False),
    sa.Column("created_ms", sa.BigInteger, nullable=False),
)
ratings_t = sa.Table(
    "ratings", metadata,
    sa.Column("account_id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(32), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("updated_ms", sa.BigInteger, nullable=False),
)
rating_events_t = sa.Table(
    "rating_events", metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("account_id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("at_ms", sa.BigInteger, nullable=False),
)


class NameTaken(Exception):
    """An account of that name (case-folded) exists."""


class AlreadyRated(Exception):
    """The match's ratings were updated before (by this or another process)."""


@dataclass
class AccountRow:
    id: str
    name: str
    password_hash: str
    player_id: str
    public_name: bool
    created_ms: int


@dataclass
class SessionRow:
    account: AccountRow
    csrf: str


@dataclass
class Rating:
    mu: float
    sigma: float
    games: int


def name_key(name: str) -> str:
    return name.strip().casefold()


def _account(r: Any) -> AccountRow:
    return AccountRow(r["id"], r["name"], r["password_hash"], r["player_id"], bool(r["public_name"]),
                      int(r["created_ms"]))


class AccountStore:
    """Every read and write of accounts, sessions and ratings (synchronous: the service calls
    them through :meth:`Store.run`)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    # --- accounts -----------------------------------------------------------------------

    def create_account(self, account_id: str, name: str, password_hash: str, player_id: str,
                       player_secret: str | None, now_ms: int) -> None:
        """A new account with its own player: the guest player ``player_id`` when one is given
        (its seats and history are the account's from now on), else a new player of that id
        whose secret is ``player_secret``.  NameTaken if the name is an account's."""
        try:
            with self.engine.begin() as c:
                c.execute(accounts_t.insert().values(
                    id=account_id, name=name, name_key=name_key(name), password_hash=password_hash,
                    player_id=player_id, public_name=False, created_ms=now_ms))
                if player_secret is not None:
                    c.execute(players_t.insert().values(id=player_id, secret_hash=token_hash(player_secret),
                                                        name=name, created_ms=now_ms, account_id=account_id))
                else:
                    c.execute(players_t.update().where(players_t.c.id == player_id)
                              .values(account_id=account_id, name=name))
        except IntegrityError:
            raise NameTaken(name) from None

    def account_by_name(self, name: str) -> AccountRow | None:
        with self.engine.connect() as c:
            r = c.execute(accounts_t.select().where(accounts_t.c.name_key == name_key(name))).mappings().first()
        return None if r is None else _account(r)

    def account_of_player(self, player_id: str) -> AccountRow | None:
        """The account a player (credential) belongs to, if any."""
        with self.engine.connect() as c:
            r = c.execute(accounts_t.select().join(players_t, players_t.c.account_id == accounts_t.c.id)
                          .where(players_t.c.id == player_id)).mappings().first()
        return None if r is None else _account(r)

    def join_guest(self, account: AccountRow, guest_id: str) -> None:
        """A guest credential becomes the account's: its seats and hosted tables move to the
        account's own player, and the credential acts as the account from now on."""
        if guest_id == account.player_id:
            return
        with self.engine.begin() as c:
            c.execute(players_t.update().where(players_t.c.id == guest_id, players_t.c.account_id.is_(None))
                      .values(account_id=account.id))
            c.execute(seats_t.update().where(seats_t.c.player_id == guest_id).values(player_id=account.player_id))
            c.execute(tables_t.update().where(tables_t.c.host_player == guest_id)
                      .values(host_player=account.player_id))

    def set_password(self, account_id: str, password_hash: str) -> None:
        """A new password hash; every session of the account ends."""
        with self.engine.begin() as c:
            c.execute(accounts_t.update().where(accounts_t.c.id == account_id).values(password_hash=password_hash))
            c.execute(sessions_t.delete().where(sessions_t.c.account_id == account_id))

    def set_password_hash_only(self, account_id: str, password_hash: str) -> None:
        """The same password hashed with newer parameters (sessions stay)."""
        with self.engine.begin() as c:
            c.execute(accounts_t.update().where(accounts_t.c.id == account_id).values(password_hash=password_hash))

    def set_public_name(self, account_id: str, public: bool) -> None:
        with self.engine.begin() as c:
            c.execute(accounts_t.update().where(accounts_t.c.id == account_id).values(public_name=public))

    def delete_account(self, account: AccountRow) -> None:
        """The account, its sessions, ratings, score sheets and credentials go; its seats in finished
        matches keep the name shown at the table but belong to nobody."""
        with self.engine.begin() as c:
            ids = [r[0] for r in c.execute(sa.select(players_t.c.id).where(
                sa.or_(players_t.c.account_id == account.id, players_t.c.id == account.player_id)))]
            c.execute(seats_t.update().where(seats_t.c.player_id.in_(ids)).values(player_id=None))
            c.execute(tables_t.update().where(tables_t.c.host_player.in_(ids)).values(host_player=None))
            c.execute(players_t.delete().where(players_t.c.id.in_(ids)))
            c.execute(sessions_t.delete().where(sessions_t.c.account_id == account.id))
            c.execute(ratings_t.delete().where(ratings_t.c.account_id == account.id))
            c.execute(rating_events_t.delete().where(rating_events_t.c.account_id == account.id))
            c.execute(score_sheets_t.delete().where(score_sheets_t.c.account_id == account.id))
            c.execute(accounts_t.delete().where(accounts_t.c.id == account.id))

    def player_row(self, player_id: str) -> PlayerRow | None:
        with self.engine.connect() as c:
            r = c.execute(sa.select(players_t.c.id, players_t.c.name, players_t.c.created_ms)
                          .where(players_t.c.id == player_id)).first()
        return None if r is None else PlayerRow(r[0], r[1], r[2])

    # --- sessions -----------------------------------------------------------------------

    def create_session(self, token: str, account_id: str, csrf: str, now_ms: int) -> None:
        with self.engine.begin() as c:
            c.execute(sessions_t.insert().values(token_hash=token_hash(token), account_id=account_id,
                                                 csrf=csrf, created_ms=now_ms))

    def session(self, token: str, not_before_ms: int) -> SessionRow | None:
        """The session of a cookie's token, if it exists and began after ``not_before_ms``."""
        with self.engine.connect() as c:
            r = c.execute(sa.select(sessions_t.c.csrf, *accounts_t.c).join(
                accounts_t, accounts_t.c.id == sessions_t.c.account_id).where(
                sessions_t.c.token_hash == token_hash(token),
                sessions_t.c.created_ms >= not_before_ms)).mappings().first()
        return None if r is None else SessionRow(_account(r), r["csrf"])

    def end_session(self, token: str) -> None:
        with self.engine.begin() as c:
            c.execute(sessions_t.delete().where(sessions_t.c.token_hash == token_hash(token)))

    # --- history and ratings ------------------------------------------------------------

    def finished_tables_of(self, player_id: str, before_ms: int | None, limit: int) -> list[dict[str, Any]]:
        """The account's ended matches, newest first: ``{"table", "game", "ended", "seat",
        "totals", "players", "rated"}`` (``ended``: the last move's time, ms)."""
        ended = sa.func.max(moves_t.c.at_ms).label("ended")
        q = (sa.select(tables_t.c.id, tables_t.c.game, tables_t.c.totals, tables_t.c.players, tables_t.c.rated,
                       seats_t.c.seat, ended)
             .join(seats_t, seats_t.c.table_id == tables_t.c.id)
             .join(moves_t, moves_t.c.table_id == tables_t.c.id)
             .where(seats_t.c.player_id == player_id, tables_t.c.status == "over")
             .group_by(tables_t.c.id, tables_t.c.game, tables_t.c.totals, tables_t.c.players, tables_t.c.rated,
                       seats_t.c.seat))
        if before_ms is not None:
            q = q.having(ended < before_ms)
        q = q.order_by(ended.desc(), tables_t.c.id).limit(limit)
        with self.engine.connect() as c:
            rows = c.execute(q).mappings().all()
        return [{"table": r["id"], "game": r["game"], "ended": int(r["ended"]), "seat": int(r["seat"]),
                 "totals": json.loads(r["totals"]), "players": int(r["players"]), "rated": bool(r["rated"])}
                for r in rows]

    def ratings_of(self, account_id: str) -> dict[str, Rating]:
        with self.engine.connect() as c:
            rows = c.execute(ratings_t.select().where(ratings_t.c.account_id == account_id)).mappings().all()
        return {r["game"]: Rating(r["mu"], r["sigma"], r["games"]) for r in rows}

    def ratings_for(self, game: str, account_ids: list[str]) -> dict[str, Rating]:
        with self.engine.connect() as c:
            rows = c.execute(ratings_t.select().where(ratings_t.c.game == game,
                                                      ratings_t.c.account_id.in_(account_ids))).mappings().all()
        return {r["account_id"]: Rating(r["mu"], r["sigma"], r["games"]) for r in rows}

    def record_ratings(self, table_id: str, game: str, new: dict[str, Rating], now_ms: int) -> None:
        """Store one match's new ratings, once: AlreadyRated if this match was rated before
        (the events' key decides between processes)."""
        try:
            with self.engine.begin() as c:
                c.execute(rating_events_t.insert(), [
                    {"table_id": table_id, "account_id": a, "game": game, "mu": r.mu, "sigma": r.sigma,
                     "at_ms": now_ms} for a, r in new.items()])
                for a, r in new.items():
                    done = c.execute(ratings_t.update().where(ratings_t.c.account_id == a, ratings_t.c.game == game)
                                     .values(mu=r.mu, sigma=r.sigma, games=r.games, updated_ms=now_ms))
                    if done.rowcount == 0:
                        c.execute(ratings_t.insert().values(account_id=a, game=game, mu=r.mu, sigma=r.sigma,
                                                            games=r.games, updated_ms=now_ms))
        except IntegrityError:
            raise AlreadyRated(table_id) from None

    def rating_history(self, account_id: str, game: str, limit: int = 200) -> list[dict[str, Any]]:
        with self.engine.connect() as c:
            rows = c.execute(rating_events_t.select().where(
                rating_events_t.c.account_id == account_id, rating_events_t.c.game == game)
                .order_by(rating_events_t.c.at_ms.desc()).limit(limit)).mappings().all()
        return [{"table": r["table_id"], "mu": r["mu"], "sigma": r["sigma"], "at": int(r["at_ms"])} for r in rows]

    def leaderboard(self, game: str, min_games: int, limit: int = 100) -> list[dict[str, Any]]:
        """Accounts rated in ``game`` with at least ``min_games`` rated matches, by the
        conservative rating (mu − 3σ) first."""
        score = (ratings_t.c.mu - 3 * ratings_t.c.sigma).label("score")
        with self.engine.connect() as c:
            rows = c.execute(sa.select(accounts_t.c.name, ratings_t.c.mu, ratings_t.c.sigma, ratings_t.c.games, score)
                             .join(accounts_t, accounts_t.c.id == ratings_t.c.account_id)
                             .where(ratings_t.c.game == game, ratings_t.c.games >= min_games)
                             .order_by(score.desc(), accounts_t.c.name).limit(limit)).mappings().all()
        return [{"name": r["name"], "mu": r["mu"], "sigma": r["sigma"], "games": r["games"]} for r in rows]

    def accounts_by_player(self, player_ids: list[str]) -> dict[str, AccountRow]:
        """The account of each of these players (own or joined credential) that has one."""
        if not player_ids:
            return {}
        with self.engine.connect() as c:
            rows = c.execute(sa.select(players_t.c.id.label("pid"), *accounts_t.c).join(
                accounts_t, accounts_t.c.id == players_t.c.account_id).where(
                players_t.c.id.in_(player_ids))).mappings().all()
        return {r["pid"]: _account(r) for r in rows}
