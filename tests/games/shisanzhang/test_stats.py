"""十三张's figures for a player's page (games/shisanzhang/stats.py): on the §1.7 scenarios,
whose stories say who fouled (倒水), declared a special (报到) or won which rows; and over
random deals the rows won and the scoops (打枪) match the deal's score items."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardtable import get_game
from cardtable.parts.stats import check, deal_figures
from cardtable.registry import game_parts
from cardtable.scenario import replay

SCENARIOS = Path(__file__).parent / "scenarios"
STATS = game_parts("shisanzhang").stats


def column(name: str, key: str) -> list[int]:
    state = replay(SCENARIOS / f"{name}.json").state
    assert state.is_over
    return [deal_figures(state, seat, STATS).get(key, 0) for seat in range(state.players)]


def test_declared() -> None:
    assert STATS is not None and check(STATS) == []


@pytest.mark.parametrize("name, want", [
    ("s11_foul", [1, 0]), ("s11d_both_foul", [1, 1]), ("s_ordering_strict", [1, 0]),
    ("s_ordering_equal", [0, 0]), ("s10_rows_bonuses", [0, 0]), ("s02_hualong", [0, 0]),
])
def test_fouls(name: str, want: list[int]) -> None:
    assert column(name, "fouls") == want


@pytest.mark.parametrize("name, want", [
    ("s02_hualong", [1, 0]), ("s13_special_vs_special", [1, 1, 0]), ("s10_rows_bonuses", [0, 0]),
])
def test_specials(name: str, want: list[int]) -> None:
    assert column(name, "specials") == want


@pytest.mark.parametrize("name, rows, scoops", [
    ("s10_rows_bonuses", [3, 0], [1, 0]),       # P1 wins all three rows
    ("s12_tie", [0, 0], [0, 0]),                # every row tied
    ("s11_foul", [0, 0], [0, 0]),               # a foul pays, but no row is compared
    ("s02_hualong", [0, 0], [0, 0]),            # a special against rows: none compared
])
def test_rows_and_scoops(name: str, rows: list[int], scoops: list[int]) -> None:
    assert column(name, "rows") == rows
    assert column(name, "scoops") == scoops


def test_rows_split() -> None:
    rows = column("s_wheel_lowest", "rows")     # A-2-3-4-5 loses its row to 9-T-J-Q-K
    assert sum(rows) <= 3 and rows[1] >= 1 and column("s_wheel_lowest", "scoops") == [0, 0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_deals_match_the_row_items(players: int) -> None:
    """Each won row is a ``shisanzhang:1.4`` item that shows the winning row's cards; each
    scoop an item of its own (打枪, ×2 here) that shows none."""
    game = get_game("shisanzhang")
    opts = game.make_options(rules={"scoop_multiplier": 2})
    seen = {"rows": 0, "scoops": 0}
    for seed in range(8):
        rng = random.Random(seed)
        s = game.new_state(players, opts, seed=seed)
        while not s.is_over:
            seat = s.to_move()[0]
            s.apply(rng.choice(s.legal_moves_head(seat)), seat)
        for seat in range(players):
            f = deal_figures(s, seat, STATS)
            mine = [it for it in s.score_items() if it.seat == seat and it.rule == "shisanzhang:1.4"
                    and it.points > 0]
            assert f.get("rows", 0) == sum(1 for it in mine if it.cards)
            assert f.get("scoops", 0) == sum(1 for it in mine if not it.cards)
            seen = {k: v + f.get(k, 0) for k, v in seen.items()}
    assert all(seen.values()), seen
