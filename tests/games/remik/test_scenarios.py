"""Every scenario file of remik.md §B.12 replays and matches its expectations."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.scenario import check, replay

FILES = sorted((Path(__file__).parent / "scenarios").glob("*.json"))


def test_every_spec_scenario_has_a_file() -> None:
    names = " ".join(f.stem for f in FILES)
    for rm in ("rm01", "rm02", "rm03", "rm04", "rm05", "rm06", "rm07", "rm08", "rm09", "rm15", "rm16",
               "rm18", "rm19", "rm20"):
        assert rm in names


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_scenario(path: Path) -> None:
    result = replay(path)
    assert check(result) == []
    assert result.scenario["expect"]


@pytest.mark.parametrize(("name", "phrase"), [
    ("rm15b_joker_swap_unusable", "could not use the joker"),
    ("rm18_unopened_take_rejected", "only together with an opening"),
])
def test_rejections_give_the_rule(name: str, phrase: str) -> None:
    result = replay(Path(__file__).parent / "scenarios" / f"{name}.json")
    assert result.error is not None and phrase in result.error.why
