"""十三张 Shísān Zhāng (Chinese Poker, 十三水): spec shared/rules/shisanzhang.md, docs
docs/games/shisanzhang.md."""

from __future__ import annotations

from typing import Any

from .advice import advise, hint, warn
from .bots import AutoBot, RandomValidBot
from .render import render
from .rules import GAME, ShisanzhangGame, ShisanzhangOptions
from .state import ShisanzhangState

BOTS: dict[str, type[Any]] = {"auto": AutoBot, "random_valid": RandomValidBot}



__all__ = ["BOTS", "GAME", "ShisanzhangGame", "ShisanzhangOptions", "ShisanzhangState", "advise", "hint",
           "render", "warn"]
