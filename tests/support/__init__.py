"""Helpers shared by test packages (services such as PostgreSQL, server subprocesses)."""
