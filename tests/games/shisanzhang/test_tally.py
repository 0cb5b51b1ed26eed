"""十三张's tally part (games/shisanzhang/tally.py): a deal scored from its showdown.

Random and bot-played deals of every preset at 2, 3 and 4 players and of the conformance
configuration, described and scored again, give the played items; so do the scenario files;
shisanzhang.md §1.7's examples entered by hand give the spec's figures; every impossible
entry (a fouling split not marked so among them) is refused by name."""

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

from cardtable.cards import parse_cards
from cardtable.registry import get_game

GAME = get_game("shisanzhang")
TALLY = tally_of("shisanzhang")
CONFIGS = configs("shisanzhang")


def score(entry: dict[str, Any], players: int, **rules: Any) -> list[int]:
    return points(TALLY.score(entry, players, GAME.make_options(None, rules)), players)


@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_described_deals_score_as_played(cfg: Any) -> None:
    assert check_deals("shisanzhang", cfg, 150) == 150


@pytest.mark.slow
@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_described_deals_score_as_played_many(cfg: Any) -> None:
    assert check_deals("shisanzhang", cfg, 500, seed0=10_000) == 500


def test_scenario_files() -> None:
    deals = scenario_deals("shisanzhang")
    assert len(deals) >= 20
    for _name, state in deals:
        same_score("shisanzhang", state)


# --- shisanzhang.md §1.7, entered by hand ---------------------------------------------------

#: ordinary opponents' rows (no special, no foul, no bonus row but the back's straight flush)
OPPONENTS = [
    ["3h 4h 6d", "2s 3s 4s 5d 7c", "5s 6s 7s 8s 9s"],
    ["3h 4h 6c", "2d 3d 4d 5c 7c", "5d 6d 7d 8d 9d"],
    ["8h 9h Jd", "8c 9c Tc Jc Kd", "Ac Ad Ah As Qc"],
    ["2d 3d 6h", "4d 6d 7h 8h Tc", "Td Jd Qd Kd Ad"],
    ["2c 2d 4c", "6s 6h 9c 9d Ks", "Kh Kc Qh Qd 8d"],
    ["3c 4c 6c", "2s 3s 4s 5c 7c", "5s 6s 7s 8s 9s"],
]


def opponent(hand: str) -> list[str]:
    """The first ordinary opponent sharing no card with ``hand``."""
    mine = set(parse_cards(hand))
    return next(o for o in OPPONENTS if not mine & set(parse_cards(" ".join(o))))


@pytest.mark.parametrize("name, hand, pts", [
    ("hualong", "SA HK SQ SJ ST S9 S8 S7 S6 S5 S4 S3 S2", 130),                 # 2
    ("sangesitong", "SA HA DA CA SK HK DK CK SQ HQ DQ CQ H2", 100),             # 3
    ("sigesantong", "SA HA DA SK HK DK SQ HQ DQ SJ HJ DJ C9", 80),              # 4
    ("liuduiban", "S2 H2 S3 D3 C4 H4 S5 H5 C6 D6 S7 H7 SK", 60),                # 5
    ("quanhong", "H2 D2 H5 D5 H9 DJ HK DK H3 D7 H8 DT HQ", 50),                 # 6
    ("quanxiao", "S2 H2 C2 D3 S4 H5 C6 D7 S8 H3 C4 D5 S6", 40),                 # 7
    ("santonghua", "H2 H5 H9 S2 S6 S8 SJ SK C4 C7 C9 CQ CA", 30),               # 8
    ("sanshun", "S3 H4 D5 C3 S4 H5 D6 C7 S8 H9 DT CJ SQ", 30),                  # 9
])
def test_special_hands(name: str, hand: str, pts: int) -> None:
    entry = {"special": [name, None], "hand": [hand, None], "rows": [None, opponent(hand)]}
    assert score(entry, 2) == [pts, -pts]


def test_1_qinglong_against_three() -> None:
    rows = [[f"2{s} 3{s} 4{s}", f"5{s} 6{s} 7{s} 8{s} 9{s}", f"T{s} J{s} Q{s} K{s} A{s}"] for s in "hdc"]
    entry = {"special": ["qinglong", None, None, None], "hand": ["SA SK SQ SJ ST S9 S8 S7 S6 S5 S4 S3 S2"] + [None] * 3,
             "rows": [None, *rows]}
    assert score(entry, 4) == [600, -200, -200, -200]
    # declared under a lower name, it still scores as the highest it fits (Clarifications)
    assert score(entry | {"special": ["quanhei", None, None, None]}, 4) == [600, -200, -200, -200]


def test_10_rows_with_bonuses() -> None:
    entry = {"rows": [["SQ HQ CQ", "S2 H2 D2 C2 D9", "H3 H4 H5 H6 H7"],
                      ["SJ HT D7", "SK DK CK S8 H8", "CA DA HA S9 C9"]]}
    assert score(entry, 2) == [160, -160]                        # 30 + 80 + 50


P3 = ["SK HK D4", "S5 H5 C9 DJ S2", "S3 H8 C7 D8 ST"]          # pair K over pair 5: 倒水


def test_11_foul() -> None:
    plain = {"rows": [P3, ["C3 D5 H7", "S6 H6 D6 CT SJ", "SA HA DA CK CQ"]], "fouled": [True, False]}
    assert score(plain, 2) == [-30, 30]
    trips = {"rows": [P3, ["C3 D3 H3", "S6 H6 D6 CT SJ", "SA HA DA CK CQ"]], "fouled": [True, False]}
    assert score(trips, 2) == [-50, 50]                          # 30 + 10 + 10
    assert score(trips, 2, foul_pays_bonuses=False) == [-30, 30]


def test_12_tied_rows_pay_nothing() -> None:
    entry = {"rows": [["SA SK SQ", "2s 2h 4d 5c 7s", "8s 8h Td Jc 6s"],
                      ["DA DK DQ", "2d 2c 4s 5h 7h", "8d 8c Ts Jh 6h"]]}
    assert score(entry, 2) == [0, 0]


def test_13_special_against_special() -> None:
    entry = {"special": ["liuduiban", "santonghua", None],
             "hand": ["S2 H2 S3 D3 C4 H4 S5 H5 C6 D6 S7 H7 SK", "D8 D9 DJ C2 C3 C5 C8 C9 S4 S6 S8 S9 SJ", None],
             "rows": [None, None, ["HA HK HQ", "DA DK DQ CJ CT", "H3 H6 H8 H9 HT"]]}
    assert score(entry, 3) == [120, -30, -90]
    assert score(entry, 3, special_vs_special="net_difference") == [90, 0, -90]


# --- impossible entries ---------------------------------------------------------------------

OPTS = GAME.make_options()
GOOD = {"rows": [["SQ HQ CQ", "S2 H2 D2 C2 D9", "H3 H4 H5 H6 H7"], ["SJ HT D7", "SK DK CK S8 H8", "CA DA HA S9 C9"]]}
LIU = "S2 H2 S3 D3 C4 H4 S5 H5 C6 D6 S7 H7 SK"


@pytest.mark.parametrize("entry, words", [
    ({"rows": [GOOD["rows"][0], ["SJ HT D7", "SK DK CK S8 H8", "CA DA HA S9 SQ"]]}, ["Q♠ is entered twice", "seat 2"]),
    ({"rows": [["SQ HQ CQ D9", "S2 H2 D2 C2", "H3 H4 H5 H6 H7"], GOOD["rows"][1]]},
     ["first row", "takes 3 cards, not 4"]),
    ({"rows": [GOOD["rows"][0][:2], GOOD["rows"][1]]}, ["3 rows of 3, 5, 5 cards"]),
    ({"rows": [P3, GOOD["rows"][1]]}, ["seat 1", "foul", "mark them fouled"]),
    ({"rows": GOOD["rows"], "fouled": [True, False]}, ["marked fouled", "do not foul"]),
    ({"rows": [GOOD["rows"][0], None]}, ["seat 2", "missing"]),
    ({"special": ["hualong", None], "hand": [LIU, None], "rows": [None, GOOD["rows"][1]]},
     ["not hualong", "it fits: liuduiban"]),
    ({"special": ["liuduiban", None], "hand": [LIU[:-3], None], "rows": [None, GOOD["rows"][1]]},
     ["13 cards, not 12"]),
    ({"special": ["dragon", None], "hand": [LIU, None], "rows": [None, GOOD["rows"][1]]}, ["dragon", "is not one of"]),
    ({"special": ["liuduiban", None], "hand": [LIU, None], "rows": [["S2 H2 S3", "D3 C4 H4 S5 H5", "C6 D6 S7 H7 SK"],
                                                                  GOOD["rows"][1]]}, ["shows no rows"]),
    ({"special": ["liuduiban", None], "hand": [LIU, None], "rows": [None, GOOD["rows"][1]], "fouled": [True, False]},
     ["cannot foul"]),
    ({"rows": GOOD["rows"], "hand": [LIU, None]}, ["only with a declared special"]),
    ({"rows": GOOD["rows"], "special": ["liuduiban"]}, ["one value per seat (2 in all)"]),
])
def test_impossible_entries(entry: Any, words: list[str]) -> None:
    refused("shisanzhang", entry, 2, OPTS, *words)


def test_a_special_hand_must_be_declared_when_auto_declare_is_on() -> None:
    rows = {"rows": [["S2 H2 S3", "D3 C4 H4 S5 H5", "C6 D6 S7 H7 SK"], opponent(LIU)]}
    assert sum(score(rows, 2)) == 0                 # arranged as rows it may be, without the option
    refused("shisanzhang", rows, 2, GAME.make_options(None, {"auto_declare_special": True}), "declare it")
