"""捉黑A Zhuō Hēi A (Catch the Black Ace, 找朋友): spec shared/rules/zhuoheia.md, docs
docs/games/zhuoheia.md."""

from __future__ import annotations

from typing import Any

from ...moves import Move
from .bots import HeuristicBot, advice
from .render import render
from .rules import GAME, ZhuoheiaGame, ZhuoheiaOptions
from .state import ZhuoheiaState

BOTS: dict[str, type[Any]] = {"heuristic": HeuristicBot}


def hint(view: dict[str, Any], legal: list[Move]) -> str | None:
    """The heuristic bot's choice for the CLI, with its reason."""
    if not legal:
        return None
    move, why = advice(view, legal)
    return f"{move}  — {why}"


__all__ = ["BOTS", "GAME", "ZhuoheiaGame", "ZhuoheiaOptions", "ZhuoheiaState", "hint", "render"]
