"""``cardtable serve``: run the table server (needs the ``server`` extra)."""

from __future__ import annotations

import re
from typing import Annotated

import typer

from ..i18n import N_, _
from .common import command, fail

SERVE_HELP = N_("""Run the card-table server: HTTP API and WebSocket protocol
(shared/contracts/table-protocol.md, docs/server.md).

Tables, seats and every committed move are kept in the database; killing the server loses
nothing, and tables, bots and timers resume on the next start. With no --db a SQLite file in
$XDG_DATA_HOME/cardtable/cardtable.db (else ~/.local/share/cardtable/) is used. Several
processes may serve one PostgreSQL database (--db postgresql+psycopg://USER@HOST/DB).""")


def serve_command(
    host: Annotated[str, typer.Option(help=N_("Address to listen on."))] = "127.0.0.1",
    port: Annotated[int, typer.Option(help=N_("TCP port."))] = 8000,
    db: Annotated[str | None, typer.Option(
        help=N_("Database URL: sqlite:///PATH or postgresql+psycopg://USER:PASS@HOST/DB."))] = None,
    bot_delay_ms: Annotated[int, typer.Option(
        help=N_("Default pause before a bot's move, for tables that do not set bot_delay_ms."))] = 600,
    moves_per_second: Annotated[float, typer.Option(
        help=N_("Moves accepted per second per connection (bursts of twice that)."))] = 10.0,
    max_tables_per_client: Annotated[int, typer.Option(
        help=N_("Tables not yet over that one client address may have open."))] = 20,
    max_message_kib: Annotated[int, typer.Option(
        help=N_("Largest WebSocket message or HTTP body accepted, in KiB."))] = 64,
    log_level: Annotated[str, typer.Option(help=N_("uvicorn log level (debug, info, warning, error)."))] = "info",
    ws_compression: Annotated[bool, typer.Option(
        help=N_("Offer permessage-deflate on WebSockets: frames about 3x smaller, ~0.1 ms of CPU "
                "per frame and ~40 KiB per connection (docs/server.md)."))] = True,
) -> None:
    """Run the card-table server."""
    try:
        import uvicorn

        from ..server import Settings, create_app
        from ..server.store import default_db_url
    except ImportError as e:
        fail(_("the server needs the 'server' extra ({module} is missing): "
               "pip install 'cardtable[server]'", module=e.name))
    settings = Settings(db_url=db or default_db_url(), bot_delay_ms=bot_delay_ms,
                        moves_per_second=moves_per_second,
                        max_open_tables_per_client=max_tables_per_client,
                        max_message_bytes=max_message_kib * 1024)
    try:
        app = create_app(settings)
    except Exception as e:  # noqa: BLE001 - a bad URL is a usage error, not a traceback
        fail(_("cannot open the database {url!r}: {error}", url=settings.db_url, error=e))
    from ..server.app import redact_tokens_in_logs
    redact_tokens_in_logs()
    shown = f"[{host}]" if ":" in host else host
    where = re.sub(r"//([^:/@]+):[^@]*@", r"//\1:***@", settings.db_url)   # never print a password
    typer.echo(_("cardtable: the lobby is at {url} (tables kept in {db}); Ctrl-C stops the server, "
                 "nothing is lost", url=f"http://{shown}:{port}/", db=where))
    # a frame over the limit is answered with an error, so the socket must let it in first
    uvicorn.run(app, host=host, port=port, log_level=log_level,
                ws_max_size=max(settings.max_message_bytes * 4, 1 << 20), ws_per_message_deflate=ws_compression)


def register(app: typer.Typer) -> None:
    command(app, "serve", serve_command, SERVE_HELP)
