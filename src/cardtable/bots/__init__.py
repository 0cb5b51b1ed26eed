"""Game-independent bots, and a game's own bots (the ``bots`` of its declared parts)."""

from __future__ import annotations

import random
from typing import Any

from ..errors import BadOption
from ..game import State
from ..i18n import _
from ..moves import Move
from ..registry import game_parts
from . import operator
from .base import Bot
from .ismcts import ISMCTSBot
from .labels import bot_description, bot_label
from .random_bot import RandomBot
from .rollout import RolloutBot
from .sampling import honest_sampler
from .search import GuidedSearchBot, SearchBot

GENERIC_BOTS: dict[str, type[Any]] = {"random": RandomBot, "search": SearchBot,
                                      "search_heuristic": GuidedSearchBot, "ismcts": ISMCTSBot,
                                      "rollout": RolloutBot}


def game_bots(game_id: str) -> dict[str, Any]:
    """The game's own bots by name (the ``bots`` of its parts)."""
    return dict(game_parts(game_id).bots)


def default_bot_name(game_id: str) -> str:
    """The game's best bot (what ``play``, the server and timeouts use): its parts'
    ``default_bot``, else ``heuristic``, else the first of its bots (a game lists its
    strongest first), else the generic ``random``."""
    bots = game_bots(game_id)
    chosen = game_parts(game_id).default_bot
    if isinstance(chosen, str) and (chosen in bots or chosen in GENERIC_BOTS):
        return chosen
    if "heuristic" in bots:
        return "heuristic"
    for name in bots:
        if name not in GENERIC_BOTS:
            return str(name)
    return "random"


def bot_names(game_id: str) -> list[str]:
    """The game's bots and the generic ones in name order, then ``ismcts`` and the levels,
    then the bots a server's operator added that play this game."""
    from .levels import LEVELS
    late = ("ismcts", *LEVELS)
    added = [n for n, b in operator.registered().items() if b.plays(game_id)]
    return sorted((set(GENERIC_BOTS) | set(game_bots(game_id))) - set(late)) + list(late) + added


def builtin_names() -> frozenset[str]:
    """Every built-in bot name of every game (an operator's bot may take none of them)."""
    from ..registry import game_ids
    from .levels import LEVELS
    names = set(GENERIC_BOTS) | set(LEVELS)
    for g in game_ids():
        names |= set(game_bots(g))
    return frozenset(names)


def check_bot(game_id: str, name: str) -> None:
    """BadOption unless ``name`` is a bot for ``game_id``; an operator's bot is checked
    without being made (it runs only in the bot workers)."""
    if not isinstance(name, str):
        raise BadOption(_("a bot name is a string, not {name}", name=repr(name)))
    if operator.check(game_id, name) is None:
        make_bot(game_id, name)


def make_bot(game_id: str, name: str) -> Bot:
    """A bot by name for ``game_id``: the game's own bots first, then the generic ones.
    A difficulty level (``easy`` ... ``expert``) or a bot with settings
    (``ismcts:iterations=800``, see :mod:`cardtable.bots.levels`) is accepted too.
    Raises BadOption naming the valid bots for an unknown name."""
    if not isinstance(name, str):
        raise BadOption(_("a bot name is a string, not {name}", name=repr(name)))
    if operator.check(game_id, name) is not None:
        return operator.make(game_id, name)
    from .levels import LEVELS, make_level, make_with_settings
    if name in LEVELS:
        return make_level(game_id, name)
    if ":" in name:
        return make_with_settings(game_id, name)
    table = {**GENERIC_BOTS, **game_bots(game_id)}
    if name not in table:
        raise BadOption(_("no bot {name} for {game}; valid bots: {valid}", name=repr(name),
                          game=game_id, valid=", ".join(bot_names(game_id))))
    bot: Bot = table[name](game_id)
    return bot


def bot_move(bot: Bot | str, state: State, seat: int, rng: random.Random,
             legal: list[Move] | None = None) -> Move:
    """Ask ``bot`` (a bot, or a bot's name for ``state``'s game) for ``seat``'s move.

    The bot gets that seat's view and legal moves only, and a search bot
    (``uses_sampler = True``) also a sampler of worlds consistent with that view, never the
    state itself.  A bot that declares ``needs_view = False`` (the random bot) gets only
    ``{"game", "seat"}`` instead of the full view: building a view is most of the cost of a
    random playout.  A bot that declares ``needs_all_legal = False`` (it reads only which
    kinds of move there are, and their first moves) gets ``state.legal_moves_head(seat)``,
    a prefix of the list that some games build far more cheaply.  One that declares
    ``needs_log = False`` (every game's heuristic) gets the view without its move log.
    The returned move is one of the legal moves.  ``legal``, a subset of the seat's legal
    moves, narrows the choice (an outside engine whose rules allow fewer moves:
    rl/openspiel_gin_play.py).
    """
    if isinstance(bot, str):
        bot = make_bot(state.game.id, bot)
    elif not callable(getattr(bot, "choose", None)):
        raise BadOption(_("a bot is a bot name or an object with a choose() method, not {bot}",
                          bot=repr(bot)))
    state._check_seat(seat)
    if legal is None:
        legal = (state.legal_moves(seat) if getattr(bot, "needs_all_legal", True)
                 else state.legal_moves_head(seat))
    if not legal:
        raise BadOption(_("seat {seat} has no move now (to move: {movers})", seat=seat,
                          movers=list(state.to_move())))
    if getattr(bot, "needs_view", True):
        view = state.view(seat, log=getattr(bot, "needs_log", True))
    else:
        view = {"game": state.game.id, "seat": seat}
    if getattr(bot, "uses_sampler", False):
        # worlds drawn from a base that depends on the view only (bots/sampling.py)
        return bot.choose(view, legal, rng, sampler=honest_sampler(state, seat))  # type: ignore[call-arg]
    return bot.choose(view, legal, rng)


__all__ = ["Bot", "bot_description", "bot_label", "default_bot_name", "GuidedSearchBot", "ISMCTSBot", "RandomBot",
           "RolloutBot", "SearchBot", "builtin_names", "check_bot", "game_bots", "bot_move", "bot_names", "make_bot",
           "operator"]
