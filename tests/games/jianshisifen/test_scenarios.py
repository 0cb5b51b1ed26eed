"""Every scenario file under scenarios/ replays and matches its ``expect`` (jianshisifen.md §6.5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.scenario import check, replay

FILES = sorted((Path(__file__).parent / "scenarios").glob("*.json"))


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 4


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    result = replay(path)
    assert check(result) == []


def test_scenario_7_team_members_share_the_team_total() -> None:
    """§6.5.7: each member's score is the team's total; the partner items name the picker."""
    result = replay(Path(__file__).parent / "scenarios" / "s07_teams.json")
    st = result.state
    assert [st.pile_points(s) for s in range(4)] == [14, 11, 9, 10]
    partner = [it for it in st.score_items() if it.seat == 2 and "partner seat 0" in it.note]
    assert sum(it.points for it in partner) == 14
