"""捉黑A play (zhuoheia.md §2.0 base game, §2.1 hidden partner, §2.2 庄家, §2.4 end)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardtable.cards import parse_card
from cardtable.climbing import STRAIGHT, classify
from cardtable.errors import BadOption, IllegalMove
from cardtable.registry import get_game, new_game, new_match
from cardtable.scenario import check, replay

from .helpers import state

FILES = sorted((Path(__file__).parent / "scenarios").glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_files(path: Path) -> None:
    assert check(replay(path)) == []


def test_every_spec_scenario_has_a_file() -> None:
    names = " ".join(p.stem for p in FILES)
    for k in ("s1_", "s2_", "s3_", "s4_", "s5_", "s6_", "s7_", "s8_", "whole"):
        assert k in names


def test_scenario_7_legal_replies_to_a_straight() -> None:
    """§2.5 scenario 7: after 3-4-5-6-7 the replies are 5-card straights topped 8..A or bombs."""
    st = state({0: "3♠ 4♥ 5♦ 6♣ 7♠", 1: "4♠ 5♥ 6♦ 7♣ 8♠ 9♥ T♦ J♣ Q♠ K♥ A♦ 2♣ 9♠ 9♦"})
    st.apply("play 3♠ 4♥ 5♦ 6♣ 7♠")
    legal = st.legal_moves(1)
    combos = [classify(m.cards, st.crules) for m in legal if m.verb == "play"]
    assert {c.kind for c in combos if c} == {STRAIGHT}      # no bomb in this hand
    assert all(c and c.size == 5 and 5 <= c.top <= 11 for c in combos if c and c.kind == STRAIGHT)
    assert any(m.verb == "pass" for m in legal)
    assert st.why_illegal(1, st.parse_move("play J♣ Q♠ K♥ A♦ 2♣", 1)) is not None
    with pytest.raises(IllegalMove, match="not a combination"):
        st.apply("play 4♠ 5♥ 6♦ 7♣")
    with pytest.raises(IllegalMove, match="same type and number"):
        st.apply("play 9♠ 9♦")
    st.apply("play 4♠ 5♥ 6♦ 7♣ 8♠")


def test_scenario_8_joker_pair_is_not_a_pair() -> None:
    """§2.5 scenario 8 (default): LJ BJ cannot be played as a pair."""
    st = state({0: "LJ BJ 3♠"})
    with pytest.raises(IllegalMove, match="not a combination"):
        st.apply("play LJ BJ")
    st2 = state({0: "LJ BJ 3♠"}, rules={"joker_pair_bomb": True})
    st2.apply("play LJ BJ")
    assert st2.top.kind == "joker_bomb"


def test_leader_cannot_pass_and_round_returns_to_last_player() -> None:
    st = state({0: "3♠ 9♠", 1: "4♠", 2: "5♠", 3: "6♠"})
    with pytest.raises(IllegalMove, match="cannot pass"):
        st.apply("pass")
    st.apply("play 9♠")
    for _ in range(3):
        st.apply("pass")
    assert st.to_move() == (0,) and st.top is None


def test_passed_player_may_play_again_by_default() -> None:
    """§2.0 Decision: passing is not final for the round (config pass_is_final_for_round)."""
    st = state({0: "3♠", 1: "4♠ 8♠", 2: "5♠ 9♠", 3: "6♠"})
    st.apply("play 3♠")
    st.apply("pass")          # seat 1
    st.apply("play 5♠")       # seat 2
    st.apply("pass")          # seat 3
    st.apply("pass")          # seat 0
    assert st.to_move() == (1,)
    st.apply("play 8♠")
    st2 = state({0: "3♠", 1: "4♠ 8♠", 2: "5♠ 9♠", 3: "6♠"}, rules={"pass_is_final_for_round": True})
    st2.apply("play 3♠")
    st2.apply("pass")
    st2.apply("play 5♠")
    st2.apply("pass")
    st2.apply("pass")
    assert st2.to_move() == (2,) and st2.top is None   # everyone else passed: seat 2 leads


def test_lead_after_going_out_passes_to_next_player() -> None:
    """§2.0 接风: the last player went out; the next player still holding cards leads."""
    st = state({0: "2♠", 1: "3♥", 2: "3♦", 3: "3♣"})
    assert len(st.view(0)["hand"]) == 14
    while st.hands[0]:   # seat 0 leads singles, the others pass, until seat 0 is out
        st.apply(next(m for m in st.legal_moves(0) if len(m.cards) == 1))
        while st.hands[0] and st.to_move() != (0,):
            st.apply("pass")
    assert st.finish_order == [0]
    for _ in range(3):
        st.apply("pass")
    assert st.to_move() == (1,) and st.top is None


def test_hidden_partner_in_views() -> None:
    """§2.1: nobody but the A♠ holder knows the partner until A♠ is played."""
    st = state({0: "3♠", 2: "A♠ 4♠"})
    assert st.partner == 2
    assert st.view(0)["partner"] is None and st.view(1)["partner"] is None
    assert st.view(None)["partner"] is None
    assert st.view(2)["partner"] == 2 and st.view(2)["side"] == "partner"
    assert st.view(1)["side"] == "opponent" and st.view(0)["side"] == "zhuangjia"
    assert parse_card("A♠") in st.secret_cards(0)
    rng = random.Random(1)
    for seat in (None, 0, 1, 3):
        for _ in range(5):
            assert st.sample_hidden(seat, rng).view(seat) == st.view(seat)
    st.apply("play 3♠")
    st.apply("pass")
    st.apply("play A♠")
    assert all(st.view(s)["partner"] == 2 for s in (None, 0, 1, 3))


def test_dealer_alone() -> None:
    st = state({0: "A♠"})
    assert st.partner == 0 and st.view(0)["partner"] == "alone"
    assert st.view(1)["partner"] is None


def test_faceup_card_names_the_first_dealer() -> None:
    """§2.2: the drawer of the face-up card (明牌) is 庄家 and leads; the card is public."""
    game = get_game("zhuoheia")
    for seed in range(20):
        st = new_game("zhuoheia", seed=seed)
        up = parse_card(st.view(None)["faceup"])
        assert st.hands[st.dealer] >> up & 1
        assert up not in st.secret_cards(1)
        assert st.to_move() == (st.dealer,)
        assert sorted(len(h) for h in st.deal.hands) == [13, 13, 14, 14]
    assert game.pack(5, game.make_options(rules={"use_jokers": False})).__len__() == 52


def test_first_lead_holder_of_h3() -> None:
    st = state({2: "3♥"}, rules={"first_lead": "holder_of_H3"})
    assert st.to_move() == (2,)
    assert parse_card("3♥") not in st.secret_cards(0)


def test_voluntary_reveal() -> None:
    st = state({1: "A♠"}, rules={"allow_voluntary_reveal": True}, dealer=1)
    assert any(m.verb == "reveal" for m in st.legal_moves(1))
    assert st.view(0)["partner"] is None
    st.apply("reveal")
    assert st.to_move() == (1,)
    assert st.view(0)["partner"] == "alone"
    with pytest.raises(IllegalMove, match="already"):
        st.apply("reveal")
    st2 = state({1: "A♠"}, dealer=0)
    with pytest.raises(IllegalMove, match="voluntary reveal is off"):
        st2.apply("reveal")


def test_lead_after_out_partner_when_sides_public() -> None:
    """config lead_after_out=partner: the out player's known teammate leads (接风给队友)."""
    st = state({0: "A♠ 2♠"}, rules={"lead_after_out": "partner"})
    assert st.partner == 0   # alone: no teammate, lead goes to the next player
    assert st._successor(0) == 1
    st = state({0: "2♠", 2: "A♠"}, rules={"lead_after_out": "partner"})
    assert st._successor(0) == 1            # partner not public yet
    st.public |= 1 << parse_card("A♠")
    assert st._successor(0) == 2


def test_end_and_scoring() -> None:
    """§2.4: the hand ends when one player holds cards; the first finisher's side wins."""
    rng = random.Random(3)
    for rules in ({}, {"score_per_hand": 1}):
        st = new_game("zhuoheia", seed=11, rules=rules)
        while not st.is_over:
            st.apply(rng.choice(st.legal_moves()))
        assert len(st.finish_order) == 4 and sorted(st.finish_order) == [0, 1, 2, 3]
        first = st.finish_order[0]
        win = st.winners()
        assert first in win
        team = {st.dealer, st.partner}
        assert set(win) == (team if first in team else {0, 1, 2, 3} - team)
        if rules:
            assert all(st.scores[s] == (1 if s in win else -1) for s in range(4))
        else:
            assert st.scores == [0, 0, 0, 0]
        assert st.view(0)["remaining"] and st.secret_cards(0) == []


def test_match_next_dealer_is_first_finisher() -> None:
    m = new_match("zhuoheia", 4, rules={"deals": 3}, seed=5)
    rng = random.Random(2)
    while True:
        st = m.state
        while not st.is_over:
            st.apply(rng.choice(st.legal_moves()))
        if m.finish_deal() is not None:
            break
        prev = st
        nxt = m.next_deal()
        assert nxt.dealer == prev.finish_order[0]
        assert nxt.deal.extra["prev_partner"] == prev.partner
        assert nxt.deal.extra["prev_order"] == prev.finish_order
    assert m.over and m.end is not None and m.end.winners


def test_bad_options_and_moves() -> None:
    with pytest.raises(BadOption, match="valid values"):
        new_game("zhuoheia", rules={"tribute_model": "nope"})
    st = state({0: "3♠ 4♠"})
    with pytest.raises(IllegalMove, match="not in your hand"):
        st.apply("play 4♥")
    with pytest.raises(IllegalMove, match="unknown move"):
        st.apply("dance")
    with pytest.raises(IllegalMove, match="tribute"):
        st.apply("give 3♠")
    before = st.to_json()
    with pytest.raises(IllegalMove):
        st.apply("play 3♠ 3♠")
    assert st.to_json() == before


def test_move_text_round_trip() -> None:
    st = new_game("zhuoheia", seed=4)
    for m in st.legal_moves():
        assert st.parse_move(st.move_text(m), st.to_move()[0]) == m


def test_cards_typed_in_any_order_are_kept_in_one_form() -> None:
    """A pair typed high card first is the same move as the listed one (canonical_move)."""
    import cardtable

    for seed in range(30):
        state = cardtable.new_game("zhuoheia", seed=seed)
        if state.to_move() and state.phase == "play":
            seat = state.to_move()[0]
            pairs = [m for m in state.legal_moves(seat) if m.verb == "play" and len(m.cards) == 2]
            if pairs:
                listed = pairs[0]
                typed = "play " + " ".join(str(c) for c in reversed(listed.cards))
                played = state.apply(typed)
                assert played == listed
                assert state.moves_text()[-1] == state.move_text(listed)
                return
    raise AssertionError("no opening pair found in 30 seeds")
