"""The rollout bot: honest, legal in every game, deterministic, the heuristic's move by default."""

from __future__ import annotations

import random

import pytest

from cardtable.bots import bot_move, game_bots, make_bot
from cardtable.bots.levels import medium_name
from cardtable.bots.rollout import RolloutBot
from cardtable.registry import game_ids

from .test_ismcts import position, twin
from .test_levels import random_positions


@pytest.mark.parametrize("game_id", [pytest.param(g, marks=pytest.mark.slow) if g == "remik" else g
                                     for g in game_ids()])
def test_same_move_in_worlds_that_differ_only_in_hidden_cards(game_id: str) -> None:
    state, seat = position(game_id, 4, 12)
    other = twin(state, seat)
    bot = make_bot(game_id, "rollout:playouts=40,z=0")
    assert bot_move(bot, state, seat, random.Random(5)) == bot_move(bot, other, seat, random.Random(5))


@pytest.mark.parametrize("game_id", [pytest.param(g, marks=pytest.mark.slow) if g == "remik" else g
                                     for g in game_ids()])
def test_plays_legal_moves_in_every_game(game_id: str) -> None:
    for state in random_positions(game_id, 2, 4):
        seat = state.to_move()[0]
        legal = state.legal_moves(seat)
        bot = make_bot(game_id, "rollout:playouts=12,min_worlds=2,z=0")
        assert bot_move(bot, state, seat, random.Random(1)) in legal


def test_a_time_budget_never_begins_a_round_past_its_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fake clock, 10 ms a playout: rounds of 8 playouts take 80 ms, so with 250 ms the
    bot plays rounds ending at 80, 160 and 240 ms and does not begin one that would end at
    320 (it used to: the deadline was checked only before each round)."""
    import types

    import cardtable.bots.rollout as rollout

    clock = [0.0]
    monkeypatch.setattr(rollout, "time", types.SimpleNamespace(perf_counter=lambda: clock[0]))
    real_value = RolloutBot._value

    def value(self, world, move, seat, seed):  # type: ignore[no-untyped-def]
        clock[0] += 0.010
        return real_value(self, world, move, seat, seed)

    monkeypatch.setattr(RolloutBot, "_value", value)
    for state in random_positions("gin", 6, 8):
        seat = state.to_move()[0]
        if len(state.legal_moves(seat)) < 9:
            continue
        clock[0] = 0.0
        bot = make_bot("gin", "rollout:budget_ms=250,min_worlds=1000,max_candidates=8")
        bot.playouts = None
        bot_move(bot, state, seat, random.Random(1))
        assert bot.last_playouts == 24          # three whole rounds of 8
        assert clock[0] <= 0.250 + 1e-9
        break
    else:
        pytest.fail("no gin position with nine legal moves")


def test_deterministic_under_a_seed() -> None:
    for state in random_positions("gin", 3, 6):
        seat = state.to_move()[0]
        a = [bot_move(make_bot("gin", "rollout:playouts=30"), state, seat, random.Random(s)) for s in range(2)]
        b = [bot_move(make_bot("gin", "rollout:playouts=30"), state, seat, random.Random(s)) for s in range(2)]
        assert a == b


def test_without_budget_it_plays_the_heuristics_move() -> None:
    """Too few playouts for one world: the heuristic's move, drawn with the derived generator."""
    heuristic = game_bots("dummy")[medium_name("dummy")]("dummy")
    for state in random_positions("dummy", 4, 7):
        seat = state.to_move()[0]
        legal = state.legal_moves(seat)
        bot = make_bot("dummy", "rollout:playouts=1")
        rng = random.Random(3)
        expected = heuristic.choose(state.view(seat), legal, random.Random(random.Random(3).getrandbits(64)))
        assert bot_move(bot, state, seat, rng) == expected
        assert bot.last_playouts == 0 and not bot.last_overrode


def test_overrides_only_on_evidence() -> None:
    """With z = 0 any better mean wins; with a huge z the heuristic's move always stands."""
    overrode = 0
    for state in random_positions("gin", 12, 8):
        seat = state.to_move()[0]
        if len(state.legal_moves(seat)) < 3:
            continue
        bold = make_bot("gin", "rollout:playouts=60,z=0,min_worlds=20")
        timid = make_bot("gin", "rollout:playouts=60,z=50,min_worlds=20")
        a = bot_move(bold, state, seat, random.Random(2))
        b = bot_move(timid, state, seat, random.Random(2))
        assert not timid.last_overrode
        overrode += bold.last_overrode
        if not bold.last_overrode:
            assert a == b
    assert overrode > 0


def test_needs_a_budget() -> None:
    with pytest.raises(ValueError):
        RolloutBot("gin", playouts=None, budget_ms=None)


@pytest.mark.parametrize("game_id", ["gin", "zuihoushengli"])
def test_the_opponent_model_is_honest_too(game_id: str) -> None:
    state, seat = position(game_id, 6, 20)
    other = twin(state, seat)
    bot = make_bot(game_id, "rollout:playouts=30,model=true,pool=6,z=0")
    assert bot_move(bot, state, seat, random.Random(4)) == bot_move(bot, other, seat, random.Random(4))


def test_the_model_prefers_worlds_that_explain_the_moves() -> None:
    """Against the heuristic itself, the weighted worlds miss fewer of its choices."""
    from cardtable.bots.inference import misses, modelled_sampler
    from cardtable.bots.sampling import honest_sampler
    policy = game_bots("gin")["heuristic"]("gin")
    plain = weighted = 0
    for state in random_positions("gin", 6, 9):
        seat = state.to_move()[0]
        # the other seat plays the heuristic from here on, so its choices carry information
        for _ in range(8):
            if state.is_over:
                break
            s = state.to_move()[0]
            state.play_legal(bot_move("medium", state, s, random.Random(0)), s)
        if state.is_over:
            continue
        seat = state.to_move()[0]
        honest = honest_sampler(state, seat)
        model = modelled_sampler(honest, seat, policy, pool=24, miss=0.1)
        r1, r2 = random.Random(1), random.Random(1)
        plain += sum(misses(honest(r1), seat, policy, random.Random(0)) for _ in range(8))
        weighted += sum(misses(model(r2), seat, policy, random.Random(0)) for _ in range(8))
    assert weighted < plain
