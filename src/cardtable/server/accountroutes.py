"""The HTTP side of accounts, profiles and ratings (protocol version 3): sign-up, sign-in and
sign-out, the session's CSRF token, an account's export and deletion, players' public pages
and the leaderboards.  Handlers only translate; :mod:`.accounts` and :mod:`.profiles` decide."""

from __future__ import annotations

import json
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response

from ..i18n import _
from .accountdb import AccountRow
from .accounts import COOKIE, CSRF_HEADER, Accounts, ApiProblem
from .headers import _CHANGES
from .profiles import Profiles

#: requests that may carry a stale session cookie without its CSRF token: signing up or in
#: replaces the session (a page that lost its token can always sign in again)
_NO_CSRF = {("POST", "/api/accounts"), ("POST", "/api/session")}


class CsrfMiddleware:
    """A request that changes something and carries a session cookie must carry the
    session's ``X-CSRF-Token`` (else 403, nothing done); the account it proves is left in
    ``request.state.account`` for the handlers."""

    def __init__(self, app: Any, accounts: Accounts) -> None:
        self.app = app
        self.accounts = accounts

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["method"] not in _CHANGES \
                or (scope["method"], scope["path"]) in _NO_CSRF:
            await self.app(scope, receive, send)
            return
        token = _cookie(scope, COOKIE)
        if token is not None:
            sent = None
            for k, v in scope.get("headers", []):
                if k.lower() == CSRF_HEADER.encode():
                    sent = v.decode("latin-1")
            try:
                account = await self.accounts.check_csrf(token, sent)
            except ApiProblem as e:
                body = json.dumps({"error": e.message}).encode()
                await send({"type": "http.response.start", "status": e.status,
                            "headers": [(b"content-type", b"application/json"),
                                        (b"content-length", str(len(body)).encode())]})
                await send({"type": "http.response.body", "body": body})
                return
            scope.setdefault("state", {})["account"] = account
        await self.app(scope, receive, send)


def _cookie(scope: dict[str, Any], name: str) -> str | None:
    for k, v in scope.get("headers", []):
        if k.lower() == b"cookie":
            for part in v.decode("latin-1").split(";"):
                key, _sep, value = part.strip().partition("=")
                if key == name and value:
                    return value
    return None


async def account_of(request: Request, accounts: Accounts) -> AccountRow | None:
    """The signed-in account of a request (the CSRF middleware's check for requests that
    change something; the cookie's session otherwise)."""
    if request.method in _CHANGES:
        return getattr(request.state, "account", None)
    found = await accounts.session(request.cookies.get(COOKIE))
    return None if found is None else found[0]


def _secure(request: Request) -> bool:
    """Secure cookies behind HTTPS (directly or through a proxy that says so)."""
    return request.url.scheme == "https" or request.headers.get("x-forwarded-proto") == "https"


def _signed_in(request: Request, accounts: Accounts, account: AccountRow, token: str, csrf: str,
               status: int) -> JSONResponse:
    out = JSONResponse({"name": account.name, "csrf": csrf}, status_code=status)
    out.set_cookie(COOKIE, token, max_age=int(accounts.settings.session_days * 86400), path="/",
                   httponly=True, samesite="lax", secure=_secure(request))
    return out


def add_account_routes(app: FastAPI, accounts: Accounts, profiles: Profiles, body_of: Any, player_of: Any,
                       address: Any, error: Any, read_allowed: Any) -> None:
    """Register the routes; ``error(status, message)`` builds the app's error exception,
    ``read_allowed(request)`` counts a read against its address's limit."""

    def problem(e: ApiProblem) -> Exception:
        made: Exception = error(e.status, e.message)
        return made

    async def guest_of(request: Request) -> Any:
        """The guest credential sent along (X-Player), if it is a player's."""
        if not request.headers.get("x-player"):
            return None
        return await player_of(request)

    @app.post("/api/accounts", status_code=201)
    async def sign_up(request: Request) -> JSONResponse:
        try:
            account, token, csrf = await accounts.sign_up(await body_of(request), await guest_of(request),
                                                          address(request))
        except ApiProblem as e:
            raise problem(e) from None
        return _signed_in(request, accounts, account, token, csrf, 201)

    @app.post("/api/session")
    async def sign_in(request: Request) -> JSONResponse:
        try:
            account, token, csrf = await accounts.sign_in(await body_of(request), await guest_of(request),
                                                          address(request))
        except ApiProblem as e:
            raise problem(e) from None
        return _signed_in(request, accounts, account, token, csrf, 200)

    @app.get("/api/session")
    async def session(request: Request) -> dict[str, Any]:
        """``{"name", "csrf"}`` of the signed-in account; both null for a guest."""
        found = await accounts.session(request.cookies.get(COOKIE))
        if found is None:
            return {"name": None, "csrf": None}
        return {"name": found[0].name, "csrf": found[1], "public_name": found[0].public_name}

    @app.delete("/api/session")
    async def sign_out(request: Request) -> Response:
        await accounts.sign_out(request.cookies.get(COOKIE))
        out = JSONResponse({"name": None})
        out.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=_secure(request))
        return out

    async def requester(request: Request) -> AccountRow | None:
        """The account asking: the session's, else that of a player credential joined to
        an account (a program acting for its player)."""
        account = await account_of(request, accounts)
        if account is None and request.headers.get("x-player"):
            player = await player_of(request)
            account = await accounts.store.run(accounts.db.account_of_player, player.id)
        return account

    async def signed_in(request: Request) -> AccountRow:
        account = await requester(request)
        if account is None:
            raise error(401, _("sign in first"))
        return account

    @app.get("/api/account/export")
    async def export(request: Request) -> JSONResponse:
        """Everything kept about the signed-in account, as a JSON download."""
        data = await accounts.export(await signed_in(request))
        return JSONResponse(data, headers={"content-disposition": 'attachment; filename="cardtable-account.json"'})

    @app.post("/api/account/settings")
    async def settings(request: Request) -> dict[str, Any]:
        account = await signed_in(request)
        try:
            public = await accounts.set_public_name(account, await body_of(request))
        except ApiProblem as e:
            raise problem(e) from None
        return {"name": account.name, "public_name": public}

    @app.delete("/api/account")
    async def delete(request: Request) -> Response:
        """Delete the signed-in account (the password in the body, again)."""
        account = await signed_in(request)
        try:
            await accounts.delete(account, await body_of(request))
        except ApiProblem as e:
            raise problem(e) from None
        out = JSONResponse({"deleted": account.name})
        out.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=_secure(request))
        return out

    @app.get("/api/players/{name}")
    async def player(name: str, request: Request, before: str | None = None) -> dict[str, Any]:
        """A player's public page: ratings per game and finished matches, newest first,
        paged with ``?before=`` (the ``ended`` of the last one seen)."""
        read_allowed(request)
        try:
            return await profiles.player(name, before, await requester(request))
        except ApiProblem as e:
            raise problem(e) from None

    @app.get("/api/players/{name}/ratings/{game}")
    async def rating_history(name: str, game: str, request: Request) -> dict[str, Any]:
        """A player's rating in one game after each rated match, newest first (the tables
        named only where the player's matches are shown: see ``player``)."""
        read_allowed(request)
        try:
            return await profiles.rating_history(name, game, await requester(request))
        except ApiProblem as e:
            raise problem(e) from None

    @app.get("/api/leaderboard/{game}")
    async def leaderboard(game: str, request: Request) -> dict[str, Any]:
        read_allowed(request)
        try:
            return await profiles.leaderboard(game)
        except ApiProblem as e:
            raise problem(e) from None
