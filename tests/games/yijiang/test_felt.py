"""议将夺墩算分's card-table picture and gestures (games/yijiang/felt.py) on the deal of
scenario s02 (trump ♣: K♥ led, A♥, 2♣ trumps, 3♥)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cardtable.games.yijiang.felt import FELT
from cardtable.i18n import use_language
from cardtable.picture import table_picture
from cardtable.registry import new_game

DEAL = json.loads((Path(__file__).parent / "scenarios" / "s02_trump_wins.json").read_text("utf-8"))["deal"]
AUCTION = ["pass", "bid 3", "pass", "pass", "pass"]


def played(moves: list[str], players: int = 4, **rules: Any) -> Any:
    st = new_game("yijiang", players, rules=rules or None, deal=DEAL)
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


def test_auction_is_a_bidding_box_without_gestures() -> None:
    got = drawn(played(["pass", "bid 3"]), 2)
    pic = got["picture"]
    assert zone(pic, "auction")["bids"] == [[0, "pass"], [1, "3"]]
    assert "text" not in zone(pic, "auction")
    assert zone(pic, "round")["text"] == "1 of 2"
    assert zone(pic, "stock") == {"id": "stock", "kind": "stock", "label": "stock", "count": 32}
    assert pic["seats"][0]["tags"] == ["dealer", "pass"] and pic["seats"][1]["tags"] == ["3"]
    assert [s["backs"] for s in pic["seats"]] == [5, 5, 0, 5]
    assert got["targets"] == []


def test_contract_trump_and_partnership_after_the_auction() -> None:
    got = drawn(played(AUCTION), 1)
    assert got["targets"] == []                      # the trump call stays in the list
    pic = drawn(played([*AUCTION, "trump ♣"]), 0)["picture"]
    assert zone(pic, "auction")["text"] == "contract 3"
    assert zone(pic, "trump") == {"id": "trump", "kind": "info", "label": "trump", "text": "♣"}
    assert pic["seats"][1]["tags"] == ["declarer"]
    assert pic["seats"][3]["tags"] == ["declarer's partner"]


def test_mid_trick_then_the_complete_trick_with_its_winner() -> None:
    mid = drawn(played([*AUCTION, "trump ♣", "play K♥", "play A♥"]), 3)
    assert zone(mid["picture"], "trick")["plays"] == [[1, "K♥"], [2, "A♥"]]
    assert {"move": "play 2♣", "zone": "trick", "cards": ["2♣"]} in mid["targets"]
    done = drawn(played([*AUCTION, "trump ♣", "play K♥", "play A♥", "play 2♣", "play 3♥"]), 3)
    trick = zone(done["picture"], "trick")
    assert trick["label"] == "last trick" and trick["winner"] == 3
    assert trick["plays"] == [[1, "K♥"], [2, "A♥"], [3, "2♣"], [0, "3♥"]]
    assert done["picture"]["seats"][3]["tags"] == ["declarer's partner", "1 trick"]
    assert [t["move"] for t in done["targets"]] == ["play 6♦", "play 7♦", "play 8♦", "play 9♦"]
    assert all(t["zone"] == "trick" and t["cards"] == [t["move"].split()[1]] for t in done["targets"])


def test_no_trump_round_and_no_partners_without_teams() -> None:
    pic = drawn(played(["pass"] * 4, all_pass="no_trump_round"), 0)["picture"]
    assert zone(pic, "trump")["text"] == "no trump"
    assert "text" not in zone(pic, "auction")
    pic = drawn(played(["pass", "bid 3", "pass", "pass", "pass", "trump ♠"], teams_when_four=False), 0)["picture"]
    assert pic["seats"][3]["tags"] == []


def test_bids_and_passes_have_no_gesture() -> None:
    for move in ("pass", "bid 4", "trump ♠"):
        assert FELT.target(move, {}) is None
    t = FELT.target("play K♥", {})
    assert t is not None and t.to_json() == {"zone": "trick", "cards": ["K♥"]}
