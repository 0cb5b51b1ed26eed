"""The action codec: the moves reachable from the mask are the engine's legal moves, the
mask is int8, N is fixed per configuration, and observations leak nothing."""

from __future__ import annotations

import random
from math import comb

import numpy as np
import pytest
from gymnasium.spaces import Discrete

from cardtable.registry import get_game
from cardtable.rl import make_codec
from cardtable.rl.trajectories import actions_for

from .configs import params


def canon(state, moves):
    return {state.move_text(state.canonical_move(m)) for m in moves}


def unordered(moves):
    """Moves with the order of cards inside each part forgotten (十三张 rows)."""
    return {(m.verb, frozenset(m.cards), tuple(frozenset(g) for g in m.groups), m.target) for m in moves}


def playout(gid, preset, players, seed, every=1):
    """Random play through the codec; yields (dp, seat) at decisions, every ``every``-th."""
    codec = make_codec(gid, players, preset)
    state = get_game(gid).new_state(players, codec.options, seed=seed)
    dp = codec.start(state)
    rng = random.Random(seed)
    i = 0
    while dp.current_seat is not None:
        if i % every == 0:
            yield dp, dp.current_seat
        i += 1
        dp.step(rng.choice(dp.legal_actions()))


@pytest.mark.parametrize("gid,preset,players", params())
def test_reachable_moves_are_the_legal_moves(gid, preset, players):
    codec = make_codec(gid, players, preset)
    n = codec.num_actions
    space = Discrete(n, seed=1)
    checked = 0
    for seed in range(2 if gid != "gin" else 12):
        for dp, seat in playout(gid, preset, players, seed):
            state = dp.state
            mask = dp.action_mask()
            assert mask.dtype == np.int8 and mask.shape == (n,)
            assert codec.num_actions == n
            assert set(np.flatnonzero(mask)) == set(dp.legal_actions()) != set()
            a = int(space.sample(mask))
            assert a in dp.legal_actions()
            if dp.buffer(seat):
                continue
            legal = state.legal_moves(seat)
            if codec.partition:
                # every listed move is reachable: its row assignments replay it
                for m in legal:
                    trial = dp.clone()
                    played = None
                    for a in actions_for(trial, m, seat):
                        played = trial.step(a, seat)
                    assert played is not None and unordered([played]) == unordered([m])
                # random paths through the mask end in legal moves
                r = random.Random(seed)
                for _ in range(20):
                    trial = dp.clone()
                    played = None
                    while played is None:
                        played = trial.step(r.choice(trial.legal_actions(seat)), seat)
                    assert state.is_legal(played, seat), played
            else:
                reach = dp.reachable_moves(seat)
                assert len(reach) == len(set(reach))
                if codec.encoding.moves is None:
                    assert canon(state, reach) == canon(state, legal)
                else:       # the encoding reaches more than the engine lists (gin's own arrangements)
                    assert canon(state, reach) == canon(state, codec.encoding.moves(state, seat))
                    assert canon(state, legal) <= canon(state, reach)
                    for m in reach:
                        assert state.is_legal(m, seat), m
            checked += 1
    assert checked > 0


@pytest.mark.parametrize("gid,preset,players", params())
def test_observations_leak_nothing(gid, preset, players):
    """A world resampled for the observer gives the same observation and the same mask."""
    codec = make_codec(gid, players, preset)
    rng = random.Random(7)
    for dp, seat in playout(gid, preset, players, 3, every=5):
        for observer in {seat, (seat + 1) % players}:
            world = dp.state.sample_hidden(observer, rng)
            other = codec.start(world)
            for a in dp.buffer(observer):
                other.step(a, observer)
            obs = dp.observe(observer)
            assert obs.dtype == np.float32 and obs.shape == codec.observation_shape
            assert np.isfinite(obs).all()
            assert np.array_equal(obs, other.observe(observer)), observer
            if observer == seat:
                assert other.legal_actions(seat) == dp.legal_actions(seat)


def test_sub_steps_build_moves_and_keep_buffers_apart():
    """捉黑A: a multi-card play is chosen card by card; the partial buffer shows in the own
    observation only; a wrong action is refused and changes nothing."""
    codec = make_codec("zhuoheia")
    for seed in range(40):
        dp = codec.start(get_game("zhuoheia").new_state(4, codec.options, seed=seed))
        rng = random.Random(seed)
        while dp.current_seat is not None:
            seat = dp.current_seat
            multi = [m for m in dp.state.legal_moves(seat) if len(m.cards) > 1]
            if multi:
                break
            dp.step(rng.choice(dp.legal_actions()))
        else:
            continue
        move = multi[0]
        actions = codec.actions_of(move)
        assert len(actions) == len(move.cards) + 2      # verb, cards, commit
        before = {s: dp.observe(s) for s in range(4)}
        history = len(dp.state.history)
        assert dp.step(actions[0]) is None
        with pytest.raises(ValueError, match="not legal"):
            dp.step(actions[0])
        assert len(dp.state.history) == history
        for a in actions[1:-1]:
            assert dp.step(a) is None
        assert dp.buffer(seat) == list(actions[:-1])
        for s in range(4):
            same = np.array_equal(before[s], dp.observe(s))
            assert same == (s != seat)
        played = dp.step(actions[-1])
        assert played is not None and dp.state.history[-1] == (seat, dp.state.canonical_move(move))
        return
    pytest.fail("no multi-card play found")


def test_partition_rows_fill_to_the_arrangement():
    codec = make_codec("shisanzhang")
    dp = codec.start(get_game("shisanzhang").new_state(4, codec.options, seed=2))
    seat = dp.current_seat
    hand = sorted(dp.state.hands[seat], key=codec.card_index.__getitem__)
    row = codec.layout["row"][0]
    wanted = [0] * 3 + [2] * 5 + [1] * 5
    for i, r in enumerate(wanted):
        mask = dp.action_mask(seat)
        if i >= 3:
            assert mask[row] == 0          # the front row is full
        out = dp.step(row + r, seat)
    assert out is not None and out.verb == "arrange"
    assert [set(g) for g in out.groups] == [set(hand[:3]), set(hand[8:]), set(hand[3:8])]
    assert dp.current_seat != seat


def test_rewards_raw_and_normalised():
    for gid in ("gin", "remik", "zuihoushengli"):
        codec = make_codec(gid)
        dp = codec.start(get_game(gid).new_state(codec.players, codec.options, seed=5))
        assert dp.rewards() == [0.0] * codec.players
        rng = random.Random(5)
        while dp.current_seat is not None:
            dp.step(rng.choice(dp.legal_actions()))
        state = dp.state
        raw = dp.rewards()
        assert raw == [float(x) * codec.encoding.reward_sign for x in state.scores]
        norm = dp.rewards(normalised=True)
        assert abs(sum(norm)) < 1e-9
        mean = sum(raw) / len(raw)
        assert norm == pytest.approx([(r - mean) / codec.encoding.reward_scale for r in raw])


def test_bad_configuration_is_refused():
    from cardtable.errors import BadOption
    with pytest.raises(BadOption):
        make_codec("gin", players=3)
    with pytest.raises(BadOption):
        make_codec("gin", preset="nope")


@pytest.mark.parametrize("gid,preset,players", params())
def test_fast_observation_equals_the_view_based_one(gid, preset, players):
    """The observation path that skips the view's log (and gin's own fast path) gives
    exactly what the fields read from ``state.view(seat)``."""
    for dp, _ in playout(gid, preset, players, 4, every=3):
        for s in range(players):
            assert np.array_equal(dp.observe(s), dp.observe_view(s)), s


def test_gin_own_arrangements_are_reachable():
    """A knock laying out its own melds (not the engine's best) is played through sub-steps."""
    codec = make_codec("gin")
    for seed in range(200):
        dp = codec.start(get_game("gin").new_state(2, codec.options, seed=seed))
        rng = random.Random(seed)
        while dp.current_seat is not None:
            seat = dp.current_seat
            own = [m for m in codec.encoding.moves(dp.state, seat) if m.verb in ("knock", "gin") and m.groups]
            if own:
                move = own[-1]
                acts = codec.actions_of(move)
                for a in acts[:-1]:
                    assert dp.step(a) is None
                assert dp.step(acts[-1]) == move
                assert dp.state.history[-1] == (seat, move)
                return
            dp.step(rng.choice(dp.legal_actions()))
    pytest.fail("no own-arrangement knock in 200 deals")


def test_clone_keeps_buffers_and_is_independent():
    codec = make_codec("shisanzhang")
    dp = codec.start(get_game("shisanzhang").new_state(4, codec.options, seed=9))
    row = codec.layout["row"][0]
    dp.step(row + 1, 0)
    dp.step(row + 2, 1)
    copy = dp.clone()
    assert copy.buffer(0) == [row + 1] and copy.buffer(1) == [row + 2]
    assert np.array_equal(copy.observe(0), dp.observe(0))
    copy.step(row + 0, 0)
    assert dp.buffer(0) == [row + 1] and copy.buffer(0) == [row + 1, row]
    assert copy.state is not dp.state


@pytest.mark.slow
def test_every_split_is_reachable():
    """十三张: the mask reaches all C(13,3)·C(10,5) = 72,072 arrangements of a hand, each legal."""
    codec = make_codec("shisanzhang")
    dp = codec.start(get_game("shisanzhang").new_state(4, codec.options, seed=0))
    reach = dp.reachable_moves(0)
    arranges = [m for m in reach if m.verb == "arrange"]
    assert len(arranges) == comb(13, 3) * comb(10, 5) == len(unordered(arranges))
    for m in random.Random(0).sample(arranges, 200):
        assert dp.state.is_legal(m, 0), m
