"""捉黑A's card-table picture and gestures (games/zhuoheia/felt.py): the combination to beat
with its player and kind, the places of those gone out, the tribute, and the hidden A♠
partner, which no picture may show before the view does."""

from __future__ import annotations

import random
from typing import Any

from tests.games.zhuoheia.helpers import full_deal, state

from cardtable.games.zhuoheia.felt import FELT
from cardtable.i18n import use_language
from cardtable.picture import table_picture
from cardtable.registry import new_game


def drawn(st: Any, seat: int | None) -> dict[str, Any]:
    view = st.view(seat)
    legal = [st.move_text(m) for m in st.legal_moves(seat)] if seat in st.to_move() else []
    with use_language("en"):
        return table_picture(view, legal)


def first_hand() -> Any:
    return state({0: "3♠ 3♥ 5♦", 1: "A♠", 2: "4♣ 4♦"}, dealer=0, faceup="5♦", first_drawer=1)


def test_the_combination_to_beat_with_its_player_and_kind() -> None:
    st = first_hand()
    lead = drawn(st, 0)
    trick = lead["picture"]["centre"][0]
    assert trick["kind"] == "trick" and trick["cards"] == [] and "seat" not in trick
    assert {"move": "play 3♠ 3♥", "zone": "trick", "cards": ["3♠", "3♥"]} in lead["targets"]
    assert {"move": "play 3♠ 3♥ 3♦", "zone": "trick", "cards": ["3♠", "3♥", "3♦"]} in lead["targets"]
    st.apply("play 3♠ 3♥")
    st.apply("pass")
    pic = drawn(st, 2)["picture"]
    assert pic["centre"] == [{"id": "trick", "kind": "trick", "label": "pair of 3",
                              "cards": ["3♠", "3♥"], "seat": 0}]
    assert pic["seats"][1]["tags"] == ["passed"]
    st.apply("play 4♣ 4♦")
    pic = drawn(st, 3)["picture"]
    assert sorted(pic["centre"][0]["cards"]) == ["4♣", "4♦"] and pic["centre"][0]["seat"] == 2
    assert pic["centre"][0]["label"] == "pair of 4"


def test_pass_and_reveal_have_no_gesture_and_every_play_is_on_the_trick() -> None:
    st = first_hand()
    st.apply("play 3♠")
    got = drawn(st, 1)
    legal = [st.move_text(m) for m in st.legal_moves(1)]
    assert "pass" in legal and "pass" not in {t["move"] for t in got["targets"]}
    assert {t["move"] for t in got["targets"]} == {m for m in legal if m.startswith("play ")}
    assert FELT.target("reveal", {}) is None and FELT.target("pass", {}) is None


def test_the_face_up_card_is_known_in_the_dealers_hand_until_played() -> None:
    st = first_hand()
    seats = drawn(st, 2)["picture"]["seats"]
    assert seats[0]["known"] == ["5♦"] and seats[0]["backs"] == 13
    assert seats[0]["tags"] == ["dealer"]
    st.apply("play 5♦")
    seats = drawn(st, 2)["picture"]["seats"]
    assert seats[0]["known"] == [] and seats[0]["backs"] == 13


def test_the_partner_is_drawn_only_once_the_view_names_him() -> None:
    st = first_hand()
    assert drawn(st, 1)["picture"]["seats"][1]["tags"] == ["partner (A♠)"]   # he knows himself
    for viewer in (0, 2, 3, None):
        assert not any("partner" in t for s in drawn(st, viewer)["picture"]["seats"] for t in s["tags"])
    st.apply("play 3♠")
    st.apply("play A♠")
    for viewer in (0, 2, 3, None):
        assert drawn(st, viewer)["picture"]["seats"][1]["tags"] == ["partner (A♠)"]


def test_twin_worlds_draw_the_same_picture_for_who_holds_neither_ace() -> None:
    """A♠ with seat 1 or seat 3 (swapped with A♥): seats 0 and 2 and a spectator see the same
    picture until either ace is played."""
    rng = random.Random(5)
    compared = 0
    for _ in range(6):
        hands = full_deal({1: "A♠", 3: "A♥"}, 4, 0)
        twin = [["A♥" if c == "A♠" else "A♠" if c == "A♥" else c for c in h] for h in hands]
        w1 = new_game("zhuoheia", 4, deal={"hands": hands, "dealer": 0})
        w2 = new_game("zhuoheia", 4, deal={"hands": twin, "dealer": 0})
        while not w1.is_over:
            for viewer in (0, 2, None):
                assert drawn(w1, viewer) == drawn(w2, viewer)
            compared += 1
            move = w1.move_text(rng.choice(w1.legal_moves()))
            if "A♠" in move or "A♥" in move:
                break
            w1.apply(move)
            w2.apply(move)
    assert compared > 20


def test_tribute_gestures_and_the_cards_that_changed_hands() -> None:
    # the previous hand: 0 and 1 (庄家 and partner) went out first, 2 and 3 each owe them a card
    st = state({0: "BJ LJ 2♠ 2♥", 2: "A♠ A♥"}, dealer=0, prev_order=[0, 1, 2, 3], prev_dealer=0,
               prev_partner=1)
    got = drawn(st, 2)
    assert {"move": "give A♠ A♥", "zone": "aside:2", "cards": ["A♠", "A♥"]} in got["targets"]
    assert got["picture"]["seats"][2]["zones"][0]["cards"] == []
    st.apply("give A♠ A♥")
    seats = drawn(st, 3)["picture"]["seats"]
    assert seats[2]["zones"] == [{"id": "aside:2", "kind": "cards", "label": "tribute", "cards": ["A♠", "A♥"]}]
    assert seats[2]["backs"] == 11
    st.apply(st.move_text(st.legal_moves()[0]))          # seat 3 gives; the cards go out
    got = drawn(st, 0)
    assert got["targets"] and all(t["zone"] == "pool" and len(t["cards"]) == 2 for t in got["targets"])
    seats = drawn(st, 2)["picture"]["seats"]
    assert "A♠" in seats[0]["known"] and "A♥" in seats[1]["known"]
    st.apply(got["targets"][0]["move"])
    got = drawn(st, 2)
    pool = next(z for z in got["picture"]["seats"][0]["zones"] if z["id"] == "pool")
    assert len(pool["cards"]) == 2
    assert {t["zone"] for t in got["targets"]} == {"pool"} and all(t["cards"] == [] for t in got["targets"])


def test_places_of_those_gone_out() -> None:
    st = first_hand()
    rng = random.Random(2)
    while not st.is_over:
        st.apply(st.move_text(rng.choice(st.legal_moves())))
    seats = drawn(st, None)["picture"]["seats"]
    order = st.view(None)["finish_order"]
    for place, s in enumerate(order):
        assert ["out 1st", "out 2nd", "out 3rd", "out 4th"][place] in seats[s]["tags"]
    last = order[-1]
    assert seats[last]["known"] == st.view(None)["remaining"][str(last)]
