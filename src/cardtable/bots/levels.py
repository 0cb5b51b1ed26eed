"""Difficulty levels a player picks by name: ``easy``, ``medium``, ``hard``, ``expert``.

A level is a bot and a budget, per game:

* ``easy``   — the game's heuristic bot that plays a uniformly random legal move instead
  on a third of its decisions (a weakened heuristic: it still knows the rules' basics);
* ``medium`` — the game's heuristic bot (十三张: its auto-arranger);
* ``hard``   — the heuristic improved by paired rollouts (:mod:`cardtable.bots.rollout`)
  with a playout budget sized to stay under about half a second of CPU a move, capped at 1 s;
* ``expert`` — the same with three times the playouts and more candidate moves, capped at 3 s.

The rollout bot replaced IS-MCTS (:mod:`cardtable.bots.ismcts`, still available as
``ismcts``) at these levels: at the same time per move it beat ``medium`` where IS-MCTS
only drew level with it (docs/ladder.md).  Budgets are playout counts so that a
level is deterministic under a seed; the time cap is a safety net on a loaded machine (a
move cut by it is no longer reproducible).  The counts per game come from
``bench/bench_ismcts.py --levels`` (docs/ladder.md).

Any bot with settings is also accepted as a name: ``ismcts:iterations=800,rollout=random``
(``key=value`` pairs passed to the bot's constructor; ``;`` separates them too, for
commands that split ``--bots`` at commas).
"""

from __future__ import annotations

import random
from typing import Any

from ..errors import BadOption
from ..i18n import _
from ..moves import Move
from ..registry import get_game

LEVELS = ("easy", "medium", "hard", "expert")

def hard_playouts(game_id: str) -> int:
    """Rollout playouts of ``hard`` for the game (``expert``: ×3): the game's declared
    ``hard_playouts``, sized from the measured CPU time per move (bench_ismcts.py --levels,
    docs/ladder.md) to a p99 of about 0.5–0.7 s of CPU.  Gin has 500: its playouts got 2.4×
    cheaper (views without the log), and 200 drew level with ``medium`` where 500 beats it
    (docs/ladder.md).  Remik has 80: its playouts got about 4× cheaper (candidate melds worked
    out once per hand)."""
    return get_game(game_id).hard_playouts


#: candidate moves a level compares with the heuristic's (the rest of a long list is sampled)
CANDIDATES = {"hard": 8, "expert": 12}
#: ``expert`` plays this many times the playouts of ``hard``
EXPERT_FACTOR = 3
CAP_MS = {"hard": 1000.0, "expert": 3000.0}
EASY_NOISE = 1 / 3


def medium_name(game_id: str) -> str:
    from . import game_bots
    own = game_bots(game_id)
    for name in ("heuristic", "auto"):
        if name in own:
            return name
    return "random"


class NoisyBot:
    """A bot that plays a uniformly random legal move with probability ``noise``."""

    uses_sampler = False

    def __init__(self, inner: Any, noise: float, name: str) -> None:
        self.inner = inner
        self.noise = noise
        self.name = name
        self.needs_view = getattr(inner, "needs_view", True)
        self.needs_log = getattr(inner, "needs_log", True)

    def choose(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        if rng.random() < self.noise:
            return legal[rng.randrange(len(legal))]
        return self.inner.choose(view, legal, rng)


def make_level(game_id: str, level: str) -> Any:
    from . import make_bot
    from .rollout import RolloutBot
    if level not in LEVELS:
        raise BadOption(_("no level {level}; levels: {valid}", level=repr(level),
                          valid=", ".join(LEVELS)))
    if level == "easy":
        return NoisyBot(make_bot(game_id, medium_name(game_id)), EASY_NOISE, "easy")
    if level == "medium":
        bot = make_bot(game_id, medium_name(game_id))
        return bot
    playouts = hard_playouts(game_id) * (EXPERT_FACTOR if level == "expert" else 1)
    bot = RolloutBot(game_id, playouts=playouts, budget_ms=CAP_MS[level],
                     max_candidates=CANDIDATES[level])
    bot.name = level
    return bot


def _value(text: str) -> Any:
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return {"none": None, "true": True, "false": False}.get(text.lower(), text)


def make_with_settings(game_id: str, spec: str) -> Any:
    """``name:key=value,key=value`` → that bot built with those keyword arguments."""
    from . import GENERIC_BOTS, game_bots
    name, _sep, rest = spec.partition(":")
    table = {**GENERIC_BOTS, **game_bots(game_id)}
    if name not in table:
        raise BadOption(_("no bot {name} for {game}; valid bots: {valid}", name=repr(name),
                          game=game_id, valid=", ".join(sorted(table))))
    kwargs: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in rest.replace(";", ",").split(","))):
        key, eq, val = part.partition("=")
        if not eq or not key.isidentifier():
            raise BadOption(_("bot setting {part} in {spec} is not key=value", part=repr(part),
                              spec=repr(spec)))
        kwargs[key] = _value(val)
    try:
        bot = table[name](game_id, **kwargs)
    except (TypeError, ValueError) as e:
        raise BadOption(_("bad settings for bot {name}: {why}", name=repr(name), why=e)) from None
    bot.name = spec
    return bot
