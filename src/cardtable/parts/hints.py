"""A hint as the parts give it: a legal move and, in words, why.

A game's ``advice`` part returns a :class:`Hint` from a seat's view and legal moves only;
``cardtable.advice`` asks the part, so the terminal and the browser table ask alike.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ..i18n import _
from ..moves import Move


@dataclass(frozen=True)
class Hint:
    """A suggested move and, in words, why."""

    move: Move
    reason: str


class Chooser(Protocol):
    def choose(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move: ...


def pick_by_bot(bot: Chooser, view: dict[str, Any], legal: list[Move]) -> Move:
    """A game's bot's choice used as a hint: seeded, so the same position gives the same hint."""
    return bot.choose(view, legal, random.Random(0))


def hint_line(h: Hint | None, move_text: Callable[[Move], str]) -> str | None:
    """``move text  — reason`` for screens that print a hint as one line."""
    return _("{move}  — {reason}", move=move_text(h.move), reason=h.reason) if h is not None else None


__all__ = ["Chooser", "Hint", "hint_line", "pick_by_bot"]
