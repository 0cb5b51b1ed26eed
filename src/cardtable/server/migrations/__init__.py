"""Alembic migrations of the table server's schema, shipped inside the package and run on start."""
