"""五十一分's tally part (games/wushiyifen/tally.py): a deal scored from the hands shown at its end.

Random and bot-played deals of both presets at 2 to 5 players and of the conformance
configuration, described and scored again, give the played items; so do the scenario files;
wushiyifen.md §5.7's examples 5–10 entered by hand give the spec's figures; every impossible
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

GAME = get_game("wushiyifen")
TALLY = tally_of("wushiyifen")
CONFIGS = configs("wushiyifen")
OPTS = GAME.make_options()


def score(entry: dict[str, Any], players: int = 4, **rules: Any) -> list[int]:
    return points(TALLY.score(entry, players, GAME.make_options(None, rules)), players)


@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_described_deals_score_as_played(cfg: Any) -> None:
    assert check_deals("wushiyifen", cfg, 200) == 200


@pytest.mark.slow
@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_described_deals_score_as_played_many(cfg: Any) -> None:
    assert check_deals("wushiyifen", cfg, 666, seed0=10_000) == 666


def test_scenario_files() -> None:
    deals = scenario_deals("wushiyifen")
    assert deals, "the game has no scenario file to describe"
    for _name, state in deals:
        same_score("wushiyifen", state)


def hidden(d: str, c: str | None) -> dict[str, Any]:
    """D is seat 0, C seat 2."""
    entry: dict[str, Any] = {"declarer": 0, "kind": "hidden", "hands": [d, None, c, None]}
    return entry | ({"challenger": 2} if c else {})


def test_examples_5_to_7_hidden() -> None:
    assert score(hidden("SA SK SQ S9 S2", "HA HK HQ HJ H9")) == [0, 0, 100, 0]     # 5
    assert score(hidden("DA DK DQ DJ D7", "CA CK CQ CJ C5")) == [94, 0, 0, 0]      # 6
    assert score(hidden("HA HK HQ H9 H5", None)) == [45, 0, 0, 0]                  # 7


def test_example_8_open() -> None:
    entry = {"declarer": 0, "kind": "open", "hands": ["SA SK SQ S8 S5", None, "HA HK HQ HJ H5", None]}
    assert score(entry) == [0, 0, 46, 0]
    entry["hands"][2] = "HA HK HQ H8 H5"
    assert score(entry) == [44, 0, 44, 0]


def test_example_9_purity_breaks_a_tie() -> None:
    assert score(hidden("SA SK SQ BJ LJ", "HA HK HQ HJ HT")) == [0, 0, 102, 0]


def test_example_10_void() -> None:
    assert score({"void": True}) == [0, 0, 0, 0]


@pytest.mark.parametrize("entry, words", [
    (hidden("SA SK SQ S9", "HA HK HQ HJ H9"), ["seat 1", "5 cards, not 4"]),
    (hidden("SA SK SQ S9 S2", "HA HK HQ HJ SA"), ["A♠ is entered twice"]),
    (hidden("SA SK SQ S9 H2", "HA HK HQ HJ H9"), ["not a flush"]),
    (hidden("S2 S3 S4 S5 S6", "HA HK HQ HJ H9"), ["worth 20", "needs 41"]),
    (hidden("SA SK SQ S9 S2", None) | {"hands": ["SA SK SQ S9 S2", None, "HA HK HQ HJ H9", None]},
     ["no challenger"]),
    (hidden("SA SK SQ S9 S2", "HA HK HQ HJ H9") | {"challenger": 0}, ["does not challenge himself"]),
    ({"declarer": 0, "kind": "open", "hands": ["SA SK SQ S8 S5", None, "HA HK HQ H8 H4", None]},
     ["seat 3", "beats or ties"]),
    ({"declarer": 0, "kind": "open", "challenger": 2, "hands": ["SA SK SQ S8 S5", None, None, None]},
     ["only a hidden declaration"]),
    ({"declarer": 0, "kind": "both", "hands": ["SA SK SQ S8 S5", None, None, None]}, ["is not one of: open, hidden"]),
    ({"declarer": 0, "kind": "open"}, ["declarer's hand is missing"]),
    ({"void": True, "declarer": 1}, ["void deal"]),
])
def test_impossible_entries(entry: Any, words: list[str]) -> None:
    refused("wushiyifen", entry, 4, OPTS, *words)
