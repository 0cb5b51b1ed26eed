"""``cardtable export-games``: a month of a game's finished public matches from a table
server's database, as JSON lines (one scenario file per match; docs/open-data.md).

The lines are :func:`cardtable.server.export.export_lines`' (the same as ``GET
/api/export/{game}?month=``).  A bad game or month is refused before anything is read or
written (exit status 2); with ``--out`` the file appears only once every line is written."""

from __future__ import annotations

import os
import re
import sys
import tempfile
from pathlib import Path
from typing import Annotated, Any, BinaryIO, cast

import typer

from ..i18n import N_, _, ngettext
from .common import command, err_console, fail

EXPORT_GAMES_HELP = N_("""Write a month of a game's finished public matches from a table server's
database as JSON lines: one scenario file per match, which 'cardtable replay --check' accepts
(docs/open-data.md). Players' names appear only where their account allows it.""")

#: exit status when the database fails while the lines are being read
EXIT_FAILED = 1


def export_games_command(
    game: Annotated[str, typer.Option("--game", "-g", help=N_("Game id (see 'cardtable rules')."))],
    month: Annotated[str, typer.Option("--month", "-m", help=N_("The month the matches ended in, YYYY-MM (UTC)."))],
    db: Annotated[str | None, typer.Option(
        help=N_("Database URL: sqlite:///PATH or postgresql+psycopg://USER:PASS@HOST/DB."))] = None,
    out: Annotated[Path | None, typer.Option(
        "--out", "-o", help=N_("Write the lines to this file instead of standard output."))] = None,
) -> None:
    """Write a month of a game's finished public matches as JSON lines."""
    try:
        import sqlalchemy as sa

        from ..server.export import export_game_id, export_lines, month_bounds
        from ..server.store import Store, default_db_url
    except ImportError as e:
        fail(_("the server needs the 'server' extra ({module} is missing): "
               "pip install 'cardtable[server]'", module=e.name))
    try:
        game_id = export_game_id(game)
        month_bounds(month)
    except ValueError as e:
        fail(str(e))
    if out is not None and not out.parent.is_dir():
        fail(_("the folder of --out does not exist: {folder}", folder=out.parent))
    url = db or default_db_url()
    missing = _missing_sqlite_file(url)
    if missing is not None:
        fail(_("there is no database at {path}", path=missing))
    try:
        store = Store(url)
    except Exception as e:  # noqa: BLE001 - a bad URL is a usage error, not a traceback
        fail(_("cannot open the database {url!r}: {error}", url=shown_url(url), error=e))
    try:
        n = _write(export_lines(store, game_id, month), out)
    except sa.exc.SQLAlchemyError as e:
        fail(_("reading the database {url!r} failed: {error}", url=shown_url(url), error=e), EXIT_FAILED)
    finally:
        store.close()
    err_console().print(ngettext("{n} match of {game} that ended in {month}",
                                 "{n} matches of {game} that ended in {month}", n,
                                 game=game_id, month=month.strip()))


def _write(lines: Any, out: Path | None) -> int:
    """Write the lines (to ``out`` through a temporary file renamed at the end, so a failure
    leaves no half file); how many."""
    if out is None:
        return _copy(lines, _stdout())
    fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", dir=out.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            n = _copy(lines, f)
        os.replace(tmp, out)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return n


def _copy(lines: Any, f: BinaryIO) -> int:
    n = 0
    for line in lines:
        f.write(line.encode("utf-8"))
        n += 1
    f.flush()
    return n


def _stdout() -> BinaryIO:
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        raise RuntimeError("standard output takes no bytes")
    sys.stdout.flush()
    return cast(BinaryIO, buffer)


def shown_url(url: str) -> str:
    """The URL as printed: never its password."""
    return re.sub(r"//([^:/@]+):[^@]*@", r"//\1:***@", url)


def _missing_sqlite_file(url: str) -> str | None:
    """The path of a SQLite URL's file when it does not exist (exporting must not create an
    empty database); None otherwise."""
    import sqlalchemy as sa

    try:
        u = sa.engine.make_url(url)
    except Exception:  # noqa: BLE001 - Store() reports a bad URL
        return None
    if u.get_backend_name() != "sqlite" or not u.database or u.database == ":memory:":
        return None
    return None if Path(u.database).exists() else u.database


def register(app: typer.Typer) -> None:
    command(app, "export-games", export_games_command, EXPORT_GAMES_HELP)
