"""shared/contracts/scenario.md, rule by rule, on the core test game ``toy`` ("high card").

Each test names the line of the contract it checks.  The toy game: 2–3 players, three cards
each from one 52-card pack, the rest is the stock; one ``play <card>`` per turn in seat
order; the highest rank total wins the others' totals (rule ``toy:1``); a match ends when a
total reaches ``target`` (end item ``toy:2``).
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import cardtable
from cardtable import scenario
from cardtable.cards import card_str, make_pack
from cardtable.errors import ScenarioError

HANDS = [["2s", "9h", "Kd"], ["As", "3c", "Qh"]]
MOVES = ["play 9h", "play As", "play 2s", "play 3c", "play Kd", "play Qh"]   # 0 wins 16


def full_deal(hands: list[list[str]] = HANDS, **extra: Any) -> dict[str, Any]:
    used = {card_str(cardtable.cards.parse_card(t)) for h in hands for t in h}
    return {"hands": hands, "stock": [card_str(c) for c in make_pack() if card_str(c) not in used],
            "dealer": 0, **extra}


def deal_file(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"game": "toy", "players": 2, "deal": full_deal(), "moves": list(MOVES)}
    data.update(changes)
    return data


def diffs(data: dict[str, Any]) -> list[str]:
    return scenario.check(scenario.replay(data))


def field_of(data: dict[str, Any]) -> str:
    with pytest.raises(ScenarioError) as e:
        scenario.replay(data)
    return e.value.field


# --- `game`, `players` required; `preset` and `rules` optional -------------------------------

def test_game_players_preset_rules_fields_are_named() -> None:
    assert field_of({"players": 2, "seed": 1}) == "game"
    assert field_of({"game": "toy", "seed": 1}) == "players"
    assert field_of(deal_file(game="nosuch")) == "game"
    assert field_of(deal_file(players=5)) == "players"
    assert field_of(deal_file(players=True)) == "players"
    assert field_of(deal_file(preset="classic")) == "preset"
    assert field_of(deal_file(preset=["x"])) == "preset"
    assert field_of(deal_file(rules={"hand_sise": 2})) == "rules"
    assert field_of(deal_file(rules=[1])) == "rules"
    # rules apply (keys exactly as in the options): two cards each, so four moves end it
    two = deal_file(rules={"hand_size": 2}, deal=full_deal([["2s", "9h"], ["As", "3c"]]),
                    moves=MOVES[:4], expect={"over": True, "scores": [4, -4]})
    assert diffs(two) == []


# --- either `seed` or `deal` ------------------------------------------------------------------

def test_seed_replays_the_engine_shuffle() -> None:
    r = scenario.replay({"game": "toy", "players": 2, "seed": 42, "moves": []})
    assert r.state.deal.to_json() == cardtable.new_game("toy", seed=42).deal.to_json()
    assert field_of({"game": "toy", "players": 2}) == "deal"
    assert field_of({"game": "toy", "players": 2, "seed": 1, "deal": full_deal()}) == "deal"
    assert field_of({"game": "toy", "players": 2, "seed": "1"}) == "seed"


def test_deal_keeps_the_written_order() -> None:
    """hands in seat order, stock top card first, discard bottom card first."""
    deal = full_deal()
    r = scenario.replay(deal_file(deal=deal, moves=[]))
    written = r.state.deal.to_json()
    assert written["hands"] == [["2♠", "9♥", "K♦"], ["A♠", "3♣", "Q♥"]]
    assert written["stock"] == [card_str(cardtable.cards.parse_card(t)) for t in deal["stock"]]


def test_cards_missing_duplicated_or_foreign_are_rejected_with_a_message() -> None:
    short = full_deal()
    short["stock"] = short["stock"][:-3]
    with pytest.raises(ScenarioError, match=r"3 cards of the pack are not dealt \(.*\); this game keeps"):
        scenario.replay(deal_file(deal=short))
    dup = full_deal()
    dup["stock"] = dup["stock"][:-1] + ["2♠"]
    with pytest.raises(ScenarioError, match="card 2♠ appears 2 times; the pack has 1"):
        scenario.replay(deal_file(deal=dup))
    joker = full_deal()
    joker["stock"] = joker["stock"][:-1] + ["BJ"]
    with pytest.raises(ScenarioError, match="card BJ is not in this game's pack"):
        scenario.replay(deal_file(deal=joker))
    # a misspelt key holding the missing cards is pointed at
    typo = full_deal()
    typo["stok"] = typo.pop("stock")
    with pytest.raises(ScenarioError, match="the deal key 'stok' is not one this game reads cards from"):
        scenario.replay(deal_file(deal=typo))


def test_game_card_keys_and_copies_in_reading_order() -> None:
    """A game's own card keys (``kitty``) are parsed; repeated tokens of a two-pack game get
    successive copies in reading order: hands, stock, discard, then the game's keys."""
    from cardtable.deal import Deal
    pack = make_pack(packs=2)
    data = {"hands": [["7h"], ["7h"]], "stock": [], "discard": [], "kitty": ["7h"]}
    with pytest.raises(ScenarioError, match="card 7♥ appears 3 times; the pack has 2"):
        Deal.from_json(data, 2, pack, card_keys=("kitty",), allow_missing=True)
    data["kitty"] = ["8h", "8h"]
    d = Deal.from_json(data, 2, pack, card_keys=("kitty",), allow_missing=True)
    assert [c.copy for h in d.hands for c in h] == [0, 1]
    assert [c.copy for c in d.extra["kitty"]] == [0, 1]
    assert d.to_json()["kitty"] == ["8♥", "8♥"]
    assert Deal.from_json(d.to_json(), 2, pack, ("kitty",), True).all_cards() == d.all_cards()


@pytest.mark.parametrize("dealer", [2, -1, "0", None, True])
def test_dealer_and_starter_must_be_seats(dealer: Any) -> None:
    assert field_of(deal_file(deal=full_deal(dealer=dealer))) == "deal.dealer"
    assert field_of(deal_file(deal=full_deal(starter=dealer))) == "deal.starter"


# --- `moves`, and the seat prefix "2: <move>" -----------------------------------------------

def test_seat_prefix_is_always_accepted() -> None:
    moves = [f"{i % 2}: {m}" for i, m in enumerate(MOVES)]
    assert diffs(deal_file(moves=moves, expect={"over": True, "scores": [16, -16]})) == []
    r = scenario.replay(deal_file(moves=["1: play As"]))
    assert r.error is not None and r.error.index == 0 and "not seat 2's turn" in r.error.why   # from 1
    r = scenario.replay(deal_file(moves=["7: play 9h"]))
    assert r.error is not None and "no seat 7" in r.error.why


def test_moves_must_be_texts() -> None:
    assert field_of(deal_file(moves="play 9h")) == "moves"
    assert field_of(deal_file(moves=["play 9h", 3])) == "moves[1]"


# --- a match: `deals` --------------------------------------------------------------------------

def match_file(**changes: Any) -> dict[str, Any]:
    d = full_deal()
    data: dict[str, Any] = {"game": "toy", "players": 2, "rules": {"target": 40},
                            "deals": [{"deal": d, "moves": MOVES}, {"deal": d, "moves": MOVES}]}
    data.update(changes)
    return data


def test_match_scores_are_the_totals() -> None:
    data = match_file(expect={"scores": [32, -32], "over": False})
    assert diffs(data) == []
    data["rules"] = {"target": 30}
    data["expect"] = {"scores": [42, -32], "over": True, "winner": 0, "items": [{"rule": "toy:2"}]}
    assert diffs(data) == []


def test_match_error_at_is_deal_and_move() -> None:
    data = match_file()
    data["deals"][1] = {"deal": full_deal(), "moves": MOVES[:2] + ["play 9h"]}
    data["expect"] = {"error_at": {"deal": 1, "move": 2}}
    r = scenario.replay(data)
    assert r.error is not None and (r.error.deal, r.error.index) == (1, 2)
    assert r.to_json()["error"] == {"index": 2, "move": "play 9h", "why": "9♥ is not in your hand",
                                    "deal": 1}
    assert scenario.check(r) == []
    data["expect"] = {"error_at": {"deal": 0, "move": 2}}
    assert scenario.check(scenario.replay(data)) == [
        "expected the first illegal move at {'deal': 0, 'move': 2}, got {'deal': 1, 'move': 2} "
        "('play 9h': 9♥ is not in your hand)"]
    data["expect"] = {"error_at": 2}
    assert field_of(data) == "expect.error_at"
    assert field_of(deal_file(expect={"error_at": {"deal": 0, "move": 1}})) == "expect.error_at"
    assert field_of(deal_file(expect={"error_at": True})) == "expect.error_at"


def test_match_deals_by_seed_are_deterministic() -> None:
    data = {"game": "toy", "players": 2, "rules": {"target": 500},
            "deals": [{"deal": full_deal(), "moves": MOVES}, {"seed": 11, "moves": []}]}
    a, b = scenario.replay(copy.deepcopy(data)), scenario.replay(copy.deepcopy(data))
    assert a.state.deal.to_json() == b.state.deal.to_json()
    data["deals"][1]["seed"] = 12
    c = scenario.replay(data)
    assert c.state.deal.to_json()["hands"] != a.state.deal.to_json()["hands"]
    first = {"game": "toy", "players": 2, "deals": [{"seed": 11, "moves": []}]}
    assert scenario.replay(first).state.deal.to_json() == scenario.replay(first).state.deal.to_json()


@pytest.mark.parametrize(("bad", "field"), [
    ({"deals": []}, "deals"),
    ({"deals": [{"moves": []}]}, "deals[0].deal"),
    ({"deals": [{"seed": 1, "deal": {}, "moves": []}]}, "deals[0].deal"),
    ({"deals": [{"seed": 1, "moves": [], "expect": {}}]}, "deals[0].expect"),
    ({"deals": [{"seed": 1, "moves": [1]}]}, "deals[0].moves[0]"),
    ({"deals": [{"seed": 1}], "seed": 3}, "seed"),
    ({"deals": [{"seed": 1}], "moves": []}, "moves"),
])
def test_malformed_match_files_name_the_field(bad: dict[str, Any], field: str) -> None:
    assert field_of({"game": "toy", "players": 2, **bad}) == field


def test_a_deal_after_an_unfinished_one_is_malformed() -> None:
    data = match_file()
    data["deals"][0]["moves"] = MOVES[:3]
    assert field_of(data) == "deals[0].moves"


# --- `expect` -----------------------------------------------------------------------------------

def test_items_match_on_the_fields_given() -> None:
    ok = deal_file(expect={"items": [{"seat": 0, "points": 16}, {"rule": "toy:1", "seat": 1}]})
    assert diffs(ok) == []
    full = {"seat": 1, "points": -16, "rule": "toy:1", "note": "", "cards": [], "turn": None}
    assert diffs(deal_file(expect={"items": [full]})) == []
    assert diffs(deal_file(expect={"items": [{"seat": 0, "points": 15}]})) == [
        "no score item matches {'seat': 0, 'points': 15}"]


def test_each_expected_item_needs_a_different_actual_item() -> None:
    # two identical patterns need two actual items (there is one item per seat)
    twice = deal_file(expect={"items": [{"seat": 0}, {"seat": 0}]})
    assert len(diffs(twice)) == 1 and "already matched by another pattern" in diffs(twice)[0]
    assert diffs(deal_file(expect={"items": [{"rule": "toy:1"}, {"rule": "toy:1"}]})) == []
    three = deal_file(expect={"items": [{"rule": "toy:1"}] * 3})
    assert len(diffs(three)) == 1
    # a general pattern written first does not take the item a specific one needs
    general_first = deal_file(expect={"items": [{"rule": "toy:1"}, {"seat": 1, "points": -16}]})
    assert diffs(general_first) == []


def test_item_fields_are_checked() -> None:
    assert field_of(deal_file(expect={"items": [{"rul": "toy:1"}]})) == "expect.items[0].rul"
    assert field_of(deal_file(expect={"items": [{"cards": ["ZZ"]}]})) == "expect.items[0].cards[0]"
    assert field_of(deal_file(expect={"items": "toy:1"})) == "expect.items"
    assert field_of(deal_file(expect={"no_items": [{}]})) == "expect.no_items[0]"
    assert field_of(deal_file(expect={"items": [{"seat": "0"}]})) == "expect.items[0].seat"


def test_item_patterns_compare_cards_as_cards() -> None:
    from cardtable.scoring import item_matches
    item = {"seat": 0, "points": 5, "rule": "g:1", "cards": ["10♥", "Q♠"]}
    assert item_matches(item, {"cards": ["qs", "Th"]})
    assert not item_matches(item, {"cards": ["10♥"]})
    bare = {"seat": 0, "points": 5, "rule": "g:1"}     # to_json leaves out empty fields
    assert item_matches(bare, {"cards": [], "note": "", "turn": None})
    assert not item_matches(bare, {"cards": ["10♥"]})


def test_no_items() -> None:
    assert diffs(deal_file(expect={"no_items": [{"rule": "toy:2"}]})) == []
    got = diffs(deal_file(expect={"no_items": [{"seat": 1, "rule": "toy:1"}]}))
    assert len(got) == 1 and got[0].startswith("score item {'seat': 1, 'points': -16")


def test_over_and_winner_as_seat_or_list() -> None:
    assert diffs(deal_file(expect={"over": True, "winner": 0})) == []
    assert diffs(deal_file(expect={"winner": [0]})) == []
    assert diffs(deal_file(expect={"winner": 1})) == ["winner: expected 1, got [0]"]
    assert diffs(deal_file(expect={"winner": [0, 1]})) == ["winner: expected [0, 1], got [0]"]
    # not over: nobody has won yet
    assert diffs(deal_file(moves=MOVES[:2], expect={"over": False, "winner": []})) == []
    assert field_of(deal_file(expect={"over": "yes"})) == "expect.over"
    assert field_of(deal_file(expect={"winner": 2})) == "expect.winner"
    assert field_of(deal_file(expect={"scores": [1]})) == "expect.scores"


def test_error_at_passes_only_exactly_there() -> None:
    bad = deal_file(moves=MOVES[:2] + ["play 9h"] + MOVES[3:])
    assert diffs({**bad, "expect": {"error_at": 2}}) == []
    assert diffs({**bad, "expect": {"error_at": 3}})[0].startswith(
        "expected the first illegal move at 3, got 2")
    assert diffs(deal_file(expect={"error_at": 0})) == [
        "expected an illegal move at 0, but every move was legal"]
    # an illegal move the file does not expect is a difference
    assert diffs({**bad, "expect": {}}) == ["move 2 'play 9h' was rejected: 9♥ is not in your hand"]


def test_replay_json_object() -> None:
    r = scenario.replay(deal_file())
    data = r.to_json()
    assert set(data) == {"game", "over", "to_move", "scores", "items", "view"}
    assert data["items"][0].keys() >= {"seat", "points", "rule"}
    assert data["view"]["seat"] is None
    r = scenario.replay(deal_file(moves=["play Qh"]))
    assert r.to_json()["error"] == {"index": 0, "move": "play Qh", "why": "Q♥ is not in your hand"}


def test_state_to_json_is_a_scenario_and_from_json_takes_a_seed() -> None:
    s = cardtable.new_game("toy", seed=9)
    s.apply(s.legal_moves()[0])
    data = s.to_json()
    scenario.validate(data)
    again = cardtable.State.from_json({"game": "toy", "players": 2, "seed": 9,
                                       "moves": data["moves"]})
    assert again.to_json() == data


def test_replays_do_not_depend_on_chance() -> None:
    """A file replays the same every time (the match generator is seeded)."""
    data = match_file(rules={"target": 500})
    data["deals"].append({"seed": 3, "moves": []})
    outs = {str(scenario.replay(copy.deepcopy(data)).to_json()) for _ in range(3)}
    random.seed(1)
    outs.add(str(scenario.replay(copy.deepcopy(data)).to_json()))
    assert len(outs) == 1
