"""Accounts (protocol version 3): sign-up and sign-in with a name and a password (Argon2id
through argon2-cffi), sessions in a cookie, CSRF tokens, sign-in limits, and what an account
may do with itself (export its data, delete itself).  The operator changes a password with
``cardtable accounts password`` (no e-mail here).

A session is a random token in the cookie ``cardtable_session`` (HttpOnly, SameSite=Lax,
Secure behind HTTPS); only its sha256 is stored.  A request that changes anything and carries
that cookie must carry the session's CSRF token in ``X-CSRF-Token`` (the cookie is sent by
the browser whatever page asks; the token only by our own pages, which read it from
``GET /api/session``)."""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
import time
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from ..i18n import _
from .accountdb import AccountRow, AccountStore, NameTaken
from .clock import Clock
from .limits import RateLimit
from .scoresheets import SheetDb
from .store import PlayerRow, Store
from .text import name_problem

log = logging.getLogger("cardtable.server")

COOKIE = "cardtable_session"
CSRF_HEADER = "x-csrf-token"
PASSWORD_MIN = 10
PASSWORD_MAX = 200        # Argon2 hashes any length; a megabyte of password is an attack
RESERVED = {"me"}         # /api/players/me is the asking player


@dataclass
class AccountSettings:
    session_days: float = 30.0
    fails_per_name: int = 5           # wrong passwords per account name per window ...
    fails_per_address: int = 20       # ... and per address, before 429
    fail_window_s: float = 900.0
    accounts_per_hour: int = 10       # new accounts per address


class ApiProblem(Exception):
    """A refusal with its HTTP status (the app turns it into its ``ApiError``)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def password_problem(password: Any) -> str | None:
    if not isinstance(password, str):
        return _("give a 'password' ({n} characters or more)", n=PASSWORD_MIN)
    if len(password) < PASSWORD_MIN:
        return _("a password needs {n} characters or more, not {got}", n=PASSWORD_MIN, got=len(password))
    if len(password) > PASSWORD_MAX:
        return _("a password is at most {n} characters", n=PASSWORD_MAX)
    return None


def _fields(body: Any, allowed: set[str]) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise ApiProblem(400, _("the body must be a JSON object with 'name' and 'password'"))
    unknown = sorted(set(body) - allowed)
    if unknown:
        raise ApiProblem(400, _("unknown field {field}; fields: {fields}", field=repr(unknown[0]),
                                fields=", ".join(sorted(allowed))))
    return body


class Accounts:
    """Accounts and sessions for the table service (every database call through
    ``store.run``: off the event loop where the store says so)."""

    def __init__(self, store: Store, clock: Clock, settings: AccountSettings | None = None) -> None:
        self.store = store
        self.db = AccountStore(store)
        self.clock = clock
        self.settings = settings or AccountSettings()
        # Argon2id with argon2-cffi's defaults (RFC 9106's second recommended set, 64 MiB)
        self.hasher = PasswordHasher()
        s = self.settings
        self.fails_by_name = RateLimit(s.fails_per_name, s.fail_window_s)
        self.fails_by_address = RateLimit(s.fails_per_address, s.fail_window_s)
        self.new_accounts = RateLimit(s.accounts_per_hour, 3600.0)
        self._dummy_hash: str | None = None

    # --- sign-up, sign-in, sign-out -----------------------------------------------------

    async def sign_up(self, body: Any, guest: PlayerRow | None, address: str | None) -> tuple[AccountRow, str, str]:
        """A new account (``{"name", "password"}``), signed in: (account, session token, csrf).
        A guest's player becomes the account's own (its seats and history with it)."""
        f = _fields(body, {"name", "password"})
        name, password = f.get("name"), f.get("password")
        why = name_problem(name) or password_problem(password)
        if why is not None or not isinstance(name, str) or not isinstance(password, str):
            raise ApiProblem(400, why or "")
        name = name.strip()
        if name.casefold() in RESERVED or "/" in name:
            raise ApiProblem(400, _("{name} cannot be an account's name; choose another", name=repr(name)))
        if await self.store.run(self.db.account_by_name, name) is not None:
            raise ApiProblem(409, _("the name {name} is taken; choose another", name=repr(name)))
        if guest is not None and await self.store.run(self.db.account_of_player, guest.id) is not None:
            guest = None        # a credential of another account stays with it
        if not self.new_accounts.allow(address):
            raise ApiProblem(429, _("too many new accounts from your address (at most {n} an hour)",
                                    n=self.settings.accounts_per_hour))
        hashed = await _in_thread(self.hasher.hash, password)
        account_id = secrets.token_urlsafe(12)
        player_id, player_secret = (guest.id, None) if guest is not None else \
            (secrets.token_urlsafe(12), secrets.token_urlsafe(32))
        now = self.clock.now_ms()
        try:
            await self.store.run(self.db.create_account, account_id, name, hashed, player_id, player_secret, now)
        except NameTaken:
            raise ApiProblem(409, _("the name {name} is taken; choose another", name=repr(name))) from None
        account = AccountRow(account_id, name, hashed, player_id, False, now)
        token, csrf = await self._new_session(account)
        return account, token, csrf

    async def sign_in(self, body: Any, guest: PlayerRow | None, address: str | None) -> tuple[AccountRow, str, str]:
        """Check a name and password: (account, session token, csrf); 401 when wrong, 429 after
        repeated failures for that name or from that address."""
        f = _fields(body, {"name", "password"})
        name, password = f.get("name"), f.get("password")
        if not isinstance(name, str) or not isinstance(password, str) or not name.strip():
            raise ApiProblem(400, _("give your 'name' and 'password'"))
        key = name.strip().casefold()
        if self.fails_by_name.used_up(key) or self.fails_by_address.used_up(address):
            raise ApiProblem(429, _("too many wrong passwords; wait {minutes} minutes and try again",
                                    minutes=round(self.settings.fail_window_s / 60)))
        account = await self.store.run(self.db.account_by_name, name)
        ok = await _in_thread(self._verify, account.password_hash if account else self._dummy, password[:PASSWORD_MAX])
        if account is None or not ok:
            self.fails_by_name.allow(key)
            self.fails_by_address.allow(address)
            raise ApiProblem(401, _("wrong name or password"))
        if self.hasher.check_needs_rehash(account.password_hash):
            await self.store.run(self.db.set_password_hash_only, account.id,
                                 await _in_thread(self.hasher.hash, password))
        if guest is not None and await self.store.run(self.db.account_of_player, guest.id) is None:
            await self.store.run(self.db.join_guest, account, guest.id)
        token, csrf = await self._new_session(account)
        return account, token, csrf

    async def sign_out(self, token: str | None) -> None:
        if token:
            await self.store.run(self.db.end_session, token)

    @property
    def _dummy(self) -> str:
        """A hash of nothing: an unknown name costs as much time as a wrong password."""
        if self._dummy_hash is None:
            self._dummy_hash = self.hasher.hash(secrets.token_hex(8))
        return self._dummy_hash

    def _verify(self, hashed: str, password: str) -> bool:
        try:
            return bool(self.hasher.verify(hashed, password))
        except (VerificationError, InvalidHashError):
            return False

    async def _new_session(self, account: AccountRow) -> tuple[str, str]:
        token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(24)
        await self.store.run(self.db.create_session, token, account.id, csrf, self.clock.now_ms())
        return token, csrf

    # --- who is asking --------------------------------------------------------------------

    async def session(self, token: str | None) -> tuple[AccountRow, str] | None:
        """The account and CSRF token of a session cookie's token (None: no valid session)."""
        if not token or len(token) > 100:
            return None
        oldest = self.clock.now_ms() - int(self.settings.session_days * 86_400_000)
        found = await self.store.run(self.db.session, token, oldest)
        return None if found is None else (found.account, found.csrf)

    async def check_csrf(self, token: str | None, sent: str | None) -> AccountRow | None:
        """For a request that changes something: the session's account if the cookie is a
        session and ``sent`` is its CSRF token; 403 if the token is missing or wrong; None
        if the cookie is no (longer a) session."""
        found = await self.session(token)
        if found is None:
            return None
        account, csrf = found
        if not sent or not hmac.compare_digest(sent.encode(), csrf.encode()):
            raise ApiProblem(403, _("this request carries your session but not its X-CSRF-Token; "
                                    "reload the page"))
        return account

    async def player_of_account(self, account: AccountRow) -> PlayerRow:
        row = await self.store.run(self.db.player_row, account.player_id)
        return row or PlayerRow(account.player_id, account.name, account.created_ms)

    async def account_player(self, player: PlayerRow) -> PlayerRow:
        """The player who acts for a credential: the account's own player when the credential
        was joined to an account, else the credential's."""
        account = await self.store.run(self.db.account_of_player, player.id)
        if account is None or account.player_id == player.id:
            return player
        return await self.player_of_account(account)

    # --- an account's own data ------------------------------------------------------------

    async def export(self, account: AccountRow) -> dict[str, Any]:
        """Everything the server keeps about the account, as JSON (no hashes)."""
        ratings = await self.store.run(self.db.ratings_of, account.id)
        history = {g: await self.store.run(self.db.rating_history, account.id, g, 10_000) for g in ratings}
        matches = await self.store.run(self.db.finished_tables_of, account.player_id, None, 100_000)
        sheets = await self.store.run(SheetDb(self.store).bodies_of_account, account.id)
        return {"name": account.name, "created": _iso(account.created_ms), "public_name": account.public_name,
                "ratings": {g: {"mu": r.mu, "sigma": r.sigma, "games": r.games} for g, r in ratings.items()},
                "rating_history": history, "matches": matches, "score_sheets": sheets}

    async def delete(self, account: AccountRow, body: Any) -> None:
        """Delete the account; the password is asked again (a stolen session alone cannot)."""
        f = _fields(body, {"password"})
        password = f.get("password")
        if not isinstance(password, str) or not await _in_thread(self._verify, account.password_hash,
                                                                   password[:PASSWORD_MAX]):
            raise ApiProblem(401, _("wrong password: the account was not deleted"))
        await self.store.run(self.db.delete_account, account)

    async def set_public_name(self, account: AccountRow, body: Any) -> bool:
        f = _fields(body, {"public_name"})
        public = f.get("public_name")
        if not isinstance(public, bool):
            raise ApiProblem(400, _("'public_name' must be true or false"))
        await self.store.run(self.db.set_public_name, account.id, public)
        return public

    def reset_password(self, name: str, password: str) -> None:
        """The operator's reset (``cardtable accounts password``): synchronous, no session."""
        why = password_problem(password)
        if why is not None:
            raise ApiProblem(400, why)
        account = self.db.account_by_name(name)
        if account is None:
            raise ApiProblem(404, _("no account is named {name}", name=repr(name)))
        self.db.set_password(account.id, self.hasher.hash(password))


async def _in_thread(fn: Any, *args: Any) -> Any:
    """Argon2 takes tens of milliseconds of CPU: never on the event loop."""
    return await asyncio.to_thread(fn, *args)


def _iso(ms: int) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(ms / 1000))
