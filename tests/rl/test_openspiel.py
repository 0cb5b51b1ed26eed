"""cardtable games registered as OpenSpiel Python games (cardtable.rl.openspiel)."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from cardtable.errors import BadOption, UnknownGame  # noqa: E402
from cardtable.registry import game_ids, get_game  # noqa: E402
from cardtable.rl import make_codec  # noqa: E402
from cardtable.rl import openspiel as cos  # noqa: E402

GAMES = game_ids()


def play_random(state, rng: random.Random, steps: int) -> None:
    """``steps`` uniformly random actions (chance included), stopping at the end."""
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.apply_action(rng.randrange(len(state.chance_outcomes())))
        else:
            la = state.legal_actions()
            state.apply_action(la[rng.randrange(len(la))])


@pytest.mark.parametrize("gid", [pytest.param(g, marks=() if g == "gin" else pytest.mark.slow)
                                 for g in GAMES])
def test_random_sim_test(gid):
    """OpenSpiel's own API checks (clone, serialisation, masks, observables, returns)."""
    game = cos.register(gid)
    assert game.num_players() == get_game(gid).default_players
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize(("gid", "kw"), [("remik", {"players": 2}), ("gin", {"preset": "classic"}),
                                         ("shisanzhang", {"players": 2}),
                                         ("wushiyifen", {"players": 2, "rewards": "normalised"})])
def test_random_sim_test_other_configurations(gid, kw):
    pyspiel.random_sim_test(cos.register(gid, **kw), num_sims=1, serialize=True, verbose=False)


def test_serialisation_keeps_card_copies_and_sub_steps():
    """Two-pack Remik: a state rebuilt from OpenSpiel's serialisation equals the original,
    mid-move sub-steps (which name physical copies of cards) included."""
    game = cos.register("remik", players=2)
    rng = random.Random(11)
    s = game.new_initial_state()
    checked = partial = 0
    while not s.is_terminal() and checked < 60:
        play_random(s, rng, 1)
        if s.is_terminal():
            break
        text = pyspiel.serialize_game_and_state(game, s)
        _, t = pyspiel.deserialize_game_and_state(text)
        assert str(t) == str(s)
        assert t.legal_actions() == s.legal_actions()
        assert t.information_state_tensor(s.current_player()) == s.information_state_tensor(s.current_player())
        checked += 1
        partial += bool(s.dp.buffer(s.current_player()))
    assert checked == 60 and partial > 0


def test_register_names_types_and_errors():
    g = cos.register("gin")
    assert g.get_type().short_name == "cardtable_gin"
    assert cos.register("gin").get_type().short_name == "cardtable_gin"   # again: same game
    assert pyspiel.load_game("cardtable_gin").num_distinct_actions() == make_codec("gin").num_actions
    assert g.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM    # gin scores one side
    assert g.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert g.observation_tensor_shape() == list(make_codec("gin").observation_shape)
    z = cos.register("shisanzhang")                                         # sum_rule "zero"
    assert z.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    n = cos.register("gin", rewards="normalised")
    assert n.get_type().short_name == "cardtable_gin_norm"
    assert n.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    r = cos.register("remik", players=3, rules={"num_jokers": 2})
    assert r.num_players() == 3 and r.get_type().short_name.startswith("cardtable_remik_3p_r")
    assert r.get_type().short_name != cos.register("remik", players=3).get_type().short_name
    assert pyspiel.load_game("cardtable_gin", {"deals": 7}).max_chance_outcomes() == 7
    with pytest.raises(UnknownGame):
        cos.register("no_such_game")
    with pytest.raises(BadOption):
        cos.register("gin", players=3)
    with pytest.raises(BadOption):
        cos.register("gin", rules={"knock_limit": 99})
    with pytest.raises(ValueError, match="rewards"):
        cos.register("gin", rewards="fancy")


def test_chance_deals_the_seeded_engine_deal_and_returns_are_the_scores():
    game = cos.register("gin")
    s = game.new_initial_state()
    assert s.is_chance_node() and len(s.chance_outcomes()) == cos.DEFAULT_DEALS
    s.apply_action(42)
    engine = get_game("gin").new_state(2, make_codec("gin").options, seed=42)
    assert s.engine_state.deal.to_json() == engine.deal.to_json()
    play_random(s, random.Random(1), 10_000)
    assert s.is_terminal()
    assert s.returns() == [float(x) for x in s.engine_state.scores]
    n = cos.register("gin", rewards="normalised").new_initial_state()
    n.apply_action(42)
    play_random(n, random.Random(1), 10_000)
    assert abs(sum(n.returns())) < 1e-9


def test_clone_is_independent_and_legal_actions_only_for_the_mover():
    game = cos.register("dummy")
    s = game.new_initial_state()
    play_random(s, random.Random(3), 30)
    text = str(s)
    c = s.clone()
    assert str(c) == text
    play_random(c, random.Random(4), 20)
    assert str(s) == text and str(c) != text
    p = s.current_player()
    for q in range(game.num_players()):
        assert (s.legal_actions(q) == []) == (q != p)


@pytest.mark.parametrize("gid", ["gin", "remik", "shisanzhang", "zhuoheia"])
def test_resampled_worlds_look_the_same_to_the_player(gid):
    """resample keeps the player's information state string and both tensors, and deals
    the cards the player cannot see anew (so the strings and tensors carry no hidden card)."""
    game = cos.register(gid)
    rng = random.Random(7)
    moved = 0
    for trial in range(4):
        s = game.new_initial_state()
        play_random(s, rng, 8 + 9 * trial)
        if s.is_terminal():
            continue
        p = s.current_player()
        for _ in range(3):
            w = cos.resample(s, p, rng)
            assert w.current_player() == p
            assert w.information_state_string(p) == s.information_state_string(p)
            assert w.observation_string(p) == s.observation_string(p)
            assert w.information_state_tensor(p) == s.information_state_tensor(p)
            assert w.observation_tensor(p) == s.observation_tensor(p)
            assert w.legal_actions() == s.legal_actions()
            moved += w.engine_state.card_places() != s.engine_state.card_places()
    assert moved > 0


def test_the_strings_hide_the_other_hands():
    game = cos.register("gin")
    s = game.new_initial_state()
    s.apply_action(0)
    st = s.engine_state
    own = s.information_state_string(0)
    other = s.information_state_string(1)
    for c in st.secret_cards(0):
        assert f'"{c}"' not in own
    assert own != other


def _ismcts_game(gid: str, seed: int, sims: int):
    from open_spiel.python.algorithms import ismcts, mcts
    game = cos.register(gid)
    rs = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), uct_c=2.0, max_simulations=sims,
                           random_state=rs)
    bot.set_resampler(cos.resampler(seed))
    rng = random.Random(seed)
    s = game.new_initial_state()
    searched = 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(rng.randrange(len(s.chance_outcomes())))
        elif s.current_player() == 0:
            s.apply_action(bot.step(s))     # asserts each sampled world has the same key
            searched += 1
        else:
            la = s.legal_actions()
            s.apply_action(la[rng.randrange(len(la))])
    return s, searched


@pytest.mark.parametrize("gid", ["gin", "bieqi", "shisanzhang"])
def test_python_ismcts_plays_with_the_sample_hidden_resampler(gid):
    s, searched = _ismcts_game(gid, seed=1, sims=8)
    assert searched > 0
    assert s.returns() == make_codec(gid).reward_of(s.engine_state.scores)


def test_rl_environment_runs_a_registered_game():
    """open_spiel.python.rl_environment (the loop of its DQN / policy-gradient / NFSP agents)."""
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import random_agent
    env = rl_environment.Environment(cos.register("gin"), seed=3)
    n = env.action_spec()["num_actions"]
    agents = [random_agent.RandomAgent(player_id=p, num_actions=n) for p in range(2)]
    ts = env.reset()
    steps = 0
    while not ts.last():
        p = ts.observations["current_player"]
        legal = ts.observations["legal_actions"][p]
        out = agents[p].step(ts)
        assert out.action in legal
        assert len(ts.observations["info_state"][p]) == make_codec("gin").observation_shape[0]
        ts = env.step([out.action])
        steps += 1
    assert steps > 3
    assert ts.rewards == [float(x) for x in env.get_state.engine_state.scores]
