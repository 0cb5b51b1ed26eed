"""The table layout as data (cardtable.presentation): seats, hands, phases, move groups."""

from __future__ import annotations

import random

import pytest

from cardtable.presentation import (
    drawn_cards,
    group_moves,
    hand_groups,
    name_seats,
    phase_words,
    seat_names,
    table_layout,
    turn_line,
)
from cardtable.registry import game_ids, get_game


def test_sibaifen_bids_are_one_range_plus_pass() -> None:
    state = get_game("sibaifen").new_state(seed=0)
    texts = [state.move_text(m) for m in state.legal_moves()]
    groups = group_moves(texts)
    by_verb = {g["verb"]: g for g in groups}
    assert set(by_verb) == {"pass", "bid"}
    bids = by_verb["bid"]
    assert bids["range"] and bids["label"] == "bid 200 … 400 (by 5)"
    # every number still picks the same legal move
    assert len(bids["numbers"]) == 41
    for n, text in zip(bids["numbers"], bids["moves"], strict=True):
        assert texts[n - 1] == text
    assert texts[by_verb["pass"]["numbers"][0] - 1] == "pass"


def test_uneven_numbers_and_card_moves_stay_listed() -> None:
    groups = group_moves(["bid 1", "bid 2", "bid 4", "bid 5", "bid 6", "play 7♥", "play 8♠", "draw"])
    assert [g["verb"] for g in groups] == ["bid", "play", "draw"]
    assert not any(g["range"] for g in groups)
    assert groups[1]["numbers"] == [6, 7] and groups[2]["numbers"] == [8]
    few = group_moves(["bid 1", "bid 2", "bid 3"])      # too short to be worth a range
    assert not few[0]["range"]


def test_hand_sorted_by_suit_then_rank_with_the_drawn_card_marked() -> None:
    hand = ["K♦", "2♠", "A♠", "10♥", "BJ", "3♣", "J♠", "10♥"]
    groups = hand_groups(hand, last_drawn="10♥")
    assert [g["suit"] for g in groups] == ["♠", "♥", "♣", "♦", "joker"]
    assert [c["text"] for c in groups[0]["cards"]] == ["2♠", "J♠", "A♠"]     # ace high
    assert [c["text"] for c in hand_groups(hand, ace_low=True)[0]["cards"]] == ["A♠", "2♠", "J♠"]
    hearts = groups[1]["cards"]
    assert [c["new"] for c in hearts] == [True, False]   # one of two equal cards is the new one
    assert all(c["red"] for c in hearts) and not groups[0]["cards"][0]["red"]
    assert sum(len(g["cards"]) for g in groups) == len(hand)


def test_drawn_cards_counts_copies() -> None:
    assert drawn_cards(["7♥", "8♠"], ["8♠", "7♥", "7♥"]) == ["7♥"]
    assert drawn_cards(None, ["7♥"]) == []


def test_seats_are_named_as_players_see_them() -> None:
    names = seat_names(4, 1, ["heuristic", "x", "random", "random"])
    assert names == ["seat 1 (heuristic)", "You", "seat 3 (random)", "seat 4 (random)"]
    assert name_seats("seat 1 fouled: pays seat 2's side", names) == \
        "you fouled: pays seat 3 (random)'s side"
    assert name_seats("seat 9 is no seat", names) == "seat 9 is no seat"


def test_turn_line_says_who_acts_in_words() -> None:
    names = seat_names(2, 0, ["bot", "bot"])
    view = {"game": "gin", "to_move": [1], "seat": 0, "over": False, "phase": "offer_dealer"}
    assert turn_line(view, names) == "Waiting for seat 2 (bot) — dealer: take the upcard or pass."
    view["to_move"] = [0, 1]
    assert turn_line(view, names).startswith("Your turn") and "same time" in turn_line(view, names)


@pytest.mark.parametrize("game_id", game_ids())
def test_every_phase_met_in_play_reads_as_words(game_id: str) -> None:
    game = get_game(game_id)
    for seed in range(3):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move()[0]
            view = state.view(seat)
            words = phase_words(game_id, view.get("phase"))
            assert "_" not in words, (game_id, view.get("phase"))
            legal = state.legal_moves(seat)
            layout = table_layout(view, [state.move_text(m) for m in legal], seat_names(state.players, seat))
            assert layout["title"]["native"] == game.native_name
            shown = sum(len(g["numbers"]) for g in layout["moves"])
            assert shown <= len(legal)
            state.apply(legal[rng.randrange(len(legal))], seat)


def test_a_climbing_hand_is_shown_by_rank() -> None:
    groups = hand_groups(["2♥", "3♦", "BJ", "A♣", "3♠", "LJ", "10♥"], by_rank="3 4 5 6 7 8 9 10 J Q K A 2")
    assert [[c["text"] for c in g["cards"]] for g in groups] == [
        ["3♠", "3♦"], ["10♥"], ["A♣"], ["2♥"], ["LJ"], ["BJ"]]


@pytest.mark.parametrize("game_id", ["gin", "sibaifen", "shisanzhang"])
def test_layout_and_scores_are_plain_data_for_the_browser(game_id: str) -> None:
    import json

    from cardtable.explanation import score_summary, summary_json

    state = get_game(game_id).new_state(seed=3)
    rng = random.Random(3)
    seat = state.to_move()[0]
    names = seat_names(state.players, seat)
    layout = table_layout(state.view(seat), [state.move_text(m) for m in state.legal_moves(seat)], names)
    assert json.loads(json.dumps(layout, ensure_ascii=False)) == layout
    while not state.is_over:
        s = state.to_move()[0]
        legal = state.legal_moves(s)
        state.apply(legal[rng.randrange(len(legal))], s)
    summary = summary_json(score_summary(game_id, state.view(0), names, winners=state.winners()))
    again = json.loads(json.dumps(summary, ensure_ascii=False))
    assert [sum(li["points"] for li in s["lines"]) for s in again["seats"]] == state.scores
