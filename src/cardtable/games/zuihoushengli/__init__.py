"""最后胜利 Zuìhòu Shènglì (Last Victory): spec shared/rules/zuihoushengli.md, docs
docs/games/zuihoushengli.md."""

from __future__ import annotations

from typing import Any

from .advice import advise, hint
from .bots import HeuristicBot
from .render import render
from .rules import GAME, ZuihoushengliGame, ZuihoushengliOptions
from .state import ZuihoushengliState

BOTS: dict[str, type[Any]] = {"heuristic": HeuristicBot}

__all__ = ["BOTS", "GAME", "ZuihoushengliGame", "ZuihoushengliOptions", "ZuihoushengliState",
           "advise", "hint", "render"]
