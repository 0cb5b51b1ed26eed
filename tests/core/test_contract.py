"""The core contract, exercised on a test-only game."""

from __future__ import annotations

import json
import random

import pytest

import cardtable
from cardtable import scenario
from cardtable.conformance import check_game, view_tokens
from cardtable.errors import BadOption, IllegalMove, ScenarioError, UnknownGame

DEAL = {"hands": [["2s", "9h", "Kd"], ["As", "3c", "Qh"]], "dealer": 0}


def full_deal() -> dict:
    from cardtable.cards import card_str, make_pack
    used = {"2♠", "9♥", "K♦", "A♠", "3♣", "Q♥"}
    return {**DEAL, "stock": [card_str(c) for c in make_pack() if card_str(c) not in used]}


def test_games_lists_registered_games() -> None:
    ids = [g.id for g in cardtable.games()]
    assert "toy" in ids


def test_unknown_game_lists_valid_ones() -> None:
    with pytest.raises(UnknownGame) as e:
        cardtable.new_game("nope")
    assert "toy" in str(e.value) and "'nope'" in str(e.value)


def test_options_validated() -> None:
    with pytest.raises(BadOption, match="valid options: hand_size, target"):
        cardtable.new_game("toy", rules={"hand_sise": 2})
    with pytest.raises(BadOption, match="at most 5"):
        cardtable.new_game("toy", rules={"hand_size": 9})
    with pytest.raises(BadOption, match="no preset"):
        cardtable.new_game("toy", preset="classic")
    with pytest.raises(BadOption, match="2–3 players"):
        cardtable.new_game("toy", players=5)
    s = cardtable.new_game("toy", rules={"hand_size": "2"}, seed=3)
    assert all(len(h) == 2 for h in s.deal.hands)


def test_illegal_move_leaves_state_unchanged() -> None:
    s = cardtable.new_game("toy", deal=full_deal())
    before = json.dumps(s.to_json())
    for bad, why in [("play As", "not in your hand"), ("jump", "unknown verb"), ("play Zz", "bad card token"),
                     ("1: play As", "not seat 2's turn")]:     # seats counted from 1 (issue 26)
        with pytest.raises(IllegalMove, match=why):
            s.apply(bad)
        assert json.dumps(s.to_json()) == before
    s.apply("play 9h")
    assert s.to_move() == (1,)


def test_replay_roundtrip_and_views_hide_secrets() -> None:
    s = cardtable.new_game("toy", seed=5)
    s.apply(s.legal_moves()[0])
    again = cardtable.State.from_json(json.loads(json.dumps(s.to_json())))
    assert again.to_json() == s.to_json() and again.view(0) == s.view(0)
    v1 = s.view(1)
    tokens = view_tokens(v1)
    assert all(str(c) not in tokens for c in s.secret_cards(1))
    sample = s.sample_hidden(1, random.Random(0))
    assert sample.view(1) == v1
    assert sample.deal.hands[0] != s.deal.hands[0] or sample.deal.stock != s.deal.stock


def test_scenario_check_and_error_at() -> None:
    base = {"game": "toy", "players": 2, "deal": full_deal()}
    ok = scenario.replay({**base, "moves": ["play 9h", "play As", "play 2s", "play 3c", "play Kd", "play Qh"],
                          "expect": {"over": True, "scores": [16, -16], "winner": 0,
                                     "items": [{"seat": 0, "rule": "toy:1", "points": 16}],
                                     "no_items": [{"rule": "toy:2"}]}})
    assert scenario.check(ok) == []
    wrong = scenario.replay({**base, "moves": ["play 9h"], "expect": {"over": True}})
    assert scenario.check(wrong) == ["over: expected True, got False"]
    err = scenario.replay({**base, "moves": ["play 9h", "play 9h"], "expect": {"error_at": 1}})
    assert err.error is not None and err.error.index == 1 and scenario.check(err) == []
    assert scenario.check(scenario.replay({**base, "moves": ["play 9h"], "expect": {"error_at": 0}}))


@pytest.mark.parametrize(("bad", "field"), [
    ({"players": 2}, "game"),
    ({"game": "toy", "players": 2}, "deal"),
    ({"game": "toy", "players": 2, "seed": 1, "deal": {}}, "deal"),
    ({"game": "toy", "players": 2, "seed": 1, "colour": 1}, "colour"),
    ({"game": "toy", "players": 2, "deal": {"hands": [["2s"]]}}, "deal.hands"),
    ({"game": "toy", "players": 2, "deal": {"hands": [["2s"], ["Zz"]]}}, "deal.hands[1][0]"),
    ({"game": "toy", "players": 2, "deal": {"hands": [["2s"], ["2s"]]}}, "deal"),
    ({"game": "toy", "players": 2, "seed": 1, "expect": {"score": [1]}}, "expect.score"),
])
def test_malformed_scenarios_name_the_field(bad: dict, field: str) -> None:
    with pytest.raises(ScenarioError) as e:
        scenario.replay(bad)
    assert e.value.field == field


def test_match_accumulates_and_ends() -> None:
    m = cardtable.new_match("toy", seed=2, rules={"target": 20})
    rng = random.Random(0)
    while not m.over:
        while not m.state.is_over:
            m.state.apply(rng.choice(m.state.legal_moves()))
        if m.finish_deal() is None:
            m.next_deal()
    assert max(m.deal_totals) >= 20
    assert m.totals == [t + (10 if s in m.end.winners else 0) for s, t in enumerate(m.deal_totals)]
    assert sum(m.deal_totals) == 0


def test_match_scenario_with_deals() -> None:
    d = full_deal()
    moves = ["play 9h", "play As", "play 2s", "play 3c", "play Kd", "play Qh"]
    r = scenario.replay({"game": "toy", "players": 2, "rules": {"target": 30},
                         "deals": [{"deal": d, "moves": moves}, {"deal": d, "moves": moves}],
                         "expect": {"over": True, "scores": [42, -32], "winner": 0}})
    assert scenario.check(r) == []


def test_conformance_on_toy_game() -> None:
    rep = check_game("toy", 3, playouts=20)
    assert rep.playouts == 20 and rep.resampled > 0 and rep.rejected > 0
