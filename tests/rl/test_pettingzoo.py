"""PettingZoo's own checks on every game: api_test with warnings as errors, seed_test, and
the Parallel API tests.

Three api_test warnings are filtered, each a message PettingZoo emits for any env with the
classic-games observation format ``{"observation", "action_mask"}`` and whitelists by name for
its own classic envs (chess, connect four, leduc …): a Dict observation "is not a NumPy
array", a Dict observation space "probably should be" a Box, and the all-zero mask of an
agent whose episode is over (terminal observations of turn-based envs).  Our own tests check
what those would: the observation inside the dict is a float32 array in its Box, and the
acting agent's mask is never all zero (test_codec, test_env_loop_masks)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test
from pettingzoo.test.seed_test import parallel_seed_test

from cardtable.rl import aec_env, parallel_env

from .configs import params

DICT_FORMAT_WARNINGS = ("Observation is not a NumPy array",
                        "Observation space for each agent probably should be",
                        "Action mask numpy array is all zeros")


def strict():
    w = warnings.catch_warnings()
    w.__enter__()
    warnings.simplefilter("error")
    for msg in DICT_FORMAT_WARNINGS:
        warnings.filterwarnings("ignore", message=msg)
    return w


@pytest.mark.parametrize("gid,preset,players", params())
def test_api_and_seed(gid, preset, players):
    w = strict()
    try:
        api_test(aec_env(gid, players, preset), num_cycles=60)
        seed_test(lambda: aec_env(gid, players, preset), num_cycles=40)
    finally:
        w.__exit__(None, None, None)


@pytest.mark.parametrize("gid,players", [("shisanzhang", 4), ("shisanzhang", 2), ("gin", 2), ("zhuoheia", 4)])
def test_parallel_api(gid, players):
    w = strict()
    try:
        parallel_api_test(parallel_env(gid, players), num_cycles=300)
        # parallel_seed_test samples actions without masks: illegal ones are replaced
        parallel_seed_test(lambda: parallel_env(gid, players, illegal_action="random"), num_cycles=50)
    finally:
        w.__exit__(None, None, None)


def test_match_episode_rewards_sum_to_the_match_totals():
    env = aec_env("gin", episode="match")
    env.reset(seed=11)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    deals = set()
    for agent in env.agent_iter(200_000):
        obs, reward, term, trunc, info = env.last()
        totals[agent] += reward
        deals.add(id(env.dp))
        if term or trunc:
            action = None
        else:
            assert obs["action_mask"].any()
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
    match = env._table.match
    assert match.over and len(match.deals) > 1 and len(deals) > 1
    assert [totals[a] for a in env.possible_agents] == [float(t) for t in match.totals]


def test_simultaneous_seats_decide_without_seeing_each_other():
    env = parallel_env("shisanzhang", 4)
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(0)
    assert all(o["action_mask"].any() for o in obs.values())   # every seat arranges at once
    first = {a: o["observation"].copy() for a, o in obs.items()}
    steps = 0
    while env.agents:
        acts = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()}
        obs, rew, term, trunc, info = env.step(acts)
        steps += 1
        if steps == 1:
            # after one sub-step each, a seat's observation changed only in its own buffer
            for a in obs:
                diff = np.flatnonzero(first[a] != obs[a]["observation"])
                lay = env.codec.obs_layout
                assert diff.size and (diff >= lay.view_size).all()
    assert steps == 13
    assert abs(sum(rew.values()) - sum(env._table.dp.state.scores)) < 1e-9


def test_illegal_action_raises_and_changes_nothing():
    env = aec_env("gin")
    env.reset(seed=1)
    obs = env.observe(env.agent_selection)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    n = len(env.dp.state.history)
    with pytest.raises(ValueError, match="not legal"):
        env.step(bad)
    assert len(env.dp.state.history) == n


def test_render_ansi_shows_the_seat_view_only():
    import json
    env = aec_env("gin", render_mode="ansi")
    env.reset(seed=4)
    seat = int(env.agent_selection.split("_")[1])
    view = env.dp.state.view(seat)
    view.pop("log")
    assert json.loads(env.render()) == view
    env.close()
