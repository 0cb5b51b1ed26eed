"""Dummy's tally part (games/dummy/tally.py): a hand scored from its end as the table shows it,
with the penalties called during it.

Random and bot-played hands of both presets at 2, 3 and 4 players and of the conformance
configurations, described and scored again, give the played items; so do the scenario
files; dummy.md §7's scoring examples entered by hand give the spec's figures; every
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

GAME = get_game("dummy")
TALLY = tally_of("dummy")
CONFIGS = configs("dummy")

#: scenario files that set up a table no real hand reaches (empty hands dealt to the others)
UNREAL = {"T31f_knock_card_no_mee"}


def score(entry: dict[str, Any], players: int = 4, preset: str | None = None, **rules: Any) -> list[int]:
    return points(TALLY.score(entry, players, GAME.make_options(preset, rules)), players)


@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_described_hands_score_as_played(cfg: Any) -> None:
    assert check_deals("dummy", cfg, 150) == 150


@pytest.mark.slow
@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_described_hands_score_as_played_many(cfg: Any) -> None:
    assert check_deals("dummy", cfg, 416, seed0=10_000) == 416


def test_scenario_files() -> None:
    compared = 0
    for name, state in scenario_deals("dummy"):
        if name.split("[")[0] in UNREAL:
            continue
        same_score("dummy", state)
        compared += 1
    assert compared >= 20


# --- dummy.md §7, entered by hand ------------------------------------------------------------

def t35(**extra: Any) -> dict[str, Any]:
    """T35: A knocks with 4♠; B and C tabled, D is dark."""
    return {"knocker": 0, "knock_card": "4♠", "head": "6♦",
            "tabled": ["7♥ 8♥ 9♥ 10♥ K♣ K♦ K♥", "2♣ 3♣ 4♣", "6♦ 6♠ 6♣", ""],
            "hand": ["", "A♦ 9♠ 3♠ 5♥", "Q♠ 2♥ 7♣ 10♦", "3♥ 5♦ 10♣ J♦ 4♥ 8♣ K♠"]} | extra


def test_t35_full_normal_knock() -> None:
    assert score(t35()) == [110, 30, -10, -100]
    assert score(t35(), speto_in_hand_multiplier=2) == [110, 30, -60, -100]
    assert score(t35(), dark_minus=False) == [110, 30, -10, -50]


def test_t41_stock_exhaustion() -> None:
    entry = {"head": "A♣", "tabled": ["9♠ 10♠ J♠", ""],
             "hand": ["3♦ 4♣ 6♦ 7♠ 8♦ 2♥ 5♣ Q♦", "K♥ K♠ 2♦ 6♣ 8♥ 3♠ 4♥ 7♦ 9♥ J♣ 5♠"]}
    assert score(entry, 2) == [-20, -70]
    assert score(entry, 2, dark_minus_on_stock_out=True) == [-20, -140]


def t14(card: str, **extra: Any) -> dict[str, Any]:
    # T = 15 as in T14, from a set: a run of one suit would make a colour knock (B21)
    return {"knocker": 0, "knock_card": card, "head": "5♣", "tabled": ["7♥ 7♠ 7♣", "", "", ""],
            "hand": ["", "2♥", "3♥", "4♥"]} | extra


def test_t14_knock_card_options() -> None:
    assert score(t14("Q♠"))[0] == 165                               # O1: 15 + 100 + 50
    assert score(t14("Q♠"), opt_knock_speto_100=False)[0] == 115     # face value 50
    assert score(t14("7♦", knock_card_fits=True))[0] == 165          # O2: 4♦5♦6♦ on the table
    assert score(t14("7♦"), opt_knock_layoff_100=False)[0] == 70
    assert score(t14("Q♠", knock_card_fits=True))[0] == 165          # O1 + O2: 100, not 200


def test_t33_fool_discard_and_dark_knock() -> None:
    entry = {"knocker": 2, "knock_card": "K♦", "dark": True, "head": "A♣",
             "tabled": ["", "", "8♣ 8♦ 8♥ 4♠ 5♠ 6♠ 7♠", ""], "hand": ["2♥", "3♥", "", "4♥"],
             "penalties": [{"rule": "dummy:P1", "seat": 1}]}
    assert score(entry)[1:3] == [-10 - 50, 190]                      # B: dark minus 2 × 5, then P1


def test_t36_to_t38_multipliers() -> None:
    rest = {"head": "A♣", "hand": ["", "2♥", "3♥", "4♥"]}
    dark = {"knocker": 0, "dark": True, "knock_card": "K♦", "tabled": ["3♥ 4♥ 5♥ 6♥ 9♣ 9♦ 9♠", "", "", ""]}
    assert score(dark | rest | {"hand": ["", "2♥", "7♥", "4♦"]})[0] == 190          # T36
    colour = {"knocker": 0, "knock_card": "9♥", "tabled": ["5♠ 6♠ 7♠ 8♠ 2♠ 3♠ 4♠", "", "", ""]}
    assert score(colour | rest)[0] == 180                                             # T37
    mixed = colour | {"tabled": ["5♠ 6♠ 7♠ 8♠ 2♠ 3♠ 4♠ 7♦", "", "", ""]}
    assert score(mixed | rest)[0] == 95
    both = {"knocker": 0, "dark": True, "knock_card": "6♣", "tabled": ["2♦ 3♦ 4♦ 5♦ 9♦ 10♦ J♦", "", "", ""]}
    assert score(both | rest)[0] == 400                                               # T38


def test_t39_penalties_are_not_multiplied() -> None:
    entry = {"knocker": 0, "dark": True, "knock_card": "2♦", "head": "A♣",
             "tabled": ["3♥ 4♥ 5♥ 6♥ 9♣ 9♦ 9♠", "", "", ""], "hand": ["", "2♥", "7♥", "3♠ 4♦ 8♣ 10♦ 5♠"],
             "penalties": [{"rule": "dummy:O3", "seat": 0}, {"rule": "dummy:O4", "seat": 3}]}
    got = score(entry)
    assert got[0] == 130 and got[3] == -110
    assert score(entry, multiplier_applies_to_penalties=True)[0] == 130 - 50     # B24 option


def test_penalty_events_may_name_their_card_and_who_profited() -> None:
    entry = t35(penalties=[{"rule": "dummy:O9", "seat": 1, "against": 3, "card": "2♣"},
                           {"rule": "dummy:O3", "seat": 2, "card": "J♦"}])
    items = [it for it in TALLY.score(entry, 4, OPTS) if it.rule in ("dummy:O9", "dummy:O3")]
    assert [(it.seat, it.points, [str(c) for c in it.cards]) for it in items] == [(1, -50, ["2♣"]), (2, -50, ["J♦"])]
    assert items[0].note.startswith("seat 3 laid 2♣ off")
    refused("dummy", t35(penalties=[{"rule": "dummy:O3", "seat": 2, "card": "J♦ Q♦"}]), 4, OPTS, "one card, not 2")


def test_head_value_modes() -> None:
    """T15: the head Q♠ melded by C is worth 100 (replace), 50 (off), 150 (add)."""
    entry = {"head": "Q♠", "tabled": ["", "", "J♠ Q♠ K♠", ""], "hand": ["2♥", "3♥", "4♥", "5♥"]}
    assert score(entry)[2] == 120 - 5                    # C still holds 4♥
    assert score(entry, head_value_mode="add")[2] == 170 - 5
    assert score({k: v for k, v in entry.items() if k != "head"}, head_value_mode="off")[2] == 70 - 5


# --- impossible entries ---------------------------------------------------------------------

OPTS = GAME.make_options()
CLASSIC = GAME.make_options("classic")


@pytest.mark.parametrize("entry, words", [
    (t35(tabled=["7♥ 8♥ 9♥ 10♥ K♣ K♦ K♥", "2♣ 3♣ 4♣", "6♦ 6♠ 6♣", "K♣"]), ["K♣ is entered twice", "seat 1"]),
    (t35(hand=["2♦", "A♦ 9♠ 3♠ 5♥", "Q♠ 2♥ 7♣ 10♦", "3♥ 5♦ 10♣ J♦ 4♥ 8♣ K♠"]), ["knocker holds no card"]),
    (t35(knock_card=None), ["knock card", "missing"]),
    (t35(knock_card="4♠ 5♠"), ["one card, not 2"]),
    (t35(knocker=None), ["nobody knocked"]),
    (t35(knocker=4), ["there is no seat 5"]),
    (t35(hand=["", "A♦ 9♠ 3♠ 5♥", "Q♠ 2♥ 7♣ 10♦", ""]), ["seat 4", "keeps at least one card"]),
    (t35(tabled=["7♥ 8♥", "2♣ 3♣ 4♣", "6♦ 6♠ 6♣", ""]), ["meld of his own"]),
    (t35(penalties=[{"rule": "dummy:O5", "seat": 1}]), ["dummy:O5", "is not one of"]),
    (t35(penalties=[{"rule": "dummy:O3", "seat": 9}]), ["there is no seat 10"]),
    (t35(penalties=[{"rule": "dummy:O3"}]), ["a penalty is"]),
    (t35(penalties=[{"rule": "dummy:P1", "seat": 1}]), ["P1", "just before the knocker"]),
    (t35(tabled=["7♥ 8♥ 9♥ 10♥ K♣ K♦ K♥", "2♣ 3♣ 4♣", "6♦ 6♠ 6♣"]), ["one value per seat (4 in all)"]),
    (t35(hand=["", "A♦ 9♠ 3♠ 5♥", "Q♠ 2♥ 7♣ 10♦", "3♥ 5♦ 10♣ J♦ 4♥ 8♣ LJ"]), ["LJ is not in this game's pack"]),
    (t35(dark="yes"), ["yes or no"]),
])
def test_impossible_entries(entry: Any, words: list[str]) -> None:
    refused("dummy", entry, 4, OPTS, *words)


def test_penalties_the_options_switch_off() -> None:
    entry = {k: v for k, v in t35().items() if k != "head"}
    refused("dummy", entry | {"penalties": [{"rule": "dummy:O3", "seat": 1}]}, 4, CLASSIC,
            "dummy:O3", "switched off", "opt_ting_mee")
    refused("dummy", t35(), 4, CLASSIC, "head card", "switched off", "head_value_mode")
    refused("dummy", entry | {"knock_card_fits": True}, 4, CLASSIC, "switched off", "opt_knock_layoff_100")
    refused("dummy", t35(showed_spetos=[True, False, False, False]), 4, OPTS, "switched off", "show_speto_bonus")
    assert score(entry, preset="classic") == [110, 30, 15 - 70, -100]    # the head 6♦ at face value
