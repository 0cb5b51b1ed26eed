"""捡十四分's tally part (games/jianshisifen/tally.py): a deal scored from the pairs each player
picked.

Random and bot-played deals of both presets at 3 to 6 players and of the conformance
configuration, described and scored again, give the played items; so do the scenario files;
jianshisifen.md §6.5's examples 6 and 7 entered by hand give the spec's figures; every
impossible entry is refused by name."""

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

GAME = get_game("jianshisifen")
TALLY = tally_of("jianshisifen")
CONFIGS = configs("jianshisifen")
OPTS = GAME.make_options()


@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_described_deals_score_as_played(cfg: Any) -> None:
    assert check_deals("jianshisifen", cfg, 250) == 250


@pytest.mark.slow
@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_described_deals_score_as_played_many(cfg: Any) -> None:
    assert check_deals("jianshisifen", cfg, 833, seed0=10_000) == 833


def test_scenario_files() -> None:
    deals = scenario_deals("jianshisifen")
    assert deals, "the game has no scenario file to describe"
    for _name, state in deals:
        same_score("jianshisifen", state)


def test_examples_6_and_7() -> None:
    six = {"pairs": [[["SJ", "H3"], ["DA", "CK"], ["BJ", "SK"]], [], [], []]}
    assert points(TALLY.score(six, 4, OPTS), 4) == [14, 0, 0, 0]
    # teams P1+P3 against P2+P4: 14 + 9 = 23 against 11 + 10 = 21
    teams = {"pairs": [[["SJ", "H3"], ["DA", "CK"], ["BJ", "SK"]],          # 14
                       [["H4", "HT"], ["D5", "H9"]],                        # 11 = 6 + 5
                       [["S6", "D8"], ["C3", "DJ"]],                        # 9 = 6 + 3
                       [["H6", "H8"], ["D2", "DQ"]]]}                       # 10 = 6 + 4
    assert points(TALLY.score(teams, 4, GAME.make_options("teams")), 4) == [23, 21, 23, 21]


@pytest.mark.parametrize("entry, words", [
    ({"pairs": [[["SJ", "H4"]], [], [], []]}, ["seat 1", "J♠ 4♥ is not a pair adding up to 14"]),
    ({"pairs": [[["SJ", "H3", "D3"]], [], [], []]}, ["not a pair"]),
    ({"pairs": [[["SJ", "H3"]], [["SJ", "D3"]], [], []]}, ["J♠ is entered twice"]),
    ({"pairs": [[["SJ", "H3"]], [], []]}, ["one value per seat (4 in all)"]),
    ({"pairs": [["SJ", "H3"], [], [], []]}, ["J♠ is not a pair"]),
    ({"pairs": [[["XX", "H3"]], [], [], []]}, ["XX"]),
])
def test_impossible_entries(entry: Any, words: list[str]) -> None:
    refused("jianshisifen", entry, 4, OPTS, *words)
