"""A PostgreSQL server for tests, and a fresh database per test.

Where the server comes from, in order:

1. ``CARDTABLE_TEST_PG``: the URL of a server the tests may create and drop databases on
   (``postgresql+psycopg://user[:password]@host:port/dbname``; its user needs ``CREATEDB``).
2. PostgreSQL's server binaries (Debian's ``/usr/lib/postgresql/<version>/bin``, or ``initdb``
   on ``PATH``): a throwaway cluster in a temporary directory, listening on a free port of
   127.0.0.1 only, its Unix socket inside that directory, ``fsync`` on (crash tests must see
   real durability), ``trust`` authentication (only loopback can reach it).  initdb refuses
   to run as root, so as root the cluster is made and run by the ``postgres`` user.
   It is stopped and removed at the end of the session.
3. Otherwise the test is skipped, except under CI (``CI`` set), where a missing PostgreSQL
   fails the test: CI must run the PostgreSQL suite, not quietly skip it.

Use: import the fixtures into the test package's ``conftest.py``::

    from tests.support.postgres import pg_server, pg_url  # noqa: F401  (pytest fixtures)

then, in a test module::

    @pytest.mark.slow
    def test_something(pg_url):          # a fresh, empty database for this test
        engine = sqlalchemy.create_engine(pg_url)

``pg_server`` (session scope) is the server's admin URL; ``pg_url`` (function scope) creates a
database with a unique name on it and drops it after the test.  Outside pytest,
``PostgresCluster`` is a context manager, and ``create_database``/``drop_database`` work on
any admin URL.  Under pytest-xdist every worker starts its own cluster.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

ENV_URL = "CARDTABLE_TEST_PG"
DRIVER = "postgresql+psycopg"
_START_TIMEOUT = 60  # seconds; initdb + start take ~2 s on an idle machine
_SUPERUSER = "postgres"


class PostgresUnavailable(RuntimeError):
    """No PostgreSQL server could be found or started; the message says why."""


# --- finding and running the server binaries -------------------------------------------------


def find_bindir() -> Path | None:
    """The directory holding ``initdb``, ``pg_ctl`` and ``postgres``, newest version first."""
    candidates = sorted(
        glob.glob("/usr/lib/postgresql/*/bin"),
        key=lambda p: _version_key(Path(p).parent.name),
        reverse=True,
    )
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(str(Path(on_path).resolve().parent))
    for directory in candidates:
        d = Path(directory)
        if all((d / exe).is_file() and os.access(d / exe, os.X_OK) for exe in ("initdb", "pg_ctl", "postgres")):
            return d
    return None


def _version_key(name: str) -> tuple[int, ...]:
    try:
        return tuple(int(part) for part in name.split("."))
    except ValueError:
        return (0,)


#: each pytest-xdist worker takes its servers' ports from a range of its own, below the
#: system's ephemeral ports: a port found free by one worker and taken by another before its
#: server bound it made a test talk to the other worker's server (a 4404 for its table)
PORTS_PER_WORKER = 1500
FIRST_PORT = 20000


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now (in this worker's range)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if worker.startswith("gw") and worker[2:].isdigit():
        base = FIRST_PORT + PORTS_PER_WORKER * (int(worker[2:]) % 8)
        start = int.from_bytes(os.urandom(2), "big") % PORTS_PER_WORKER
        for k in range(PORTS_PER_WORKER):
            port = base + (start + k) % PORTS_PER_WORKER
            with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
                try:
                    s.bind(("127.0.0.1", port))
                except OSError:
                    continue
                return port
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PostgresCluster:
    """A throwaway PostgreSQL cluster in a temporary directory (a context manager).

    ``url`` is its admin URL (superuser ``postgres``, database ``postgres``).
    """

    def __init__(self, bindir: Path | None = None) -> None:
        found = bindir or find_bindir()
        if found is None:
            raise PostgresUnavailable(
                "no PostgreSQL server binaries (initdb, pg_ctl) found in /usr/lib/postgresql/*/bin "
                "or on PATH; install Debian's 'postgresql' package or set " + ENV_URL
            )
        self.bindir = found
        self.root: Path | None = None
        self.port: int | None = None
        self._run_as: list[str] = []

    @property
    def url(self) -> str:
        if self.port is None:
            raise PostgresUnavailable("the cluster is not running")
        return f"{DRIVER}://{_SUPERUSER}@127.0.0.1:{self.port}/postgres"

    def start(self) -> str:
        self.root = Path(tempfile.mkdtemp(prefix="cardtable-pg-"))
        if os.geteuid() == 0:
            self._run_as = _unprivileged_prefix()
            shutil.chown(self.root, user=_SUPERUSER, group=None)
        data = self.root / "data"
        self._run(
            [str(self.bindir / "initdb"), "-D", str(data), "-U", _SUPERUSER, "--auth=trust",
             "--encoding=UTF8", "--locale=C", "--no-sync"],
            what="initdb",
        )
        last_error = ""
        for _attempt in range(3):  # the free port may be taken between choosing and binding it
            port = free_port()
            options = (
                f"-c listen_addresses=127.0.0.1 -p {port} -c unix_socket_directories={self.root} "
                "-c fsync=on -c max_connections=200"
            )
            try:
                self._run(
                    [str(self.bindir / "pg_ctl"), "-D", str(data), "-l", str(self.root / "server.log"),
                     "-o", options, "-w", "-t", str(_START_TIMEOUT), "start"],
                    what="pg_ctl start",
                )
            except PostgresUnavailable as exc:
                last_error = str(exc)
                continue
            self.port = port
            return self.url
        self._remove()
        raise PostgresUnavailable(last_error)

    def stop(self) -> None:
        if self.root is None:
            return
        data = self.root / "data"
        if self.port is not None and (data / "postmaster.pid").exists():
            try:
                self._run([str(self.bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
                          what="pg_ctl stop")
            except PostgresUnavailable:
                pass  # removing the directory below is all that is left to do
        self.port = None
        self._remove()

    def _remove(self) -> None:
        if self.root is not None:
            shutil.rmtree(self.root, ignore_errors=True)
            self.root = None

    def _run(self, argv: list[str], *, what: str) -> None:
        try:
            done = subprocess.run(
                self._run_as + argv, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                timeout=_START_TIMEOUT + 30, cwd=self.root,
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise PostgresUnavailable(f"{what} failed: {exc}") from exc
        if done.returncode != 0:
            log = ""
            if self.root is not None and (self.root / "server.log").exists():
                log = (self.root / "server.log").read_text(errors="replace")[-2000:]
            raise PostgresUnavailable(
                f"{what} failed with exit code {done.returncode}: {done.stderr.strip() or done.stdout.strip()}"
                + (f"\nserver log:\n{log}" if log else "")
            )

    def __enter__(self) -> PostgresCluster:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _unprivileged_prefix() -> list[str]:
    """How root runs a command as the ``postgres`` user (initdb and postgres refuse root)."""
    try:
        import pwd

        pwd.getpwnam(_SUPERUSER)
    except KeyError as exc:
        raise PostgresUnavailable(
            "running as root and there is no 'postgres' user to run the cluster as "
            "(Debian's postgresql package creates it)"
        ) from exc
    runuser = shutil.which("runuser")
    if runuser is None:
        raise PostgresUnavailable("runuser (util-linux) is missing: cannot run PostgreSQL as 'postgres'")
    return [runuser, "-u", _SUPERUSER, "--"]


# --- databases -------------------------------------------------------------------------------


def libpq_url(url: str) -> str:
    """The same URL without SQLAlchemy's ``+driver`` part, for psycopg/libpq."""
    parts = urlsplit(url)
    scheme = parts.scheme.split("+", 1)[0]
    if scheme == "postgres":
        scheme = "postgresql"
    return urlunsplit((scheme, parts.netloc, parts.path, parts.query, parts.fragment))


def with_database(url: str, name: str) -> str:
    """``url`` pointing at database ``name`` instead, in SQLAlchemy form (``postgresql+psycopg``)."""
    parts = urlsplit(url)
    scheme = DRIVER if parts.scheme.split("+", 1)[0] in ("postgresql", "postgres") else parts.scheme
    return urlunsplit((scheme, parts.netloc, "/" + name, parts.query, parts.fragment))


def _admin(url: str, sql: str) -> None:
    try:
        import psycopg
    except ImportError as exc:  # the server extra brings psycopg; without it no PG test can run
        raise PostgresUnavailable("psycopg is not installed (pip install -e '.[server]')") from exc
    try:
        with psycopg.connect(libpq_url(url), autocommit=True, connect_timeout=10) as conn:
            conn.execute(sql)  # type: ignore[arg-type]  # names below are generated, never user input
    except psycopg.Error as exc:
        raise PostgresUnavailable(f"{sql!r} failed on {libpq_url(url)}: {exc}") from exc


def create_database(admin_url: str, prefix: str = "cardtable_test") -> str:
    """Create an empty database with a unique name; its SQLAlchemy URL."""
    name = f"{prefix}_{uuid.uuid4().hex[:16]}"
    _admin(admin_url, f'CREATE DATABASE "{name}"')
    return with_database(admin_url, name)


def drop_database(admin_url: str, db_url: str) -> None:
    """Drop the database of ``db_url``, closing any connection still open on it."""
    name = urlsplit(db_url).path.lstrip("/")
    if not name or name == urlsplit(admin_url).path.lstrip("/"):
        return
    _admin(admin_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def wait_until_ready(admin_url: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            _admin(admin_url, "SELECT 1")
            return
        except PostgresUnavailable:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def unavailable(reason: str) -> None:
    """Skip the test, or under CI fail it: CI must not skip the PostgreSQL tests silently."""
    if os.environ.get("CI"):
        pytest.fail(f"PostgreSQL is required under CI: {reason}", pytrace=False)
    pytest.skip(f"PostgreSQL not available: {reason}")


# --- pytest fixtures -------------------------------------------------------------------------


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """The admin URL of a PostgreSQL server for this test session (see the module's text)."""
    env = os.environ.get(ENV_URL)
    if env:
        try:
            wait_until_ready(env, timeout=10)
        except PostgresUnavailable as exc:
            unavailable(f"{ENV_URL} is set but unusable: {exc}")
        yield with_database(env, urlsplit(env).path.lstrip("/") or "postgres")
        return
    try:
        cluster = PostgresCluster()
        cluster.start()
    except PostgresUnavailable as exc:
        unavailable(str(exc))
        return  # unreachable: unavailable() raises
    try:
        wait_until_ready(cluster.url)
        yield cluster.url
    finally:
        cluster.stop()


@pytest.fixture
def pg_url(pg_server: str) -> Iterator[str]:
    """A fresh, empty PostgreSQL database for one test (``postgresql+psycopg://…``), dropped after it."""
    try:
        url = create_database(pg_server)
    except PostgresUnavailable as exc:
        unavailable(str(exc))
        return
    try:
        yield url
    finally:
        try:
            drop_database(pg_server, url)
        except PostgresUnavailable:
            pass  # the cluster itself goes at the end of the session
