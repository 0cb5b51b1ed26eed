"""Fixtures for the end-to-end server tests: PostgreSQL (tests/support/postgres.py) and
`cardtable serve` subprocesses that are always killed when the test ends."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.server_e2e.harness import ServerProcess
from tests.support.postgres import pg_server, pg_url  # noqa: F401  (pytest fixtures)

pytest.importorskip("websockets", reason="the server extra brings websockets: pip install -e '.[server]'")


@pytest.fixture
def make_server(tmp_path: Path) -> Iterator[Callable[..., ServerProcess]]:
    """``make_server(db, name=..., extra_args=[...])``: a ServerProcess (not yet started)."""
    made: list[ServerProcess] = []

    def make(db: str, name: str = "server", extra_args: list[str] | None = None) -> ServerProcess:
        server = ServerProcess(db, tmp_path, name=name, extra_args=extra_args)
        made.append(server)
        return server

    yield make
    for server in made:
        server.kill()


@pytest.fixture
def sqlite_db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tables.db'}"


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The same test on SQLite and on a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.db'}"
    return request.getfixturevalue("pg_url")
