"""憋7 rules: every test scenario of bieqi.md §4.8 plus the Decisions of §4.3–§4.7."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.bots import make_bot
from cardtable.cards import card_str, parse_card
from cardtable.errors import BadOption, IllegalMove
from cardtable.moves import Move
from cardtable.registry import get_game, new_game

from .helpers import new

GAME = get_game("bieqi")


def texts(state, seat=None) -> list[str]:
    return sorted(state.move_text(m) for m in state.legal_moves(seat))


# --- §4.8.1 deal and first move ----------------------------------------------------------

@pytest.mark.parametrize("seed", range(5))
def test_481_deal_sizes_and_opening(seed: int) -> None:
    """§4.8.1: 53 cards, the first drawer (the dealer, Decision D1) gets 14, others 13;
    the 7♠ holder's only legal first move is 7♠."""
    state = new_game("bieqi", 4, seed=seed)
    sizes = [len(h) for h in state.deal.hands]
    assert sizes == [14, 13, 13, 13]
    assert len(GAME.pack(4, state.options)) == 53
    holder = next(s for s, h in enumerate(state.deal.hands) if parse_card("7♠") in h)
    assert state.to_move() == (holder,)
    assert texts(state) == ["play 7♠"]


def test_481_first_drawer_follows_dealer() -> None:
    opts = GAME.make_options()
    deal = GAME.deal(4, opts, random.Random(3), {"dealer": 2})
    assert [len(h) for h in deal.hands] == [13, 13, 14, 13]


def test_opening_with_another_card_is_refused() -> None:
    state = new({0: "7S 8S", 1: "7H"}, 3)
    with pytest.raises(IllegalMove, match="7♠"):
        state.apply("play 8♠")


# --- §4.8.2 / §4.8.3 legal cards -----------------------------------------------------------

def test_482_after_s7() -> None:
    """§4.8.2: after 7♠ the legal cards are 6♠, 8♠ and the other 7s."""
    state = new({0: "7S 2D", 1: "6S 8S 7H 7D 7C 5S 9S 2H"}, 2)
    state.apply("play 7♠")
    assert texts(state) == sorted(f"play {c}" for c in ("6♠", "8♠", "7♥", "7♦", "7♣"))


def test_483_after_s7_s8_s9() -> None:
    """§4.8.3: after 7♠ 8♠ 9♠, 10♠ and 6♠ are legal, J♠ is not."""
    state = new({0: "7S 2D", 1: "8S 3D", 2: "9S 4D", 3: "TS 6S JS 2H"}, 0)
    for m in ("play 7♠", "play 8♠", "play 9♠"):
        state.apply(m)
    assert texts(state) == ["play 10♠", "play 6♠"]
    with pytest.raises(IllegalMove, match="extends a chain"):
        state.apply("play J♠")


def test_ace_is_low_only() -> None:
    """§4.3: no wrap: K does not connect to A."""
    state = new({0: "7S 3S 2D", 1: "6S 3D", 2: "5S 4D", 3: "4S 5D"}, 1)
    for m in ("play 7♠", "play 6♠", "play 5♠", "play 4♠", "play 3♠"):
        state.apply(m)
    assert state.chains.ends(0) == (2, 6)


# --- §4.8.4 / §4.8.5 borrowing ----------------------------------------------------------------

def test_484_borrow_then_lender_then_next_seat() -> None:
    """§4.8.4: seat 1 has no legal card: borrowing is its only move; seat 0 lends; seat 2 acts."""
    state = new({0: "7S BJ 5H", 1: "2C 3C", 2: "8S 4D"}, 3)
    state.apply("play 7♠")
    assert texts(state) == ["borrow"]
    state.apply("borrow")
    assert state.to_move() == (0,)
    assert texts(state) == ["lend 5♥", "lend BJ"]
    with pytest.raises(IllegalMove, match="must lend"):
        state.apply(Move("play", (parse_card("5♥"),)), 0)
    state.apply("lend BJ")
    assert state.to_move() == (2,)
    assert parse_card("BJ") in state.card_places()["hand1"]
    assert len(state.card_places()["hand1"]) == 3   # seat 1 played nothing


def test_485_borrow_not_offered_with_a_legal_card() -> None:
    """§4.8.5: seat 1 holds 8♠: no 'borrow' move, and borrowing is refused unchanged."""
    state = new({0: "7S 5H", 1: "8S 2C", 2: "9S"}, 3)
    state.apply("play 7♠")
    assert "borrow" not in texts(state)
    before = state.to_json()
    with pytest.raises(IllegalMove, match="must play it"):
        state.apply("borrow")
    assert state.to_json() == before


def test_485_allow_and_penalise() -> None:
    """§4.8.5 (illegal_borrow=allow_and_penalise): the hand ends and the offender loses.  The
    seed says only that he "is judged the loser" (判为失败, Decision D9): nobody wins."""
    state = new({0: "7S 5H", 1: "8S 2C", 2: "9S"}, 3, rules={"illegal_borrow": "allow_and_penalise"})
    state.apply("play 7♠")
    assert "borrow" in texts(state)
    state.apply("borrow")
    assert state.is_over
    assert state.winners() == []
    assert state.scores == [0, -1, 0, 0]
    assert state.view(None)["losers"] == [1]
    assert {it.rule for it in state.score_items()} == {"bieqi:4.4"}


def test_485_allow_and_penalise_others_win() -> None:
    """§4.8.5 as the spec reads it (illegal_borrow_others_win): all others win."""
    state = new({0: "7S 5H", 1: "8S 2C", 2: "9S"}, 3,
                rules={"illegal_borrow": "allow_and_penalise", "illegal_borrow_others_win": True})
    state.apply("play 7♠")
    state.apply("borrow")
    assert state.is_over
    assert state.winners() == [0, 2, 3]
    assert state.scores == [1, -1, 1, 1]


def test_penalise_mode_honest_borrow_is_not_punished() -> None:
    state = new({0: "7S 5H", 1: "2C", 2: "9S"}, 3, rules={"illegal_borrow": "allow_and_penalise"})
    state.apply("play 7♠")
    state.apply("borrow")
    assert not state.is_over and state.to_move() == (0,)


def test_forced_worst_lending() -> None:
    """§4.4 lend_policy=forced_worst: the joker first, else a card farthest from 7."""
    state = new({0: "7S BJ KH AD 8C", 1: "2C"}, 2, rules={"lend_policy": "forced_worst"})
    state.apply("play 7♠")
    state.apply("borrow")
    assert texts(state) == ["lend BJ"]
    with pytest.raises(IllegalMove, match="forced_worst"):
        state.apply("lend K♥")
    state2 = new({0: "7S KH AD 8C", 1: "2C"}, 2, rules={"lend_policy": "forced_worst"})
    state2.apply("play 7♠")
    state2.apply("borrow")
    assert texts(state2) == ["lend A♦", "lend K♥"]


def test_borrowed_card_may_be_played_later() -> None:
    """§4.4 Decision: the borrowed card joins the borrower's hand and is played later."""
    state = new({0: "7S 6S 2D", 1: "2C 5S", 2: "3H"}, 3)
    for m in ("play 7♠", "borrow", "lend 6♠", "borrow", "lend 2♣", "play 8♠", "borrow",
              "lend 2♥"):
        state.apply(m)
    assert state.to_move() == (1,)
    assert texts(state) == ["play 6♠"]
    state.apply("play 6♠")
    assert state.to_move() == (2,)


def test_out_by_lending_wins() -> None:
    """§4.5 Decision: lending the last card empties the hand and wins."""
    state = new({0: "7S 6S", 1: "2C"}, 2)
    for m in ("play 7♠", "borrow", "lend 6♠"):
        state.apply(m)
    assert state.is_over and state.winners() == [0]


def test_out_by_lending_false() -> None:
    """§4.5 out_by_lending_wins=False: the player who lent his last card plays on."""
    state = new({0: "7S 6S", 1: "2C", 2: "3H"}, 3, rules={"out_by_lending_wins": False})
    for m in ("play 7♠", "borrow", "lend 6♠"):
        state.apply(m)
    assert not state.is_over and state.to_move() == (2,)
    for m in ("borrow", "lend 2♣", "play 8♠"):
        state.apply(m)
    assert state.to_move() == (0,)
    assert texts(state) == ["borrow"]   # seat 0 has no cards, so no legal card
    state.apply("borrow")
    assert state.to_move() == (3,)


# --- §4.8.6 end ---------------------------------------------------------------------------

def test_486_out_wins_joker_holder_loses() -> None:
    state = new({0: "7S 5H 4H", 1: "7H 2C", 2: "8S 6H"}, 3)
    for m in ("play 7♠", "play 7♥", "play 8♠", "play 9♠", "borrow", "lend 2♦", "borrow",
              "lend 4♥", "play 6♥"):
        state.apply(m)
    assert state.is_over and state.winners() == [2]
    assert state.losers == [3]
    assert state.scores == [0, 0, 1, -1]


def test_joker_can_never_be_played_in_the_base_game() -> None:
    state = new({0: "7S 2D", 1: "BJ 8S"}, 2)
    state.apply("play 7♠")
    with pytest.raises(IllegalMove, match="dead card"):
        state.apply("play BJ")


def test_score_points_false_records_winner_only() -> None:
    state = new({0: "7S", 1: "2C"}, 2, rules={"score_points": False})
    state.apply("play 7♠")
    assert state.is_over and state.winners() == [0] and state.scores == [0, 0, 0, 0]
    assert state.score_items()[0].rule == "bieqi:4.5"


def test_max_turns_aborts_as_draw() -> None:
    """§4.5 Decision: after max_turns moves the deal ends with no winner."""
    state = new_game("bieqi", 4, rules={"max_turns": 10}, seed=7)
    rng = random.Random(1)
    while not state.is_over:
        state.apply(rng.choice(state.legal_moves()))
    assert len(state.history) == 10
    assert state.winners() == [] and state.scores == [0, 0, 0, 0]


# --- §4.8.7 / §4.8.8 活王 -------------------------------------------------------------------

def test_487_live_joker_dead_card() -> None:
    state = new({0: "7S BJ 9D", 1: "7D 6D 5D", 2: "6S 5S 4S"}, 3, rules={"live_joker": True})
    for m in ("play 7♠", "play 7♦", "play 6♠", "play 8♠"):
        state.apply(m)
    assert "play BJ for ♦8" in texts(state)
    state.apply("play BJ for D8")
    assert state.dead == parse_card("8♦")
    assert state.chains.attach_mask() >> parse_card("9♦") & 1
    for m in ("play 6♦", "play 5♠", "play 9♠", "play 9♦"):
        state.apply(m)
    assert state.winners() == [0] and state.losers == [3]
    item = [it for it in state.score_items() if it.points < 0][0]
    assert item.rule == "bieqi:4.7" and [card_str(c) for c in item.cards] == ["8♦"]


def test_488_live_joker_must_be_played() -> None:
    state = new({0: "7S 5S 2H", 1: "BJ 2C 8S", 2: "7D 3H"}, 3, rules={"live_joker": True})
    for m in ("play 7♠", "play 8♠", "play 7♦", "play 6♠", "play 5♠"):
        state.apply(m)
    assert state.to_move() == (1,)
    legal = texts(state)
    assert "borrow" not in legal
    assert all(t.startswith("play BJ for ") for t in legal)
    assert {"play BJ for ♦6", "play BJ for ♦8", "play BJ for ♥7", "play BJ for ♠4",
            "play BJ for ♠9", "play BJ for ♣7"} == set(legal)
    with pytest.raises(IllegalMove, match="live joker"):
        state.apply("borrow")


def test_live_joker_not_counting_allows_borrow() -> None:
    rules = {"live_joker": True, "live_joker_counts_as_playable": False}
    state = new({0: "7S 5S 2H", 1: "BJ 2C 8S", 2: "7D 3H"}, 3, rules=rules)
    for m in ("play 7♠", "play 8♠", "play 7♦", "play 6♠", "play 5♠"):
        state.apply(m)
    assert "borrow" in texts(state)


def test_joker_may_not_open_for_7s_or_stand_for_table_cards() -> None:
    state = new({0: "7S 2D", 1: "BJ 2C"}, 2, rules={"live_joker": True})
    with pytest.raises(IllegalMove):
        state.apply("play BJ for ♠7", 0)
    state.apply("play 7♠")
    with pytest.raises(IllegalMove, match="not a legal position"):
        state.apply("play BJ for ♠7")
    with pytest.raises(IllegalMove, match="not a legal position"):
        state.apply("play BJ for ♠9")
    with pytest.raises(IllegalMove, match="say which card"):
        state.apply("play BJ")


def test_joker_never_played_stays_dead_in_live_variant() -> None:
    state = new({0: "7S", 1: "BJ 2C"}, 2, rules={"live_joker": True})
    state.apply("play 7♠")
    assert state.is_over and state.losers == [1]
    assert state.score_items()[1].rule == "bieqi:4.5"


# --- notation, options, hidden information, bots ----------------------------------------------

def test_notation_round_trip_and_errors() -> None:
    state = new({0: "7S BJ 9D", 1: "7D 6D 5D"}, 3, rules={"live_joker": True})
    for m in [Move("play", (parse_card("7♠"),)), Move("borrow"), Move("lend", (parse_card("3♣"),)),
              Move("play", (parse_card("BJ"),), target="♦8")]:
        assert state.parse_move(state.move_text(m), 0) == m
    assert state.parse_move("play BJ=d8", 0) == Move("play", (parse_card("BJ"),), target="♦8")
    with pytest.raises(IllegalMove, match="moves are"):
        state.parse_move("discard 7♠", 0)
    with pytest.raises(IllegalMove, match="not in your hand"):
        state.apply("play 7♦", 0)


def test_bad_options() -> None:
    with pytest.raises(BadOption, match="forced_worst"):
        GAME.make_options(rules={"lend_policy": "nice"})
    with pytest.raises(BadOption, match="huowang"):
        GAME.make_options("nope")
    assert GAME.make_options("huowang").live_joker is True


def test_lent_card_hidden_from_third_seats() -> None:
    state = new({0: "7S 5H 4H", 1: "2C", 2: "8S 6H"}, 3)
    state.apply("play 7♠")
    state.apply("borrow")
    state.apply("lend 5♥")
    assert state.view(2)["log"][-1] == "0: lend (a card)"
    assert state.view(None)["log"][-1] == "0: lend (a card)"
    assert state.view(1)["log"][-1] == "0: lend 5♥"
    assert state.view(0)["log"][-1] == "0: lend 5♥"       # the lender knows where it is
    assert state.view(0)["known"] == {"1": ["5♥"]}
    assert parse_card("5♥") not in state.secret_cards(0)
    assert parse_card("5♥") in state.secret_cards(2)


def test_resampling_respects_borrowing() -> None:
    """A seat that borrowed held no playable card then; the resampled worlds agree."""
    state = new_game("bieqi", 4, seed=11)
    rng = random.Random(2)
    while not state.is_over and len(state.history) < 60:
        state.apply(rng.choice(state.legal_moves()))
    for seat in (None, 0, 1):
        for _ in range(5):
            sample = state.sample_hidden(seat, rng)
            assert sample.view(seat) == state.view(seat)


def test_heuristic_beats_random() -> None:
    """The heuristic bot (seat 0) wins more often than a random bot would (1 in 4)."""
    bot, rand = make_bot("bieqi", "heuristic"), make_bot("bieqi", "random")
    rng = random.Random(5)
    wins = 0
    for g in range(60):
        state = new_game("bieqi", 4, seed=g)
        while not state.is_over:
            seat = state.to_move()[0]
            b = bot if seat == 0 else rand
            state.apply(b.choose(state.view(seat), state.legal_moves(seat), rng), seat)
        wins += 0 in state.winners()
    assert wins > 15


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), live=st.booleans())
def test_property_end_of_deal(seed: int, players: int, live: bool) -> None:
    """Random playouts: the winner has no cards, the loser holds the dead card, nobody
    borrows while holding a playable card, and the 52 + 1 cards stay in play."""
    state = new_game("bieqi", players, rules={"live_joker": live}, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_move()[0]
        move = rng.choice(state.legal_moves())
        if move.verb == "borrow":
            assert not state.has_legal(seat)
        state.apply(move)
    assert sum(len(v) for v in state.card_places().values()) == 53
    if state.winners():
        (w,) = state.winners()
        assert state.hands[w] == 0
        for loser in state.losers:
            assert state.hands[loser] >> state.dead_card() & 1
