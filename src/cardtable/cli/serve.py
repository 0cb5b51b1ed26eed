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
    max_tables_per_minute: Annotated[int, typer.Option(
        help=N_("New tables per minute from one client address, tables of bots only included "
                "(0: no limit)."))] = 20,
    max_players_per_minute: Annotated[int, typer.Option(
        help=N_("New players per minute from one client address (0: no limit)."))] = 20,
    max_seats_per_minute: Annotated[int, typer.Option(
        help=N_("Seats taken per minute from one client address (0: no limit)."))] = 20,
    max_connections_per_client: Annotated[int, typer.Option(
        help=N_("WebSocket connections one client address may have open at once (0: no limit)."))] = 64,
    header_timeout: Annotated[float, typer.Option(
        help=N_("Seconds a connection has to send its request headers before it is closed."))] = 5.0,
    away_seconds: Annotated[float, typer.Option(
        help=N_("At a table of several people without a turn timer, a person who has not moved in "
                "this many seconds is away and a bot plays for them until they take their seat "
                "again (0: never)."))] = 90.0,
    bot_only_min_delay_ms: Annotated[int, typer.Option(
        help=N_("Shortest bot_delay_ms of a table of bots only."))] = 250,
    bot_workers: Annotated[int | None, typer.Option(
        help=N_("Worker processes in which search bots (ismcts, rollout, the hard and expert "
                       "levels) think, off the server's event loop; default: the number of cores. 0 "
                       "runs them in threads of the server's process (debugging)."))] = None,
    bot: Annotated[list[str] | None, typer.Option(
        "--bot", help=N_("Add a bot of your own, NAME=module:factory (the factory takes a game id and "
                         "gives an object with choose(view, legal, rng)); it plays in the worker "
                         "processes and is offered in the lobby. Repeat for more."))] = None,
    bot_timeout: Annotated[float, typer.Option(
        help=N_("Seconds a bot in a worker process may think over one move; past it, the game's "
                "default bot plays that move (logged)."))] = 30.0,
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
    extra_bots: dict[str, str] = {}
    if bot_timeout <= 0:
        fail(_("--bot-timeout must be more than 0 seconds, not {n}", n=bot_timeout))
    from ..bots import builtin_names, operator
    from ..errors import BadOption
    for given in bot or []:
        try:
            name, spec = operator.parse(given)
            operator.register(name, spec, builtin_names())     # imports it now: a wrong spec fails here
        except BadOption as e:
            fail(_("--bot {given}: {problem}", given=given, problem=str(e)))
        extra_bots[name] = spec
    settings = Settings(db_url=db or default_db_url(), bot_delay_ms=bot_delay_ms,
                        moves_per_second=moves_per_second,
                        max_open_tables_per_client=max_tables_per_client,
                        max_message_bytes=max_message_kib * 1024,
                        max_tables_per_minute=max_tables_per_minute,
                        max_players_per_minute=max_players_per_minute,
                        max_seats_per_minute=max_seats_per_minute,
                        max_connections_per_client=max_connections_per_client,
                        header_timeout_s=header_timeout, away_after_s=away_seconds,
                        min_bot_only_delay_ms=bot_only_min_delay_ms,
                        bot_workers=default_bot_workers() if bot_workers is None else bot_workers,
                        bot_timeout_s=bot_timeout, extra_bots=extra_bots)
    if bot_workers is not None and bot_workers < 0:
        fail(_("--bot-workers must be 0 or more, not {n}", n=bot_workers))
    try:
        app = create_app(settings)
    except Exception as e:  # noqa: BLE001 - a bad URL is a usage error, not a traceback
        fail(_("cannot open the database {url!r}: {error}", url=settings.db_url, error=e))
    from ..server.app import redact_tokens_in_logs
    from ..server.guard import header_timeout_protocol
    redact_tokens_in_logs()
    where = re.sub(r"//([^:/@]+):[^@]*@", r"//\1:***@", settings.db_url)   # never print a password
    urls = [f"http://{f'[{h}]' if ':' in h else h}:{port}/" for h in shown_hosts(host)]
    typer.echo(_("cardtable: the lobby is at {url} (tables kept in {db}); Ctrl-C stops the server, "
                 "nothing is lost", url=", ".join(urls), db=where))
    # a frame over the limit is answered with an error, so the socket must let it in first;
    # a connection that does not finish its request headers in time is closed
    uvicorn.run(app, host=host, port=port, log_level=log_level, http=header_timeout_protocol(header_timeout),
                ws_max_size=max(settings.max_message_bytes * 4, 1 << 20), ws_per_message_deflate=ws_compression)


def default_bot_workers() -> int:
    """One bot worker per core this process may run on."""
    import os
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def shown_hosts(host: str) -> list[str]:
    """Where people reach the server: the address given, or, for every address of the
    machine (``0.0.0.0``, ``::``), this machine's addresses on its networks (friends on a
    LAN open one of these), then localhost."""
    if host not in ("0.0.0.0", "::", ""):
        return [host]
    import socket
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))        # no packet is sent: it only picks the outgoing address
            found.append(s.getsockname()[0])
    except OSError:
        pass
    try:
        for addr in socket.gethostbyname_ex(socket.gethostname())[2]:
            if addr not in found and not addr.startswith("127."):
                found.append(addr)
    except OSError:
        pass
    return [a for a in found if not a.startswith("127.")] + ["127.0.0.1"]


def register(app: typer.Typer) -> None:
    command(app, "serve", serve_command, SERVE_HELP)
