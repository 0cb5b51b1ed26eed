"""The research API: action codecs, observations and PettingZoo environments for every game.

    from cardtable.rl import make_codec, aec_env, parallel_env
    env = aec_env("gin")                 # a PettingZoo AECEnv
    codec = make_codec("remik", players=4, preset="six_jokers")
    dp = codec.start(state)              # a decision process over an engine State

NumPy, Gymnasium and PettingZoo live here (the ``rl`` extra); the engine does not import
this package.  See docs/research.md.
"""

from __future__ import annotations

from typing import Any

from ..errors import BadOption
from ..parts.encoding import Encoding
from ..registry import game_parts, get_game
from .codec import Codec, DecisionProcess

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
        part = game_parts(game.id).encoding
        if part is None:
            raise BadOption(f"{game.id} declares no encoding for the research API")
        codec = Codec(game, players, options, part.build(game, players, options))
        _CODECS[key] = codec
    return codec


def aec_env(game: str, players: int | None = None, preset: str | None = None,
            rules: dict[str, Any] | None = None, render_mode: str | None = None,
            episode: str = "deal", normalised_rewards: bool = False,
            illegal_action: str = "raise", max_actions: int | None = None) -> Any:
    """A PettingZoo AECEnv of ``game``: agents ``player_0``…, observations
    ``{"observation": float32 array, "action_mask": int8 array}``, ``Discrete(N)`` actions.
    ``episode="match"`` plays a whole match to its target (deals follow via ``Match``);
    ``normalised_rewards``: zero-sum rewards scaled by the game's constant; an action outside
    the mask raises ValueError, or with ``illegal_action="random"`` is replaced by a legal
    one drawn from the env's seeded generator (``info["illegal_action"]`` says so);
    ``max_actions``: truncate the episode after that many actions (a policy that, say, keeps
    taking and discarding in gin never ends a deal)."""
    from .env import CardtableAEC
    return CardtableAEC(make_codec(game, players, preset, rules), render_mode, episode,
                        normalised_rewards, illegal_action,
                        max_actions)


def parallel_env(game: str, players: int | None = None, preset: str | None = None,
                 rules: dict[str, Any] | None = None, render_mode: str | None = None,
                 episode: str = "deal", normalised_rewards: bool = False,
            illegal_action: str = "raise", max_actions: int | None = None) -> Any:
    """A PettingZoo ParallelEnv: every seat with a decision acts in the same step."""
    from .env import CardtableParallel
    return CardtableParallel(make_codec(game, players, preset, rules), render_mode, episode,
                             normalised_rewards, illegal_action,
                        max_actions)


__all__ = ["Codec", "DecisionProcess", "Encoding", "aec_env", "make_codec", "parallel_env"]
