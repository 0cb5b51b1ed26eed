"""四百分's figures for a player's page (games/sibaifen/stats.py) on the §3.8 scenarios, whose
stories say whether the contract was made: the declarer (定约人) made or failed it, the
defenders defeated it or not, and a thrown-in hand counts nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.parts.stats import check, deal_figures
from cardtable.registry import game_parts
from cardtable.scenario import replay

SCENARIOS = Path(__file__).parent / "scenarios"
STATS = game_parts("sibaifen").stats
KEYS = ("declared", "made", "failed", "defeated")


def test_declared() -> None:
    assert STATS is not None and check(STATS) == []


@pytest.mark.parametrize("name, made", [
    ("s2_failed_370_340", False), ("s3_made_300_355", True),
    ("s4a_kitty_to_defenders", False), ("s4b_kitty_to_declarers", True),
])
def test_contracts(name: str, made: bool) -> None:
    s = replay(SCENARIOS / f"{name}.json").state
    assert s.is_over
    decl = s.declarer
    for seat in range(4):
        f = deal_figures(s, seat, STATS)
        partner_of_declarer = seat % 2 == decl % 2
        assert f.get("declared", 0) == int(seat == decl)
        assert f.get("made", 0) == int(seat == decl and made)
        assert f.get("failed", 0) == int(seat == decl and not made)
        assert f.get("defeated", 0) == int(not partner_of_declarer and not made)
        # §3.7: the declaring side wins the hand iff the contract is made
        assert f["won"] == int(partner_of_declarer == made)


def test_thrown_in_counts_nothing() -> None:
    s = replay(SCENARIOS / "s6_all_pass.json").state
    assert s.is_over
    for seat in range(4):
        f = deal_figures(s, seat, STATS)
        assert all(f.get(k, 0) == 0 for k in KEYS) and f["won"] == 0
