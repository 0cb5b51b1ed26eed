"""四百分's tally part (games/sibaifen/tally.py): a hand scored from its contract and the
declaring side's card points.

Random and bot-played hands of both presets and the conformance configuration, described and
scored again, give the played items; so do the scenario files; sibaifen.md §3.8's examples
entered by hand give the spec's figures; every impossible entry is refused by name."""

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

GAME = get_game("sibaifen")
TALLY = tally_of("sibaifen")
CONFIGS = configs("sibaifen")


def score(entry: dict[str, Any], **rules: Any) -> list[int]:
    return points(TALLY.score(entry, 4, GAME.make_options(None, rules)), 4)


@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_described_hands_score_as_played(cfg: Any) -> None:
    assert check_deals("sibaifen", cfg, 300) == 300


@pytest.mark.slow
@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_described_hands_score_as_played_many(cfg: Any) -> None:
    assert check_deals("sibaifen", cfg, 833, seed0=10_000) == 833


def test_scenario_files() -> None:
    deals = scenario_deals("sibaifen")
    assert deals, "the game has no scenario file to describe"
    for _name, state in deals:
        same_score("sibaifen", state)


def test_thrown_in_hands_score_nothing() -> None:
    for seed in range(300):
        state = GAME.new_state(4, GAME.make_options(), seed=seed)
        while not state.is_over and state.phase == "bid":
            state.apply("pass", state.to_move()[0])
        if state.thrown_in:
            assert same_score("sibaifen", state) == {"thrown_in": True}
            return
    raise AssertionError("no hand was thrown in")


def test_examples_of_3_8() -> None:
    assert score({"declarer": 0, "contract": 370, "points": 340}) == [0, 30, 0, 30]      # 2
    assert score({"declarer": 1, "contract": 300, "points": 355}) == [0, 300, 0, 300]    # 3
    assert score({"declarer": 0, "contract": 350, "points": 330}) == [0, 20, 0, 20]      # 4, kitty lost
    assert score({"declarer": 0, "contract": 350, "points": 385}) == [350, 0, 350, 0]    # 4, kitty won
    assert score({"declarer": 0, "contract": 350, "points": 385},
                 defenders_score_on_make="their_points") == [350, 15, 350, 15]
    assert score({"thrown_in": True}) == [0, 0, 0, 0]
    items = TALLY.score({"declarer": 0, "contract": 350, "points": 330, "kitty": 55, "last_trick": 1}, 4, OPTS)
    assert "kitty 55 to side of seat 1" in items[0].note
    refused("sibaifen", {"declarer": 0, "contract": 350, "points": 380, "kitty": 55, "last_trick": 1}, 4, OPTS,
            "buried cards' points", "20 points, fewer than the buried cards' 55")


OPTS = GAME.make_options()


@pytest.mark.parametrize("entry, words", [
    ({"declarer": 0, "contract": 203, "points": 300}, ["contract", "203 is not a multiple of 5"]),
    ({"declarer": 0, "contract": 405, "points": 300}, ["from 200 to 400"]),
    ({"declarer": 0, "contract": 250, "points": 401}, ["points", "from 0 to 400"]),
    ({"declarer": 0, "contract": 250, "points": 333}, ["not a multiple of 5"]),
    ({"declarer": 4, "contract": 250, "points": 300}, ["there is no seat 5"]),
    ({"declarer": 0, "points": 300}, ["contract", "missing"]),
    ({"thrown_in": True, "contract": 250}, ["thrown in has no contract"]),
])
def test_impossible_entries(entry: Any, words: list[str]) -> None:
    refused("sibaifen", entry, 4, OPTS, *words)


def test_no_hand_is_thrown_in_when_the_dealer_must_declare() -> None:
    refused("sibaifen", {"thrown_in": True}, 4, GAME.make_options("forced_dealer"), "switched off", "all_pass=redeal")
