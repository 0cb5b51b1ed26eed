"""The generic search bot: sees a view, the legal moves and a sampler, never the state."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import cardtable
from cardtable.bots import SearchBot, bot_move, make_bot
from cardtable.game import State

GIN_SCENARIOS = Path(__file__).resolve().parents[1] / "games" / "gin" / "scenarios"


def test_search_bot_goes_gin_when_it_can() -> None:
    """GT-07's deal: after the forced draw the non-dealer holds gin; random play after any
    discard is worth far less than gin's 25-point bonus, so the search must find it."""
    data = json.loads((GIN_SCENARIOS / "gt07_gin_no_layoffs.json").read_text())
    state = cardtable.new_game("gin", deal=data["deal"])
    for text in data["moves"][:-1]:
        state.apply(text)
    seat = state.to_move()[0]
    move = bot_move(SearchBot("gin", worlds=3), state, seat, random.Random(1))
    assert move.verb == "gin"


def test_search_bot_only_gets_worlds_consistent_with_its_view() -> None:
    state = cardtable.new_game("gin", seed=4)
    seat = state.to_move()[0]
    seen: list[State] = []

    class Spy(SearchBot):
        def choose(self, view, legal, rng, sampler=None):  # type: ignore[no-untyped-def]
            assert sampler is not None and view == state.view(seat)
            def spy(r: random.Random) -> State:
                world = sampler(r)
                seen.append(world)
                return world
            return super().choose(view, legal, rng, spy)

    bot_move(Spy("gin", worlds=4), state, seat, random.Random(0))
    assert len(seen) == 4
    assert all(w.view(seat) == state.view(seat) for w in seen)
    other = 1 - seat
    assert any(w.deal.hands[other] != state.deal.hands[other] for w in seen)


@pytest.mark.parametrize("game_id", ["gin", "dummy", "shisanzhang", "remik"])
def test_search_bot_plays_legal_moves_in_every_game(game_id: str) -> None:
    state = cardtable.new_game(game_id, seed=2)
    bot = make_bot(game_id, "search")
    assert isinstance(bot, SearchBot)
    bot.worlds, bot.max_candidates = 1, 3
    rng = random.Random(0)
    for _ in range(3):
        if state.is_over:
            break
        seat = state.to_move()[0]
        move = bot_move(bot, state, seat, rng)
        assert state.why_illegal(seat, move) is None
        state.apply(move, seat)


def test_guided_search_rolls_out_with_the_games_heuristic_bot() -> None:
    from cardtable.bots import GuidedSearchBot

    bot = make_bot("gin", "search_heuristic")
    assert isinstance(bot, GuidedSearchBot)
    calls: list[int] = []
    policy = bot._policy
    assert policy is not None and policy.name == "heuristic"
    real_choose = policy.choose

    def counting(view, legal, rng):  # type: ignore[no-untyped-def]
        assert view["seat"] is not None and "hand" in view  # a seat's view of the sampled world
        calls.append(1)
        return real_choose(view, legal, rng)

    policy.choose = counting
    bot.worlds, bot.max_candidates = 1, 2
    state = cardtable.new_game("gin", seed=8)
    for _ in range(6):  # past the upcard offer, into turns with several choices
        seat = state.to_move()[0]
        state.apply(bot_move(bot, state, seat, random.Random(1)), seat)
    assert calls


def test_guided_search_without_a_heuristic_falls_back_to_random_rollouts() -> None:
    from cardtable.bots import GuidedSearchBot, game_bots

    game = next(g for g in ("gin", "dummy", "remik", "shisanzhang") if "heuristic" not in game_bots(g))
    bot = GuidedSearchBot(game)
    assert bot._policy is None
