"""GinState: phases, legality with reasons, notation, views and hidden cards (gin.md rules 10–36)."""

from __future__ import annotations

import json
import random

import pytest

from cardtable import IllegalMove, ScenarioError, State, get_game
from cardtable.cards import card_str, parse_card
from cardtable.conformance import check_roundtrip, check_secrets
from cardtable.errors import BadOption
from cardtable.games.gin.state import DEFEND, DISCARD, DRAW, FIFTY, FIRST_DRAW, OFFER, OFFER_DEALER, OVER
from cardtable.moves import Move

from .helpers import make_deal

GAME = get_game("gin")


def new(deal: dict, **rules: object):
    return GAME.new_state(2, GAME.make_options(rules=rules), deal=deal)


def texts(state) -> list[str]:
    return sorted(state.move_text(m) for m in state.legal_moves())


GT06 = make_deal("2c 3c 4c 5h 6h 7h 9s 9d 9h 6d", "8h 9c Ks Kd Kh Qs Jd 3d 2s As", "Tc", "Qc")


def test_deal_from_seed() -> None:
    """Rule 10: 10 cards each, one upcard, 31 stock cards; the non-dealer acts first."""
    s = GAME.new_state(2, seed=5)
    assert [len(h) for h in s.deal.hands] == [10, 10] and len(s.deal.discard) == 1 and len(s.deal.stock) == 31
    dealer = s.deal.extra["dealer"]
    assert s.to_move() == (1 - dealer,) and s.phase == OFFER
    # dealing one at a time from the non-dealer: the same shuffle with the other dealer swaps hands
    a = GAME.deal(2, GAME.make_options(), random.Random(3), {"dealer": 0})
    b = GAME.deal(2, GAME.make_options(), random.Random(3), {"dealer": 1})
    assert a.hands[1] == b.hands[0] and a.hands[0] == b.hands[1] and a.discard == b.discard


def test_upcard_offer_sequence() -> None:
    """Rules 11–14 and GT-04."""
    s = new(GT06)
    assert s.to_move() == (0,) and texts(s) == ["pass", "take"]
    s.apply("pass")
    assert s.phase == OFFER_DEALER and s.to_move() == (1,) and texts(s) == ["pass", "take"]
    s.apply("pass")
    assert s.phase == FIRST_DRAW and s.to_move() == (0,) and texts(s) == ["draw"]
    with pytest.raises(IllegalMove, match="must draw from the stock"):
        s.apply("take")
    s.apply("draw")
    assert s.phase == DISCARD and s.hands[0].bit_count() == 11


def test_dealer_takes_upcard_then_non_dealer_plays() -> None:
    """Rule 13: whoever takes the upcard discards; then play goes on as usual."""
    s = new(GT06)
    s.apply("pass")
    s.apply("take")
    assert s.to_move() == (1,) and s.phase == DISCARD
    assert "discard 10♣" not in texts(s)
    with pytest.raises(IllegalMove, match="rule 17"):
        s.apply("discard 10♣")
    s.apply("discard K♠")
    assert s.to_move() == (0,) and s.phase == DRAW and texts(s) == ["draw", "take"]
    assert s.view(0)["known"][1] == ["10♣"]
    s.apply("take")
    assert s.taken == parse_card("K♠")


def test_gt05_knock_legal_and_listed() -> None:
    s = new(GT06)
    for m in ("pass", "pass", "draw"):
        s.apply(m)
    moves = texts(s)
    assert "knock Q♣" in moves and "knock 6♦" in moves and "gin Q♣" not in moves
    assert len([m for m in moves if m.startswith("discard")]) == 11
    card, part = s.propose_knock()
    assert card_str(card) == "Q♣" and part.deadwood == 6


def test_gt05_knock_over_limit_reason() -> None:
    d = make_deal("2c 3c 4c 5h 6h 7h 9s 9d Js Qs", "8h 9c Ks Kh Ah Jd 3d 2s As 5c", "Tc", "Kd")
    s = new(d)
    for m in ("pass", "pass", "draw"):
        s.apply(m)
    assert not any(m.verb == "knock" for m in s.legal_moves())
    before = s.to_json()
    with pytest.raises(IllegalMove, match="over the knock limit 10"):
        s.apply("knock K♦")
    assert s.to_json() == before


def test_knock_with_named_arrangement_and_errors() -> None:
    s = new(GT06)
    for m in ("pass", "pass", "draw"):
        s.apply(m)
    with pytest.raises(IllegalMove, match="over the knock limit"):
        s.apply("knock Q♣ [2♣ 3♣ 4♣] [5♥ 6♥ 7♥]")   # the nines left as deadwood: 33
    with pytest.raises(IllegalMove, match="not in the hand"):
        s.apply("knock Q♣ [2♣ 3♣ 4♣ 5♣]")
    with pytest.raises(IllegalMove, match="not gin"):
        s.apply("gin Q♣")
    with pytest.raises(IllegalMove, match="not in your hand"):
        s.apply("knock A♥")
    s.apply("knock 6♦ [2♣ 3♣ 4♣] [5♥ 6♥ 7♥] [9♠ 9♦ 9♥]")
    assert s.is_over and s.k_points == 10 and card_str(s.knock_discard) == "6♦"
    assert s.scores == [16, 0]   # D = 26 with 8♥, 9♣ laid off


def test_knock_zero_deadwood_is_gin() -> None:
    """Rule 23: gin is a knock with 0 deadwood, so ``knock Q♦`` is accepted and kept as gin."""
    d = make_deal("As 2s 3s 4h 5h 6h Jc Jd Jh Js", "7h 3h Kc Kd Ks 8c 9c Tc 2d 5d", "Qh", "Qd")
    s = new(d)
    for m in ("pass", "pass", "draw"):
        s.apply(m)
    assert "gin Q♦" in texts(s) and "knock Q♦" not in texts(s)   # one listed text per outcome
    assert s.is_legal("knock Q♦")
    g = State.from_json(s.to_json())
    g.apply("gin Q♦")
    stored = s.apply("knock Q♦")
    assert stored.verb == "gin" and s.history[-1][1] == stored
    assert s.move_text(stored) == "gin Q♦"
    assert s.gin and s.k_points == 0
    assert s.score_items() == g.score_items() and s.scores == g.scores
    # a named arrangement that leaves 0 deadwood is gin as well
    h = new(d)
    for m in ("pass", "pass", "draw"):
        h.apply(m)
    assert h.apply("knock Q♦ [A♠ 2♠ 3♠] [4♥ 5♥ 6♥] [J♣ J♦ J♥ J♠]").verb == "gin"


def test_knock_with_named_deadwood_stays_a_knock() -> None:
    d = make_deal("As 2s 3s 4h 5h 6h Jc Jd Jh Js", "7h 3h Kc Kd Ks 8c 9c Tc 2d 5d", "Qh", "Qd")
    s = new(d)
    for m in ("pass", "pass", "draw"):
        s.apply(m)
    # the knocker may still lay out a layout with deadwood (rule 20/21): it is then a knock
    s.apply("knock Q♦ [A♠ 2♠ 3♠] [4♥ 5♥ 6♥] [J♣ J♦ J♥]")
    assert not s.gin and s.k_points == 10 and s.score_items()[0].rule in ("gin:31", "gin:32")


def test_force_gin() -> None:
    d = make_deal("As 2s 3s 4h 5h 6h Jc Jd Jh Js", "7h 3h Kc Kd Ks 8c 9c Tc 2d 5d", "Qh", "Qd")
    s = new(d, force_gin=True)
    for m in ("pass", "pass", "draw"):
        s.apply(m)
    assert {m.verb for m in s.legal_moves()} == {"gin"}
    with pytest.raises(IllegalMove, match="force_gin"):
        s.apply("discard Q♦")


def test_manual_defence_moves() -> None:
    s = new(GT06, defender_auto=False)
    for m in ("pass", "pass", "draw", "knock Q♣"):
        s.apply(m)
    assert s.phase == DEFEND and s.to_move() == (1,)
    plan = s.propose_defence()
    assert plan.deadwood == 26 and len(plan.layoffs) == 2
    moves = texts(s)
    assert "meld K♠ K♥ K♦" in moves and "done" in moves
    assert "layoff 8♥ [5♥ 6♥ 7♥]" in moves and "layoff 9♣ [9♠ 9♥ 9♦]" in moves
    with pytest.raises(IllegalMove, match="does not extend"):
        s.apply("layoff 2♠ [5♥ 6♥ 7♥]")
    with pytest.raises(IllegalMove, match="no meld of the knocker"):
        s.apply("layoff 8♥ [K♠]")
    s.apply("layoff 8♥ [5♥]")   # any card of the meld names it
    assert s.k_melds[1] == sum(1 << parse_card(c) for c in ("5h", "6h", "7h", "8h"))
    s.apply("done")
    # nothing melded: 9♣ K♠ K♦ K♥ Q♠ J♦ 3♦ 2♠ A♠ = 65 against K = 6
    assert s.is_over and s.scores == [59, 0]


def test_views_and_secrets_through_a_deal() -> None:
    s = new(GT06, defender_auto=False)
    rng = random.Random(1)
    for m in ("pass", "take", "discard K♠", "take", "discard 6♦"):
        s.apply(m)
    v0 = s.view(0)
    assert v0["hand"] and "hand" not in s.view(None) and "hands" not in s.view(0)
    assert v0["known"] == [["K♠"], ["10♣"]]
    assert v0["discard"] == ["6♦"] and v0["stock"] == 31
    for seat in (None, 0, 1):
        assert check_secrets(s, seat, rng) is None
    assert parse_card("K♠") not in s.secret_cards(1)
    assert parse_card("Q♣") in s.secret_cards(0)
    s.apply("draw")
    s.apply("discard Q♣")
    s.apply("draw")
    assert s.propose_knock() is not None
    s.apply("knock K♠")   # a card known to be in the hand: its face-down discard is no secret
    assert s.phase == DEFEND and s.view(1)["knock_discard"] == "K♠"
    assert s.view(1)["log"][-1] == "0: knock K♠"
    for seat in (None, 0, 1):
        assert check_secrets(s, seat, rng) is None
    assert check_roundtrip(s) is None


def test_knock_discard_stays_face_down() -> None:
    s = new(GT06)
    for m in ("pass", "pass", "draw", "knock Q♣"):
        s.apply(m)
    assert s.view(0)["knock_discard"] == "Q♣"
    for viewer in (None, 1):
        v = s.view(viewer)
        assert "knock_discard" not in v
        assert "Q♣" not in json.dumps(v, ensure_ascii=False)
        assert parse_card("Q♣") in s.secret_cards(viewer)
    assert s.view(1)["log"][-1] == "0: knock (face down)"
    assert s.view(None)["hands"][1]   # both hands are spread after a knock


def test_notation_round_trip_and_aliases() -> None:
    s = new(GT06)
    for text in ("take", "pass", "draw", "done", "discard K♠", "knock 4♠", "gin 4♠", "biggin",
                 "knock 4♠ [A♠ 2♠ 3♠] [7♥ 7♦ 7♣]", "meld K♠ K♦ K♥", "layoff 9♠ [6♠ 7♠ 8♠]"):
        m = s.parse_move(text, 0)
        assert s.move_text(m) == text and s.parse_move(s.move_text(m), 0) == m
    assert s.parse_move("discard ks", 0) == Move("discard", (parse_card("K♠"),))
    assert s.parse_move("stock", 0) == Move("draw")
    with pytest.raises(IllegalMove, match="unknown move"):
        s.parse_move("play K♠", 0)
    with pytest.raises(IllegalMove, match="write it as"):
        s.parse_move("discard K♠ Q♠", 0)


def test_clone_is_independent() -> None:
    s = new(GT06)
    c = s.clone()
    c.apply("take")
    assert s.phase == OFFER and c.phase == DISCARD and s.hands != c.hands and s.history == []
    c2 = c.clone()
    c2.apply("discard 6♦")
    assert c.pile != c2.pile and len(c.history) == 1


def test_to_json_round_trip() -> None:
    s = new(GT06)
    for m in ("pass", "pass", "draw", "knock Q♣"):
        s.apply(m)
    again = State.from_json(json.loads(json.dumps(s.to_json())))
    assert again.scores == s.scores == [20, 0] and again.view(1) == s.view(1)


def test_bad_deals_and_options() -> None:
    d = dict(GT06)
    d["dealer"] = 2
    with pytest.raises(ScenarioError, match="dealer"):
        new(d)
    d = json.loads(json.dumps(GT06))
    d["stock"].append(d["hands"][0].pop())
    with pytest.raises(ScenarioError, match="gin deals 10"):
        new(d)
    with pytest.raises(BadOption, match="valid values"):
        GAME.make_options(rules={"shutout": "triple"})
    with pytest.raises(BadOption, match="hollywood|valid values"):
        GAME.make_options(rules={"scoring": "hollywood"})
    with pytest.raises(BadOption, match="oklahoma"):
        GAME.make_options(rules={"oklahoma_spade_double": True})
    with pytest.raises(BadOption, match="at most 10"):
        GAME.make_options(rules={"knock_limit": 11})


def test_presets() -> None:
    classic = GAME.make_options("classic")
    assert (classic.gin_bonus, classic.undercut_bonus, classic.box_bonus) == (20, 10, 20)
    assert (classic.game_bonus, classic.shutout) == (100, "double_total")
    assert GAME.make_options("modern") == GAME.make_options()
    for p in GAME.presets.values():
        assert p.description and p.source


def test_fiftieth_states() -> None:
    from .scenarios_util import play_to_fifty
    s = play_to_fifty()
    assert s.phase == FIFTY and s.to_move() == (1,) and texts(s) == ["pass", "take"]
    s.apply("take")
    assert s.must_knock and all(m.verb in ("knock", "gin") for m in s.legal_moves())


def test_dead_hand_state() -> None:
    from .scenarios_util import play_to_fifty
    s = play_to_fifty(fiftieth=False)
    assert s.phase == OVER and s.dead and s.winners() == [] and len(s.stock) == 2
    assert [it.rule for it in s.score_items()] == ["gin:35", "gin:35"]
    assert "hands" not in s.view(None)


def test_oklahoma_limits() -> None:
    d = make_deal("As 2s 3s 4h 5h 6h 9c 9d 9h 8c", "Kc Kd 2c 5d Qs 3c Jh 4d 7s 6s", "7c", "Jc")
    s = new(d, oklahoma=True)
    assert (s.limit, s.knock_ok, s.mult) == (7, True, 1)
    d["discard"] = ["A♣"]
    d["stock"][d["stock"].index("A♣")] = "7♣"
    s = new(d, oklahoma=True)
    assert s.knock_ok is False and s.view(0)["gin_only"] is True
    s = new(d, oklahoma=True, oklahoma_ace="one")
    assert (s.limit, s.knock_ok) == (1, True)
    d["discard"] = ["4♠"]
    d["stock"][d["stock"].index("4♠")] = "A♣"
    s = new(d, oklahoma=True, oklahoma_spade_double=True)
    assert (s.limit, s.mult) == (4, 2)


def test_knock_limit_zero_is_straight_gin() -> None:
    s = new(GT06, knock_limit=0)
    for m in ("pass", "pass", "draw"):
        s.apply(m)
    assert not any(m.verb == "knock" for m in s.legal_moves())
    with pytest.raises(IllegalMove, match="only gin"):
        s.apply("knock Q♣")
