"""捉黑A's tally part (games/zhuoheia/tally.py): a hand scored from its finishing order and sides,
with the tribute the previous hand settled.

Random and bot-played hands of every preset at 4 and 5 players and of the conformance
configuration, described and scored again, give the played items; so do later hands of
matches (their tribute records) and the scenario files; zhuoheia.md §2.5's tribute examples
and §2.4's optional score entered by hand give the spec's figures; every impossible entry is
refused by name."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from tests.core.tally_checks import (
    check_deals,
    check_match_deals,
    config_id,
    configs,
    points,
    refused,
    same_score,
    scenario_deals,
    tally_of,
)

from cardtable.registry import get_game

GAME = get_game("zhuoheia")
TALLY = tally_of("zhuoheia")
CONFIGS = configs("zhuoheia")
OPTS = GAME.make_options()


@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_described_hands_score_as_played(cfg: Any) -> None:
    assert check_deals("zhuoheia", cfg, 100) == 100


@pytest.mark.parametrize("model", ["pairwise", "pool"])
@pytest.mark.parametrize("players", [4, 5])
def test_later_hands_with_tribute(players: int, model: str) -> None:
    assert check_match_deals("zhuoheia", (players, "scored", {"tribute_model": model}), 6, 4) == 24


@pytest.mark.slow
@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_described_hands_score_as_played_many(cfg: Any) -> None:
    assert check_deals("zhuoheia", cfg, 333, seed0=10_000) == 333
    assert check_match_deals("zhuoheia", cfg, 100, 5, seed0=10_000) >= 100


def test_scenario_files() -> None:
    deals = scenario_deals("zhuoheia")
    assert deals, "the game has no scenario file to describe"
    for _name, state in deals:
        same_score("zhuoheia", state)


def test_score_per_hand() -> None:
    scored = GAME.make_options("scored")
    assert points(TALLY.score({"order": [0, 2, 1, 3], "dealer": 0, "partner": 2}, 4, scored), 4) == [1, -1, 1, -1]
    assert points(TALLY.score({"order": [1, 0, 2, 3], "dealer": 0, "partner": 0}, 4, scored), 4) == [-1, 1, 1, 1]
    assert points(TALLY.score({"order": [1, 0, 2, 3], "dealer": 0, "partner": 2}, 4, OPTS), 4) == [0, 0, 0, 0]


def records(entry: dict[str, Any], players: int) -> dict[int, int]:
    """Tribute records per seat (a card received, a returned card taken)."""
    items = TALLY.score(entry, players, OPTS)
    return dict(Counter(it.seat for it in items if it.rule == "zhuoheia:2.3"))


def test_tribute_examples() -> None:
    now = {"order": [0, 1, 2, 3], "partner": 0}
    # 1: A alone finishes first (A, C, B, D): B, C, D give A their largest; each takes one back
    first = now | {"dealer": 0, "prev_order": [0, 2, 1, 3], "prev_dealer": 0, "prev_partner": 0}
    assert records(first, 4) == {0: 3, 1: 1, 2: 1, 3: 1}
    # 3: A and C first and second: B and D give two each (one to A, one to C) and take two back
    third = first | {"prev_partner": 2, "prev_order": [0, 2, 1, 3]}
    assert records(third, 4) == {0: 2, 1: 2, 2: 2, 3: 2}
    # 5: five players, A+C against B, D, E; order B, A, D, C, E
    fifth = {"order": [1, 0, 2, 3, 4], "dealer": 1, "partner": 1, "prev_order": [1, 0, 3, 2, 4],
             "prev_dealer": 0, "prev_partner": 2}
    assert records(fifth, 5) == {0: 3, 1: 2, 2: 3, 3: 2, 4: 2}


@pytest.mark.parametrize("entry, words", [
    ({"order": [0, 1, 2], "dealer": 0, "partner": 2}, ["every seat once"]),
    ({"order": [0, 1, 2, 3], "dealer": 4, "partner": 2}, ["庄家", "no seat 5"]),
    ({"order": [0, 1, 2, 3], "partner": 2}, ["庄家", "missing"]),
    ({"order": [0, 1, 2, 3], "dealer": 0, "partner": 2, "prev_order": [0, 1, 2, 3]}, ["previous hand needs"]),
    ({"order": [0, 1, 2, 3], "dealer": 1, "partner": 2, "prev_order": [0, 1, 2, 3], "prev_dealer": 0,
      "prev_partner": 2}, ["庄家", "first player out of the previous hand, seat 1"]),
])
def test_impossible_entries(entry: Any, words: list[str]) -> None:
    refused("zhuoheia", entry, 4, OPTS, *words)
