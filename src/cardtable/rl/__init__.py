"""The research API: action codecs, observations and PettingZoo environments for every game.

    from cardtable.rl import make_codec, aec_env, parallel_env
    env = aec_env("gin")                 # a PettingZoo AECEnv
    codec = make_codec("remik", players=4, preset="six_jokers")
    dp = codec.start(state)              # a decision process over an engine State

NumPy, Gymnasium and PettingZoo live here (the ``rl`` extra); the engine does not import
this package.  See docs/research.md.
"""

from __future__ import annotations

import importlib
from typing import Any

from ..registry import GAME_MODULES, get_game
from .codec import Codec, DecisionProcess
from .spec import EncodingSpec

_CODECS: dict[tuple[str, int, str], Codec] = {}


def make_codec(game_id: str, players: int | None = None, preset: str | None = None,
               rules: dict[str, Any] | None = None) -> Codec:
    """The codec of one (game, players, options): ``num_actions``, ``observation_shape``,
    ``start(state)``.  The same configuration gives the same (shared) codec."""
    game = get_game(game_id)
    players = game.default_players if players is None else players
    game.check_players(players)
    options = game.make_options(preset, rules)
    return codec_for(game, players, options)


def codec_for(game: Any, players: int, options: Any) -> Codec:
    key = (game.id, players, repr(options))
    codec = _CODECS.get(key)
    if codec is None:
        module = importlib.import_module(GAME_MODULES[game.id] + ".encoding")
        codec = Codec(game, players, options, module.spec(game, players, options))
        _CODECS[key] = codec
    return codec


def aec_env(game: str, players: int | None = None, preset: str | None = None,
            rules: dict[str, Any] | None = None, render_mode: str | None = None,
            episode: str = "deal", normalised_rewards: bool = False,
            illegal_action: str = "raise") -> Any:
    """A PettingZoo AECEnv of ``game``: agents ``player_0``…, observations
    ``{"observation": float32 array, "action_mask": int8 array}``, ``Discrete(N)`` actions.
    ``episode="match"`` plays a whole match to its target (deals follow via ``Match``);
    ``normalised_rewards``: zero-sum rewards scaled by the game's constant; an action outside
    the mask raises ValueError, or with ``illegal_action="random"`` is replaced by a legal
    one drawn from the env's seeded generator (``info["illegal_action"]`` says so)."""
    from .env import CardtableAEC
    return CardtableAEC(make_codec(game, players, preset, rules), render_mode, episode,
                        normalised_rewards, illegal_action)


def parallel_env(game: str, players: int | None = None, preset: str | None = None,
                 rules: dict[str, Any] | None = None, render_mode: str | None = None,
                 episode: str = "deal", normalised_rewards: bool = False,
            illegal_action: str = "raise") -> Any:
    """A PettingZoo ParallelEnv: every seat with a decision acts in the same step."""
    from .env import CardtableParallel
    return CardtableParallel(make_codec(game, players, preset, rules), render_mode, episode,
                             normalised_rewards, illegal_action)


__all__ = ["Codec", "DecisionProcess", "EncodingSpec", "aec_env", "make_codec", "parallel_env"]
