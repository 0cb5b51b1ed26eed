"""Bots that declare ``needs_log = False`` get views without the move log (bot_move and the
search bots' playouts): their moves must not depend on it."""

from __future__ import annotations

import random

import pytest

from cardtable.bots import bot_move, game_bots, make_bot
from cardtable.bots.levels import medium_name
from cardtable.registry import game_ids, get_game

GAME_IDS = game_ids()


def positions(game_id: str, count: int, seed: int) -> list:
    """Decisions with a choice, from random play (the log grows with the deal)."""
    game = get_game(game_id)
    rng = random.Random(seed)
    out = []
    for k in range(count * 4):
        state = game.new_state(seed=seed * 1000 + k)
        for _ in range(rng.randrange(0, 120)):
            seat = state.to_move()[0]
            legal = state.legal_moves(seat)
            after = state.clone()
            after.play_legal(legal[rng.randrange(len(legal))], seat)
            if after.is_over:       # short deals (十三张): stay before the last move
                break
            state = after
        if not state.is_over and len(state.legal_moves(state.to_move()[0])) > 1:
            out.append(state)
        if len(out) == count:
            break
    return out


def test_view_without_log_is_the_view_less_its_log() -> None:
    for g in GAME_IDS:
        for state in positions(g, 2, 3):
            for seat in [*range(state.players), None]:
                full = state.view(seat)
                short = state.view(seat, log=False)
                assert "log" in full and "log" not in short, g
                full.pop("log")
                assert short == full, g


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_heuristic_moves_do_not_depend_on_the_log(game_id: str) -> None:
    cls = game_bots(game_id)[medium_name(game_id)]
    assert cls.needs_log is False
    bot = make_bot(game_id, medium_name(game_id))
    checked = 0
    for state in positions(game_id, 12, 7):
        seat = state.to_move()[0]
        legal = state.legal_moves(seat)
        with_log = bot.choose(state.view(seat), legal, random.Random(11))
        without = bot.choose(state.view(seat, log=False), legal, random.Random(11))
        assert with_log == without
        assert bot_move(bot, state, seat, random.Random(11)) == with_log
        checked += 1
    assert checked >= 6
