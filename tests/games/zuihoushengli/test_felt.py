"""最后胜利's card-table picture and gestures (games/zuihoushengli/felt.py) on the deal of
scenario s5 (bankrupt order seats 1, 3, 0; seat 2 survives)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cardtable.games.zuihoushengli.felt import FELT
from cardtable.i18n import use_language
from cardtable.picture import table_picture
from cardtable.registry import new_game

SCENARIO = json.loads((Path(__file__).parent / "scenarios" / "s5_bankrupt_order_4p.json").read_text("utf-8"))


def played(n: int, **rules: Any) -> Any:
    st = new_game("zuihoushengli", 4, rules=rules or None, deal=SCENARIO["deal"])
    for m in SCENARIO["moves"][:n]:
        st.apply(m)
    return st


def drawn(st: Any, seat: int | None) -> dict[str, Any]:
    view = st.view(seat)
    legal = [st.move_text(m) for m in st.legal_moves(seat)] if seat in st.to_move() else []
    with use_language("en"):
        return table_picture(view, legal)


def zone(picture: dict[str, Any], zone_id: str) -> dict[str, Any]:
    return next(z for z in picture["centre"] if z["id"] == zone_id)


def test_turned_trump_card_stock_and_the_trick_by_seat() -> None:
    got = drawn(played(2), 2)
    pic = got["picture"]
    assert zone(pic, "trump") == {"id": "trump", "kind": "cards", "label": "trump", "cards": ["10♦"],
                                  "text": "♦"}
    assert zone(pic, "stock") == {"id": "stock", "kind": "stock", "label": "stock", "count": 25}
    assert zone(pic, "trick")["plays"] == [[0, "K♥"], [1, "7♥"]]
    assert [s["backs"] for s in pic["seats"]] == [6, 6, 0, 7]
    assert pic["seats"][0]["tags"] == ["dealer"]
    assert {"move": "play 8♥", "zone": "trick", "cards": ["8♥"]} in got["targets"]
    assert all(t["zone"] == "trick" and len(t["cards"]) == 1 for t in got["targets"])


def test_complete_trick_is_held_with_its_winner() -> None:
    pic = drawn(played(4), 1)["picture"]
    trick = zone(pic, "trick")
    assert trick["label"] == "last trick" and trick["winner"] == 0
    assert trick["plays"] == [[0, "K♥"], [1, "7♥"], [2, "8♥"], [3, "J♥"]]
    assert pic["seats"][0]["backs"] == 7             # the winner drew the stock's top card
    assert zone(pic, "stock")["count"] == 24


def test_bankrupt_seats_in_order_and_the_survivor() -> None:
    pic = drawn(played(len(SCENARIO["moves"])), None)["picture"]
    tags = [s["tags"] for s in pic["seats"]]
    assert tags == [["dealer", "bankrupt #3"], ["bankrupt #1"], ["survivor"], ["bankrupt #2"]]
    assert pic["seats"][2]["backs"] == 3            # the survivor's cards stay hidden


def test_trump_card_under_the_stock_is_drawn_face_up_beneath_it() -> None:
    pic = drawn(played(0, trump_card="bottom_of_stock"), 1)["picture"]
    assert zone(pic, "stock") == {"id": "stock", "kind": "stock", "label": "stock", "count": 25,
                                  "cards": ["10♦"]}
    assert zone(pic, "trump") == {"id": "trump", "kind": "info", "label": "trump", "text": "♦"}


def test_cards_all_know_are_face_up_in_the_hand_less_backs() -> None:
    view = {"game": "zuihoushengli", "players": 4, "seat": 0, "dealer": 0, "turned": [],
            "trump": "♦", "stock_size": 0, "stock_known": [], "hand_sizes": [2, 3, 1, 0],
            "known_in_hands": {"1": ["10♦", "4♣"]}, "trick": {"leader": 1, "plays": []},
            "tricks": [], "bankrupt": [3], "survivor": None, "hand": ["5♠", "6♠"]}
    with use_language("en"):
        pic = FELT.picture(view)
    assert [(s["backs"], s["known"]) for s in pic["seats"]] == [(0, []), (1, ["10♦", "4♣"]), (1, []), (0, [])]
    assert pic["seats"][3]["tags"] == ["bankrupt #1"]


def test_only_plays_have_gestures() -> None:
    t = FELT.target("play BJ", {})
    assert t is not None and t.to_json() == {"zone": "trick", "cards": ["BJ"]}
    assert FELT.target("pass", {}) is None
