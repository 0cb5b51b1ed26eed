"""Hints for a person playing 捉黑A (``cardtable.advice``): the heuristic bot's move and reason."""

from __future__ import annotations

from typing import Any

from ...i18n import _
from ...moves import Move, default_move_text
from ...parts.hints import Hint, hint_line
from .bots import advice


def advise(view: dict[str, Any], legal: list[Move]) -> Hint | None:
    if "hand" not in view:
        return None
    move, why = advice(view, legal)
    return Hint(move, _("the only move now") if len(legal) == 1 else _(why))


def hint(view: dict[str, Any], legal: list[Move]) -> str | None:
    return hint_line(advise(view, legal), default_move_text)
