"""Every scenario file under scenarios/ replays and matches its ``expect`` (bieqi.md §4.8)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.scenario import check, replay

FILES = sorted((Path(__file__).parent / "scenarios").glob("*.json"))


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 7


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    result = replay(path)
    assert check(result) == []
