"""Remik's tally part (games/remik/tally.py): a deal scored from its end as the players see it.

Random and bot-played deals of every preset at 2, 4 and 6 players and of the conformance
configurations (375 in the quick run, 13,200 in the slow one), described and scored again, give the played items;
so do the scenario files; remik.md B.12's scoring examples entered by hand give the spec's
figures; every impossible entry is refused by name."""

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

GAME = get_game("remik")
TALLY = tally_of("remik")
QUICK = configs("remik", players=(2, 4, 6))
SLOW = configs("remik")


def score(entry: dict[str, Any], players: int, **rules: Any) -> list[int]:
    return points(TALLY.score(entry, players, GAME.make_options(None, rules)), players)


@pytest.mark.parametrize("cfg", QUICK, ids=config_id)
def test_described_deals_score_as_played(cfg: Any) -> None:
    assert check_deals("remik", cfg, 25, bot_share=2) == 25


@pytest.mark.slow
@pytest.mark.parametrize("cfg", SLOW, ids=config_id)
def test_described_deals_score_as_played_many(cfg: Any) -> None:
    assert check_deals("remik", cfg, 100, seed0=10_000) == 100


def test_scenario_files() -> None:
    deals = scenario_deals("remik")
    assert len(deals) >= 10
    for _name, state in deals:
        same_score("remik", state)


# --- remik.md B.12, entered by hand ---------------------------------------------------------

def test_rm01_and_rm20_hand_values() -> None:
    assert score({"went_out": 0, "hand": ["", "A♠ JK 5♦"], "opened": [True, True]}, 2) == [0, 36]
    entry = {"went_out": 0, "hand": ["", "JK A♦", "2♣", "3♣"], "opened": [True, True, True, True]}
    assert score(entry, 4)[1] == 31


def test_rm02_to_rm04_never_opened() -> None:
    ninety = "K♠ K♥ K♦ K♣ Q♠ Q♥ Q♦ Q♣ J♠"                     # 90
    assert score({"went_out": 0, "hand": ["", ninety], "opened": [True, False]}, 2) == [0, 50]
    three = {"went_out": 0, "hand": ["", ninety, "10♠ 10♥"], "opened": [True, False, False]}
    assert score(three, 3) == [0, 100, 45]
    four = {"went_out": 0, "hand": ["", "10♠ 2♥", "K♠ K♥ K♦ 7♣", "K♣ Q♠ Q♥ Q♦ Q♣ J♠"],
            "opened": [True, True, True, False]}
    assert score(four, 4) == [0, 12, 37, 85]
    four["hand"][3] = "K♣ Q♠ Q♥ Q♦ Q♣ J♠ 10♥ 10♦"              # 80 → 105 → capped at 100
    assert score(four, 4)[3] == 100


def test_rm05_to_rm07_remik_z_reki() -> None:
    entry = {"went_out": 0, "from_hand": True, "hand": ["", "2♣", "3♦ 4♦"], "opened": [True, False, False]}
    assert score(entry, 3) == [0, 200, 200]
    assert score({"went_out": 0, "from_hand": True, "hand": ["", "2♣"], "opened": [True, False]}, 2) == [0, 200]
    not_from_hand = {"went_out": 0, "hand": ["", "10♠ 2♥", "K♠ K♥ 10♦ 10♣"], "opened": [True, True, False]}
    assert score(not_from_hand, 3) == [0, 12, 65]
    refused("remik", not_from_hand | {"from_hand": True}, 3, GAME.make_options(), "no opponent had opened",
            "seat 2 had")


def test_rm08_rm09_blocked() -> None:
    entry = {"blocked": True, "hand": ["10♠ 4♥", "9♣", "K♠ K♥ 5♦ 5♣"], "opened": [True, True, False]}
    assert score(entry, 3) == [14, 0, 55]
    ties = {"blocked": True, "hand": ["9♠", "9♥", "K♠ K♥"], "opened": [True, True, True]}
    assert score(ties, 3) == [0, 0, 20]


# --- impossible entries ---------------------------------------------------------------------

OPTS = GAME.make_options()
BASE = {"went_out": 0, "hand": ["", "A♠ JK 5♦"], "opened": [True, True]}


@pytest.mark.parametrize("entry, words", [
    ({"hand": ["", "A♠"], "opened": [True, True]}, ["who went out", "blocked"]),
    (BASE | {"blocked": True}, ["one of the two"]),
    (BASE | {"hand": ["2♣", "A♠ JK 5♦"]}, ["seat 1", "holds no cards"]),
    (BASE | {"hand": ["", ""]}, ["seat 2", "at least one card"]),
    (BASE | {"hand": ["", "7♥ 7♥ 7♥"]}, ["7♥ is entered more than 2 times"]),
    (BASE | {"hand": ["", "JK JK JK JK JK"]}, ["JK is entered more than 4 times"]),
    (BASE | {"hand": ["", "BJ"]}, ["BJ is not in this game's pack"]),
    (BASE | {"went_out": 5}, ["there is no seat 6"]),
    (BASE | {"opened": [True]}, ["one value per seat"]),
    (BASE | {"from_hand": "yes"}, ["yes or no"]),
    ({"blocked": True, "from_hand": True, "hand": ["A♠", "2♠"], "opened": [False, False]},
     ["needs a player who went out"]),
])
def test_impossible_entries(entry: Any, words: list[str]) -> None:
    refused("remik", entry, 2, OPTS, *words)


def test_two_copies_of_a_card_are_two_cards() -> None:
    assert score(BASE | {"hand": ["", "7♥ 7♥"]}, 2) == [0, 14]
    assert score(BASE | {"hand": ["", "JK JK JK JK JK JK"]}, 2, num_jokers=6) == [0, 120]
