"""十三张 Shísān Zhāng (Chinese Poker, 十三水): spec shared/rules/shisanzhang.md, docs
docs/games/shisanzhang.md."""

from __future__ import annotations

from typing import Any

from ...moves import Move
from .bots import AutoBot, RandomValidBot, advice
from .render import render
from .rules import GAME, ShisanzhangGame, ShisanzhangOptions
from .state import ShisanzhangState

BOTS: dict[str, type[Any]] = {"auto": AutoBot, "random_valid": RandomValidBot}


def hint(view: dict[str, Any], legal: list[Move]) -> str | None:
    """The auto-arranger's advice for the CLI: the move text, then why."""
    if not legal or view.get("hand") is None:
        return None
    from .notation import text
    move, why = advice(view, legal)
    return f"{text(move)}  — {why}"


__all__ = ["BOTS", "GAME", "ShisanzhangGame", "ShisanzhangOptions", "ShisanzhangState", "hint", "render"]
