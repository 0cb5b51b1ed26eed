"""The ceiling of the ladder: how far a bot that *sees every card* gets over ``medium`` or ``hard``.

    PYTHONPATH=src python bench/ceiling.py GAME [--playouts N] [--deals 30] [--seed 1]
        [--workers 2] [--against medium]

A measuring instrument, not a bot: ``oracle`` is the rollout bot of ``hard``
(:class:`cardtable.bots.rollout.RolloutBot`, same playouts and candidates) whose every
"sampled" world is the true deal. It cheats, so it exists only in this process: the
script registers it and routes its moves around :func:`cardtable.bots.bot_move` for the
ladder's games, and nothing in ``src/`` can build it.

Why: the ladder asks each level to beat the one below by 50 Elo (SPRT elo1 = 50). In games
with much luck per deal even perfect knowledge of the hidden cards may not be worth that
much on the ladder's scale; the oracle's rating over ``medium`` bounds what any honest bot
built on the same playouts can reach (docs/ladder.md, "How high the ladder can go").
Prints the ladder's JSON (``cardtable ladder --json``) with the oracle's settings.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import cardtable.simulate as simulate
from cardtable.bots import GENERIC_BOTS, bot_move
from cardtable.bots.levels import hard_playouts
from cardtable.bots.rollout import RolloutBot
from cardtable.game import State
from cardtable.ladder import ladder
from cardtable.moves import Move


class OracleRollout(RolloutBot):
    """``hard``'s rollouts in the one true world (it sees the hidden cards)."""

    name = "oracle"
    oracle = True


def oracle_aware_move(bot: Any, state: State, seat: int, rng: random.Random,
                      legal: list[Move] | None = None) -> Move:
    if not getattr(bot, "oracle", False):
        return bot_move(bot, state, seat, rng, legal)
    legal = state.legal_moves(seat) if legal is None else legal
    view = state.view(seat, log=False)
    return bot.choose(view, legal, rng, sampler=lambda _rng: state.clone())


@contextmanager
def oracle_installed() -> Iterator[None]:
    """``oracle`` is a bot name, and the ladder's games route its moves, only inside this
    block (the ladder's worker processes are forked, so they inherit both)."""
    saved = simulate.bot_move
    GENERIC_BOTS["oracle"] = OracleRollout
    simulate.bot_move = oracle_aware_move
    try:
        yield
    finally:
        GENERIC_BOTS.pop("oracle", None)
        simulate.bot_move = saved


def ceiling(game_id: str, against: str = "medium", playouts: int | None = None, deals: int = 30,
            seed: int = 1, workers: int = 1) -> dict[str, Any]:
    """The ladder's JSON of ``against`` and the oracle (``hard``'s playouts by default)."""
    oracle = f"oracle:playouts={playouts or hard_playouts(game_id)}"
    with oracle_installed():
        return ladder(game_id, [against, oracle], deals=deals, seed=seed, workers=workers).to_json()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--playouts", type=int, default=None, help="default: the game's hard level")
    ap.add_argument("--deals", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--against", default="medium")
    a = ap.parse_args()
    print(json.dumps(ceiling(a.game, a.against, a.playouts, a.deals, a.seed, a.workers)))


if __name__ == "__main__":
    main()
