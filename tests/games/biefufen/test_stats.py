"""憋负分's figures for a player's page (games/biefufen/stats.py): on the §8.7 scenarios, whose
stories say which cards each seat laid face down (扣牌), which of them were dead and who
lost; and over random hands, with teams too, a seat counts its own face-down cards only."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardtable import get_game
from cardtable.parts.stats import check, deal_figures
from cardtable.registry import game_parts
from cardtable.scenario import replay

SCENARIOS = Path(__file__).parent / "scenarios"
STATS = game_parts("biefufen").stats


def column(name: str, key: str) -> list[int]:
    state = replay(SCENARIOS / f"{name}.json").state
    assert state.is_over
    return [deal_figures(state, seat, STATS).get(key, 0) for seat in range(state.players)]


def test_declared() -> None:
    assert STATS is not None and check(STATS) == []


def test_s07_ranking_totals() -> None:
    # face down: seat 0 2♦ A♦; seat 1 J♥ Q♥ K♥ 2♠ A♠ K♣; seat 2 nothing; seat 3 ♣5 4 3 2 A
    name = "s07_ranking_totals"
    assert column(name, "kou") == [2, 6, 0, 5]
    assert column(name, "clean") == [0, 0, 1, 0]
    assert column(name, "lost") == [0, 0, 0, 1]          # the −15 player loses
    assert column(name, "won") == [0, 0, 1, 0]           # the 0 player wins
    assert column(name, "dead") == [0, 0, 0, 0]


@pytest.mark.parametrize("name, dead", [
    ("s08_dai2k_dead_double", [0, 0, 1, 0]),     # ♠6, replaced by a 2, laid face down: dead
    ("s09_dai2k_wild_face_down", [0, 0, 0, 0]),  # a K laid face down as itself: not dead
    ("s10_daiwang_triple", [0, 0, 0, 1]),        # ♦8, replaced by a joker: dead
])
def test_dead_cards(name: str, dead: list[int]) -> None:
    assert column(name, "dead") == dead
    state = replay(SCENARIOS / f"{name}.json").state
    doubled = [int(any(it.seat == seat and it.rule in ("biefufen:8.5", "biefufen:8.6")
                       for it in state.score_items())) for seat in range(state.players)]
    assert dead == doubled


@pytest.mark.parametrize("rules", [{}, {"teams": "alternate"}])
def test_random_hands_count_each_seat_s_own_cards(rules: dict[str, str]) -> None:
    game = get_game("biefufen")
    opts = game.make_options(rules=rules)
    for players in (2, 4, 6):
        for seed in range(8):
            rng = random.Random(seed)
            s = game.new_state(players, opts, seed=seed)
            while not s.is_over:
                seat = s.to_move()[0]
                s.apply(rng.choice(s.legal_moves(seat)), seat)
            for seat in range(players):
                f = deal_figures(s, seat, STATS)
                laid = sum(1 for who, m in s.history if who == seat and m.verb == "kou")
                assert f.get("kou", 0) == laid
                assert f.get("clean", 0) == int(laid == 0)
                assert f.get("lost", 0) == int(s.scores[seat] == min(s.scores) < max(s.scores))
