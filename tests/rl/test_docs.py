"""Each game's docs page ends with its research-API section exactly as the codec describes it
(regenerate with ``python -m cardtable.rl.describe``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.registry import game_ids
from cardtable.rl.describe import HEADING, section

DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"


@pytest.mark.parametrize("gid", game_ids())
def test_docs_section_matches_the_codec(gid):
    text = (DOCS / f"{gid}.md").read_text(encoding="utf-8")
    assert HEADING in text, f"docs/games/{gid}.md has no research-API section"
    assert text[text.index(HEADING):] == section(gid), "run: python -m cardtable.rl.describe"
