"""憋7's card-table picture (games/bieqi/felt.py): the suit rows as the cards lie, the joker
standing in, borrowing and lending at the seats, and where each move is made."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from tests.core.test_felt_pictures import cards_in, zones_of

from cardtable.games.bieqi.felt import picture, target
from cardtable.parts.felt import Target, validate
from cardtable.picture import table_picture
from cardtable.registry import new_game

from .helpers import new


def rows(view: dict[str, Any]) -> dict[str, list[str]]:
    layout = next(z for z in picture(view)["centre"] if z["id"] == "layout")
    assert layout["kind"] == "layout"
    return {r["label"]: r["cards"] for r in layout["rows"]}


def targets(state: Any, seat: int) -> dict[str, dict[str, Any]]:
    legal = [state.move_text(m) for m in state.legal_moves(seat)]
    return {t["move"]: t for t in table_picture(state.view(seat), legal)["targets"]}


def opened() -> Any:
    """Three seats; 7♠, 6♠ and 8♠ are down, and seat 1 (holding only 2♦) must borrow."""
    state = new({0: "7S 2D", 1: "6S 3D"}, 2, players=3)
    for seat, move in ((0, "play 7♠"), (1, "play 6♠"), (2, "play 8♠")):
        state.apply(move, seat)
    return state


def test_the_suit_rows_are_the_chains_low_to_high() -> None:
    state = opened()
    for viewer in (0, 1, 2, None):
        assert rows(state.view(viewer)) == {"♠": ["6♠", "7♠", "8♠"], "♥": [], "♦": [], "♣": []}
    state = new({0: "7S 5S 2D", 1: "6S 3D"}, 2, players=3)
    for seat, move in ((0, "play 7♠"), (1, "play 6♠"), (2, "play 8♠"), (0, "play 5♠")):
        state.apply(move, seat)
    assert rows(state.view(None))["♠"] == ["5♠", "6♠", "7♠", "8♠"]


def test_a_play_is_made_on_the_layout_with_that_card() -> None:
    state = new({0: "7S 2D", 1: "6S 3D"}, 2, players=3)
    state.apply("play 7♠", 0)
    got = targets(state, 1)
    assert got["play 6♠"] == {"move": "play 6♠", "zone": "layout", "cards": ["6♠"]}
    assert target("play 6♠", state.view(1)) == Target("layout", ("6♠",))
    state = opened()                               # seat 0 can only borrow: no gesture for it
    assert [state.move_text(m) for m in state.legal_moves(0)] == ["borrow"]
    assert targets(state, 0) == {}


def test_borrowing_and_lending_at_the_seats() -> None:
    state = opened()
    state.apply("borrow", 0)
    view = state.view(2)                          # seat 2 (上家 of seat 0) must lend
    pic = picture(view)
    assert validate(pic, 3) == []
    assert "borrowing" in pic["seats"][0]["tags"] and "lending" in pic["seats"][2]["tags"]
    assert [z["id"] for z in pic["seats"][0]["zones"]] == ["borrow:0"]
    got = targets(state, 2)
    assert got["lend 9♠"] == {"move": "lend 9♠", "zone": "borrow:0", "cards": ["9♠"]}
    assert all(t["zone"] == "borrow:0" for t in got.values())
    state.apply("lend 9♠", 2)
    # the lender knows where the card went: face up at the borrower's place, the rest backs
    pic = picture(state.view(2))
    assert pic["seats"][0]["known"] == ["9♠"] and pic["seats"][0]["backs"] == 1
    assert all(not s["zones"] for s in pic["seats"])       # nobody borrows any more
    # seat 1 did not see the lend: only backs
    pic = picture(state.view(1))
    assert pic["seats"][0]["known"] == [] and pic["seats"][0]["backs"] == 2
    assert "9♠" not in json.dumps(pic, ensure_ascii=False)


def test_the_joker_stands_in_on_the_row_and_names_the_dead_card() -> None:
    state = new({0: "7S 2D", 1: "6S 3D"}, 2, players=3, rules={"live_joker": True})
    state.apply("play 7♠", 0)
    state.apply("play 6♠", 1)
    got = targets(state, 2)
    assert got["play BJ for ♠8"] == {"move": "play BJ for ♠8", "zone": "dead", "cards": ["BJ"]}
    assert got["play 8♠"]["zone"] == "layout"
    dead = next(z for z in picture(state.view(2))["centre"] if z["id"] == "dead")
    assert dead["text"] == "the joker"
    state.apply("play BJ for ♠8", 2)
    view = state.view(0)
    assert rows(view)["♠"] == ["6♠", "7♠", "BJ"]
    dead = next(z for z in picture(view)["centre"] if z["id"] == "dead")
    assert "8♠" in dead["text"]


def test_at_the_end_every_hand_is_shown_and_the_result_tagged() -> None:
    state = new({0: "7S 2D", 1: "6S 3D"}, 2, players=3)
    rng = random.Random(4)
    while not state.is_over:
        seat = state.to_move()[0]
        state.apply(rng.choice(state.legal_moves(seat)), seat)
    view = state.view(None)
    assert view["winners"] and view["losers"]
    pic = picture(view)
    assert validate(pic, 3) == []
    for s, place in enumerate(pic["seats"]):
        assert place["backs"] == 0 and place["known"] == view["hands"][s]
        assert ("winner" in place["tags"]) == (s in view["winners"])
        assert ("loser" in place["tags"]) == (s in view["losers"])


@pytest.mark.parametrize("rules", [{"live_joker": True},
                                   {"live_joker": True, "joker": "LJ", "lend_policy": "forced_worst",
                                    "illegal_borrow": "allow_and_penalise"}])
def test_variants_show_only_the_view_and_place_every_play(rules: dict[str, Any]) -> None:
    """The shared test plays the default rules; the live joker and forced lends here."""
    for players, seed in ((2, 1), (3, 2), (5, 3)):
        state = new_game("bieqi", players, rules=rules, seed=seed)
        rng = random.Random(seed)
        while True:
            for viewer in [*range(players), None]:
                view = state.view(viewer)
                legal = [state.move_text(m) for m in state.legal_moves(viewer)] \
                    if viewer in state.to_move() else []
                got = table_picture(view, legal)
                assert validate(got["picture"], players) == []
                text = json.dumps(view, ensure_ascii=False)
                assert all(c in text for c in cards_in(got["picture"]))
                zones = zones_of(got["picture"])
                assert all(t["zone"] in zones for t in got["targets"])
                assert {m for m in legal if m.startswith("play")} <= {t["move"] for t in got["targets"]}
            if state.is_over:
                break
            seat = state.to_move()[0]
            state.apply(rng.choice(state.legal_moves(seat)), seat)
