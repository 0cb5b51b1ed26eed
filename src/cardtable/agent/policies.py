"""Ready-made policies for :func:`cardtable.agent.play` and ``cardtable agent --policy``.

* ``cardtable.agent.policies:easy`` / ``:medium`` — our own levels (``cardtable.bots.levels``)
  through the same door as any policy: each gets the seat's view and legal moves only.
  ``hard`` and ``expert`` search worlds drawn from the deal itself, which only the table
  (its bot seats) or a local game has: :func:`level` refuses them.
* ``cardtable.agent.policies:uniform`` — an env policy: a uniformly random action of the mask.
* :func:`openspiel_agent` — an OpenSpiel ``rl_agent`` (DQN, policy gradient, a random agent …)
  trained on ``cardtable.rl.openspiel``'s games: its information-state tensor is the codec's
  observation, its legal actions the mask's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..bots import make_bot
from ..i18n import _
from ..moves import Move
from .policy import AgentError, Policy, text_inputs

#: the levels an agent can play without the deal itself
VIEW_LEVELS = ("easy", "medium")


def level(name: str, seed: int | None = None) -> Policy:
    """A text policy that plays like our level ``name`` (or one of a game's own bots, by
    name), from the view and the legal moves alone."""
    if name in ("hard", "expert"):
        raise AgentError(_("the {level} level searches worlds drawn from the deal itself: seat it at the "
                           "table as a bot (\"bot:{level}\") instead; an agent can play {levels}",
                           level=name, levels=", ".join(VIEW_LEVELS)))
    rng = random.Random(seed)
    bots: dict[str, Any] = {}
    moves: dict[tuple[str, int, str], Any] = {}

    def policy(view: dict[str, Any], legal: Sequence[str]) -> str:
        game = str(view["game"])
        bot = bots.get(game)
        if bot is None:
            bot = bots[game] = make_bot(game, name)
            if getattr(bot, "uses_sampler", False):
                raise AgentError(_("bot {name} searches worlds drawn from the deal itself; an agent "
                                   "can play {levels}", name=repr(name), levels=", ".join(VIEW_LEVELS)))
        parsed = _moves(moves, view, legal)
        chosen = bot.choose(view, parsed, rng)
        return legal[parsed.index(chosen)]

    policy.inputs = "text"  # type: ignore[attr-defined]
    policy.__name__ = f"level_{name}"
    return policy


def _moves(cache: dict[tuple[str, int, str], Any], view: dict[str, Any], legal: Sequence[str]) -> list[Move]:
    """The legal texts as moves, read as a table client reads them (``rl.seat.text_moves``)."""
    from ..registry import get_game
    from ..rl import codec_for
    from ..rl.seat import text_moves

    game = get_game(str(view["game"]))
    players = int(view["players"])
    key = (game.id, players, repr(view.get("options")))
    codec = cache.get(key)
    if codec is None:
        codec = cache[key] = codec_for(game, players, game.make_options())
    return text_moves(codec, view, legal)


@text_inputs
def easy(view: dict[str, Any], legal: Sequence[str]) -> str:
    """Our ``easy`` level."""
    return _EASY(view, legal)


@text_inputs
def medium(view: dict[str, Any], legal: Sequence[str]) -> str:
    """Our ``medium`` level (the game's heuristic bot)."""
    return _MEDIUM(view, legal)


_EASY = level("easy", seed=1)
_MEDIUM = level("medium", seed=2)


def uniform_policy(seed: int | None = None) -> Policy:
    """An env policy: a uniformly random action among those the mask allows."""
    rng = random.Random(seed)

    def policy(obs: dict[str, Any]) -> int:
        allowed = [i for i, v in enumerate(obs["action_mask"]) if v]
        return allowed[rng.randrange(len(allowed))]
    return policy


uniform = uniform_policy(0)


def openspiel_agent(agent: Any, player_id: int | None = None) -> Policy:
    """An env policy from an OpenSpiel ``rl_agent.AbstractAgent``: each decision is handed
    to it as a ``rl_environment.TimeStep`` whose ``info_state`` is the observation and whose
    ``legal_actions`` are the mask's, and its ``step(…, is_evaluation=True).action`` played."""
    from open_spiel.python import rl_environment

    pid = int(player_id if player_id is not None else getattr(agent, "player_id", getattr(agent, "_player_id", 0)))

    def policy(obs: dict[str, Any]) -> int:
        legal = [i for i, v in enumerate(obs["action_mask"]) if v]
        info = [list(map(float, obs["observation"])) if p == pid else [] for p in range(pid + 1)]
        acts = [legal if p == pid else [] for p in range(pid + 1)]
        step = rl_environment.TimeStep(
            observations={"info_state": info, "legal_actions": acts, "current_player": pid},
            rewards=[0.0] * (pid + 1), discounts=[1.0] * (pid + 1), step_type=rl_environment.StepType.MID)
        out = agent.step(step, is_evaluation=True)
        return int(out.action)
    return policy


__all__ = ["VIEW_LEVELS", "easy", "level", "medium", "openspiel_agent", "uniform", "uniform_policy"]
