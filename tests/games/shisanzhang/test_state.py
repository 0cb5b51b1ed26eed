"""The deal as a simultaneous hidden decision: moves, views, secrecy, errors, matches."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.bots import make_bot
from cardtable.cards import parse_cards
from cardtable.errors import BadOption, IllegalMove
from cardtable.games.shisanzhang import GAME, hint
from cardtable.games.shisanzhang.arrange import objective
from cardtable.games.shisanzhang.state import HIDDEN_TEXT, ShisanzhangState
from cardtable.match import Match
from cardtable.registry import new_game, new_match

ROWS10 = ["arrange Q♠ Q♥ Q♣ | 2♠ 2♥ 2♦ 2♣ 9♦ | 3♥ 4♥ 5♥ 6♥ 7♥",
          "arrange J♠ 10♥ 7♦ | K♠ K♦ K♣ 8♠ 8♥ | A♣ A♦ A♥ 9♠ 9♣"]
HANDS10 = [[c for row in m[8:].split("|") for c in row.split()] for m in ROWS10]
OTHER = "A♣ A♦ K♣ Q♦ J♣ 10♦ 9♣ 9♦ 8♣ 7♦ 5♦ 3♣ 2♦".split()


def two_player() -> ShisanzhangState:
    state = GAME.new_state(2, deal={"hands": HANDS10})
    assert isinstance(state, ShisanzhangState)
    return state


def test_every_seat_moves_until_it_submits() -> None:
    state = new_game("shisanzhang", 4, seed=11)
    assert state.to_move() == (0, 1, 2, 3)
    bot = make_bot("shisanzhang", "auto")
    state.apply(bot.choose(state.view(2), state.legal_moves(2), random.Random(0)), 2)
    assert state.to_move() == (0, 1, 3)
    assert state.legal_moves(2) == []
    with pytest.raises(IllegalMove, match="not seat 3's turn"):      # seat 2 counted from 1
        state.apply(state.legal_moves(0)[0], 2)


def test_views_hide_other_hands_and_arrangements_until_the_reveal() -> None:
    state = two_player()
    state.apply("0: " + ROWS10[0])
    v1 = state.view(1)
    text = json.dumps(v1, ensure_ascii=False)
    assert v1["submitted"] == [True, False]
    assert v1["log"] == [f"0: {HIDDEN_TEXT}"]
    for card in HANDS10[0]:
        assert str(parse_cards(card)[0]) not in text
    assert set(parse_cards(HANDS10[0])) <= set(state.secret_cards(1))
    assert state.view(0)["log"] == ["0: " + ROWS10[0]]
    assert state.view(None)["log"] == [f"0: {HIDDEN_TEXT}"]
    state.apply("1: " + ROWS10[1])
    assert state.is_over and state.secret_cards(1) == state.out_of_play
    assert state.view(1)["log"][0] == "0: " + ROWS10[0]
    assert state.scores == [160, -160]


def test_a_declaration_is_hidden_too_and_resampling_keeps_the_view() -> None:
    hands = [["A♠", "K♠", "Q♠", "J♠", "10♠", "9♠", "8♠", "7♠", "6♠", "5♠", "4♠", "3♠", "2♠"], OTHER]
    state = GAME.new_state(2, deal={"hands": hands})
    state.apply("0: declare")
    assert state.view(1)["log"] == [f"0: {HIDDEN_TEXT}"]
    for k in range(5):
        sample = state.sample_hidden(1, random.Random(k))
        assert sample.view(1) == state.view(1)


@pytest.mark.parametrize(("move", "why"), [
    ("arrange Q♠ Q♥ | 2♠ 2♥ 2♦ 2♣ 9♦ Q♣ | 3♥ 4♥ 5♥ 6♥ 7♥", "3, 5 and 5"),
    ("arrange Q♠ Q♥ Q♣ | 2♠ 2♥ 2♦ 2♣ 9♦", "three rows"),
    ("arrange Q♠ Q♥ A♣ | 2♠ 2♥ 2♦ 2♣ 9♦ | 3♥ 4♥ 5♥ 6♥ 7♥", "not in your hand"),
    ("arrange Q♠ Q♥ Q♥ | 2♠ 2♥ 2♦ 2♣ 9♦ | 3♥ 4♥ 5♥ 6♥ 7♥", "named twice"),
    ("declare", "fits no special"),
    ("declare qinglong", "fits no special"),
    ("fold", "unknown move"),
    ("arrange Q♠ Q♥ Zz | 2♠ 2♥ 2♦ 2♣ 9♦ | 3♥ 4♥ 5♥ 6♥ 7♥", "bad card token"),
])
def test_bad_moves_are_rejected_with_a_reason_and_change_nothing(move: str, why: str) -> None:
    state = two_player()
    before = json.dumps(state.to_json())
    with pytest.raises(IllegalMove, match=why):
        state.apply("0: " + move)
    assert json.dumps(state.to_json()) == before and state.to_move() == (0, 1)


def test_declare_must_fit_and_unknown_names_are_listed() -> None:
    hands = [["2♠", "2♥", "3♠", "3♦", "4♣", "4♥", "5♠", "5♥", "6♣", "6♦", "7♠", "7♥", "K♠"], OTHER]
    state = GAME.new_state(2, deal={"hands": hands})
    with pytest.raises(IllegalMove, match="it fits: liuduiban"):
        state.apply("0: declare qinglong")
    with pytest.raises(IllegalMove, match="specials: qinglong"):
        state.apply("0: declare nonsense")
    state.apply("0: declare six_pairs")
    assert state.history[-1][1].target == "liuduiban"


def test_a_fouling_arrangement_is_legal_and_scored_as_a_foul() -> None:
    """§1.2: fouling is not an illegal move; it loses every row."""
    state = two_player()
    state.apply("0: arrange 3♥ 4♥ 5♥ | 2♠ 2♥ 2♦ 2♣ 9♦ | Q♠ Q♥ Q♣ 6♥ 7♥")
    state.apply("1: " + ROWS10[1])
    assert state.view(None)["showdown"][0]["fouled"] is True
    assert {it.rule for it in state.score_items()} == {"shisanzhang:1.2"}


def test_legal_moves_are_bounded_legal_and_include_a_valid_split() -> None:
    state = new_game("shisanzhang", 3, seed=5)
    for seat in state.to_move():
        legal = state.legal_moves(seat)
        assert 1 < len(legal) <= 40
        assert all(state.why_illegal(seat, m) is None for m in legal)
        assert any(m.verb == "arrange" and objective(*m.groups) is not None for m in legal)
        assert state.legal_moves(seat) == legal   # deterministic


def test_auto_declare_special_forces_the_declaration() -> None:
    hands = [["A♠", "K♠", "Q♠", "J♠", "10♠", "9♠", "8♠", "7♠", "6♠", "5♠", "4♠", "3♠", "2♠"], OTHER]
    state = GAME.new_state(2, GAME.make_options(rules={"auto_declare_special": True}), deal={"hands": hands})
    assert [m.verb for m in state.legal_moves(0)] == ["declare"] * len(state.legal_moves(0))
    with pytest.raises(IllegalMove, match="auto_declare_special"):
        state.apply("0: arrange 2♠ 3♠ 4♠ | 5♠ 6♠ 7♠ 8♠ 9♠ | 10♠ J♠ Q♠ K♠ A♠")


def test_bots_and_hint() -> None:
    state = new_game("shisanzhang", 4, seed=2)
    text = hint(state.view(1), state.legal_moves(1))
    assert text is not None and text.split("  — ")[0] in {state.move_text(m) for m in [
        state.parse_move(text.split("  — ")[0], 1)]}
    assert state.why_illegal(1, state.parse_move(text.split("  — ")[0], 1)) is None
    rv = make_bot("shisanzhang", "random_valid")
    for seat in range(4):
        move = rv.choose(state.view(seat), state.legal_moves(seat), random.Random(seat))
        assert move.verb == "declare" or objective(*move.groups) is not None
        state.apply(move, seat)
    assert state.is_over and sum(state.scores) == 0


def test_options_are_validated() -> None:
    with pytest.raises(BadOption, match="valid values"):
        GAME.make_options(rules={"wheel_rank": "highest"})
    with pytest.raises(BadOption, match="valid options"):
        GAME.make_options(rules={"scoop": 2})


def test_match_ends_after_the_agreed_number_of_deals() -> None:
    """§1.6: config deals; the highest total wins."""
    match = new_match("shisanzhang", 3, rules={"deals": 3}, seed=4)
    bot = make_bot("shisanzhang", "auto")
    rng = random.Random(0)
    while True:
        state = match.state
        for seat in state.to_move():
            state.apply(bot.choose(state.view(seat), state.legal_moves(seat), rng), seat)
        end = match.finish_deal()
        if end is not None:
            break
        match.next_deal()
    assert len(match.deals) == 3 and sum(match.totals) == 0
    assert end.winners == [s for s, t in enumerate(match.totals) if t == max(match.totals)]
    assert [d.deal.extra["dealer"] for d in match.deals] == [0, 1, 2]


def test_match_target_ends_early() -> None:
    match = Match(GAME, 2, GAME.make_options(rules={"deals": 50, "target": 1}), seed=1)
    state = match.state
    for seat in state.to_move():
        state.apply(state.legal_moves(seat)[-1], seat)
    if any(state.scores):
        assert match.finish_deal() is not None


def test_notation_round_trip_and_names() -> None:
    state = two_player()
    for text in ("declare", "declare liuduiban", ROWS10[0]):
        move = state.parse_move(text, 0)
        assert state.move_text(move) == text and state.parse_move(state.move_text(move), 0) == move
    assert state.parse_move("declare 青龙", 0).target == "qinglong"
    assert state.parse_move("arrange qs qh qc | 2s 2h 2d 2c 9d | 3h 4h 5h 6h 7h", 0) == state.parse_move(ROWS10[0], 0)


def test_hint_is_none_without_a_decision() -> None:
    state = two_player()
    assert hint(state.view(None), []) is None
    state.apply("0: " + ROWS10[0])
    assert hint(state.view(0), state.legal_moves(0)) is None


def test_render_draws_only_the_view() -> None:
    from cardtable.games.shisanzhang import render
    state = two_player()
    state.apply("0: " + ROWS10[0])
    text = render(state.view(1))
    assert "K♠" in text and "Q♣" not in text and "0: yes" in text
    state.apply("1: " + ROWS10[1])
    assert "Q♠ Q♥ Q♣" in render(state.view(None)) and "+160" in render(state.view(None))
