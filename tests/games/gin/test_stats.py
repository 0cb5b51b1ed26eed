"""gin's figures for a player's page (games/gin/stats.py) on the GT scenarios of gin.md:
each figure is 1 where the scenario's own story says the event happened, 0 where it did not,
and over bot-played deals the figures agree with who knocked and who scored."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from cardtable import get_game
from cardtable.bots import bot_move, make_bot
from cardtable.parts.stats import check, deal_figures
from cardtable.registry import game_parts
from cardtable.scenario import replay

SCENARIOS = Path(__file__).parent / "scenarios"
STATS = game_parts("gin").stats


def figures(name: str) -> tuple[Any, list[dict[str, int]]]:
    """The finished deal of a scenario and each seat's figures (a missing key is 0)."""
    state = replay(SCENARIOS / f"{name}.json").state
    assert state.is_over
    return state, [deal_figures(state, seat, STATS) for seat in range(2)]


def items_of(state: Any, rule: str) -> list[int]:
    """The seats credited with an item of ``rule`` (points > 0)."""
    return [it.seat for it in state.score_items() if it.rule == rule and it.points > 0]


def test_declared() -> None:
    assert STATS is not None and check(STATS) == []


def test_a_knock_counts_for_the_knocker_only() -> None:
    s, f = figures("gt06_knock_layoffs")          # K=6 against D=26: a knock win (rule 31)
    assert items_of(s, "gin:31") == [s.knocker]
    assert f[s.knocker].get("knocks") == 1
    assert f[1 - s.knocker].get("knocks", 0) == 0
    assert all(x.get(k, 0) == 0 for x in f for k in ("gins", "big_gins", "undercuts", "undercut"))


def test_gin_is_a_gin_not_a_knock() -> None:
    s, f = figures("gt07_gin_no_layoffs")
    assert items_of(s, "gin:30") == [s.knocker]
    assert f[s.knocker].get("gins") == 1 and f[s.knocker].get("knocks", 0) == 0
    assert f[s.knocker].get("big_gins", 0) == 0
    assert f[1 - s.knocker].get("gins", 0) == 0


@pytest.mark.parametrize("name, big", [("gt16_big_gin", 1), ("gt16_big_gin_off", 0)])
def test_big_gin(name: str, big: int) -> None:
    s, f = figures(name)
    assert s.big_gin == bool(big)                # the scenario's title: big gin on / off
    assert f[s.knocker].get("gins") == 1          # a big gin is a gin too
    assert f[s.knocker].get("big_gins", 0) == big
    assert f[1 - s.knocker].get("big_gins", 0) == 0


@pytest.mark.parametrize("name", ["gt08_undercut", "gt09_tie_is_undercut", "gt10_undercut_zero"])
def test_an_undercut_counts_for_both_sides(name: str) -> None:
    s, f = figures(name)
    defender = 1 - s.knocker
    assert items_of(s, "gin:32") == [defender]
    assert f[defender].get("undercuts") == 1 and f[defender].get("undercut", 0) == 0
    assert f[s.knocker].get("undercut") == 1 and f[s.knocker].get("undercuts", 0) == 0
    assert f[s.knocker].get("knocks") == 1


def test_a_tie_that_is_no_undercut_counts_none() -> None:
    s, f = figures("gt09_tie_openspiel")          # undercut_on_tie=false: 0/0, nobody wins
    assert any(it.rule == "gin:32" for it in s.score_items()) and items_of(s, "gin:32") == []
    assert all(x.get("undercuts", 0) == 0 and x.get("undercut", 0) == 0 and x["won"] == 0 for x in f)
    assert f[s.knocker].get("knocks") == 1


def test_a_dead_hand_counts_nothing() -> None:
    s, f = figures("gt12_dead_hand")
    assert s.knocker == -1
    assert f == [{"deals": 1, "points": 0, "won": 0}] * 2


def test_bot_deals_agree_with_who_knocked_and_who_scored() -> None:
    game, bot = get_game("gin"), make_bot("gin", "heuristic")
    opts = game.make_options(rules={"big_gin": True})
    seen = set()
    for seed in range(30):
        rng = random.Random(seed)
        s = game.new_state(2, opts, seed=seed)
        while not s.is_over:
            seat = s.to_move()[0]
            s.apply(bot_move(bot, s, seat, rng), seat)
        f = [deal_figures(s, seat, STATS) for seat in range(2)]
        went_down = [x.get("knocks", 0) + x.get("gins", 0) for x in f]
        assert went_down == ([0, 0] if s.knocker < 0 else [int(seat == s.knocker) for seat in range(2)])
        assert sum(x.get("undercuts", 0) for x in f) == sum(x.get("undercut", 0) for x in f)
        for x in f:
            if x.get("undercuts"):
                assert x["won"] == 1
            seen |= {k for k, v in x.items() if v}
    assert {"knocks", "gins"} <= seen
