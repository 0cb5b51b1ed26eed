"""The yijiang heuristic bot only ever picks legal moves, from the seat's view alone."""

from __future__ import annotations

import random

from cardtable.bots import make_bot
from cardtable.registry import get_game, new_game


def test_heuristic_bot_plays_whole_deals_legally() -> None:
    game = get_game("yijiang")
    bot = make_bot("yijiang", "heuristic")
    for seed in range(12):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        state = new_game("yijiang", players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move()[0]
            legal = state.legal_moves(seat)
            move = bot.choose(state.view(seat), legal, rng)
            assert state.why_illegal(seat, move) is None
            state.apply(move, seat)
        assert state.is_over


def test_render_and_hint_use_the_view() -> None:
    import importlib
    pkg = importlib.import_module("cardtable.games.yijiang")
    state = new_game("yijiang", get_game("yijiang").default_players, seed=1)
    seat = state.to_move()[0]
    text = pkg.render(state.view(seat))
    assert "seat" in text
    assert pkg.hint(state.view(seat), state.legal_moves(seat))
