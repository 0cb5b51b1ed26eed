"""Remik's card-table picture and gestures (games/remik/felt.py): a joker on the table drawn
as a joker with its stand-in, who has opened, the squared discard pile, and each gesture
giving its move (an opening with the top discard on the pile, lay-offs and joker swaps on
their meld)."""

from __future__ import annotations

from typing import Any

from cardtable.games.remik import RemikState
from cardtable.games.remik.felt import FELT
from cardtable.parts.felt import validate
from cardtable.picture import table_picture

from .helpers import state

OPENING = "meld [J♥ Q♥ K♥ A♥] [JK=6♣ 7♣ 8♣]"


def _state(*moves: str) -> RemikState:
    st = state(["J♥ Q♥ K♥ A♥ JK 7♣ 8♣ 2♦ 9♣ 6♣ 5♠ K♠ Q♠ 4♦",
                "10♦ J♦ Q♦ K♦ 3♠ 4♠ 7♥ 2♥ 9♠ 9♥ 8♦ 3♣ 2♠"], stock="5♣ 6♦ 10♣ J♣ 3♥")
    for m in moves:
        st.apply(m, st.to_move()[0])
    return st


def _table(st: RemikState, seat: int | None = None) -> dict[str, Any]:
    seat = st.to_move()[0] if seat is None else seat
    return table_picture(st.view(seat), [st.move_text(m) for m in st.legal_moves(seat)])


def _targets(st: RemikState) -> dict[str, dict[str, Any]]:
    return {t["move"]: {"zone": t["zone"], "cards": t["cards"]} for t in _table(st)["targets"]}


def test_joker_meld_in_front_of_its_owner() -> None:
    st = _state(OPENING, "discard 5♠")
    picture = _table(st, 1)["picture"]
    assert validate(picture, 2) == []
    opener, me = picture["seats"]
    assert opener["backs"] == 6 and "opened" in opener["tags"]
    assert me["backs"] == 0 and "opened" not in me["tags"]
    melds = {z["id"]: z for z in opener["zones"]}
    assert melds["m1"]["cards"] == ["J♥", "Q♥", "K♥", "A♥"] and "stand_in" not in melds["m1"]
    assert melds["m2"]["cards"] == ["JK", "7♣", "8♣"]
    assert melds["m2"]["stand_in"] == {"0": "6♣"}
    centre = {z["id"]: z for z in picture["centre"]}
    assert centre["pile"]["cards"] == ["5♠"] and centre["pile"]["spread"] is False
    assert centre["stock"]["count"] == 5


def test_opening_from_hand_goes_to_own_melds_area() -> None:
    st = _state()
    where = FELT.target(OPENING, st.view(0))
    assert where is not None and where.zone == "melds:0"
    assert sorted(where.cards) == sorted(["J♥", "Q♥", "K♥", "A♥", "JK", "7♣", "8♣"])
    assert _targets(st)["discard JK"] == {"zone": "pile", "cards": ["JK"]}


def test_opening_with_the_top_discard_is_made_on_the_pile() -> None:
    got = _targets(_state(OPENING, "discard 5♠"))
    assert got["draw"] == {"zone": "stock", "cards": []}
    # the hand's cards of the opening, without the 5♠ it takes from the pile
    assert got["take meld [10♦ J♦ Q♦ K♦] [3♠ 4♠ 5♠]"] == {
        "zone": "pile", "cards": ["10♦", "J♦", "Q♦", "K♦", "3♠", "4♠"]}


def test_take_lay_swap_and_discard_gestures() -> None:
    st = _state(OPENING, "discard 5♠", "draw", "discard 2♥")
    assert _targets(st)["take"] == {"zone": "pile", "cards": []}
    st.apply("draw", 0)
    got = _targets(st)
    assert got["lay 9♣ @m2"] == {"zone": "m2", "cards": ["9♣"]}
    assert got["swap 6♣ @m2"] == {"zone": "m2", "cards": ["6♣"]}
    assert got["discard Q♠"] == {"zone": "pile", "cards": ["Q♠"]}


def test_a_joker_laid_off_is_selected_as_the_joker() -> None:
    st = _state(OPENING, "discard 5♠")
    where = FELT.target("lay JK=10♥ @m1", st.view(0))
    assert where is not None and where.zone == "m1" and where.cards == ("JK",)


def test_deal_over_shows_every_hand() -> None:
    st = _state(OPENING, "discard 5♠")
    view = st.view(1)
    view.update(over=True, hands=[["2♦", "9♣"], list(view["hand"])],
                result={"winners": [0], "blocked": False, "remik_z_reki": False})
    seats = FELT.picture(view)["seats"]
    assert seats[0]["known"] == ["2♦", "9♣"] and seats[0]["backs"] == 0
    assert "went out" in seats[0]["tags"]
    assert seats[1]["known"] == []
