"""Advice for a person at the table: a hint (a legal move and the reason for it) and a warning
before a costly move.

Both are computed from what the seat may know — its ``view(seat)`` and its legal moves — never
from the state, so a hint cannot leak a hidden card.  A game gives its advice by exporting
``advise(view, legal) -> Hint | None`` and optionally ``warn(view, move) -> str | None`` from
its package (``games/<id>/advice.py``); this module only dispatches, so the terminal and the
browser table ask the same question the same way.

A hint's move must be one that ``State.is_legal`` accepts at that moment (the property test
``tests/core/test_hints.py`` plays random positions of every game to check it).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from .i18n import _
from .moves import Move
from .registry import GAME_MODULES


@dataclass(frozen=True)
class Hint:
    """A suggested move and, in words, why."""

    move: Move
    reason: str


def _module(view: dict[str, Any]) -> ModuleType | None:
    game = view.get("game")
    if not isinstance(game, str) or game not in GAME_MODULES:
        return None
    return importlib.import_module(GAME_MODULES[game])


def hint(view: dict[str, Any], legal: list[Move]) -> Hint | None:
    """The game's advice for the seat of ``view`` (None when it has none or cannot move)."""
    if not legal or view.get("seat") is None or view.get("over"):
        return None
    advise = getattr(_module(view), "advise", None)
    if not callable(advise):
        return None
    got = advise(view, list(legal))
    return got if isinstance(got, Hint) else None


def warn(view: dict[str, Any], move: Move) -> str | None:
    """Why ``move`` is costly for the seat of ``view``, as far as that seat can know; None if
    the game sees nothing to warn about.  The move is assumed legal."""
    if view.get("seat") is None or view.get("over"):
        return None
    check = getattr(_module(view), "warn", None)
    if not callable(check):
        return None
    got = check(view, move)
    return str(got) if got else None


def pick_by_bot(bot: Any, view: dict[str, Any], legal: list[Move]) -> Move:
    """A game's bot's choice used as a hint: seeded, so the same position gives the same hint."""
    import random
    return bot.choose(view, legal, random.Random(0))  # type: ignore[no-any-return]




def hint_line(h: Hint | None, move_text: Any) -> str | None:
    """``move text  — reason`` for screens that print a hint as one line."""
    return _("{move}  — {reason}", move=move_text(h.move), reason=h.reason) if h is not None else None


__all__ = ["Hint", "hint", "hint_line", "pick_by_bot", "warn"]
