"""Each non-default option of dummy.md §6 changes play or scoring the way the spec says."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.errors import IllegalMove
from cardtable.match import Match
from cardtable.registry import get_game, new_game
from cardtable.scenario import load

from .build_scenarios import build
from .helpers import scenario_path


def mk(hands: list[str], pile: str, stock: str = "", table: list[Any] | None = None, born: list[int] | None = None,
       starter: int = 0, rules: dict[str, Any] | None = None, fill: bool = False, moves: list[str] = (),
       rest_to: int | None = None) -> Any:
    extra = {} if rest_to is None else {"rest_to": rest_to}
    sc = build({**extra, "id": "x", "title": "", "spec": "", "players": len(hands), "hands": hands, "pile": pile,
                "stock": stock, "table": table or [], "born": born or [], "starter": starter, "fill": fill,
                "moves": [], "expect": {}})
    s = new_game("dummy", len(hands), rules=rules or {}, deal=sc["deal"])
    for mv in moves:
        s.apply(mv)
    return s


def item(s: Any, rule: str, seat: int | None = None) -> list[Any]:
    return [it for it in s.score_items() if it.rule == f"dummy:{rule}" and (seat is None or it.seat == seat)]


def test_s8_show_speto_bonus() -> None:
    s = mk(["2♣ Q♠ 5♥", "4♥"], "9♦", rules={"show_speto_bonus": 50})
    assert s.legal_moves()[0].verb == "show"
    s.apply("show")
    assert item(s, "S8", 0)[0].points == 50
    with pytest.raises(IllegalMove, match="S8"):
        s.apply("show")
    assert not any(m.verb == "show" for m in mk(["2♣ Q♠ 5♥", "4♥"], "9♦").legal_moves())


def test_b11_pickup_for_layoff() -> None:
    kw = dict(hands=["K♥ 3♠ 9♣", "2♥"], pile="K♣ 7♦", table=[(0, "8♥ 9♥ 10♥"), (1, "4♦ 5♦ 6♦")], born=[0, 1])
    s = mk(**kw)
    with pytest.raises(IllegalMove, match="B11"):
        s.apply("take 7♦ on 4♦")
    s = mk(**kw, rules={"allow_pickup_for_layoff": True})
    s.apply("take 7♦ on 5♦")
    assert s.placed_by[int(get_card("7♦"))] == 0 and s.melds[1].mask >> int(get_card("7♦")) & 1
    s.apply("discard 3♠")
    # an unborn player may lay the target off only towards a knock
    s = mk(hands=["K♥ 3♠ 9♣", "2♥"], pile="K♣ 7♦", table=[(1, "4♦ 5♦ 6♦")], born=[1],
           rules={"allow_pickup_for_layoff": True})
    assert not any(m.verb == "take" for m in s.legal_moves())


def test_b14_no_chaining() -> None:
    kw = dict(hands=["J♠ 3♥", "Q♠ 9♦"], pile="5♦", table=[(1, "8♠ 9♠ 10♠")], born=[0, 1])
    s = mk(**kw, rules={"layoff_chain_allowed": False}, moves=["draw", "layoff J♠ on 8♠", "discard 3♥", "draw"])
    with pytest.raises(IllegalMove, match="B14"):
        s.apply("layoff Q♠ on 8♠")
    s = mk(**kw, moves=["draw", "layoff J♠ on 8♠", "discard 3♥", "draw"])
    s.apply("layoff Q♠ on 8♠")


def test_b27_final_turn_none_and_reshuffle() -> None:
    kw = dict(hands=["3♥ 9♣", "4♦ 8♠"], pile="K♣ 2♦ 7♥", stock="6♣", rest_to=0)
    s = mk(**kw, rules={"final_turn_mode": "none"}, moves=["draw", "discard 9♣"])
    assert s.is_over and s.end_reason == "stock" and s.knocker is None
    s = mk(**kw, moves=["draw", "discard 9♣"])
    assert not s.is_over and s.final_turn and s.legal_moves()[0].verb == "pass"
    s = mk(**kw, rules={"reshuffle_on_stock_out": True}, moves=["draw", "discard 9♣"])
    assert not s.is_over and [int(c) for c in s.pile] == [int(get_card("9♣"))]
    s.apply("draw")                          # the old head comes back first
    assert s.hands[1] >> int(get_card("K♣")) & 1 and "K♣" in s.view(0)["hands"][1]["known"]


def get_card(t: str) -> Any:
    from cardtable.cards import parse_card
    return parse_card(t)


T36 = dict(hands=["3♥ 4♥ 5♥ 6♥ 9♣ 9♦ 9♠", "2♥"], pile="5♣", stock="K♦",
           moves=["draw", "meld 3♥ 4♥ 5♥ 6♥", "meld 9♣ 9♦ 9♠", "knock K♦"])


@pytest.mark.parametrize(("rules", "a_score"), [
    ({}, 190), ({"multiplier_scope": "bonus_only"}, 35 + 10 + 100), ({"knock_card_scores": False}, 170),
    ({"dark_multiplier": 3}, 285), ({"knock_bonus": 0}, 90)])
def test_b20_b24_knocker_scoring(rules: dict[str, Any], a_score: int) -> None:
    assert mk(**T36, rules=rules).scores[0] == a_score


def test_b24_multiplier_applies_to_penalties() -> None:
    sc = load(scenario_path("T39_penalties_not_multiplied"))
    s = new_game("dummy", 4, rules={"multiplier_applies_to_penalties": True}, deal=sc["deal"])
    for mv in sc["moves"]:
        s.apply(mv)
    assert s.scores[0] == 180 - 100 and item(s, "B24", 0)[0].points == -50


def test_s3_s6_speto_held_by_an_unborn_player_counts_four_times() -> None:
    s = mk(**{**T36, "hands": ["3♥ 4♥ 5♥ 6♥ 9♣ 9♦ 9♠", "2♣"]}, rules={"speto_in_hand_multiplier": 2})
    assert s.scores[1] == -200      # dummy.md §11: 50 × 2 × 2
    s = mk(**{**T36, "hands": ["3♥ 4♥ 5♥ 6♥ 9♣ 9♦ 9♠", "2♣"]}, rules={"dark_minus_factor": 3})
    assert s.scores[1] == -150


def test_b13_hand_melds_without_birth() -> None:
    kw = dict(hands=["3♥ 4♥ 5♥ K♦ 2♠ 7♣", "2♥"], pile="9♦", stock="J♣")
    s = mk(**kw, moves=["draw"])
    assert not any(m.verb == "meld" for m in s.legal_moves())
    s = mk(**kw, rules={"hand_melds_require_born": False}, moves=["draw", "meld 3♥ 4♥ 5♥", "discard K♦"])
    assert s.born[0] and not s.is_over


def test_b13_stock_dark_knock_can_be_switched_off() -> None:
    s = mk(**{k: v for k, v in T36.items() if k != "moves"}, rules={"allow_stock_dark_knock": False},
           moves=["draw"])
    assert {m.verb for m in s.legal_moves()} == {"discard"}


def test_b5_first_turn_head_pickup() -> None:
    kw = dict(hands=["7♦ 7♣ 2♠", "4♥"], pile="7♥")
    assert any(m.verb == "take" for m in mk(**kw).legal_moves())
    assert not any(m.verb == "take" for m in mk(**kw, rules={"first_turn_may_pick_head": False}).legal_moves())


def test_b9_ace_low() -> None:
    kw = dict(hands=["A♣ 2♣ 3♣ 9♥", "4♥"], pile="K♦", table=[(0, "J♥ Q♥ K♥")], born=[0],
              moves=["draw"])
    with pytest.raises(IllegalMove, match="B6"):
        mk(**kw).apply("meld A♣ 2♣ 3♣")
    mk(**kw, rules={"ace_low_allowed": True}).apply("meld A♣ 2♣ 3♣")


@pytest.mark.parametrize(("rules", "charged"), [({}, False), ({"penalize_lone_speto_feed": True}, True)])
def test_o8_lone_speto_feed(rules: dict[str, Any], charged: bool) -> None:
    s = mk(["2♣ 9♠", "3♣ 4♣ K♥", "", ""], "5♦ 9♥", fill=True, rules=rules,
           moves=["draw", "discard 2♣", "take 2♣ meld 2♣ 3♣ 4♣", "discard K♥"])
    assert bool(item(s, "O8", 0)) is charged


@pytest.mark.parametrize(("rules", "charged"), [({}, False), ({"pee_counts_layoffs": True}, True)])
def test_pee_counts_layoffs(rules: dict[str, Any], charged: bool) -> None:
    """§11: by default a lay-off onto a meld made earlier in the same turn does not count."""
    s = mk(["9♣", "8♥", "5♥ 6♥ 3♠", ""], "7♥", fill=True, rules=rules,
           moves=["draw", "discard 9♣", "draw", "discard 8♥", "take 7♥ meld 5♥ 6♥ 7♥", "layoff 8♥ on 5♥",
                  "discard 3♠"])
    assert bool(item(s, "O6", 1)) is charged


def test_b4_winner_starts_next_hand_and_rotate() -> None:
    sc = load(scenario_path("T41a_stock_out"))
    game = get_game("dummy")
    for mode, want in [("winner", 0), ("rotate", 1)]:
        rules = {**sc["rules"], "next_starter": mode, "match_target": 10_000}
        m = Match(game, 2, game.make_options(rules=rules), seed=3, first_deal=sc["deal"])
        for mv in sc["moves"]:
            m.state.apply(mv)
        m.next_deal()
        assert m.state.starter == want and not m.over


def test_b29_match_target() -> None:
    game = get_game("dummy")
    m = Match(game, 2, game.make_options(rules={"match_target": 1}), seed=5)
    import random
    rng = random.Random(5)
    while not m.over:
        while not m.state.is_over:
            lm = m.state.legal_moves()
            m.state.apply(lm[rng.randrange(len(lm))])
        if m.finish_deal() is None:
            m.next_deal()
    assert max(m.totals) >= 1 and m.end is not None


@pytest.mark.parametrize(("mode", "pile", "charged"), [
    ("functional", "5♦ 9♥", True), ("strict_first", "5♦ 9♥", True),
    ("functional", "5♦ 2♦", True), ("strict_first", "5♦ 2♦", False)])
def test_o8_lone_speto_feed_strict_first(mode: str, pile: str, charged: bool) -> None:
    """penalize_lone_speto_feed charges "a speto discarded with no related card in the pile"
    (§4 O8 note): with ti_on_mode = strict_first a related card in P_e (here 2♦, a connector of
    2♣ that is not melded with it) prevents the charge; functionally it does not."""
    s = mk(["2♣ 9♠", "3♣ 4♣ K♥", "", ""], pile, fill=True,
           rules={"penalize_lone_speto_feed": True, "ti_on_mode": mode},
           moves=["draw", "discard 2♣", "take 2♣ meld 2♣ 3♣ 4♣", "discard K♥"])
    assert bool(item(s, "O8", 0)) is charged
    assert not item(s, "O7", 0)


def test_o8_not_charged_for_an_o7_case_when_o7_is_off() -> None:
    """Decision 15: O8's "O7 did not fire" is read as "O7's trigger did not hold", so switching
    O7 off (opt_pee_speto = 0) does not turn the T23 case (O7 case 3) into an O8 charge."""
    kw: dict[str, Any] = dict(hands=["3♣", "2♣ K♥", "", ""], pile="5♦ 4♣", fill=True,
                              moves=["draw", "discard 3♣", "take 4♣ meld 2♣ 3♣ 4♣", "discard K♥"])
    on = mk(**kw)
    assert [it.points for it in item(on, "O7", 0)] == [-50] and not item(on, "O8", 0)
    off = mk(**kw, rules={"opt_pee_speto": 0})
    assert not item(off, "O7", 0) and not item(off, "O8", 0)
