"""Hints for a person playing 四百分 (``cardtable.advice``): the heuristic bot's move and reason."""

from __future__ import annotations

import random
from typing import Any

from ...i18n import _
from ...moves import Move
from ...parts.hints import Hint, hint_line
from .bots import choose


def advise(view: dict[str, Any], legal: list[Move]) -> Hint | None:
    if "hand" not in view:
        return None
    move, why = choose(view, legal, random.Random(0))
    return Hint(move, _("the only move now") if len(legal) == 1 else why)


def move_text(m: Move) -> str:
    return f"{m.verb} {m.target}" if m.target else " ".join([m.verb, *(str(c) for c in m.cards)])


def hint(view: dict[str, Any], legal: list[Move]) -> str | None:
    return hint_line(advise(view, legal), move_text)
