"""Dummy's card-table picture and gestures (games/dummy/felt.py) on a written 4-player hand:
melds in front of their owner with the head card and other seats' lay-offs marked, hidden
cards counted less the cards everyone saw picked up, and each gesture giving its move."""

from __future__ import annotations

import random
from typing import Any

from cardtable.game import State
from cardtable.games.dummy import GAME
from cardtable.parts.felt import validate
from cardtable.picture import table_picture

DEAL = {"hands": [["9♦", "2♠", "3♠", "4♠", "5♠", "6♠", "7♠"], ["K♥", "8♠", "9♠", "2♥", "4♥", "5♥", "6♥"],
                  ["8♥", "7♥", "9♥", "2♦", "3♦", "4♦", "6♦"], ["2♣", "3♥", "7♦", "8♦", "7♣", "8♣", "9♣"]],
        "stock": ["10♠", "J♠", "K♠", "10♥", "J♥", "Q♥", "10♦", "J♦", "Q♦", "K♦", "10♣", "J♣", "Q♣", "K♣",
                  "A♠", "A♥", "A♦", "A♣", "Q♠"],
        "discard": ["5♦"], "starter": 0, "table": ["3♣", "4♣", "5♣", "6♣"],
        "melds": [{"seat": 1, "count": 4}], "born": [1, 3]}


def _state(*moves: str) -> State:
    st = GAME.new_state(4, GAME.make_options(), deal=DEAL)
    for m in moves:
        st.apply(m, st.to_move()[0])
    return st


def _table(st: State, seat: int | None = None) -> dict[str, Any]:
    seat = st.to_move()[0] if seat is None else seat
    legal = [st.move_text(m) for m in st.legal_moves(seat)]
    return table_picture(st.view(seat), legal)


def _targets(st: State) -> dict[str, dict[str, Any]]:
    return {t["move"]: {"zone": t["zone"], "cards": t["cards"]} for t in _table(st)["targets"]}


# seat 3 (index 2) picks up the head 5♦ with 9♦ K♥ above it; seat 4 lays 7♦ 8♦ off on that meld
MID = ("draw", "discard 9♦", "draw", "discard K♥", "take 5♦ meld 4♦ 5♦ 6♦", "discard 2♦",
       "draw", "layoff 7♦ 8♦ on 4♦", "discard 3♥", "draw")


def test_mid_hand_picture_of_four_seats() -> None:
    st = _state(*MID)
    picture = _table(st, 0)["picture"]
    assert validate(picture, 4) == []
    me, west, north, east = picture["seats"]
    assert me["backs"] == 0 and me["known"] == []
    assert [z["id"] for z in me["zones"]] == ["melds:0"]           # the new-meld area only
    assert west["backs"] == 7 and west["tags"] == ["born"]
    assert [z["cards"] for z in west["zones"]] == [["3♣", "4♣", "5♣", "6♣"], []]
    # the picked-up cards above the head are known, the rest of that hand hidden
    assert sorted(north["known"]) == ["9♦", "K♥"] and north["backs"] == 4
    meld = north["zones"][0]
    assert meld["id"] == "meld:1" and meld["kind"] == "meld"
    assert meld["cards"] == ["4♦", "5♦", "6♦", "7♦", "8♦"]
    assert meld["marks"] == {"1": "head", "3": "laid off by seat 4", "4": "laid off by seat 4"}
    assert east["backs"] == 5 and [z["id"] for z in east["zones"]] == ["melds:3"]
    centre = {z["id"]: z for z in picture["centre"]}
    assert centre["stock"]["count"] == 15
    assert centre["pile"]["cards"] == ["2♦", "3♥"] and centre["pile"]["spread"] is True
    assert "marks" not in centre["pile"]          # the head has left the pile
    assert centre["head"]["text"] == "5♦"


def test_head_marked_in_the_pile_at_the_start() -> None:
    pile = {z["id"]: z for z in _table(_state(), 0)["picture"]["centre"]}["pile"]
    assert pile["cards"] == ["5♦"] and pile["marks"] == {"0": "head"}


def test_draw_and_pickups_are_made_on_stock_and_pile() -> None:
    got = _targets(_state(*MID[:4]))          # seat 3 may draw or pick up 5♦
    assert got["draw"] == {"zone": "stock", "cards": []}
    # the hand cards of the new meld, not the pile's 5♦
    assert got["take 5♦ meld 4♦ 5♦ 6♦"] == {"zone": "pile", "cards": ["4♦", "6♦"]}
    assert got["take 5♦ meld 2♦ 3♦ 4♦ 5♦"] == {"zone": "pile", "cards": ["2♦", "3♦", "4♦"]}


def test_meld_layoff_and_discard_gestures() -> None:
    st = _state(*MID[:5])                      # seat 3 has picked up: meld, lay off, discard
    got = _targets(st)
    assert got["meld 7♥ 8♥ 9♥"] == {"zone": "melds:2", "cards": ["7♥", "8♥", "9♥"]}
    assert got["layoff 2♦ 3♦ on 4♦"] == {"zone": "meld:1", "cards": ["2♦", "3♦"]}
    assert got["discard K♥"] == {"zone": "pile", "cards": ["K♥"]}
    got = _targets(_state(*MID[:7]))           # seat 4 lays off on seat 2's meld, the first one
    assert got["layoff 7♣ 8♣ on 3♣"] == {"zone": "meld:0", "cards": ["7♣", "8♣"]}
    assert got["layoff 7♦ on 4♦"] == {"zone": "meld:1", "cards": ["7♦"]}


def _knock_state() -> State:
    """A seeded random hand played until a knock is legal."""
    for seed in range(40):
        rng = random.Random(seed)
        st = GAME.new_state(3, GAME.make_options(), seed=seed)
        while not st.is_over:
            seat = st.to_move()[0]
            legal = [st.move_text(m) for m in st.legal_moves(seat)]
            if any(m.startswith("knock") for m in legal):
                return st
            tabling = [m for m in legal if m.split()[0] in ("take", "meld", "layoff")]
            st.apply(rng.choice(tabling or legal), seat)
    raise AssertionError("no knock in 40 hands")


def test_a_knock_is_the_last_card_onto_the_pile_and_ends_on_the_table() -> None:
    st = _knock_state()
    seat = st.to_move()[0]
    legal = [st.move_text(m) for m in st.legal_moves(seat)]
    knock = next(m for m in legal if m.startswith("knock"))
    card = knock.split()[1]
    assert _targets(st)[knock] == {"zone": "pile", "cards": [card]}
    st.apply(knock, seat)
    place = table_picture(st.view(None), [])["picture"]["seats"][seat]
    assert "knocked" in place["tags"]
    assert {"id": "knock", "kind": "cards", "label": "knock card", "cards": [knock.split()[1]]} in place["zones"]
