"""Every scenario file under scenarios/ replays and matches its ``expect`` (yijiang.md §9.6)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.scenario import check, replay

FILES = sorted((Path(__file__).parent / "scenarios").glob("*.json"))


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 5


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    result = replay(path)
    assert check(result) == []


def test_scenario_2_the_void_trump_takes_the_trick() -> None:
    """§9.6.2: trump ♣, K♥ A♥ 2♣ 3♥: seat 3 (2♣) takes the trick and leads next."""
    result = replay(Path(__file__).parent / "scenarios" / "s02_trump_wins.json")
    st = result.state
    assert st.view(None)["tricks_won"] == [0, 0, 0, 1]
    assert st.to_move() == (3,)
    assert st.view(None)["declarer"] == 1 and st.view(None)["trump"] == "♣"
