"""A policy as a bot, so that ``cardtable ladder GAME --bots medium --agent module:function``
rates it against our levels on duplicate deals.

:class:`PolicyBot` is a bot (``choose(view, legal, rng)``) that hands the policy what
:func:`cardtable.agent.play` hands it at a table: the seat's view and its legal moves as
texts, or the PettingZoo observation and mask built from them (:class:`SeatAgent`).
:func:`enter_ladder` registers it as an operator's bot (``cardtable.bots.operator``) under
``agent``; the ladder's worker processes are forked after that and inherit the policy.
"""

from __future__ import annotations

import random
from typing import Any

from ..bots import builtin_names, operator
from ..moves import Move
from ..options import Options
from ..registry import get_game
from .policy import Policy, SeatAgent, load_policy

#: the name the ladder shows for the agent
NAME = "agent"

_CONFIG: dict[str, Any] = {}


class PolicyBot:
    """The policy of ``agent`` behind a bot's door."""

    uses_sampler = False
    needs_view = True
    needs_log = True

    def __init__(self, agent: SeatAgent, name: str = NAME) -> None:
        self.agent = agent
        self.name = name
        self._notation: Any = None

    def choose(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        if self._notation is None:
            a = self.agent
            self._notation = a.game.new_state(a.players, a.options, seed=0)
        texts = [self._notation.move_text(m) for m in legal]
        move = self.agent.decide(view, texts).move
        if move in texts:
            return legal[texts.index(move)]
        # a move of the policy's own that the engine does not list (a 十三张 arrangement)
        return self._notation.parse_move(move, int(view["seat"]))


def policy_bot(game_id: str) -> PolicyBot:
    """The registered factory: the configured policy for ``game_id``."""
    cfg = _CONFIG
    policy = cfg["policy"] if cfg.get("policy") is not None else load_policy(cfg["spec"])
    cfg["policy"] = policy
    agent = SeatAgent(game_id, cfg["players"], None, None, policy, cfg["inputs"], options=cfg["options"])
    return PolicyBot(agent)


policy_bot.description = "a policy rated through cardtable.agent"  # type: ignore[attr-defined]


def enter_ladder(spec: str, players: int, options: Options, inputs: str | None = None,
                 policy: Policy | None = None, game: str | None = None) -> str:
    """Register the policy of ``spec`` (``module:function``) as the bot ``agent`` for one
    configuration; returns the name to put in the ladder's bots."""
    _CONFIG.clear()
    _CONFIG.update(spec=spec, players=players, options=options, inputs=inputs,
                   policy=policy if policy is not None else load_policy(spec))
    bot = operator.register(NAME, f"{__name__}:policy_bot", builtin_names())
    if game is not None:
        operator.make(get_game(game).id, bot.name)       # a bad policy fails before the first deal
    return bot.name


def leave_ladder() -> None:
    """Forget the registration of :func:`enter_ladder`."""
    operator.unregister(NAME)
    _CONFIG.clear()


__all__ = ["NAME", "PolicyBot", "enter_ladder", "leave_ladder", "policy_bot"]
