"""四百分's card-table picture and gestures (games/sibaifen/felt.py) on a stacked deal."""

from __future__ import annotations

from typing import Any

from cardtable.games.sibaifen.felt import FELT
from cardtable.i18n import use_language
from cardtable.picture import table_picture
from cardtable.registry import new_game

SUITS = "♠♥♦♣"
RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3"]
# seat s holds suit s from A down to 3; the four 2s are the kitty
DEAL = {"hands": [[r + s for r in RANKS] for s in SUITS], "kitty": [f"2{s}" for s in SUITS],
        "dealer": 0}
AUCTION = ["bid 200", "pass", "pass", "pass"]
BURY = ["bury 2♥", "bury 2♦", "bury 2♣", "bury 3♠"]


def played(moves: list[str]) -> Any:
    st = new_game("sibaifen", 4, deal=DEAL)
    for m in moves:
        st.apply(m)
    return st


def drawn(st: Any, seat: int | None) -> dict[str, Any]:
    view = st.view(seat)
    legal = [st.move_text(m) for m in st.legal_moves(seat)] if seat in st.to_move() else []
    with use_language("en"):
        return table_picture(view, legal)


def zone(picture: dict[str, Any], zone_id: str) -> dict[str, Any]:
    return next(z for z in picture["centre"] if z["id"] == zone_id)


def test_auction_shows_calls_by_seat_and_the_kitty_face_down() -> None:
    got = drawn(played(["bid 205", "bid 210", "pass"]), 3)
    pic = got["picture"]
    bids = zone(pic, "auction")
    assert bids["kind"] == "bids" and bids["bids"] == [[0, "205"], [1, "210"], [2, "pass"]]
    assert "text" not in bids                      # no contract yet
    assert zone(pic, "kitty") == {"id": "kitty", "kind": "kitty", "label": "kitty", "count": 4}
    assert pic["seats"][0]["tags"] == ["dealer", "205"]
    assert pic["seats"][2]["tags"] == ["pass"]
    assert [s["backs"] for s in pic["seats"]] == [12, 12, 12, 0]
    assert got["targets"] == []                    # bids and passes: the bidding box, no gesture


def test_burying_is_a_card_onto_the_kitty_seen_by_the_declarer_alone() -> None:
    st = played(AUCTION + BURY[:2])
    mine = drawn(st, 0)
    kitty = zone(mine["picture"], "kitty")
    assert kitty["cards"] == ["2♥", "2♦"] and "count" not in kitty
    assert {"move": "bury 3♠", "zone": "kitty", "cards": ["3♠"]} in mine["targets"]
    assert all(t["zone"] == "kitty" and t["cards"] == [t["move"].split()[1]] for t in mine["targets"])
    theirs = drawn(st, 1)["picture"]
    assert zone(theirs, "kitty") == {"id": "kitty", "kind": "kitty", "label": "buried", "count": 2}
    assert theirs["seats"][0]["backs"] == 14        # 12 + the kitty's 4 − 2 buried
    assert theirs["seats"][0]["tags"] == ["dealer", "declarer"]
    assert theirs["seats"][2]["tags"] == ["declarer's partner"]


def test_trump_choice_has_no_gesture() -> None:
    st = played(AUCTION + BURY)
    got = drawn(st, 0)
    assert got["targets"] == [] and st.legal_moves(0)


def test_mid_trick_picture_places_the_plays_by_seat() -> None:
    pic = drawn(played(AUCTION + BURY + ["trump ♠", "play A♠", "play K♥"]), 2)["picture"]
    assert zone(pic, "trick") == {"id": "trick", "kind": "trick", "label": "trick",
                                  "plays": [[0, "A♠"], [1, "K♥"]]}
    assert zone(pic, "auction")["text"] == "contract 200"
    assert zone(pic, "auction")["bids"] == [[0, "200"], [1, "pass"], [2, "pass"], [3, "pass"]]
    assert zone(pic, "trump") == {"id": "trump", "kind": "info", "label": "trump", "text": "♠"}
    assert zone(pic, "kitty")["count"] == 4 and "cards" not in zone(pic, "kitty")
    assert [s["backs"] for s in pic["seats"]] == [11, 11, 0, 12]
    assert pic["seats"][1]["tags"] == []            # no trick taken: no card points yet


def test_complete_trick_is_held_with_its_winner_and_points_go_to_the_side() -> None:
    st = played(AUCTION + BURY + ["trump ♠", "play A♠", "play K♥", "play K♦", "play K♣"])
    got = drawn(st, 0)
    trick = zone(got["picture"], "trick")
    assert trick["label"] == "last trick" and trick["winner"] == 0
    assert trick["plays"] == [[0, "A♠"], [1, "K♥"], [2, "K♦"], [3, "K♣"]]
    seats = got["picture"]["seats"]
    assert "75 points" in seats[0]["tags"] and "75 points" in seats[2]["tags"]
    assert not any("points" in t for t in seats[1]["tags"])
    assert {"move": "play K♠", "zone": "trick", "cards": ["K♠"]} in got["targets"]
    assert len(got["targets"]) == len(st.legal_moves(0))


def test_targets_of_every_move_kind() -> None:
    def where(move: str) -> dict[str, Any] | None:
        t = FELT.target(move, {})
        return None if t is None else t.to_json()

    assert where("play 7♠") == {"zone": "trick", "cards": ["7♠"]}
    assert where("bury K♠ 2♥") == {"zone": "kitty", "cards": ["K♠", "2♥"]}
    for move in ("pass", "bid 250", "trump ♥"):
        assert where(move) is None


def test_end_of_deal_shows_the_kitty_to_everyone() -> None:
    st = played(AUCTION + BURY + ["trump ♠"])
    while not st.is_over:
        st.apply(st.move_text(st.legal_moves()[0]))
    pic = drawn(st, None)["picture"]
    assert sorted(zone(pic, "kitty")["cards"]) == sorted(["2♥", "2♦", "2♣", "3♠"])
    assert zone(pic, "trick")["winner"] is not None
    assert all(s["backs"] == 0 for s in pic["seats"])
