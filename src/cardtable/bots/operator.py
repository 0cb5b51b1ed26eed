"""Bots a server's operator adds (``cardtable serve --bot NAME=module:factory``, issue 31).

A factory is any callable importable as ``module:attribute`` that takes a game id and gives a
bot: an object with ``choose(view, legal, rng)`` (and, like every bot here, optionally
``uses_sampler`` and the other flags :func:`cardtable.bots.bot_move` reads).  It may say which
games it plays with a ``games`` attribute (a list of game ids; all games without one) and
describe itself with a ``description`` attribute or the first line of its docstring: the
lobby shows that line beside the bot's name.

Registering imports the module (a wrong spec fails at once, naming what is wrong) but makes
no bot: the server's own process never runs an operator's bot when it has worker processes
(``server/botpool.py`` registers the same specs in every worker), so that a bot's crash, its
memory or its time stays out of the tables' loop.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import BadOption
from ..i18n import _


@dataclass(frozen=True)
class OperatorBot:
    name: str
    spec: str                       # "module:attribute", as given
    factory: Callable[[str], Any]
    games: tuple[str, ...] | None   # None: every game
    description: str

    def plays(self, game_id: str) -> bool:
        return self.games is None or game_id in self.games


_REGISTERED: dict[str, OperatorBot] = {}


def parse(text: str) -> tuple[str, str]:
    """``NAME=module:factory`` → (name, spec); BadOption naming what is wrong."""
    name, sep, spec = text.partition("=")
    name, spec = name.strip(), spec.strip()
    if not sep or not name or not spec:
        raise BadOption(_("a bot is given as NAME=module:factory, not {text}", text=repr(text)))
    if not name.replace("_", "").replace("-", "").isalnum() or not name.isascii():
        raise BadOption(_("a bot's name is letters, digits, - and _ only, not {name}", name=repr(name)))
    return name, spec


def load(spec: str) -> Callable[[str], Any]:
    module, sep, attr = spec.partition(":")
    if not sep or not module or not attr:
        raise BadOption(_("a bot's factory is given as module:factory, not {spec}", spec=repr(spec)))
    try:
        found: Any = importlib.import_module(module)
        for part in attr.split("."):
            found = getattr(found, part)
    except ImportError as e:
        raise BadOption(_("the bot's module {module} cannot be imported: {error}", module=module,
                          error=str(e))) from None
    except AttributeError:
        raise BadOption(_("the module {module} has no {name}", module=module, name=attr)) from None
    if not callable(found):
        raise BadOption(_("{spec} is not callable: a bot's factory takes a game id and gives a bot",
                          spec=spec))
    return found


def register(name: str, spec: str, taken: set[str] | frozenset[str] = frozenset()) -> OperatorBot:
    """Add an operator's bot under ``name`` (not one of ``taken``: the built-in names)."""
    if name in taken:
        raise BadOption(_("the bot name {name} is taken by a built-in bot", name=repr(name)))
    factory = load(spec)
    games = getattr(factory, "games", None)
    description = getattr(factory, "description", None)
    if not isinstance(description, str):
        doc = (getattr(factory, "__doc__", None) or "").strip()
        description = doc.splitlines()[0] if doc else ""
    bot = OperatorBot(name, spec, factory, tuple(games) if games is not None else None, description[:200])
    _REGISTERED[name] = bot
    return bot


def registered() -> dict[str, OperatorBot]:
    return dict(_REGISTERED)


def specs() -> dict[str, str]:
    """What a worker process needs to register the same bots: name → spec."""
    return {name: b.spec for name, b in _REGISTERED.items()}


def unregister_all() -> None:
    _REGISTERED.clear()


def unregister(name: str) -> None:
    """Forget the bot ``name`` (``cardtable ladder --agent`` once its ladder is done)."""
    _REGISTERED.pop(name, None)


def operator_bot(name: str) -> OperatorBot | None:
    return _REGISTERED.get(name)


def check(game_id: str, name: str) -> OperatorBot | None:
    """The operator's bot ``name`` if it plays ``game_id`` (BadOption if it does not); None
    for a name that is not an operator's."""
    bot = _REGISTERED.get(name)
    if bot is not None and not bot.plays(game_id):
        raise BadOption(_("the bot {name} does not play {game}; it plays {games}", name=repr(name),
                          game=game_id, games=", ".join(bot.games or ())))
    return bot


def make(game_id: str, name: str) -> Any:
    bot = check(game_id, name)
    assert bot is not None
    made = bot.factory(game_id)
    if not callable(getattr(made, "choose", None)):
        raise BadOption(_("the bot {name} gave no bot for {game} (an object with a choose() method)",
                          name=repr(name), game=game_id))
    if not hasattr(made, "name"):
        try:
            made.name = name
        except AttributeError:
            pass
    return made


__all__ = ["OperatorBot", "check", "load", "make", "operator_bot", "parse", "register", "registered", "specs",
           "unregister", "unregister_all"]
