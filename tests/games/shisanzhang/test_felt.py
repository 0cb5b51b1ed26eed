"""十三张's card-table picture (games/shisanzhang/felt.py): before the showdown nothing of another
seat but backs; at the showdown every seat's rows face up with what each row won or lost, a
fouled hand and a declared special tagged; no gesture for any move."""

from __future__ import annotations

import json
import random
from typing import Any

from cardtable.games.shisanzhang import GAME
from cardtable.games.shisanzhang.felt import picture
from cardtable.parts.felt import validate
from cardtable.picture import table_picture
from cardtable.registry import new_game

ROWS = ["arrange Q♠ Q♥ Q♣ | 2♠ 2♥ 2♦ 2♣ 9♦ | 7♥ 6♥ 5♥ 4♥ 3♥",        # trips, quads, straight flush
        "arrange J♠ 10♥ 7♦ | K♠ K♦ K♣ 8♠ 8♥ | A♣ A♦ A♥ 9♠ 9♣",         # high card, two full houses
        "arrange A♠ J♥ J♦ | K♥ Q♦ 10♠ 8♦ 6♠ | 7♠ 5♠ 5♦ 4♠ 3♠"]         # a pair before high card: fouled
HANDS = [[c for row in m.removeprefix("arrange").split("|") for c in row.split()] for m in ROWS]


def three() -> Any:
    return GAME.new_state(3, deal={"hands": HANDS})


def rows_of(pic: dict[str, Any], s: int) -> list[dict[str, Any]]:
    (zone,) = pic["seats"][s]["zones"]
    assert zone["id"] == f"rows:{s}" and zone["kind"] == "rows"
    return list(zone["rows"])


def test_before_the_showdown_no_other_seats_card_is_drawn() -> None:
    state = three()
    state.apply(ROWS[0], 0)
    state.apply(ROWS[1], 1)
    for viewer in (0, 1, 2, None):
        pic = picture(state.view(viewer))
        assert validate(pic, 3) == []
        text = json.dumps(pic, ensure_ascii=False)
        for s in range(3):
            if s == viewer:
                continue
            assert not [c for c in HANDS[s] if c in text.split('"')], (viewer, s)
            assert pic["seats"][s]["backs"] == 13 and pic["seats"][s]["known"] == []
            assert all(r["cards"] == [] for r in rows_of(pic, s))
    pic = picture(state.view(2))
    assert pic["seats"][0]["tags"] == ["arranged"] and pic["seats"][1]["tags"] == ["arranged"]
    assert pic["seats"][0]["zones"][0]["count"] == 13       # its rows lie face down
    assert pic["seats"][2]["tags"] == [] and pic["seats"][2]["backs"] == 0
    # the viewer's own submitted rows, face up, titled as the arranging helper titles them
    mine = rows_of(picture(state.view(0)), 0)
    assert [r["cards"] for r in mine] == [r.split() for r in ROWS[0].removeprefix("arrange").split("|")]
    assert [r["label"] for r in mine] == ["头道 first row", "中道 second row", "尾道 third row"]
    assert "result" not in mine[0]
    pic = picture(state.view(None))
    assert [p["backs"] for p in pic["seats"]] == [13, 13, 13]


def test_at_the_showdown_every_row_is_face_up_with_its_result() -> None:
    state = three()
    for s in range(3):
        state.apply(ROWS[s], s)
    assert state.is_over
    for viewer in (0, 1, 2, None):
        view = state.view(viewer)
        pic = picture(view)
        assert validate(pic, 3) == []
        for s in range(3):
            got = rows_of(pic, s)
            assert [r["cards"] for r in got] == [r.split() for r in ROWS[s].removeprefix("arrange").split("|")]
        # seat 0 beats seat 1 on every row (trips 30, quads 80, straight flush 50); the fouled
        # seat 2 pays each of them their rows' bonuses (seat 0: 30 + 80 + 50, seat 1: 10 + 20 + 10)
        results = [[r["result"] for r in rows_of(pic, s)] for s in range(3)]
        assert results == [["+60", "+160", "+100"], ["-20", "-60", "-40"], ["-40", "-100", "-60"]]
        assert [sum(int(x) for x in r) for r in results] == view["scores"]
        assert [p["tags"] for p in pic["seats"]] == [[], [], ["fouled (倒水)"]]


def test_a_declared_special_is_tagged_and_shows_its_hand() -> None:
    six_pairs = "Q♠ Q♥ 6♠ 6♥ 5♠ 5♥ 4♠ 4♥ 3♠ 3♥ 2♠ 2♥ 10♣".split()
    state = GAME.new_state(2, deal={"hands": [six_pairs, HANDS[1]]})
    state.apply("declare liuduiban", 0)
    mine = picture(state.view(0))["seats"][0]
    assert mine["tags"] == ["六对半 six pairs"]
    assert picture(state.view(1))["seats"][0]["tags"] == ["arranged"]   # not which: hidden
    state.apply(ROWS[1], 1)
    view = state.view(1)
    pic = picture(view)
    assert pic["seats"][0]["tags"] == ["六对半 six pairs"]
    (row,) = rows_of(pic, 0)
    assert sorted(row["cards"]) == sorted(six_pairs) and row["result"] == f"{view['scores'][0]:+d}"


def test_no_move_is_made_on_the_felt() -> None:
    state = new_game("shisanzhang", 4, seed=3)
    rng = random.Random(3)
    while not state.is_over:
        for s in state.to_move():
            legal = [state.move_text(m) for m in state.legal_moves(s)]
            assert table_picture(state.view(s), legal)["targets"] == []
        s = rng.choice(state.to_move())
        state.apply(rng.choice(state.legal_moves(s)), s)
