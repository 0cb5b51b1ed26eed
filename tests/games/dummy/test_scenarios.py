"""Every scenario file of dummy.md §7 (T1–T42 and their variants) replays and matches `expect`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.scenario import check, replay

FILES = sorted((Path(__file__).parent / "scenarios").glob("*.json"))


def test_all_42_spec_scenarios_present() -> None:
    tags = {json.loads(f.read_text(encoding="utf-8"))["spec"].split()[-1] for f in FILES if f.stem[0] == "T"}
    assert tags == {f"T{i}" for i in range(1, 43)}


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_scenario(path: Path) -> None:
    result = replay(path)
    assert check(result) == []
