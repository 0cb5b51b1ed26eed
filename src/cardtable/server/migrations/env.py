"""Alembic environment: the server hands over an open connection (``config.attributes``)."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes["connection"]
# batch mode: SQLite has almost no ALTER TABLE, Alembic rebuilds the table instead
context.configure(connection=connection, target_metadata=None, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
