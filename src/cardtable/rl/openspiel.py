"""cardtable games as OpenSpiel Python games (``pyspiel.register_game``).

    import pyspiel
    from cardtable.rl import openspiel as cos
    game = cos.register("gin")                    # or register("remik", players=4, preset=...)
    state = game.new_initial_state()              # a chance node: which deal
    ...
    pyspiel.load_game(game.get_type().short_name) # the same game, by name

Built on the action codec (:func:`cardtable.rl.make_codec`): OpenSpiel's actions are the
codec's ``Discrete(N)`` actions, factored sub-steps included (a meld chosen card by card is
several OpenSpiel actions of the same player), and its tensors are the codec's observation.

Design (docs/research.md, "OpenSpiel"):

* **Chance** is one explicit chance node at the start: outcome ``i`` of ``deals`` (a game
  parameter, default 10 000, uniform) deals ``Game.new_state(players, options, seed=i)``, the
  engine's seeded shuffle (and, for gin, the cut for the dealer).  Nothing else is random.
* **Sequential** dynamics: where several seats may act at once (十三张's arrangement) the seats
  decide one after another in seat order, each from its own view (the codec's order).
* **Imperfect information**; utility ``ZERO_SUM`` for zero-sum games or normalised rewards,
  else ``GENERAL_SUM``; terminal rewards only: the deal's points (``rewards="points"``, times
  −1 where points are penalties) or the codec's zero-sum normalised rewards.
* **Strings**: the information state string is the seat's whole ``view`` (its log included:
  perfect recall) plus its own unfinished sub-steps; the observation string leaves the log out.
* **Tensors**: the observation tensor and the information-state tensor are both the codec's
  observation (view fields, last moves, own partial move): *not* perfect recall.
* **Resampling**: Python games cannot override ``ResampleFromInfostate``; use
  :func:`resampler` (``State.sample_hidden``) with ``ISMCTSBot.set_resampler``.
* ``min_utility``/``max_utility`` are loose bounds (``utility_bound``), not tight ones.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from ..game import State
from ..registry import get_game
from . import make_codec
from .codec import Codec, DecisionProcess

_REGISTERED: dict[str, dict[str, Any]] = {}
DEFAULT_DEALS = 10_000
DEFAULT_MAX_GAME_LENGTH = 20_000


def game_name(game: str, players: int | None = None, preset: str | None = None,
              rules: dict[str, Any] | None = None, rewards: str = "points") -> str:
    """The OpenSpiel short name of a configuration: ``cardtable_<game>[_<n>p][_<preset>]
    [_r<hash of rules>][_norm]``."""
    g = get_game(game)
    name = f"cardtable_{g.id}"
    if players is not None and players != g.default_players:
        name += f"_{players}p"
    if preset:
        name += f"_{preset}"
    if rules:
        digest = hashlib.sha1(json.dumps(rules, sort_keys=True, default=str).encode()).hexdigest()
        name += f"_r{digest[:8]}"
    if rewards == "normalised":
        name += "_norm"
    return name


def register(game: str, players: int | None = None, preset: str | None = None,
             rules: dict[str, Any] | None = None, *, rewards: str = "points",
             deals: int = DEFAULT_DEALS, utility_bound: float | None = None,
             max_game_length: int = DEFAULT_MAX_GAME_LENGTH) -> Any:
    """Register ``game`` (players, preset, rules as everywhere in cardtable) as an OpenSpiel
    Python game and return it loaded (``pyspiel.Game``).  Registering the same configuration
    again returns it again (with the first registration's ``deals``, ``utility_bound`` and
    ``max_game_length``).  ``rewards``: ``"points"`` or ``"normalised"`` (zero-sum);
    ``deals``: the default number of chance outcomes (also the game parameter ``deals``,
    e.g. ``pyspiel.load_game(name, {"deals": 100})``)."""
    if rewards not in ("points", "normalised"):
        raise ValueError(f"rewards must be 'points' or 'normalised', not {rewards!r}")
    g = get_game(game)
    codec = make_codec(g.id, players, preset, rules)        # validates players, preset, rules
    name = game_name(g.id, players, preset, rules, rewards)
    if name not in _REGISTERED:
        normalised = rewards == "normalised"
        zero = normalised or g.sum_rule == "zero"
        if utility_bound is None:
            utility_bound = 1_000.0 if normalised else 1_000.0 * codec.encoding.reward_scale
        config = {"game": g.id, "players": codec.players, "preset": preset, "rules": rules,
                  "normalised": normalised}
        game_type = pyspiel.GameType(
            short_name=name,
            long_name=f"cardtable {g.name} ({codec.players} players"
                      + (f", preset {preset}" if preset else "") + (", custom rules" if rules else "")
                      + (", normalised rewards" if normalised else "") + ")",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=(pyspiel.GameType.Utility.ZERO_SUM if zero
                     else pyspiel.GameType.Utility.GENERAL_SUM),
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=codec.players, min_num_players=codec.players,
            provides_information_state_string=True, provides_information_state_tensor=True,
            provides_observation_string=True, provides_observation_tensor=True,
            parameter_specification={"deals": deals})
        bound = float(utility_bound)
        info = dict(num_distinct_actions=codec.num_actions, num_players=codec.players,
                    min_utility=-bound, max_utility=bound, utility_sum=0.0 if zero else None,
                    max_game_length=max_game_length)

        class _Game(CardtableGame):
            CONFIG = config
            TYPE = game_type
            INFO = info

        _Game.__name__ = _Game.__qualname__ = f"CardtableGame_{name}"
        pyspiel.register_game(game_type, _Game)
        _REGISTERED[name] = config
    return pyspiel.load_game(name)


def register_all(**kwargs: Any) -> list[Any]:
    """Every registered cardtable game with its default players and options."""
    from ..registry import game_ids
    return [register(gid, **kwargs) for gid in game_ids()]


# --- the game and its states ---------------------------------------------------------------------

class CardtableGame(pyspiel.Game):
    CONFIG: dict[str, Any] = {}
    TYPE: Any = None
    INFO: dict[str, Any] = {}

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        deals = int(params.get("deals", self.TYPE.parameter_specification["deals"]))
        if deals < 1:
            raise ValueError(f"deals must be at least 1, not {deals}")
        super().__init__(self.TYPE, pyspiel.GameInfo(max_chance_outcomes=deals, **self.INFO),
                         params)
        c = self.CONFIG
        self.codec: Codec = make_codec(c["game"], c["players"], c["preset"], c["rules"])
        self.deals = deals
        self.normalised: bool = c["normalised"]

    def new_initial_state(self) -> CardtableState:
        return CardtableState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        return Observer(self.codec, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
                        params)


class _Core:
    """The Python side of a state, kept in one attribute: OpenSpiel's clone deep-copies every
    attribute, so this copies itself with ``DecisionProcess.clone`` (the engine's fast clone)
    and pickles itself as a scenario (serialisation)."""

    __slots__ = ("config", "seed", "dp")

    def __init__(self, config: dict[str, Any], seed: int, dp: DecisionProcess) -> None:
        self.config, self.seed, self.dp = config, seed, dp

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        return _Core(self.config, self.seed, self.dp.clone())

    def __reduce__(self) -> tuple[Any, ...]:
        # the history as Move objects, not text: in two-pack games a card's text does not
        # tell its copies apart, and the sub-step buffers name copies
        dp = self.dp
        buffers = {s: dp.buffer(s) for s in range(dp.state.players)}
        return (_rebuild_core, (self.config, self.seed, list(dp.state.history),
                                {s: b for s, b in buffers.items() if b}))


def _rebuild_core(config: dict[str, Any], seed: int, history: list[tuple[int, Any]],
                  buffers: dict[int, list[int]]) -> _Core:
    codec = make_codec(config["game"], config["players"], config["preset"], config["rules"])
    state = get_game(config["game"]).new_state(codec.players, codec.options, seed=seed)
    for seat, move in history:
        state.apply(move, seat)
    dp = codec.start(state)
    for seat, actions in buffers.items():
        for a in actions:
            dp.step(a, seat)
    return _Core(config, seed, dp)


class CardtableState(pyspiel.State):
    def __init__(self, game: CardtableGame) -> None:
        super().__init__(game)
        self.core: _Core | None = None

    # the engine objects (None before the deal)
    @property
    def dp(self) -> DecisionProcess | None:
        return self.core.dp if self.core is not None else None

    @property
    def engine_state(self) -> State | None:
        return self.core.dp.state if self.core is not None else None

    def _game(self) -> CardtableGame:
        g = self.get_game()
        assert isinstance(g, CardtableGame)
        return g

    def current_player(self) -> int:
        if self.core is None:
            return pyspiel.PlayerId.CHANCE
        seat = self.core.dp.current_seat
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def is_terminal(self) -> bool:
        return self.core is not None and self.core.dp.state.is_over

    def _legal_actions(self, player: int) -> list[int]:
        if self.core is None or player != self.core.dp.current_seat:
            return []
        return self.core.dp.legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self._game().deals
        return [(i, 1.0 / n) for i in range(n)]

    def _apply_action(self, action: int) -> None:
        if self.core is None:
            g = self._game()
            engine = get_game(g.CONFIG["game"])
            st = engine.new_state(g.codec.players, g.codec.options, seed=int(action))
            self.core = _Core(g.CONFIG, int(action), g.codec.start(st))
        else:
            self.core.dp.step(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal seed {action}"
        return self._game().codec.action_text(action)

    def returns(self) -> list[float]:
        if self.core is None or not self.core.dp.state.is_over:
            return [0.0] * self.get_game().num_players()
        return self.core.dp.rewards(normalised=self._game().normalised)

    def information_state_string(self, player: int | None = None) -> str:
        return _string(self, self.current_player() if player is None else player, True)

    def observation_string(self, player: int | None = None) -> str:
        return _string(self, self.current_player() if player is None else player, False)

    def __str__(self) -> str:
        if self.core is None:
            return "(before the deal)"
        dp = self.core.dp
        buffers = {s: dp.buffer(s) for s in range(dp.state.players)}
        return json.dumps({"seed": self.core.seed, "moves": dp.state.moves_text(),
                           "buffers": {s: b for s, b in buffers.items() if b}}, ensure_ascii=False)


def _string(state: CardtableState, player: int, perfect_recall: bool) -> str:
    n = state.get_game().num_players()
    if not 0 <= player < n:
        raise ValueError(f"no player {player} in a {n}-player game")
    if state.core is None:
        return "before the deal"
    dp = state.core.dp
    view = dp.state.view(player)
    if not perfect_recall:
        view.pop("log", None)
    return json.dumps({"view": view, "partial": dp.buffer(player)}, ensure_ascii=False,
                      sort_keys=True, default=str)


class Observer:
    """OpenSpiel's Python observer protocol (``tensor``, ``dict``, ``set_from``,
    ``string_from``) over the codec's observation.  Only the single-player observation:
    a seat's own view."""

    def __init__(self, codec: Codec, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError("cardtable games observe from one seat's view only "
                             "(private_info=SINGLE_PLAYER)")
        self.codec = codec
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.tensor = np.zeros(codec.observation_shape, np.float32)
        self.dict = {name: self.tensor[start:end]
                     for name, start, end, _doc in codec.obs_layout.blocks if end > start}

    def set_from(self, state: CardtableState, player: int) -> None:
        if state.core is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = state.core.dp.observe(player)

    def string_from(self, state: CardtableState, player: int) -> str:
        return _string(state, player, self.perfect_recall)


# --- resampling for OpenSpiel's Python IS-MCTS -------------------------------------------------

def resample(state: CardtableState, player: int, rng: random.Random) -> CardtableState:
    """A state consistent with ``player``'s information (``State.sample_hidden``): the cards
    ``player`` cannot place dealt anew, the history replayed, ``player``'s own unfinished
    sub-steps kept.  Its information state string for ``player`` equals ``state``'s."""
    if state.core is None:
        raise ValueError("resample a state after the deal (the chance node)")
    dp = state.core.dp
    world = dp.state.sample_hidden(player, rng)
    new = state.get_game().new_initial_state()
    assert isinstance(new, CardtableState)
    ndp = dp.codec.start(world)
    for a in dp.buffer(player):
        ndp.step(a, player)
    new.core = _Core(state.core.config, state.core.seed, ndp)
    return new


def resampler(seed: int = 0) -> Callable[[CardtableState, int], CardtableState]:
    """A callback for ``ISMCTSBot.set_resampler``: :func:`resample` with its own seeded rng."""
    rng = random.Random(seed)
    return lambda state, player: resample(state, player, rng)


__all__ = ["CardtableGame", "CardtableState", "Observer", "game_name", "register", "register_all",
           "resample", "resampler"]
