"""Every scenario file of tests/games/gin_referee/scenarios replays and meets its ``expect``."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable import scenario

FILES = sorted((Path(__file__).parent / "scenarios").glob("*.json"))


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 8


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    result = scenario.replay(path)
    assert result.state.options.table_mode            # type: ignore[attr-defined]
    assert scenario.check(result) == []
