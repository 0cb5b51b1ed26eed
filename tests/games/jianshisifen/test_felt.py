"""捡十四分's card-table picture and gestures (games/jianshisifen/felt.py): each table card a zone
of its own so that a pick is one gesture (the hand card selected, the table card clicked), a
put on the table, a draw on the stock; each seat's picked pairs in front of it with points."""

from __future__ import annotations

from typing import Any

from cardtable.cards import card_str
from cardtable.game import State
from cardtable.games.jianshisifen import GAME
from cardtable.parts.felt import validate
from cardtable.picture import table_picture

HANDS = [["3♥", "4♦", "5♠", "9♣", "Q♣", "K♣"], ["2♠", "6♥", "7♦", "8♣", "10♥", "BJ"],
         ["A♥", "2♦", "3♣", "4♥", "5♥", "6♦"]]
TABLE = ["J♥", "10♣", "9♥", "2♥"]


def _state(*moves: str, rules: dict[str, Any] | None = None) -> State:
    used = {c for h in HANDS for c in h} | set(TABLE)
    opts = GAME.make_options(None, rules)
    stock = [card_str(c) for c in GAME.pack(3, opts) if card_str(c) not in used]
    st = GAME.new_state(3, opts, deal={"hands": HANDS, "stock": stock, "table": TABLE, "dealer": 0})
    for m in moves:
        st.apply(m, st.to_move()[0])
    return st


def _table(st: State, seat: int) -> dict[str, Any]:
    legal = [st.move_text(m) for m in st.legal_moves(seat)] if seat in st.to_move() else []
    return table_picture(st.view(seat), legal)


def _targets(st: State) -> dict[str, dict[str, Any]]:
    got = _table(st, st.to_move()[0])["targets"]
    return {t["move"]: {"zone": t["zone"], "cards": t["cards"]} for t in got}


def test_each_table_card_is_its_own_zone() -> None:
    picture = _table(_state(), 0)["picture"]
    assert validate(picture, 3) == []
    centre = {z["id"]: z for z in picture["centre"]}
    assert [i for i in centre if i.startswith("table:")] == [f"table:{c}" for c in TABLE]
    assert all(centre[f"table:{c}"]["cards"] == [c] for c in TABLE)
    assert centre["table"]["kind"] == "layout" and centre["table"]["cards"] == []
    assert [s["backs"] for s in picture["seats"]] == [0, 6, 6]


def test_picks_are_made_on_the_table_card_with_the_hand_card() -> None:
    got = _targets(_state())
    # 3♥ + J♥, 4♦ + 10♣, 5♠ + 9♥, Q♣ + 2♥ make 14: one gesture each, never the same
    assert got == {"pick 3♥ J♥": {"zone": "table:J♥", "cards": ["3♥"]},
                   "pick 4♦ 10♣": {"zone": "table:10♣", "cards": ["4♦"]},
                   "pick 5♠ 9♥": {"zone": "table:9♥", "cards": ["5♠"]},
                   "pick Q♣ 2♥": {"zone": "table:2♥", "cards": ["Q♣"]}}


def test_put_on_the_table_and_pairs_in_front_of_the_picker() -> None:
    st = _state("pick 3♥ J♥")
    got = _targets(st)
    assert got["put K♣"] == {"zone": "table", "cards": ["K♣"]}
    assert all(t["zone"] == "table" for t in got.values())
    place = _table(st, 1)["picture"]["seats"][0]
    assert place["zones"] == [{"id": "pairs:0", "kind": "cards", "label": "pairs, 6 points",
                               "cards": ["3♥", "J♥"]}]
    assert place["backs"] == 7              # 5 left after the pick, 2 drawn


def test_draw_on_the_stock_when_no_pick_is_forced() -> None:
    st = _state(rules={"must_pick": False})
    assert _targets(st)["draw"] == {"zone": "stock", "cards": []}


def test_team_tags() -> None:
    used = {c for h in HANDS for c in h} | set(TABLE)
    opts = GAME.make_options(None, {"teams": 2})
    hands = [*HANDS, ["7♠", "8♠", "9♠", "10♠", "J♠", "Q♠"]]
    used |= set(hands[3])
    stock = [card_str(c) for c in GAME.pack(4, opts) if card_str(c) not in used]
    table = [*TABLE, stock.pop()]
    st = GAME.new_state(4, opts, deal={"hands": [h[:5] for h in hands],
                                       "stock": stock + [h[5] for h in hands],
                                       "table": table, "dealer": 0})
    tags = [s["tags"] for s in _table(st, 0)["picture"]["seats"]]
    assert tags == [["dealer", "team 1"], ["team 2"], ["team 1"], ["team 2"]]
