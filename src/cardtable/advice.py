"""Advice for a person at the table: a hint (a legal move and the reason for it) and a warning
before a costly move.

Both are computed from what the seat may know — its ``view(seat)`` and its legal moves — never
from the state, so a hint cannot leak a hidden card.  A game declares its advice in its
parts' :class:`cardtable.parts.Advice` (``advise(view, legal) -> Hint | None``, optionally
``warn(view, move) -> str | None``); this module only asks it, so the terminal and the
browser table ask the same question the same way.

A hint's move must be one that ``State.is_legal`` accepts at that moment (the property test
``tests/core/test_hints.py`` plays random positions of every game to check it).
"""

from __future__ import annotations

from typing import Any

from .moves import Move
from .parts import Advice
from .parts.hints import Hint, hint_line, pick_by_bot
from .registry import GAME_MODULES, game_parts


def _advice(view: dict[str, Any]) -> Advice | None:
    game = view.get("game")
    if not isinstance(game, str) or game not in GAME_MODULES:
        return None
    return game_parts(game).advice


def hint(view: dict[str, Any], legal: list[Move]) -> Hint | None:
    """The game's advice for the seat of ``view`` (None when it has none or cannot move)."""
    if not legal or view.get("seat") is None or view.get("over"):
        return None
    part = _advice(view)
    if part is None:
        return None
    got = part.advise(view, list(legal))
    return got if isinstance(got, Hint) else None


def warn(view: dict[str, Any], move: Move) -> str | None:
    """Why ``move`` is costly for the seat of ``view``, as far as that seat can know; None if
    the game sees nothing to warn about.  The move is assumed legal."""
    if view.get("seat") is None or view.get("over"):
        return None
    part = _advice(view)
    if part is None or part.warn is None:
        return None
    got = part.warn(view, move)
    return str(got) if got else None


__all__ = ["Hint", "hint", "hint_line", "pick_by_bot", "warn"]
