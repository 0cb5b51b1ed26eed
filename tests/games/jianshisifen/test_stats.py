"""捡十四分's figures for a player's page (games/jianshisifen/stats.py): the pairs of the §6.5
scenarios, each seat's own pairs in a team game, and over random hands the picks (捡牌) and
their ♠ cards as the seat's own ``pick`` moves show them."""

from __future__ import annotations

import random
from pathlib import Path

from cardtable import get_game
from cardtable.parts.stats import check, deal_figures
from cardtable.registry import game_parts
from cardtable.scenario import replay

SCENARIOS = Path(__file__).parent / "scenarios"
STATS = game_parts("jianshisifen").stats


def test_declared() -> None:
    assert STATS is not None and check(STATS) == []


def test_s06_pairs() -> None:
    s = replay(SCENARIOS / "s06_pair_scores.json").state
    assert s.is_over
    f = deal_figures(s, 0, STATS)
    # seat 0's pairs (J♠,3♥), (A♦,K♣), (BJ,K♠): three picks, two spades (the joker has no suit)
    assert f.get("picks") == 3 and f.get("spades") == 2 and f.get("no_pick", 0) == 0


def test_s07_teams_count_own_pairs() -> None:
    s = replay(SCENARIOS / "s07_teams.json").state
    team_items = [sum(1 for it in s.score_items() if it.seat == seat) for seat in range(4)]
    own = [sum(1 for who, m in s.history if who == seat and m.verb == "pick") for seat in range(4)]
    assert team_items != own                  # the partners' pairs are in each member's items
    assert [deal_figures(s, seat, STATS).get("picks", 0) for seat in range(4)] == own


def test_random_hands() -> None:
    game = get_game("jianshisifen")
    seen_no_pick = 0
    for players in (3, 4, 5, 6):
        for seed in range(25):
            rng = random.Random(seed)
            s = game.new_state(players, seed=seed)
            while not s.is_over:
                seat = s.to_move()[0]
                s.apply(rng.choice(s.legal_moves(seat)), seat)
            for seat in range(players):
                picks = [m for who, m in s.history if who == seat and m.verb == "pick"]
                f = deal_figures(s, seat, STATS)
                assert f.get("picks", 0) == len(picks)
                assert f.get("spades", 0) == sum(1 for m in picks for c in m.cards if str(c).endswith("♠"))
                assert f.get("no_pick", 0) == int(not picks)
                seen_no_pick += int(not picks)
    assert seen_no_pick > 0
