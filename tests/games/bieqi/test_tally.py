"""憋7's tally part (games/bieqi/tally.py): a hand scored from how it ended.

Random and bot-played hands of both presets at 2 to 6 players and of the conformance
configurations, described and scored again, give the played items; so do the scenario files;
bieqi.md §4.8's examples 5–7 entered by hand give the spec's figures; every impossible entry
is refused by name."""

from __future__ import annotations

from typing import Any

import pytest
from tests.core.tally_checks import (
    check_deals,
    config_id,
    configs,
    key,
    points,
    refused,
    same_score,
    scenario_deals,
    tally_of,
)

from cardtable.registry import get_game

GAME = get_game("bieqi")
TALLY = tally_of("bieqi")
CONFIGS = configs("bieqi")
OPTS = GAME.make_options()


def score(entry: dict[str, Any], players: int = 4, preset: str | None = None, **rules: Any) -> list[int]:
    return points(TALLY.score(entry, players, GAME.make_options(preset, rules)), players)


@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_described_hands_score_as_played(cfg: Any) -> None:
    assert check_deals("bieqi", cfg, 150) == 150


@pytest.mark.slow
@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_described_hands_score_as_played_many(cfg: Any) -> None:
    assert check_deals("bieqi", cfg, 500, seed0=10_000) == 500


def test_scenario_files() -> None:
    deals = scenario_deals("bieqi")
    assert deals, "the game has no scenario file to describe"
    for _name, state in deals:
        same_score("bieqi", state)


def test_examples() -> None:
    assert score({"out": 2, "holder": 3}) == [0, 0, 1, -1]                          # 6
    assert score({"out": 2}) == [0, 0, 1, 0]                                       # nobody holds it
    assert score({"out": 2, "holder": 3}, score_points=False) == [0, 0, 0, 0]
    live = TALLY.score({"out": 0, "holder": 1, "dead_card": "8♦"}, 4, GAME.make_options("huowang"))
    assert sorted(key(live).elements()) == [(0, 1, "bieqi:4.5"), (1, -1, "bieqi:4.7")]      # 7
    penalise = {"illegal_borrow": "allow_and_penalise"}
    assert score({"illegal_borrow": 1}, **penalise) == [0, -1, 0, 0]                 # 5
    assert score({"illegal_borrow": 1}, illegal_borrow_others_win=True, **penalise) == [1, -1, 1, 1]
    assert score({"aborted": True}) == [0, 0, 0, 0]


@pytest.mark.parametrize("entry, words", [
    ({}, ["one of the three"]),
    ({"out": 1, "aborted": True}, ["one of the three"]),
    ({"out": 1, "holder": 1}, ["holds no card"]),
    ({"out": 4, "holder": 1}, ["no seat 5"]),
    ({"illegal_borrow": 1}, ["switched off", "illegal_borrow=allow_and_penalise"]),
    ({"out": 1, "holder": 2, "dead_card": "8♦"}, ["活王", "switched off", "live_joker"]),
    ({"aborted": True, "holder": 2}, ["no winner and no loser"]),
])
def test_impossible_entries(entry: Any, words: list[str]) -> None:
    refused("bieqi", entry, 4, OPTS, *words)
