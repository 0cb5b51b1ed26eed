"""五十一分 Wǔshíyī Fēn (Fifty-One): spec shared/rules/wushiyifen.md, docs
docs/games/wushiyifen.md."""

from __future__ import annotations

from typing import Any

from .advice import advise, hint
from .bots import HeuristicBot
from .render import render
from .rules import GAME, WushiyifenGame, WushiyifenOptions
from .state import WushiyifenState

BOTS: dict[str, type[Any]] = {"heuristic": HeuristicBot}

__all__ = ["BOTS", "GAME", "WushiyifenGame", "WushiyifenOptions", "WushiyifenState", "advise", "hint", "render"]
