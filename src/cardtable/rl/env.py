"""PettingZoo environments over the codec: an AEC env for every game, and a Parallel env in
which every seat with a decision acts in the same step (十三张's simultaneous arrangement)."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from ..match import Match
from .codec import Codec, DecisionProcess

EPISODES = ("deal", "match")
ILLEGAL = ("raise", "random")


class _Table:
    """What both envs share: the codec, the deal or match in play, seeding and rewards."""

    def __init__(self, codec: Codec, episode: str, normalised: bool, illegal_action: str) -> None:
        if episode not in EPISODES:
            raise ValueError(f"episode must be one of {', '.join(EPISODES)}, not {episode!r}")
        if illegal_action not in ILLEGAL:
            raise ValueError(f"illegal_action must be one of {', '.join(ILLEGAL)}, not {illegal_action!r}")
        self.codec, self.episode, self.normalised = codec, episode, normalised
        self.illegal_action = illegal_action
        self.rng = random.Random()
        self.match: Match | None = None
        self.dp: DecisionProcess | None = None

    def seed(self, seed: int | None) -> None:
        if seed is not None:
            self.rng = random.Random(seed)

    def new_episode(self) -> DecisionProcess:
        c = self.codec
        seed = self.rng.randrange(2**63)
        if self.episode == "match":
            self.match = Match(c.game, c.players, c.options, seed=seed)
            state = self.match.state
        else:
            state = c.game.new_state(c.players, c.options, seed=seed)
        self.dp = c.start(state)
        return self.dp

    def act(self, seat: int, action: Any) -> tuple[Any, bool]:
        """Play ``action`` for ``seat``: (the move it completed or None, whether it was
        replaced).  An action outside the mask raises ValueError, or with
        ``illegal_action="random"`` is replaced by a legal one drawn from the env's generator."""
        dp = self.dp
        assert dp is not None
        a = int(action)
        replaced = False
        if self.illegal_action == "random":
            legal = dp.legal_actions(seat)
            if a not in legal:
                a, replaced = legal[self.rng.randrange(len(legal))], True
        return dp.step(a, seat), replaced

    def after_move(self) -> tuple[list[float], bool]:
        """(rewards of this step per seat, episode over) once a move was played."""
        dp = self.dp
        assert dp is not None
        if not dp.state.is_over:
            return [0.0] * self.codec.players, False
        points = list(dp.state.scores)
        done = True
        if self.match is not None:
            end = self.match.finish_deal()
            if end is None:
                done = False
                self.dp = self.codec.start(self.match.next_deal())
            else:
                for it in end.items:
                    points[it.seat] += it.points
        return self.codec.reward_of(points, self.normalised), done

    def obs(self, seat: int, acting: bool) -> dict[str, np.ndarray]:
        dp = self.dp
        assert dp is not None
        mask = dp.action_mask(seat) if acting else np.zeros(self.codec.num_actions, dtype=np.int8)
        return {"observation": dp.observe(seat), "action_mask": mask}

    def render_text(self, seat: int | None) -> str:
        dp = self.dp
        if dp is None:
            return ""
        view = dp.state.view(seat)
        view.pop("log", None)
        return json.dumps(view, ensure_ascii=False)

    def spaces(self) -> tuple[spaces.Space[Any], spaces.Space[Any]]:
        c = self.codec
        obs = spaces.Dict({
            "observation": spaces.Box(low=-np.inf, high=np.inf, shape=c.observation_shape, dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(c.num_actions,), dtype=np.int8),
        })
        return obs, spaces.Discrete(c.num_actions)


class CardtableAEC(AECEnv):
    """One deal (or one match, ``episode="match"``) of a cardtable game; agents ``player_<seat>``.

    Rewards arrive when a deal ends: its points (``normalised``: zero-sum, scaled).  In a
    match episode every deal's points arrive at its end and the match-end bonuses with the
    last deal.  A move of several sub-steps keeps the same agent selected until it is done."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, codec: Codec, render_mode: str | None = None, episode: str = "deal",
                 normalised: bool = False, illegal_action: str = "raise",
                 max_actions: int | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, "
                             f"not {render_mode!r}")
        self.metadata = {**self.metadata, "name": f"cardtable_{codec.game.id}_v0"}
        self.codec = codec
        self.render_mode = render_mode
        self._table = _Table(codec, episode, normalised, illegal_action)
        if max_actions is not None and (isinstance(max_actions, bool) or not isinstance(max_actions, int)
                                        or max_actions < 1):
            raise ValueError(f"max_actions must be a positive int or None, not {max_actions!r}")
        self.max_actions = max_actions
        self._actions = 0
        self.possible_agents = [f"player_{i}" for i in range(codec.players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._obs_space, self._act_space = self._table.spaces()
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._act_space)
        self.agents: list[str] = []

    @property
    def dp(self) -> DecisionProcess | None:
        """The decision process of the deal in play (its ``state`` is the engine State)."""
        return self._table.dp

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._table.seed(seed)
        dp = self._table.new_episode()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[dp.current_seat or 0]
        self._actions = 0
        self._rewarded = False

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        dp = self._table.dp
        if dp is not None and not self.terminations.get(agent, True):
            tm = dp.state.to_move()
            if tm and tm[0] == seat:        # the agent to act (the common case, inlined)
                obs, mask = dp.observe_and_mask(seat)
                return {"observation": obs, "action_mask": mask}
        return self._table.obs(seat, False)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self._table
        dp = table.dp
        assert dp is not None
        if action is None:
            raise ValueError(f"{agent} must act: None is only for agents whose episode is over")
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:                 # the dicts stay as they are while nothing happens
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        if table.illegal_action == "raise":     # infos stay empty: nothing is replaced
            move = dp.step(action, self._seat[agent])
        else:
            move, replaced = table.act(self._seat[agent], action)
            if replaced:
                self.infos[agent] = {"illegal_action": True}
            elif self.infos[agent]:
                self.infos[agent] = {}
        done = False
        if move is not None and dp.state.is_over:
            rewards, done = table.after_move()
            agents = self.possible_agents
            for s, r in enumerate(rewards):
                self.rewards[agents[s]] = r
            self._rewarded = True
            if done:
                self.terminations = dict.fromkeys(self.agents, True)
        self._actions += 1
        if not done and self.max_actions is not None and self._actions >= self.max_actions:
            self.truncations = dict.fromkeys(self.agents, True)
            done = True
        if not done:
            dp = table.dp                   # the next deal's when a match deal ended
            assert dp is not None
            cur = dp.current_seat
            if cur is not None:
                self.agent_selection = self.possible_agents[cur]
        if self._rewarded:
            self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self._table.render_text(self._seat.get(self.agent_selection))

    def close(self) -> None:
        self._table.dp = None


class CardtableParallel(ParallelEnv):
    """Every seat with a decision acts in each step (for 十三张 all seats arrange at once,
    one sub-step each per step); seats without one get an all-zero mask and their actions
    are ignored.  Rewards and ends as in :class:`CardtableAEC`."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}

    def __init__(self, codec: Codec, render_mode: str | None = None, episode: str = "deal",
                 normalised: bool = False, illegal_action: str = "raise",
                 max_actions: int | None = None) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        self.metadata = {**self.metadata, "name": f"cardtable_{codec.game.id}_parallel_v0"}
        self.codec = codec
        self.render_mode = render_mode
        self._table = _Table(codec, episode, normalised, illegal_action)
        if max_actions is not None and (isinstance(max_actions, bool) or not isinstance(max_actions, int)
                                        or max_actions < 1):
            raise ValueError(f"max_actions must be a positive int or None, not {max_actions!r}")
        self.max_actions = max_actions
        self._actions = 0
        self.possible_agents = [f"player_{i}" for i in range(codec.players)]
        self._obs_space, self._act_space = self._table.spaces()
        self.agents: list[str] = []

    @property
    def dp(self) -> DecisionProcess | None:
        return self._table.dp

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        dp = self._table.dp
        assert dp is not None
        deciding = set(dp.deciding_seats())
        return {a: self._table.obs(s, s in deciding) for s, a in enumerate(self.possible_agents)
                if a in self.agents}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, Any]]:
        self._table.seed(seed)
        self._table.new_episode()
        self.agents = self.possible_agents[:]
        self._actions = 0
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], ...]:
        dp = self._table.dp
        assert dp is not None
        rewards = dict.fromkeys(self.agents, 0.0)
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        done = False
        for seat in dp.deciding_seats():
            agent = self.possible_agents[seat]
            if agent not in actions or actions[agent] is None:
                raise ValueError(f"{agent} has a decision and must act")
            if seat not in dp.state.to_move():
                continue
            move, replaced = self._table.act(seat, actions[agent])
            if replaced:
                infos[agent] = {"illegal_action": True}
            if move is not None:
                r, done = self._table.after_move()
                for s, x in enumerate(r):
                    rewards[self.possible_agents[s]] += x
                if done:
                    break
                if self._table.dp is not dp:     # the next deal of a match began
                    break
        obs = self._observations()
        self._actions += 1
        cut = not done and self.max_actions is not None and self._actions >= self.max_actions
        terms = dict.fromkeys(self.agents, done)
        truncs = dict.fromkeys(self.agents, cut)
        done = done or cut
        if done:
            self.agents = []
        return obs, rewards, terms, truncs, infos

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self._table.render_text(None)

    def close(self) -> None:
        self._table.dp = None
