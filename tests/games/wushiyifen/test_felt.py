"""五十一分's card-table picture and gestures (games/wushiyifen/felt.py): each seat's thrown
cards as its own pile, the 上家's last throw marked as the one that may be taken, a declared
hand spread with its value, and the gestures: draw on the stock, take on the 上家's pile, throw
on one's own pile; declarations only from the list."""

from __future__ import annotations

from typing import Any

from cardtable.cards import card_str
from cardtable.game import State
from cardtable.games.wushiyifen import GAME
from cardtable.parts.felt import validate
from cardtable.picture import table_picture

HANDS = [["A♠", "K♠", "Q♠", "J♠", "2♥"], ["3♥", "4♥", "5♦", "6♣", "7♣"], ["8♥", "9♥", "10♦", "J♣", "Q♣"]]


def _state(*moves: str) -> State:
    """Seat 1 draws first and draws 10♠: A K Q J 10♠, 51 pure, once 2♥ is thrown."""
    used = {c for h in HANDS for c in h} | {"10♠"}
    rest = [card_str(c) for c in GAME.pack(3, GAME.make_options()) if card_str(c) not in used]
    st = GAME.new_state(3, GAME.make_options(), deal={"hands": HANDS, "stock": ["10♠", *rest], "dealer": 0})
    for m in moves:
        st.apply(m, st.to_move()[0])
    return st


def _table(st: State, seat: int) -> dict[str, Any]:
    legal = [st.move_text(m) for m in st.legal_moves(seat)] if seat in st.to_move() else []
    return table_picture(st.view(seat), legal)


def _targets(st: State) -> dict[str, dict[str, Any]]:
    got = _table(st, st.to_move()[0])["targets"]
    return {t["move"]: {"zone": t["zone"], "cards": t["cards"]} for t in got}


def test_throw_on_own_pile_and_declarations_from_the_list() -> None:
    st = _state("draw")
    legal = [st.move_text(m) for m in st.legal_moves(0)]
    assert {"throw 2♥", "throw 2♥ open", "throw 2♥ hidden"} <= set(legal)
    got = _targets(st)
    assert got["throw 2♥"] == {"zone": "thrown:0", "cards": ["2♥"]}
    assert got["throw A♠"] == {"zone": "thrown:0", "cards": ["A♠"]}
    assert "throw 2♥ open" not in got and "throw 2♥ hidden" not in got
    zones = {z["id"]: z for s in _table(st, 0)["picture"]["seats"] for z in s["zones"]}
    assert zones["thrown:0"]["kind"] == "pile"


def test_last_throw_taken_from_the_upper_seats_pile() -> None:
    st = _state("draw", "throw 2♥")
    got = _targets(st)
    assert got == {"draw": {"zone": "stock", "cards": []}, "take": {"zone": "thrown:0", "cards": []}}
    picture = _table(st, 1)["picture"]
    assert validate(picture, 3) == []
    pile = picture["seats"][0]["zones"][0]
    assert pile["cards"] == ["2♥"] and pile["marks"] == {"0": "may be taken"}
    assert {z["id"]: z for z in picture["centre"]}["stock"]["count"] == 38


def test_taken_card_is_known_and_cannot_be_thrown_back() -> None:
    st = _state("draw", "throw 2♥", "take")
    place = _table(st, 2)["picture"]["seats"][1]
    assert place["known"] == ["2♥"] and place["backs"] == 5
    got = _targets(st)
    assert "throw 2♥" not in got
    assert got["throw 7♣"] == {"zone": "thrown:1", "cards": ["7♣"]}


def test_open_declaration_spreads_the_hand() -> None:
    st = _state("draw", "throw 2♥ open")
    picture = _table(st, 1)["picture"]
    declarer = picture["seats"][0]
    assert sorted(declarer["known"]) == sorted(["A♠", "K♠", "Q♠", "J♠", "10♠"]) and declarer["backs"] == 0
    assert "declared 明亮 open" in declarer["tags"]
    assert "51 — pure (纯花色, no joker)" in declarer["tags"]
    assert _table(st, 1)["targets"] == []          # show / pass: from the list
