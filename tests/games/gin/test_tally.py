"""gin's tally part (games/gin/tally.py): a hand scored from its end as the players lay it out.

Random and bot-played hands of every preset and of the conformance configurations, described
and scored again, give the played items; so do the scenario files; the gin.md A.15 examples
entered by hand give the spec's own figures; every impossible entry is refused by name."""

from __future__ import annotations

import random
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

from cardtable.bots import bot_move, make_bot
from cardtable.cards import mask_json
from cardtable.melds import GIN
from cardtable.moves import Move
from cardtable.registry import get_game

GAME = get_game("gin")
TALLY = tally_of("gin")
CONFIGS = configs("gin")


def score(entry: dict[str, Any], **rules: Any) -> list[int]:
    return points(TALLY.score(entry, 2, GAME.make_options(None, rules)), 2)


@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_described_hands_score_as_played(cfg: Any) -> None:
    assert check_deals("gin", cfg, 300) == 300


@pytest.mark.slow
@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_described_hands_score_as_played_many(cfg: Any) -> None:
    assert check_deals("gin", cfg, 666, seed0=10_000) == 666


def test_scenario_files() -> None:
    deals = scenario_deals("gin")
    assert len(deals) >= 30
    for _name, state in deals:
        same_score("gin", state)


def test_named_arrangements() -> None:
    """A knocker who lays out another arrangement than the least-deadwood one (rule 20):
    random deals whose knock names a random legal arrangement score the same described."""
    compared = 0
    bot = make_bot("gin", "heuristic")
    for seed in range(200):
        rng = random.Random(seed)
        s = GAME.new_state(2, GAME.make_options(None, {"defender_auto": seed % 2 == 0}), seed=seed)
        while not s.is_over:
            seat = s.to_move()[0]
            move = bot_move(bot, s, seat, rng)
            if move.verb in ("knock", "gin"):
                move = _other_arrangement(s, seat, move, rng)
            s.apply(move, seat)
        if s.knocker >= 0:
            entry = same_score("gin", s)
            compared += "melds" in entry
    assert compared >= 20


def _other_arrangement(s: Any, seat: int, move: Move, rng: random.Random) -> Move:
    """The knock ``move`` naming a legal arrangement other than the least-deadwood one, if
    a few random tries find one."""
    rest = s.hands[seat] ^ (1 << move.cards[0])
    best = sorted(GIN.best_partition(rest).melds)
    melds = GIN.melds_in(rest)
    tries = [[g for g in best if g != drop] for drop in best]     # one meld left as deadwood
    for _try in range(20):
        groups: list[int] = []
        for m in rng.sample(melds, k=len(melds)):
            if not any(m & g for g in groups):
                groups.append(m)
        tries.append(groups)
    for groups in tries:
        named = Move("knock", move.cards, tuple(tuple(c for c in range(52) if g >> c & 1) for g in groups))
        if sorted(groups) != best and s.why_illegal(seat, named) is None:
            return named
    return move


def test_melds_given_as_the_best_arrangement_change_nothing() -> None:
    for seed in range(60):
        s = GAME.new_state(2, GAME.make_options(), seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            seat = s.to_move()[0]
            s.apply(rng.choice(s.legal_moves(seat)), seat)
        if s.knocker < 0:
            continue
        entry = TALLY.describe(s)
        entry["melds"] = [mask_json(m) for m in GIN.best_partition(s.hands[s.knocker]).melds]
        assert key(TALLY.score(entry, 2, s.options)) == key(s.score_items())


# --- gin.md A.15, entered by hand ----------------------------------------------------------

GT06 = {"knocker": 0, "hands": ["2c 3c 4c 5h 6h 7h 9s 9d 9h 6d", "8h 9c Ks Kd Kh Qs Jd 3d 2s As"]}
GT08 = {"knocker": 1, "hands": ["4c 8c 2h 3h 4h Ts Js Qs As 3s", "5c 6c 7c 8s 8h 8d Jh Qh Kh 9s"]}
GT09 = {"knocker": 0, "hands": ["As 2s 3s 4c 5c 6c 7d 8d 9d 5h", "Ks Kc Kd Qs Qc Qd Js Jc Jd 5d"]}


def test_gt06_knock_with_layoffs() -> None:
    assert score(GT06) == [20, 0]               # D = 26 after KKK and the 8h, 9c lay-offs; K = 6
    items = TALLY.score(GT06, 2, GAME.make_options())
    assert [(it.seat, it.rule) for it in items] == [(0, "gin:31")]


def test_gt06_manual_defender_who_keeps_more() -> None:
    """With ``defender_auto`` off the defender's kept cards count: he did not lay off 9c."""
    entry = GT06 | {"kept": "9c Qs Jd 3d 2s As"}
    assert score(entry, defender_auto=False) == [29, 0]        # 26 + 9 − 6
    assert score(GT06, defender_auto=False) == [20, 0]          # kept left out: his best play


def test_gt07_gin_takes_no_layoffs() -> None:
    entry = {"knocker": 1, "hands": ["7h 3h Kc Kd Ks 8c 9c Tc 2d 5d", "As 2s 3s 4h 5h 6h Jc Jd Jh Js"]}
    assert score(entry) == [0, 42]               # D = 7+3+2+5 = 17, + 25


def test_gt08_undercut() -> None:
    assert score(GT08) == [30, 0]                # 9 − 4 + 25
    assert score(GT08, undercut_bonus=10) == [15, 0]


def test_gt09_tie() -> None:
    assert score(GT09) == [0, 25]
    assert score(GT09, undercut_on_tie=False) == [0, 0]


def test_gt10_defender_lays_off_everything() -> None:
    entry = {"knocker": 0, "hands": ["As 2s 3s 4c 5c 6c 7d 8d 9d 3h", "Ks Kc Kd Qs Qc Qd Js Jc Jd 4s"]}
    assert score(entry) == [0, 28]               # K = 3, D = 0: 3 + 25


def test_gt12_dead_hand() -> None:
    items = TALLY.score({"dead": True}, 2, GAME.make_options())
    assert sorted(key(items).elements()) == [(0, 0, "gin:35"), (1, 0, "gin:35")]


def test_gt15_oklahoma() -> None:
    ok = {"oklahoma": True, "oklahoma_spade_double": True}
    entry = {"upcard": "4s", "knocker": 0, "hands": ["As 2s 3s 4c 5c 6c 7d 8d 9d 3h",
                                                     "Ks Kc Kd Qs Qc Qd 5h 5d 2h 8c"]}
    assert score(entry, **ok) == [34, 0]          # K = 3, D = 20: (20 − 3) × 2 with a spade upcard
    assert score(entry | {"upcard": "4h"}, **ok) == [17, 0]
    refused("gin", entry | {"upcard": "2h"}, 2, GAME.make_options(None, ok), "3", "knock limit 2")
    refused("gin", entry | {"upcard": "Ah"}, 2, GAME.make_options(None, ok), "only gin")


def test_gt16_big_gin() -> None:
    defender = "3c 4c 5c 6c Kc Kd Kh 8d 2h 2d"                    # D = 8 + 2 + 2 = 12
    entry = {"knocker": 0, "hands": ["As 2s 3s 4s 4h 5h 6h Jc Jd Jh Js", defender]}
    assert score(entry, big_gin=True) == [43, 0]                  # 31 + 12
    refused("gin", entry, 2, GAME.make_options(), "11 cards", "big_gin")
    off = {"knocker": 0, "hands": ["As 2s 3s 4h 5h 6h Jc Jd Jh Js", defender]}
    assert score(off) == [37, 0]                                  # gin: 25 + 12


# --- impossible entries ---------------------------------------------------------------------

OPTS = GAME.make_options()


@pytest.mark.parametrize("entry, words", [
    (["knocker", 0], ["mapping"]),
    ({"knocker": 0, "hands": GT06["hands"], "score": 3}, ["score", "no such field"]),
    ({"knocker": 2, "hands": GT06["hands"]}, ["there is no seat 3"]),
    ({"knocker": True, "hands": GT06["hands"]}, ["no seat"]),
    ({"hands": GT06["hands"]}, ["missing"]),
    ({"knocker": 0, "hands": [GT06["hands"][0]]}, ["one value per seat"]),
    ({"knocker": 0, "hands": ["2c 3c 4c 5h 6h 7h 9s 9d 9h 6d", "8h 9c Ks Kd Kh Qs Jd 3d 2s 2c"]},
     ["2♣ is entered twice", "seat 1", "seat 2"]),
    ({"knocker": 0, "hands": ["2c 3c 4c 5h 6h 7h 9s 9d 9h Xz", GT06["hands"][1]]}, ["Xz", "seat 1"]),
    ({"knocker": 0, "hands": ["2c 3c 4c 5h 6h 7h 9s 9d 9h JK", GT06["hands"][1]]}, ["JK is not in this game's pack"]),
    ({"knocker": 0, "hands": ["2c 3c 4c 5h 6h 7h 9s 9d 9h", GT06["hands"][1]]}, ["knocker shows 10 cards", "not 9"]),
    ({"knocker": 0, "hands": [GT06["hands"][0], "8h 9c Ks Kd Kh Qs Jd 3d 2s"]}, ["defender shows 10 cards, not 9"]),
    ({"knocker": 0, "hands": ["2c 3c 4c 5h 6h 7h 9s 9d Kc Qc", GT06["hands"][1]]}, ["deadwood", "knock limit 10"]),
    ({"knocker": 0, "hands": GT06["hands"], "melds": ["2c 3c 4c", "5h 6h 7h 9s"]}, ["neither a set"]),
    ({"knocker": 0, "hands": GT06["hands"], "melds": ["2c 3c 4c", "5h 6h 7h", "9s 9d 9c"]}, ["not in the hand"]),
    ({"knocker": 0, "hands": GT06["hands"], "kept": "As"}, ["switched off", "defender_auto"]),
    ({"dead": True, "knocker": 0}, ["dead hand"]),
    ({"knocker": 0, "hands": GT06["hands"], "upcard": "4s"}, ["switched off", "oklahoma"]),
])
def test_impossible_entries(entry: Any, words: list[str]) -> None:
    refused("gin", entry, 2, OPTS, *words)


def test_manual_defender_kept_cards_must_be_possible() -> None:
    manual = GAME.make_options(None, {"defender_auto": False})
    refused("gin", GT06 | {"kept": "As 2s"}, 2, manual, "can neither be melded nor laid off")
    refused("gin", GT06 | {"kept": "As 2c"}, 2, manual, "2♣", "not in the defender's hand")


def test_blank_fields_that_are_switched_off_are_no_error() -> None:
    assert score(GT06 | {"kept": None, "upcard": None, "dead": False, "melds": []}) == [20, 0]
