"""议将夺墩算分's figures for a player's page (games/yijiang/stats.py): the contracts of the
§9.6 scenarios made or failed by their declarer (定将), and over random deals of several
rounds the declarations (one per ``trump`` named) and the tricks (墩) of every round."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardtable import get_game
from cardtable.parts.stats import check, deal_figures
from cardtable.registry import game_parts
from cardtable.scenario import replay

SCENARIOS = Path(__file__).parent / "scenarios"
STATS = game_parts("yijiang").stats


def test_declared() -> None:
    assert STATS is not None and check(STATS) == []


@pytest.mark.parametrize("name, declarer, made, tricks", [
    ("s05a_individual_made_4", 2, 1, 4),      # P3 bids 4 and takes 4
    ("s05b_individual_made_5_scores_4", 2, 1, 5),   # P3 bids 4 and takes all 5
    ("s06_three_players_failed", 2, 0, 2),    # P3 bids 4 and takes 2
    ("s07_teams_failed", 0, 0, 2),            # seats 0+2 declare 3 and take 2
])
def test_contracts(name: str, declarer: int, made: int, tricks: int) -> None:
    s = replay(SCENARIOS / f"{name}.json").state
    assert s.is_over
    for seat in range(s.players):
        f = deal_figures(s, seat, STATS)
        mine = seat == declarer
        assert f.get("declared", 0) == int(mine)
        assert f.get("made", 0) == int(mine and made)
        assert f.get("failed", 0) == int(mine and not made)
    assert deal_figures(s, declarer, STATS).get("tricks", 0) == tricks


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_deals(players: int) -> None:
    game = get_game("yijiang")
    for seed in range(6):
        rng = random.Random(seed)
        s = game.new_state(players, seed=seed)
        while not s.is_over:
            seat = s.to_move()[0]
            s.apply(rng.choice(s.legal_moves(seat)), seat)
        f = [deal_figures(s, seat, STATS) for seat in range(players)]
        plays = sum(1 for _, m in s.history if m.verb == "play")
        assert sum(x.get("tricks", 0) for x in f) == plays // players     # 5 tricks a round
        for seat, x in enumerate(f):
            named = sum(1 for who, m in s.history if who == seat and m.verb == "trump")
            assert x.get("declared", 0) == named
            assert x.get("made", 0) + x.get("failed", 0) == named
