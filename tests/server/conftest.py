"""In-process fixtures for the table server: an app on a fresh database, WebSocket helpers.

Storage tests run on SQLite and, marked slow, on PostgreSQL (tests/support/postgres.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

from fastapi.testclient import TestClient  # noqa: E402

from cardtable.server import ManualClock, create_app  # noqa: E402
from tests.server.helpers import make_settings  # noqa: E402
from tests.support.postgres import pg_server, pg_url  # noqa: E402,F401  (pytest fixtures)


@pytest.fixture
def sqlite_url(tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path / 'tables.db'}"


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def db_url(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    """Each storage test runs on both databases."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.db'}"
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def server(sqlite_url: str, clock: ManualClock) -> Iterator[TestClient]:
    """A server on SQLite with a manual clock and no background timer loop."""
    with TestClient(create_app(make_settings(sqlite_url), clock, background=False)) as client:
        yield client


@pytest.fixture
def make_server(clock: ManualClock) -> Iterator[Callable[..., TestClient]]:
    """Start servers on demand (``make_server(url, **settings)``); all stopped at the end."""
    started: list[TestClient] = []

    def start(url: str, **kw: Any) -> TestClient:
        client = TestClient(create_app(make_settings(url, **kw), clock, background=False))
        client.__enter__()
        started.append(client)
        return client

    yield start
    for c in reversed(started):
        c.__exit__(None, None, None)
