"""Every scenario file under scenarios/ replays and matches its ``expect`` (wushiyifen.md §5.7)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.scenario import check, replay

FILES = sorted((Path(__file__).parent / "scenarios").glob("*.json"))


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 12


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    result = replay(path)
    assert check(result) == []


def test_void_deal_leaves_stock_empty_and_all_hands_full() -> None:
    """§5.7.10: the void deal ends exactly when the last stock card was drawn and thrown."""
    result = replay(Path(__file__).parent / "scenarios" / "s10_stock_exhausted_void.json")
    st = result.state
    assert st.is_over and st.void and st.score_items() == []
    assert st.view(None)["stock"] == 0
    assert st.view(None)["hand_sizes"] == [5, 5]
