"""憋负分's tally part (games/biefufen/tally.py): a hand scored from the cards laid face down.

Random and bot-played hands of every preset at 2 to 8 players and of the conformance
configurations, described and scored again, give the played items; so do the scenario files;
biefufen.md §8.7's scoring examples entered by hand give the spec's figures; every impossible
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

GAME = get_game("biefufen")
TALLY = tally_of("biefufen")
CONFIGS = configs("biefufen")
OPTS = GAME.make_options()


def score(entry: dict[str, Any], players: int = 4, preset: str | None = None, **rules: Any) -> list[int]:
    return points(TALLY.score(entry, players, GAME.make_options(preset, rules)), players)


@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_described_hands_score_as_played(cfg: Any) -> None:
    assert check_deals("biefufen", cfg, 100) == 100


@pytest.mark.slow
@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_described_hands_score_as_played_many(cfg: Any) -> None:
    assert check_deals("biefufen", cfg, 333, seed0=10_000) == 333


def test_scenario_files() -> None:
    deals = scenario_deals("biefufen")
    assert deals, "the game has no scenario file to describe"
    for _name, state in deals:
        same_score("biefufen", state)


def test_examples_of_8_7() -> None:
    assert score({"face_down": ["SK H7 D2", "", "", ""]}) == [-10, 0, 0, 0]                # 2
    assert score({"face_down": ["S6", "SK", "", ""], "dead_by_wild": ["S6"]}, preset="dai2k") == [-12, -1, 0, 0]
    assert score({"face_down": ["D8", "BJ", "", ""], "dead_by_joker": ["D8"]}, preset="daiwang") == [-18, 0, 0, 0]
    teams = {"face_down": ["C7", "H8", "DK", ""]}
    assert score(teams, teams="alternate") == [-8, -6, -8, -6]


@pytest.mark.parametrize("entry, preset, words", [
    ({"face_down": ["SK H7 D2", "SK", "", ""]}, None, ["K♠ is entered twice"]),
    ({"face_down": ["BJ", "", "", ""]}, None, ["BJ is not in this game's pack"]),
    ({"face_down": ["SK", "", "", ""], "dead_by_wild": ["SK"]}, None, ["switched off", "variant=dai2k|daiwang"]),
    ({"face_down": ["S6", "", "", ""], "dead_by_wild": ["S5"]}, "dai2k", ["5♠ is not among the cards face down"]),
    ({"face_down": ["S6", "", "", ""], "dead_by_wild": ["S6"], "dead_by_joker": ["S6"]}, "daiwang",
     ["6♠ is entered twice"]),
    ({"face_down": ["SK", "", ""]}, None, ["one value per seat (4 in all)"]),
])
def test_impossible_entries(entry: Any, preset: str | None, words: list[str]) -> None:
    refused("biefufen", entry, 4, GAME.make_options(preset), *words)
