"""The PostgreSQL test helper itself: a real server, one fresh database per test."""

from __future__ import annotations

import pytest

from tests.support.postgres import libpq_url

psycopg = pytest.importorskip("psycopg")


@pytest.mark.slow
def test_fresh_database_is_empty_and_writable(pg_url: str) -> None:
    assert pg_url.startswith("postgresql+psycopg://") and "@127.0.0.1:" in pg_url
    with psycopg.connect(libpq_url(pg_url), autocommit=True) as conn:
        tables = conn.execute("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'").fetchone()
        assert tables == (0,)
        conn.execute("CREATE TABLE t (x int)")
        conn.execute("INSERT INTO t VALUES (7)")
        assert conn.execute("SELECT x FROM t").fetchall() == [(7,)]
        assert conn.execute("SHOW fsync").fetchone() == ("on",)
        assert conn.execute("SHOW listen_addresses").fetchone() == ("127.0.0.1",)


@pytest.mark.slow
def test_each_test_gets_its_own_database(pg_server: str, pg_url: str) -> None:
    # The previous test's table must not be visible here.
    with psycopg.connect(libpq_url(pg_url), autocommit=True) as conn:
        assert conn.execute("SELECT to_regclass('public.t')").fetchone() == (None,)
        name = conn.execute("SELECT current_database()").fetchone()[0]
    with psycopg.connect(libpq_url(pg_server), autocommit=True) as conn:
        names = {r[0] for r in conn.execute("SELECT datname FROM pg_database")}
    assert name in names and name.startswith("cardtable_test_")


def test_missing_postgres_skips_locally_and_fails_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.support.postgres import unavailable

    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception):
        unavailable("none here")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="required under CI"):
        unavailable("none here")
