"""What a policy behind ``cardtable.agent`` is handed, checked against the PettingZoo env and
against the seat's secrets, for every game, from frames exactly as the server writes them
(``server.frames.state_frame`` and ``encode``, read back with ``json.loads``).

* the observation equals the env's (``DecisionProcess.observe``) at every decision and every
  sub-step; the mask equals the env's for the ten games whose env reaches exactly the listed
  moves, is a subset of it for gin (whose env also reaches knocks with an own arrangement),
  and for Remik (whose texts do not say which of two identical cards is meant) every listed
  move is reached and nothing else;
* nothing handed to the policy names a card hidden from the seat, and a world whose hidden
  cards are resampled hands it exactly the same inputs.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pytest

from cardtable.agent import SeatAgent
from cardtable.conformance import hidden_tokens, view_tokens
from cardtable.registry import game_ids, get_game
from cardtable.rl import make_codec
from cardtable.rl.seat import SeatDecision
from cardtable.server.frames import encode, state_frame

#: games whose env mask reaches more than the engine lists (``Encoding.moves``)
WIDER_ENV = {"gin", "remik"}


def wire(state: Any, seat: int) -> dict[str, Any]:
    """The ``state`` frame of ``seat`` as a client receives it."""
    frame = state_frame(state, seat, seq=len(state.history), status="playing", deal=0,
                        totals=[0] * state.players, deadline=None)
    return json.loads(encode(frame))


def reachable(d: SeatDecision) -> set[str]:
    """Every move text the decision's mask lets the policy complete (十三张: the listed ones
    are checked; its 72,072 splits are not enumerated)."""
    out: set[str] = set()
    stack = [d]
    while stack:
        cur = stack.pop()
        for a in cur.legal_actions():
            nxt = SeatDecision.__new__(SeatDecision)
            nxt.__dict__.update(cur.__dict__)
            nxt.buffer = list(cur.buffer)
            nxt.choices = cur.choices.copy()
            got = nxt.step(a)
            if got is not None:
                out.add(got)
            else:
                stack.append(nxt)
    return out


@pytest.mark.parametrize("gid", game_ids())
def test_the_policy_gets_what_the_env_gives_and_nothing_hidden(gid: str) -> None:
    codec = make_codec(gid)
    game = get_game(gid)
    rng = random.Random(7)
    state = game.new_state(codec.players, codec.options, seed=11)
    dp = codec.start(state)
    decisions = steps = 0
    while not state.is_over:
        seat = state.to_move()[0]
        frame = wire(state, seat)
        view, legal = frame["view"], frame["legal"]
        # no card hidden from the seat in anything the policy may be given
        tokens = view_tokens([view, legal])
        assert not [t for t in hidden_tokens(state, seat) if tokens.get(t)], (gid, seat)
        # a world the seat cannot tell from this one gives the same frame, so the same inputs
        other = wire(state.sample_hidden(seat, random.Random(steps)), seat)
        assert other["view"] == view and other["legal"] == legal
        d = SeatDecision(codec, view, legal)
        if gid not in ("shisanzhang",) and len(legal) < 400:
            assert reachable(d) == set(legal)
        text = legal[rng.randrange(len(legal))]
        partition = codec.partition is not None and text.split(" ", 1)[0] == codec.partition[0]
        plan = None if partition else list(d.actions_of(text))
        while True:
            env_obs, env_mask = dp.observe(seat), dp.action_mask(seat)
            if gid != "remik" or not d.buffer:      # Remik's sub-steps are not mirrored in the env
                np.testing.assert_array_equal(d.observe(), env_obs)
            mask = d.action_mask()
            if gid not in WIDER_ENV:
                np.testing.assert_array_equal(mask, env_mask)
            elif gid == "gin":
                assert np.all(mask <= env_mask)
            decisions += 1
            if plan is None:
                allowed = d.legal_actions()
                action = allowed[rng.randrange(len(allowed))]
            else:
                action = plan.pop(0)
            done = d.step(action)
            if gid == "remik":          # its copies may differ from the env's: play the text
                if done is not None:
                    state.apply(done, seat)
                    dp = codec.start(state)
                    break
                continue
            played = dp.step(action, seat)
            if done is not None:
                assert played is not None and state.move_text(state.history[-1][1]) == \
                    state.move_text(state.canonical_move(state.parse_move(done, seat)))
                if not partition:
                    assert done == text
                break
            assert played is None
        steps += 1
    assert decisions > 0


@pytest.mark.parametrize("gid", game_ids())
def test_our_levels_through_the_agent_choose_as_the_bots_do(gid: str) -> None:
    """``policies.level("medium")`` from frames picks what the medium bot picks with the state's
    own view and moves, with the same generator."""
    from cardtable.agent.policies import level
    from cardtable.bots import make_bot

    game = get_game(gid)
    state = game.new_state(game.default_players, game.make_options(), seed=5)
    rng = random.Random(1)
    for step in range(12):
        if state.is_over:
            break
        seat = state.to_move()[0]
        frame = wire(state, seat)
        policy = level("medium", seed=step)
        got = policy(frame["view"], frame["legal"])
        bot = make_bot(gid, "medium")
        want = bot.choose(state.view(seat), state.legal_moves(seat), random.Random(step))
        assert got == state.move_text(want)
        moves = state.legal_moves(seat)
        state.apply(moves[rng.randrange(len(moves))], seat)


def test_an_env_policy_answering_outside_its_mask_is_stopped() -> None:
    from cardtable.agent import AgentError

    game = get_game("gin")
    state = game.new_state(2, game.make_options(), seed=3)
    frame = wire(state, state.to_move()[0])
    agent = SeatAgent("gin", 2, None, None, lambda obs: int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    with pytest.raises(AgentError, match="not in the mask"):
        agent.decide(frame["view"], frame["legal"])
    text = SeatAgent("gin", 2, None, None, lambda view, legal: legal[-1], inputs="text")
    assert text.decide(frame["view"], frame["legal"]).move == frame["legal"][-1]
    bad = SeatAgent("gin", 2, None, None, lambda view, legal: 3, inputs="text")
    with pytest.raises(AgentError, match="move text"):
        bad.decide(frame["view"], frame["legal"])


def test_a_text_policy_gets_a_copy_of_the_view() -> None:
    game = get_game("gin")
    state = game.new_state(2, game.make_options(), seed=3)
    frame = wire(state, state.to_move()[0])
    kept = json.loads(json.dumps(frame["view"]))

    def meddler(view: dict[str, Any], legal: list[str]) -> str:
        view["hand"].clear()
        legal.clear()
        return "pass"

    agent = SeatAgent("gin", 2, None, None, meddler, inputs="text")
    assert agent.decide(frame["view"], frame["legal"]).move == "pass"
    assert frame["view"] == kept and frame["legal"]
