"""Fixtures of the CLI tests: a CliRunner, the throwaway ``toy`` game, and gin when it loads.

``toy`` (tests/cli/toygame.py) exists only for these tests: it exercises the generic parts of
the command line (simultaneous decisions, hidden bids, presets, a match end) whatever the
real games look like.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable import registry

TOY_MODULE = "cardtable_cli_toygame"


def _load_toy() -> None:
    if TOY_MODULE in sys.modules:
        return
    spec = importlib.util.spec_from_file_location(TOY_MODULE, Path(__file__).with_name("toygame.py"))
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[TOY_MODULE] = mod
    spec.loader.exec_module(mod)


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Register the toy game for one test; yields its id."""
    _load_toy()
    monkeypatch.setitem(registry.GAME_MODULES, "toy", TOY_MODULE)
    registry._loaded.pop("toy", None)
    registry._parts.pop("toy", None)     # another test's "toy" may have been loaded before
    yield "toy"
    registry._loaded.pop("toy", None)
    registry._parts.pop("toy", None)


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every CLI test speaks English unless it asks otherwise (``--lang``, ``CARDTABLE_LANG``),
    whatever the machine's locale; the process language is reset after each test."""
    from cardtable.cli.lang import apply

    monkeypatch.setenv("CARDTABLE_LANG", "en")
    apply("en")
    yield
    apply("en")


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner(env={"COLUMNS": "200"})


@pytest.fixture
def gin() -> str:
    """The gin game id (loading it here makes a broken gin package fail these tests)."""
    registry.get_game("gin")
    return "gin"
