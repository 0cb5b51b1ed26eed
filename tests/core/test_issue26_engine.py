"""Issue 26, the engine's side: every reason a person reads counts seats from 1 (the engine's
seat numbers, the notation's seat prefix and the data stay from 0); the read API is
properties; ``new_game``/``new_match`` refuse a bad seed with a BadOption."""

from __future__ import annotations

import inspect
import re

import pytest

import cardtable
from cardtable import BadOption, IllegalMove
from cardtable.errors import IllegalMove as _IllegalMove
from cardtable.match import Match
from cardtable.registry import game_ids, get_game

SEAT = re.compile(r"\bseat (\d+)")


def test_an_illegal_move_names_its_seat_from_1() -> None:
    assert str(_IllegalMove("discard Q♥", "why", 0)) == "seat 1: illegal move 'discard Q♥': why"
    assert str(_IllegalMove("discard Q♥", "why")) == "illegal move 'discard Q♥': why"


def test_a_move_out_of_turn_names_both_seats_from_1() -> None:
    state = cardtable.new_game("gin", seed=3)
    mover = state.seats_to_move[0]
    other = 1 - mover
    with pytest.raises(IllegalMove) as e:
        state.apply(state.legal_moves(mover)[0], other)
    text = str(e.value)
    assert text.startswith(f"seat {other + 1}: ")
    assert f"it is not seat {other + 1}'s turn (to move: {mover + 1})" in text
    with pytest.raises(IllegalMove) as e:
        state.apply(f"{other}: pass")                         # the prefix is the notation's, from 0
    assert f"not seat {other + 1}'s turn" in str(e.value)
    with pytest.raises(IllegalMove, match=f"names seat {other + 1} but seat {mover + 1} plays it"):
        state.apply(f"{other}: pass", mover)


def test_several_movers_are_counted_from_1_and_the_prefix_is_explained() -> None:
    state = cardtable.new_game("shisanzhang", 3, seed=2)
    with pytest.raises(IllegalMove) as e:
        state.apply(state.move_text(state.legal_moves(0)[0]))
    why = e.value.why
    assert "seats 1, 2, 3 may act" in why and "'0: <move>' for seat 1" in why


def _out_of_turn(game_id: str) -> tuple[int, int, str | None]:
    """A fresh deal: the seat to move, another seat, and why that other seat may not play
    the mover's first legal move."""
    game = get_game(game_id)
    state = game.new_state(game.max_players if game.max_players <= 4 else 4, seed=1)
    while len(state.to_move()) != 1:                          # 十三张: everyone moves at once
        seat = state.to_move()[0]
        state.apply(state.legal_moves(seat)[0], seat)
        if state.is_over:
            return 0, 0, None
    mover = state.to_move()[0]
    other = next(s for s in range(state.players) if s != mover and s + 1 != mover)
    return mover, other, state.why_illegal(other, state.legal_moves(mover)[0])


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_says_whose_turn_it_is_counting_from_1(game_id: str) -> None:
    mover, other, why = _out_of_turn(game_id)
    if why is None:
        pytest.skip(f"{game_id}: no seat is refused a move here")
    named = {int(n) for n in SEAT.findall(why)}     # some games say "it is not your turn"
    # "it is seat M's turn" names the mover, "it is not seat O's turn" the seat refused,
    # "seat N must …" the mover: always as people count them
    assert named <= {mover + 1, other + 1}, (why, mover, other)
    m = re.search(r"it is (not )?seat (\d+)'s turn", why)
    if m:
        assert int(m.group(2)) == (other + 1 if m.group(1) else mover + 1), why


def test_shisanzhang_already_submitted_counts_from_1() -> None:
    state = cardtable.new_game("shisanzhang", 4, seed=11)
    move = state.legal_moves(2)[0]
    state.apply(move, 2)
    assert state.why_illegal(2, move) == "seat 3 has already submitted"


# --- the read API ---------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", game_ids())
def test_the_facts_of_a_state_are_properties(game_id: str) -> None:
    state = cardtable.new_game(game_id, seed=5)
    for _ in range(400):
        assert state.seats_to_move == state.to_move()
        assert state.winning_seats == state.winners()
        if state.is_over:
            break
        seat = state.seats_to_move[0]
        state.apply(state.legal_moves(seat)[0], seat)
    if state.is_over:
        assert state.seats_to_move == ()
        assert state.winning_seats == state.winners()
        assert isinstance(state.scores, list)


# --- new_match / new_game -------------------------------------------------------------------

@pytest.mark.parametrize("make", [cardtable.new_game, cardtable.new_match])
@pytest.mark.parametrize(("kwargs", "message"), [
    ({"seed": "abc"}, "seed must be a whole number"), ({"seed": 1.5}, "seed must be a whole number"),
    ({"seed": True}, "seed must be a whole number"), ({"players": "2"}, "gin is for 2 players"),
    ({"players": 3}, "gin is for 2 players"), ({"preset": "nosuch"}, "has no preset"),
    ({"rules": [1]}, "rules must be a mapping"), ({"rules": {"nosuch": 1}}, "unknown option"),
])
def test_bad_arguments_are_bad_options(make, kwargs: dict, message: str) -> None:
    with pytest.raises(BadOption, match=message):
        make("gin", **kwargs)


def test_new_match_is_typed_and_gives_a_match() -> None:
    assert inspect.signature(cardtable.new_match).return_annotation in (Match, "Match")
    m = cardtable.new_match("gin", seed=2)
    assert isinstance(m, Match) and m.seed == 2 and m.players == 2
    assert cardtable.new_match("gin", seed=2).state.deal.to_json() == m.state.deal.to_json()
    with pytest.raises(BadOption, match="deal must be a mapping"):
        cardtable.new_game("gin", deal=5)                    # type: ignore[arg-type]
