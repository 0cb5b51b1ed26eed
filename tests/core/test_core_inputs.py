"""Bad input to the core gets a clear error naming the problem and changes nothing."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Literal

import pytest

import cardtable
from cardtable.errors import BadOption, BadSeat, IllegalMove, ScenarioError
from cardtable.options import Options, option

from .test_scenario_contract import MOVES, full_deal


@dataclass(frozen=True)
class Opts(Options):
    limit: int = option(10, "an int", min=0, max=20)
    flag: bool = option(False, "a bool")
    mode: Literal["alpha", "beta"] = option("alpha", "a choice")
    packs: Literal[1, 2] = option(1, "packs")
    ratio: float = option(0.5, "a float")
    size: int = option(3, "with choices", choices=(3, 5))


@pytest.mark.parametrize(("key", "text", "value"), [
    ("limit", "7", 7), ("limit", " 20 ", 20), ("flag", "true", True), ("flag", "Off", False),
    ("flag", "1", True), ("mode", "beta", "beta"), ("packs", "2", 2), ("ratio", "0.25", 0.25),
    ("size", "5", 5), ("packs", 2, 2), ("flag", True, True),
])
def test_options_coerce_command_line_text(key: str, text: object, value: object) -> None:
    got = getattr(Opts.build({key: text}), key)
    assert got == value and type(got) is type(value)


@pytest.mark.parametrize(("key", "raw", "message"), [
    ("limt", "1", "unknown option 'limt'; valid options: flag, limit, mode, packs, ratio, size"),
    ("limit", "x", "option 'limit' takes a whole number, not 'x'"),
    ("limit", "1.5", "takes a whole number"),
    ("limit", 2.0, "takes a whole number"),
    ("limit", True, "takes a whole number"),
    ("limit", "21", "must be at most 20"),
    ("limit", "-1", "must be at least 0"),
    ("flag", "maybe", "option 'flag' takes true or false, not 'maybe'"),
    ("flag", 1, "takes true or false"),
    ("mode", "gamma", "option 'mode' has no value 'gamma'; valid values: alpha, beta"),
    ("mode", 3, "takes text"),
    ("packs", "3", "option 'packs' has no value '3'; valid values: 1, 2"),
    ("ratio", "half", "takes a number"),
    ("size", "4", "valid values: 3, 5"),
])
def test_bad_options_name_the_valid_values(key: str, raw: object, message: str) -> None:
    with pytest.raises(BadOption) as e:
        Opts.build({key: raw})
    assert message in str(e.value)


def test_presets_and_rules_errors() -> None:
    game = cardtable.registry.get_game("toy")
    with pytest.raises(BadOption, match="valid presets: \\(none\\)"):
        game.make_options("classic")
    with pytest.raises(BadOption, match="rules must be a mapping"):
        game.make_options(None, [("hand_size", 2)])  # type: ignore[arg-type]
    with pytest.raises(BadOption, match="is for 2–3 players, not 4"):
        cardtable.new_game("toy", players=4)
    with pytest.raises(BadOption, match="not True"):
        cardtable.new_game("toy", players=True)


def test_bad_seats_are_named() -> None:
    s = cardtable.new_game("toy", seed=1)
    for bad in (2, -1, "0", True):
        with pytest.raises(BadSeat, match="there is no seat"):
            s.view(bad)  # type: ignore[arg-type]
        with pytest.raises(BadSeat):
            s.sample_hidden(bad, random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(IllegalMove, match="no seat 5 at a 2-player table"):
        s.apply("play 2s", 5)
    assert s.view(None)["seat"] is None


def test_rejected_moves_change_nothing() -> None:
    s = cardtable.new_game("toy", deal=full_deal())
    before = json.dumps([s.to_json(), s.view(None), s.view(0), s.view(1)])
    for bad, why in [("play As", "not in your hand"), ("play", "exactly one card"),
                     ("play 9h 9h", "exactly one card"), ("play 1h", "unknown rank '1'"),
                     ("0: play Zz", "bad card token"), ("1: play As", "not seat 2's turn"),
                     ("", "unknown verb"), ("play 9h @x", "exactly one card")]:
        with pytest.raises(IllegalMove, match=why):
            s.apply(bad)
        assert json.dumps([s.to_json(), s.view(None), s.view(0), s.view(1)]) == before
    with pytest.raises(IllegalMove, match="a move is a Move or its text"):
        s.apply(None)  # type: ignore[arg-type]
    with pytest.raises(IllegalMove, match="names seat 1 but seat 2 plays it"):     # counted from 1
        s.apply("0: play 9h", 1)
    assert not s.is_legal("0: play 9h", 1) and s.is_legal("0: play 9h") and s.is_legal("play 9h", 0)
    for m in MOVES:
        s.apply(m)
    with pytest.raises(IllegalMove, match="the deal is over"):
        s.apply("play 9h")


def test_resampling_is_seeded_and_keeps_the_view() -> None:
    s = cardtable.new_game("toy", seed=4)
    s.apply(s.legal_moves()[0])
    a = s.sample_hidden(1, random.Random(3))
    b = s.sample_hidden(1, random.Random(3))
    assert a.to_json() == b.to_json()
    assert a.view(1) == s.view(1)
    assert a.deal.hands[1] == s.deal.hands[1]            # the seat's own cards stay put
    assert any(s.sample_hidden(1, random.Random(k)).deal.hands[0] != s.deal.hands[0]
               for k in range(5))


def test_a_rejected_next_deal_leaves_the_match_as_it_was() -> None:
    m = cardtable.new_match("toy", seed=2, rules={"target": 500})
    while not m.state.is_over:
        m.state.apply(m.state.legal_moves()[0])
    m.finish_deal()
    state, context, rng = m.state, dict(m.context), m.rng.getstate()
    bad = full_deal()
    bad["stock"] = bad["stock"][:-1]
    with pytest.raises(ScenarioError, match="not dealt"):
        m.next_deal(bad)
    assert m.state is state and m.context == context and m.rng.getstate() == rng
    assert len(m.deals) == 1
    nxt = m.next_deal(seed=5)
    assert nxt.deal.to_json()["hands"] == cardtable.new_game(
        "toy", seed=5).deal.to_json()["hands"]


def test_finish_deal_is_idempotent_and_checks_the_deal_is_over() -> None:
    m = cardtable.new_match("toy", seed=2, rules={"target": 500})
    with pytest.raises(cardtable.errors.CardtableError, match="not over"):
        m.finish_deal()
    with pytest.raises(cardtable.errors.CardtableError, match="not over"):
        m.next_deal()
    while not m.state.is_over:
        m.state.apply(m.state.legal_moves()[0])
    assert m.finish_deal() is None and m.finish_deal() is None
    assert len(m.deals) == 1 and m.totals == m.state.scores
