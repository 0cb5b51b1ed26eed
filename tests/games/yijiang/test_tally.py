"""议将夺墩算分's tally part (games/yijiang/tally.py): a deal scored from its rounds' contracts
and tricks.

Random and bot-played deals of both presets at 2, 3 and 4 players and of the conformance
configurations, described and scored again, give the played items; so do the scenario files;
yijiang.md §9.6's scoring examples entered by hand give the spec's figures; every impossible
entry is refused by name."""

from __future__ import annotations

from typing import Any

import pytest
from tests.core.tally_checks import (
    check_deals,
    config_id,
    configs,
    points,
    refused,
    same_score,
    scenario_deals,
    tally_of,
)

from cardtable.registry import get_game

GAME = get_game("yijiang")
TALLY = tally_of("yijiang")
CONFIGS = configs("yijiang")
ONE = {"reshuffle_each_round": True}          # one round a deal: the examples' rounds alone


def score(entry: dict[str, Any], players: int, **rules: Any) -> list[int]:
    return points(TALLY.score(entry, players, GAME.make_options(None, rules)), players)


@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_described_deals_score_as_played(cfg: Any) -> None:
    assert check_deals("yijiang", cfg, 250) == 250


@pytest.mark.slow
@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_described_deals_score_as_played_many(cfg: Any) -> None:
    assert check_deals("yijiang", cfg, 833, seed0=10_000) == 833


def test_scenario_files() -> None:
    deals = scenario_deals("yijiang")
    assert deals, "the game has no scenario file to describe"
    for _name, state in deals:
        same_score("yijiang", state)


def test_examples_of_9_6() -> None:
    made = {"rounds": [{"declarer": 2, "contract": 4, "tricks": [0, 1, 4, 0]}]}
    assert score(made, 4, teams_when_four=False, **ONE) == [0, 0, 4, 0]                  # 5
    over = {"rounds": [{"declarer": 2, "contract": 4, "tricks": [0, 0, 5, 0]}]}
    assert score(over, 4, teams_when_four=False, **ONE) == [0, 0, 4, 0]
    failed = {"rounds": [{"declarer": 2, "contract": 4, "tricks": [2, 1, 2]}]}
    assert score(failed, 3, **ONE) == [2, 2, 0]                                           # 6
    teams = {"rounds": [{"declarer": 0, "contract": 3, "tricks": [1, 2, 1, 1]}]}
    assert score(teams, 4, **ONE) == [0, 1, 0, 1]                                         # 7
    assert score(teams, 4, scoring="one_point_per_trick", **ONE) == [2, 3, 2, 3]


def test_a_deal_of_several_rounds() -> None:
    entry = {"rounds": [{"declarer": 0, "contract": 3, "tricks": [3, 2]}] * 4 + [{"tricks": [1, 4]}]}
    assert score(entry, 2, all_pass="no_trump_round") == [12, 0]


OPTS = GAME.make_options()
ROUND = {"declarer": 0, "contract": 3, "tricks": [3, 2, 0, 0]}


@pytest.mark.parametrize("entry, words", [
    ({"rounds": [ROUND]}, ["rounds", "2 rounds a deal, not 1"]),
    ({"rounds": ROUND}, ["a list of rounds"]),
    ({"rounds": [ROUND, ROUND | {"tricks": [3, 3, 0, 0]}]}, ["round 2", "add up to 6, not 5"]),
    ({"rounds": [ROUND, ROUND | {"contract": 2}]}, ["round 2", "3 to 5 tricks, not 2"]),
    ({"rounds": [ROUND, ROUND | {"contract": 6}]}, ["round 2", "from 1 to 5"]),
    ({"rounds": [ROUND, {"contract": 3, "tricks": [3, 2, 0, 0]}]}, ["go together"]),
    ({"rounds": [ROUND, {"tricks": [3, 2, 0, 0]}]}, ["dealer_forced"]),
    ({"rounds": [ROUND, ROUND | {"declarer": 7}]}, ["round 2", "no seat 8"]),
    ({"rounds": [ROUND, ROUND | {"tricks": [3, 2]}]}, ["round 2", "one value per seat"]),
    ({"rounds": [ROUND, ROUND | {"trump": "♠"}]}, ["round 2", "no such field"]),
])
def test_impossible_entries(entry: Any, words: list[str]) -> None:
    refused("yijiang", entry, 4, OPTS, *words)
