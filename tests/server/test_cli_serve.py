"""``cardtable serve``: its help, and the message when the server extra is missing."""

from __future__ import annotations

import builtins
from typing import Any

import pytest

typer_testing = pytest.importorskip("typer.testing")

from cardtable.cli.main import app  # noqa: E402


def test_help_documents_every_option() -> None:
    res = typer_testing.CliRunner().invoke(app, ["serve", "--help"], env={"COLUMNS": "200"})
    assert res.exit_code == 0
    for opt in ("--host", "--port", "--db", "--bot-delay-ms", "--moves-per-second",
                "--max-tables-per-client", "--max-message-kib", "--log-level",
                # version 2: the limits that protect everyone, the default timer
                "--max-tables-per-minute", "--max-players-per-minute", "--max-seats-per-minute",
                "--max-connections-per-client", "--header-timeout", "--away-seconds",
                "--bot-only-min-delay-ms",
                # version 3: search bots in worker processes
                "--bot-workers"):
        assert opt in res.output
    assert "127.0.0.1" in res.output and "8000" in res.output and "cardtable.db" in res.output


def test_missing_extra_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def no_uvicorn(name: str, *args: Any, **kw: Any) -> Any:
        if name == "uvicorn":
            raise ImportError("No module named 'uvicorn'", name="uvicorn")
        return real_import(name, *args, **kw)

    monkeypatch.setattr(builtins, "__import__", no_uvicorn)
    res = typer_testing.CliRunner().invoke(app, ["serve"])
    assert res.exit_code == 2
    assert "cardtable[server]" in res.output and "uvicorn" in res.output


def test_a_bad_database_url_is_a_usage_error(tmp_path: Any) -> None:
    res = typer_testing.CliRunner().invoke(app, ["serve", "--db", "mysql://nowhere/x"])
    assert res.exit_code == 2 and "cannot open the database" in res.output


def test_the_lobby_address_for_friends_on_a_lan() -> None:
    """``--host 0.0.0.0`` prints addresses people can open, never 0.0.0.0."""
    from cardtable.cli.serve import shown_hosts

    assert shown_hosts("127.0.0.1") == ["127.0.0.1"]
    assert shown_hosts("cards.example") == ["cards.example"]
    every = shown_hosts("0.0.0.0")
    assert "0.0.0.0" not in every and every[-1] == "127.0.0.1"
    assert all(not a.startswith("127.") for a in every[:-1])
