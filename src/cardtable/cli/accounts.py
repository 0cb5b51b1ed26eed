"""``cardtable account-password``: the server operator sets a new password for an account
(there is no e-mail: a player who forgot theirs asks the operator)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from ..i18n import N_, _
from .common import command, fail

HELP = N_("""Set a new password for an account of the table server (the operator's reset).

The password is read from standard input (one line), or asked for twice at a terminal. Every
session of the account ends: the player signs in again with the new password.""")


def password_command(
    account: Annotated[str, typer.Argument(help=N_("The account's name."))],
    db: Annotated[str | None, typer.Option(
        help=N_("Database URL: sqlite:///PATH or postgresql+psycopg://USER:PASS@HOST/DB."))] = None,
) -> None:
    """Set a new password for an account."""
    try:
        from ..server.accounts import Accounts, ApiProblem
        from ..server.clock import Clock
        from ..server.store import Store, default_db_url
    except ImportError as e:
        fail(_("the server needs the 'server' extra ({module} is missing): "
               "pip install 'cardtable[server]'", module=e.name))
    if sys.stdin.isatty():
        password = typer.prompt(_("New password"), hide_input=True, confirmation_prompt=True)
    else:
        password = sys.stdin.readline().rstrip("\n")
    store = Store(db or default_db_url())
    try:
        store.migrate()
        Accounts(store, Clock()).reset_password(account, password)
    except ApiProblem as e:
        fail(e.message)
    finally:
        store.close()
    typer.echo(_("the password of {name} is changed; its sessions have ended", name=account))


def register(app: typer.Typer) -> None:
    command(app, "account-password", password_command, HELP)
