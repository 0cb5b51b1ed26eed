"""Every scenario file under scenarios/ replays and matches its ``expect`` (sibaifen.md §3.8)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.games.sibaifen.state import SibaifenState
from cardtable.scenario import check, replay

FILES = sorted((Path(__file__).parent / "scenarios").glob("*.json"))


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 9


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    result = replay(path)
    assert check(result) == []


def test_scenario_4_kitty_decides() -> None:
    """§3.8.4: the same 330 trick points fail or make 350 depending on who takes trick 12."""
    a = replay(Path(__file__).parent / "scenarios" / "s4a_kitty_to_defenders.json").state
    b = replay(Path(__file__).parent / "scenarios" / "s4b_kitty_to_declarers.json").state
    for st in (a, b):
        assert sorted(str(c) for c in st.buried) == sorted(["K♠", "2♥", "5♦", "9♣"])
        assert sum(1 for t in st.tricks for s, c in t.plays if t.winner is not None
                   and t.winner % 2 == 0 and c.rank in (13, 12, 11, 10, 5, 2)) > 0
    assert a.side_points()[0] == 330 and a.tricks[-1].winner % 2 == 1
    assert b.side_points()[0] == 385 and b.tricks[-1].winner % 2 == 0


@pytest.mark.parametrize(("name", "contract", "total", "scores"), [
    ("s2_failed_370_340", 370, 340, [0, 30, 0, 30]),       # §3.8.2: defenders +30
    ("s3_made_300_355", 300, 355, [300, 0, 300, 0]),       # §3.8.3: +300, excess 55 ignored
    ("s4a_kitty_to_defenders", 350, 330, [0, 20, 0, 20]),  # §3.8.4: defenders +20
    ("s4b_kitty_to_declarers", 350, 385, [350, 0, 350, 0]),  # §3.8.4: declarers +350
])
def test_scenario_files_hold_the_spec_figures(name: str, contract: int, total: int,
                                              scores: list[int]) -> None:
    """The whole-deal files really have the spec's contract C and declaring total T (audit)."""
    st = replay(Path(__file__).parent / "scenarios" / f"{name}.json").state
    assert isinstance(st, SibaifenState)
    assert st.declarer == 0 and st.contract == contract
    assert st.side_points()[0] == total and sum(st.side_points()) == 400
    assert st.scores == scores
