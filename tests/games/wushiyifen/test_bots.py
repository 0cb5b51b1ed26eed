"""The wushiyifen heuristic bot only ever picks legal moves, from the seat's view alone, and
deals between heuristic bots end (they used to hand one card to and fro, seed 10714)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.bots import bot_move, make_bot
from cardtable.games.wushiyifen import WushiyifenState
from cardtable.games.wushiyifen.bots import potential
from cardtable.registry import get_game, new_game


def test_heuristic_bot_plays_whole_deals_legally() -> None:
    game = get_game("wushiyifen")
    bot = make_bot("wushiyifen", "heuristic")
    for seed in range(12):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        state = new_game("wushiyifen", players, seed=seed)
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
    pkg = importlib.import_module("cardtable.games.wushiyifen")
    state = new_game("wushiyifen", get_game("wushiyifen").default_players, seed=1)
    seat = state.to_move()[0]
    text = pkg.render(state.view(seat))
    assert "seat" in text
    assert pkg.hint(state.view(seat), state.legal_moves(seat))


# --- bots that circle (seed 10714) ---------------------------------------------------------

#: a deal of heuristic bots ends long before this many moves (the longest of 8,000 seeded
#: deals at 2–5 players took 87; a stock of at most 44 cards is drawn two moves a turn, and a
#: seat's takes are few, see test_a_take_always_raises_the_potential); the circling deals
#: of the first bot ran until the 2,000-move cap of the tally tests
MAX_MOVES = 200


def _bot_deal(players: int, preset: str, seed: int, limit: int = MAX_MOVES) -> tuple[Any, int]:
    """One deal of heuristic bots in every seat, played as tests/core/tally_checks.play does."""
    game = get_game("wushiyifen")
    state = game.new_state(players, game.make_options(preset), seed=seed)
    bot = make_bot("wushiyifen", "heuristic")
    rng = random.Random(seed)
    moves = 0
    while not state.is_over and moves < limit:
        seat = state.to_move()[0]
        state.apply(bot_move(bot, state, seat, rng), seat)
        moves += 1
    return state, moves


@pytest.mark.parametrize("preset, seed", [("default", 10714), ("nonflush", 184)])
def test_two_heuristic_bots_do_not_hand_a_card_to_and_fro(preset: str, seed: int) -> None:
    """Seed 10714: both bots built diamonds and took each other's 2♦/3♦/4♦ turn after turn,
    the stock untouched, without end: the bot's take test read ``hand | 1 << card & ~(1 << c)``
    (``&`` binds first), so it compared six cards with five and took any card of its best
    suit.  Now the deal ends (declared or void) well within the bound."""
    state, moves = _bot_deal(2, preset, seed)
    assert state.is_over and moves < MAX_MOVES


def test_a_take_always_raises_the_potential() -> None:
    """What makes every bot deal end: over a seat's own turns the bot's ``potential`` never
    falls (a drawn card is thrown back unless keeping it does not lower it), and a take raises
    it by more than 4 — so each seat takes only a bounded number of times and the stock runs
    out (§5.6, void) unless someone declares first."""
    game = get_game("wushiyifen")
    bot = make_bot("wushiyifen", "heuristic")
    takes = 0
    for seed in range(60):
        players = 2 + seed % 4
        preset = "nonflush" if seed % 5 == 4 else "default"
        nfv = preset == "nonflush"
        state = game.new_state(players, game.make_options(preset), seed=seed)
        assert isinstance(state, WushiyifenState)
        rng = random.Random(seed)
        before: dict[int, float] = {}
        took = False
        while not state.is_over:
            seat = state.to_move()[0]
            move = bot_move(bot, state, seat, rng)
            if move.verb in ("draw", "take"):
                before[seat] = potential(state.hands[seat], nfv)
                took = move.verb == "take"
            state.apply(move, seat)
            if move.verb == "throw" and move.target is None and seat in before:
                after = potential(state.hands[seat], nfv)
                assert after >= before[seat], (seed, seat)
                if took:
                    takes += 1
                    assert after > before[seat] + 4, (seed, seat)
    assert takes > 20


@pytest.mark.parametrize("preset", ["default", "nonflush"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_heuristic_bot_deals_all_end(preset: str, players: int) -> None:
    """300 seeded deals per preset and player count (those of the tally tests' slow run
    among them), heuristic bots in every seat: each ends within MAX_MOVES."""
    long = [seed for seed in range(10_000, 10_300) if not _bot_deal(players, preset, seed)[0].is_over]
    assert long == []
