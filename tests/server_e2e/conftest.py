"""Fixtures for the end-to-end server tests: PostgreSQL (see tests/support/postgres.py)."""

from tests.support.postgres import pg_server, pg_url  # noqa: F401  (pytest fixtures)
