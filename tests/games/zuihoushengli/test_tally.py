"""最后胜利's tally part (games/zuihoushengli/tally.py): a deal scored from the order the players
ran out of cards.

Random and bot-played deals of both presets at 4, 5 and 6 players and of the conformance
configuration, described and scored again, give the played items; so do the scenario files;
zuihoushengli.md §7.7's examples 5 and 6 entered by hand give the spec's figures; every
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

GAME = get_game("zuihoushengli")
TALLY = tally_of("zuihoushengli")
CONFIGS = configs("zuihoushengli")
OPTS = GAME.make_options()


@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_described_deals_score_as_played(cfg: Any) -> None:
    assert check_deals("zuihoushengli", cfg, 250) == 250


@pytest.mark.slow
@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_described_deals_score_as_played_many(cfg: Any) -> None:
    assert check_deals("zuihoushengli", cfg, 833, seed0=10_000) == 833


def test_scenario_files() -> None:
    deals = scenario_deals("zuihoushengli")
    assert deals, "the game has no scenario file to describe"
    for _name, state in deals:
        same_score("zuihoushengli", state)


def test_examples_5_and_6() -> None:
    # 4 players: bankrupt P2, P4, P1; P3 last
    assert points(TALLY.score({"order": [1, 3, 0, 2]}, 4, OPTS), 4) == [-20, -40, 20, -30]
    six = points(TALLY.score({"order": [0, 1, 2, 3, 4, 5]}, 6, OPTS), 6)
    assert six == [-40, -30, -20, -10, 0, 20]


@pytest.mark.parametrize("entry, words", [
    ({"order": [1, 3, 0]}, ["every seat once"]),
    ({"order": [1, 3, 0, 0]}, ["every seat once", "2, 4, 1, 1"]),
    ({"order": [1, 3, 0, 4]}, ["there is no seat 5"]),
    ({"order": "1 3 0 2"}, ["a list of seats"]),
    ({}, ["missing"]),
])
def test_impossible_entries(entry: Any, words: list[str]) -> None:
    refused("zuihoushengli", entry, 4, OPTS, *words)
