"""憋负分's card-table picture (games/biefufen/felt.py): the suit rows as the cards lie, the 扣
piles face down (face up to their owner), the wilds' dead cards, and where each move is made."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from tests.core.test_felt_pictures import cards_in, zones_of

from cardtable.games.biefufen.felt import picture, target
from cardtable.parts.felt import Target, validate
from cardtable.picture import table_picture
from cardtable.registry import new_game

from .helpers import finish, new


def centre(view: dict[str, Any], zone_id: str) -> dict[str, Any]:
    return next(z for z in picture(view)["centre"] if z["id"] == zone_id)


def rows(view: dict[str, Any]) -> dict[str, list[str]]:
    layout = centre(view, "layout")
    assert layout["kind"] == "layout"
    return {r["label"]: r["cards"] for r in layout["rows"]}


def pile(view: dict[str, Any], s: int) -> dict[str, Any]:
    (zone,) = picture(view)["seats"][s]["zones"]
    assert zone["id"] == f"pile:{s}" and zone["kind"] == "cards"
    return zone


def targets(state: Any, seat: int) -> dict[str, dict[str, Any]]:
    legal = [state.move_text(m) for m in state.legal_moves(seat)]
    return {t["move"]: t for t in table_picture(state.view(seat), legal)["targets"]}


def test_the_suit_rows_are_the_chains_low_to_high() -> None:
    state = new({0: "7S 9H", 1: "8S 3D", 2: "6S 4C"}, players=4)
    for move in ("play 7♠", "play 8♠", "play 6♠"):
        state.apply(move, state.to_move()[0])
    for viewer in (0, 1, 2, 3, None):
        assert rows(state.view(viewer)) == {"♠": ["6♠", "7♠", "8♠"], "♥": [], "♦": [], "♣": []}


def test_only_the_suits_in_play_have_a_row() -> None:
    state = new_game("biefufen", 3, seed=2)
    assert list(rows(state.view(None))) == state.view(None)["suits"]
    assert len(state.view(None)["suits"]) < 4


def test_a_play_on_the_layout_and_a_kou_on_ones_own_pile() -> None:
    state = new({0: "7S 9H", 1: "2D 3D 4C"}, players=4)
    state.apply("play 7♠", 0)
    got = targets(state, 1)                  # seat 1 cannot connect: it lays a card face down
    assert got["kou 3♦"] == {"move": "kou 3♦", "zone": "pile:1", "cards": ["3♦"]}
    assert target("kou 3♦", state.view(1)) == Target("pile:1", ("3♦",))
    state.apply("kou 3♦", 1)
    got = targets(state, state.to_move()[0])       # seat 3, holding the rest of the pack
    plays = {m: t for m, t in got.items() if m.startswith("play")}
    assert plays and all(t["zone"] == "layout" and t["cards"] == [m.split()[1]] for m, t in plays.items())


def test_the_kou_piles_are_counted_and_face_up_only_to_their_owner() -> None:
    state = new({0: "7S 9H", 1: "2D 3D 4C"}, players=4)
    state.apply("play 7♠", 0)
    state.apply("kou 3♦", 1)
    assert pile(state.view(1), 1) == {"id": "pile:1", "kind": "cards", "label": "face down (扣)",
                                      "cards": ["3♦"], "count": 0}
    for viewer in (0, 2, 3, None):
        assert pile(state.view(viewer), 1)["cards"] == [] and pile(state.view(viewer), 1)["count"] == 1
        assert "3♦" not in json.dumps(picture(state.view(viewer)), ensure_ascii=False)
        assert pile(state.view(viewer), 0)["count"] == 0
    # seat 1's place: its hand less the card laid down, as backs
    assert picture(state.view(0))["seats"][1]["backs"] == 2


def test_a_wild_stands_in_and_the_real_card_dies() -> None:
    state = new({0: "7S 9H", 1: "2D 3D 4C", 2: "6S 4D"}, players=4, preset="dai2k")
    state.apply("play 7♠", 0)
    got = targets(state, 1)
    assert got["play 2♦ for ♠6"] == {"move": "play 2♦ for ♠6", "zone": "dead", "cards": ["2♦"]}
    assert centre(state.view(1), "dead")["text"] == "—"
    state.apply("play 2♦ for ♠6", 1)
    view = state.view(3)
    assert rows(view)["♠"] == ["2♦", "7♠"]
    assert centre(view, "dead")["text"] == "6♠ ×2"


def test_at_the_end_every_pile_is_face_up_and_the_losers_tagged() -> None:
    state = new_game("biefufen", 4, seed=5)
    finish(state)
    view = state.view(None)
    pic = picture(view)
    assert validate(pic, 4) == []
    for s, place in enumerate(pic["seats"]):
        assert place["backs"] == 0
        assert pile(view, s)["cards"] == view["piles"][s] and pile(view, s)["count"] == 0
        assert ("loser" in place["tags"]) == (s in view["losers"])


@pytest.mark.parametrize(("preset", "rules"), [("dai2k", {}), ("daiwang", {}),
                                               ("daiwang", {"teams": "alternate", "wild_counts_as_playable": True})])
def test_variants_show_only_the_view_and_place_every_play(preset: str, rules: dict[str, Any]) -> None:
    """The shared test plays the plain game; the wilds and teams here."""
    for players, seed in ((2, 1), (4, 2), (6, 3)):
        state = new_game("biefufen", players, preset=preset, rules=rules, seed=seed)
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
                assert {t["move"] for t in got["targets"]} == set(legal)
            if state.is_over:
                break
            seat = state.to_move()[0]
            state.apply(rng.choice(state.legal_moves(seat)), seat)
