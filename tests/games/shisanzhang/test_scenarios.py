"""Every scenario file under scenarios/ replays and matches its ``expect`` (shisanzhang.md §1.7)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.scenario import check, replay

FILES = sorted((Path(__file__).parent / "scenarios").glob("*.json"))


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 13


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    result = replay(path)
    assert check(result) == []


def test_scenario_1_collects_600_at_a_four_player_table() -> None:
    """§1.7.1: 青龙 against three normal hands: +600, each other seat pays 200 for it."""
    result = replay(Path(__file__).parent / "scenarios" / "s01_qinglong.json")
    assert result.state.scores[0] == 600 and sum(result.state.scores) == 0
    for seat in (1, 2, 3):
        paid = sum(it.points for it in result.state.score_items()
                   if it.seat == seat and it.rule == "shisanzhang:1.5")
        assert paid == -200
