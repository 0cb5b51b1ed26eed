"""Fixtures of the puzzle tests: English messages (typer's own words too), whatever the
machine's locale; the process language is reset after each test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    from cardtable.cli.lang import apply

    monkeypatch.setenv("CARDTABLE_LANG", "en")
    apply("en")
    yield
    apply("en")
