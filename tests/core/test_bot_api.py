"""The public bot API: ``make_bot``, ``bot_move`` with a bot or a bot's name."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardtable
from cardtable.bots import RandomBot, bot_move, make_bot
from cardtable.errors import BadOption
from cardtable.moves import Move


def test_bot_move_accepts_a_name() -> None:
    for gid in ("gin", "bieqi", "dummy"):
        state = cardtable.new_game(gid, seed=3)
        seat = state.to_move()[0]
        by_name = bot_move("heuristic", state, seat, random.Random(5))
        by_object = bot_move(make_bot(gid, "heuristic"), state, seat, random.Random(5))
        assert by_name == by_object
        assert by_name in state.legal_moves(seat)


def test_bad_bots_get_clear_errors() -> None:
    state = cardtable.new_game("gin", seed=3)
    seat = state.to_move()[0]
    with pytest.raises(BadOption, match="valid bots: .*heuristic"):
        bot_move("nosuch", state, seat, random.Random(0))
    with pytest.raises(BadOption, match="choose"):
        bot_move(42, state, seat, random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(BadOption, match="has no move"):
        bot_move("random", state, 1 - seat, random.Random(0))
    with pytest.raises(BadOption, match="a bot name is a string"):
        make_bot("gin", None)  # type: ignore[arg-type]


class Spy:
    name = "spy"

    def __init__(self, needs_view: bool) -> None:
        self.needs_view = needs_view
        self.seen: dict[str, Any] = {}

    def choose(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        self.seen = view
        return legal[0]


def test_view_only_for_bots_that_read_it() -> None:
    state = cardtable.new_game("gin", seed=3)
    seat = state.to_move()[0]
    full, lean = Spy(True), Spy(False)
    bot_move(full, state, seat, random.Random(0))
    bot_move(lean, state, seat, random.Random(0))
    assert full.seen == state.view(seat)
    assert lean.seen == {"game": "gin", "seat": seat}
    assert RandomBot.needs_view is False
