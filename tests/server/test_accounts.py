"""Accounts, sessions and CSRF (protocol version 3, "Accounts, ratings and open data"):
sign-up and sign-in, the cookie's flags, the CSRF token, sign-in limits, guests becoming
accounts, seats reclaimed from another device, deleting and exporting an account."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from cardtable.server import create_app
from tests.server.helpers import as_player, make_settings, new_player, new_table

PASSWORD = "correct horse battery"


def sign_up(client: TestClient, name: str, password: str = PASSWORD, **headers: str) -> dict[str, Any]:
    r = client.post("/api/accounts", json={"name": name, "password": password}, headers=headers)
    assert r.status_code == 201, r.text
    return dict(r.json())


def csrf(client: TestClient) -> dict[str, str]:
    token = client.get("/api/session").json()["csrf"]
    assert token
    return {"X-CSRF-Token": token}


def test_sign_up_gives_a_session_cookie_with_safe_flags(server: TestClient) -> None:
    r = server.post("/api/accounts", json={"name": "Ann", "password": PASSWORD})
    assert r.status_code == 201 and r.json()["name"] == "Ann"
    cookie = r.headers["set-cookie"]
    assert cookie.startswith("cardtable_session=")
    flags = {f.strip().split("=")[0].lower(): f.strip() for f in cookie.split(";")[1:]}
    assert "httponly" in flags and flags["samesite"].lower() == "samesite=lax" and flags["path"] == "Path=/"
    assert "secure" not in flags                   # plain http here; behind https it is set
    me = server.get("/api/session").json()
    assert me["name"] == "Ann" and len(me["csrf"]) >= 20
    # the cookie is also a player: /api/players/me knows it without X-Player
    assert server.get("/api/players/me").json()["name"] == "Ann"
    # behind a proxy that says https, the cookie is Secure
    r = server.post("/api/session", json={"name": "ann", "password": PASSWORD},
                    headers={"X-Forwarded-Proto": "https"})
    assert r.status_code == 200 and "secure" in r.headers["set-cookie"].lower()


def test_bad_sign_ups_name_the_problem_and_make_nothing(server: TestClient) -> None:
    sign_up(server, "Bo")
    server.cookies.clear()
    cases = [({"name": "Cy", "password": "short"}, 400, "10 characters"),
             ({"name": "bO", "password": PASSWORD}, 409, "taken"),
             ({"name": "me", "password": PASSWORD}, 400, "cannot be"),
             ({"name": "Cy"}, 400, "password"),
             ({"name": "Cy", "password": PASSWORD, "admin": True}, 400, "unknown field"),
             ([1, 2], 400, "JSON object")]
    for body, status, words in cases:
        r = server.post("/api/accounts", json=body)
        assert r.status_code == status and words in r.json()["error"], (body, r.text)
    assert server.get("/api/players/Cy").status_code == 404
    assert "set-cookie" not in r.headers


def test_a_change_with_the_cookie_needs_the_csrf_token(server: TestClient) -> None:
    sign_up(server, "Ann")
    before = len(server.get("/api/tables").json())
    body = {"game": "gin", "seats": ["me", "open"]}
    r = server.post("/api/tables", json=body)
    assert r.status_code == 403 and "X-CSRF-Token" in r.json()["error"]
    r = server.post("/api/tables", json=body, headers={"X-CSRF-Token": "forged"})
    assert r.status_code == 403
    assert len(server.get("/api/tables").json()) == before          # nothing was made
    r = server.post("/api/tables", json=body, headers=csrf(server))
    assert r.status_code == 201 and r.json()["host"] is True
    # signing out is a change too
    assert server.delete("/api/session").status_code == 403
    assert server.delete("/api/session", headers=csrf(server)).status_code == 200
    assert server.get("/api/session").json()["name"] is None


def test_sign_in_is_limited_per_name(server: TestClient) -> None:
    sign_up(server, "Ann")
    server.cookies.clear()
    for _ in range(5):
        r = server.post("/api/session", json={"name": "ann", "password": "wrong password!"})
        assert r.status_code == 401 and "wrong name or password" in r.json()["error"]
    r = server.post("/api/session", json={"name": "Ann", "password": PASSWORD})
    assert r.status_code == 429 and "too many wrong passwords" in r.json()["error"]
    assert "set-cookie" not in r.headers
    # an unknown name is answered as a wrong password (no list of names by trial)
    r = server.post("/api/session", json={"name": "Nobody", "password": PASSWORD})
    assert r.status_code == 401


def test_sign_in_is_limited_per_address(sqlite_url: str, clock: Any) -> None:
    app = create_app(make_settings(sqlite_url), clock, background=False)
    with TestClient(app) as client:
        app.state.service.accounts.fails_by_address.limit = 3
        sign_up(client, "Ann")
        client.cookies.clear()
        for name in ("x1", "x2", "x3"):
            assert client.post("/api/session", json={"name": name, "password": PASSWORD}).status_code == 401
        assert client.post("/api/session", json={"name": "Ann", "password": PASSWORD}).status_code == 429


def test_a_guest_becomes_an_account_with_its_tables_and_reclaims_its_seat_elsewhere(
        sqlite_url: str, clock: Any) -> None:
    app = create_app(make_settings(sqlite_url), clock, background=False)
    with TestClient(app) as laptop, TestClient(app) as phone, TestClient(app) as stranger:
        guest = new_player(laptop, "ann")
        r = laptop.post("/api/tables", json={"game": "gin", "seats": ["me", "open"], "bot_delay_ms": 0},
                        headers=as_player(guest))
        table = r.json()
        assert r.status_code == 201 and table["seat"] == 0
        # the guest signs up: the credential's player becomes the account's
        sign_up(laptop, "Ann", **as_player(guest))
        mine = laptop.get("/api/players/me/tables").json()
        assert [t["id"] for t in mine] == [table["id"]]
        # on another device, signed in (no credential there): the seat is reclaimed
        r = phone.post("/api/session", json={"name": "ANN", "password": PASSWORD})
        assert r.status_code == 200
        r = phone.post(f"/api/tables/{table['id']}/seats/0", json={}, headers=csrf(phone))
        assert r.status_code == 200, r.text
        assert r.json()["seat"] == 0 and r.json()["token"] != table["token"]
        # a stranger cannot
        bo = new_player(stranger, "bo")
        r = stranger.post(f"/api/tables/{table['id']}/seats/0", json={}, headers=as_player(bo))
        assert r.status_code == 409


def test_a_second_guest_credential_joins_the_account_on_sign_in(server: TestClient) -> None:
    sign_up(server, "Ann")
    server.delete("/api/session", headers=csrf(server))
    guest = new_player(server, "ann-on-phone")
    t = new_table(server, "gin", ["open", "open"])
    r = server.post(f"/api/tables/{t['id']}/seats/1", json={}, headers=as_player(guest))
    assert r.status_code == 200
    r = server.post("/api/session", json={"name": "Ann", "password": PASSWORD}, headers=as_player(guest))
    assert r.status_code == 200
    # the seat taken as a guest is the account's now, with or without the credential
    assert [x["id"] for x in server.get("/api/players/me/tables").json()] == [t["id"]]
    assert server.get("/api/players/me", headers=as_player(guest)).json()["name"] == "Ann"


def test_export_and_delete_my_account(server: TestClient) -> None:
    sign_up(server, "Ann")
    data = server.get("/api/account/export")
    assert data.status_code == 200 and "attachment" in data.headers["content-disposition"]
    got = data.json()
    assert got["name"] == "Ann" and got["matches"] == [] and got["public_name"] is False
    assert "password" not in data.text and "hash" not in data.text
    r = server.post("/api/account/settings", json={"public_name": "yes"}, headers=csrf(server))
    assert r.status_code == 400 and "true or false" in r.json()["error"]
    r = server.post("/api/account/settings", json={"public_name": True}, headers=csrf(server))
    assert r.json()["public_name"] is True
    r = server.request("DELETE", "/api/account", json={"password": "not it at all"}, headers=csrf(server))
    assert r.status_code == 401 and server.get("/api/players/Ann").status_code == 200
    r = server.request("DELETE", "/api/account", json={"password": PASSWORD}, headers=csrf(server))
    assert r.status_code == 200
    assert server.get("/api/players/Ann").status_code == 404
    server.cookies.clear()
    assert server.post("/api/session", json={"name": "Ann", "password": PASSWORD}).status_code == 401
    assert server.get("/api/account/export").status_code == 401


def test_the_operator_resets_a_password(server: TestClient) -> None:
    sign_up(server, "Ann")
    accounts = server.app.state.service.accounts          # type: ignore[attr-defined]
    accounts.reset_password("ann", "a brand new password")
    # every session ended; the old password fails, the new one works
    assert server.get("/api/session").json()["name"] is None
    server.cookies.clear()
    assert server.post("/api/session", json={"name": "Ann", "password": PASSWORD}).status_code == 401
    assert server.post("/api/session", json={"name": "Ann", "password": "a brand new password"}).status_code == 200


def test_accounts_on_both_databases(db_url: str, clock: Any) -> None:
    """Migration 0003 on SQLite and PostgreSQL: an account, its session, a guest's table."""
    with TestClient(create_app(make_settings(db_url), clock, background=False)) as client:
        guest = new_player(client, "ann")
        t = new_table(client, "gin", ["open", "open"])
        assert client.post(f"/api/tables/{t['id']}/seats/0", json={}, headers=as_player(guest)).status_code == 200
        sign_up(client, "Ann", **as_player(guest))
        assert client.get("/api/session").json()["name"] == "Ann"
        assert client.post("/api/accounts", json={"name": "ANN", "password": PASSWORD}).status_code == 409
        assert [x["id"] for x in client.get("/api/players/me/tables").json()] == [t["id"]]
        assert client.get("/api/health").json()["protocol"] == 3


def test_the_operator_resets_a_password_from_the_command_line(sqlite_url: str, clock: Any) -> None:
    from typer.testing import CliRunner

    from cardtable.cli.main import app as cli_app
    with TestClient(create_app(make_settings(sqlite_url), clock, background=False)) as client:
        sign_up(client, "Ann")
        r = CliRunner().invoke(cli_app, ["account-password", "Nobody", "--db", sqlite_url], input="long enough pw\n")
        assert r.exit_code == 2 and "no account is named" in r.output
        r = CliRunner().invoke(cli_app, ["account-password", "ann", "--db", sqlite_url], input="short\n")
        assert r.exit_code == 2 and "10 characters" in r.output
        r = CliRunner().invoke(cli_app, ["account-password", "ann", "--db", sqlite_url], input="long enough pw\n")
        assert r.exit_code == 0, r.output
        client.cookies.clear()
        assert client.post("/api/session", json={"name": "Ann", "password": PASSWORD}).status_code == 401
        assert client.post("/api/session", json={"name": "Ann", "password": "long enough pw"}).status_code == 200
