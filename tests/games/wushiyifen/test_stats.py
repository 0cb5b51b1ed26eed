"""五十一分's figures for a player's page (games/wushiyifen/stats.py) on the §5.7 scenarios,
whose stories say who declared (亮牌, 明亮 or 暗亮), who challenged (顶) and who won."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.parts.stats import check, deal_figures
from cardtable.registry import game_parts
from cardtable.scenario import replay

SCENARIOS = Path(__file__).parent / "scenarios"
STATS = game_parts("wushiyifen").stats
KEYS = ("declared_won", "declared_lost", "challenges", "challenges_won")


def figures(name: str) -> dict[str, list[int]]:
    s = replay(SCENARIOS / f"{name}.json").state
    assert s.is_over
    f = [deal_figures(s, seat, STATS) for seat in range(s.players)]
    return {k: [x.get(k, 0) for x in f] for k in KEYS}


def test_declared() -> None:
    assert STATS is not None and check(STATS) == []


@pytest.mark.parametrize("name, want", [
    # 暗亮, challenger higher: D 0, C twice his value
    ("s05_hidden_challenger_wins", {"declared_won": [0, 0], "declared_lost": [1, 0],
                                    "challenges": [0, 1], "challenges_won": [0, 1]}),
    # 暗亮, challenger lower: D records both values
    ("s06_hidden_challenger_loses", {"declared_won": [1, 0], "declared_lost": [0, 0],
                                     "challenges": [0, 1], "challenges_won": [0, 0]}),
    # 暗亮, nobody challenges
    ("s07_hidden_no_challenge", {"declared_won": [1, 0, 0], "declared_lost": [0, 0, 0],
                                 "challenges": [0, 0, 0], "challenges_won": [0, 0, 0]}),
    # 明亮 beaten by E (seat 2), who shows but does not declare
    ("s08a_open_beaten", {"declared_won": [0, 0, 0], "declared_lost": [1, 0, 0],
                          "challenges": [0, 0, 0], "challenges_won": [0, 0, 0]}),
    # 明亮 tie of pure hands: each records his value, nobody wins, nobody is beaten
    ("s08b_open_pure_tie", {"declared_won": [0, 0, 0], "declared_lost": [0, 0, 0],
                            "challenges": [0, 0, 0], "challenges_won": [0, 0, 0]}),
    # 暗亮 tie broken by purity: the pure challenger is higher
    ("s09_hidden_purity_tie", {"declared_won": [0, 0], "declared_lost": [1, 0],
                               "challenges": [0, 1], "challenges_won": [0, 1]}),
    # seat 1 takes the throw and declares openly
    ("s12_take_then_declare", {"declared_won": [0, 1], "declared_lost": [0, 0],
                               "challenges": [0, 0], "challenges_won": [0, 0]}),
    # the stock ran out with no declaration: a void deal counts nothing of its own
    ("s10_stock_exhausted_void", {k: [0, 0] for k in KEYS}),
])
def test_declarations_and_challenges(name: str, want: dict[str, list[int]]) -> None:
    assert figures(name) == want
