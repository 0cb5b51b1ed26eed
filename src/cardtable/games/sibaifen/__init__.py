"""四百分 Sì Bǎi Fēn (Four Hundred Points): spec shared/rules/sibaifen.md, docs
docs/games/sibaifen.md."""

from __future__ import annotations

from typing import Any

from .advice import advise, hint
from .bots import HeuristicBot
from .render import render
from .rules import GAME, SibaifenGame, SibaifenOptions
from .state import SibaifenState

BOTS: dict[str, type[Any]] = {"heuristic": HeuristicBot}

__all__ = ["BOTS", "GAME", "SibaifenGame", "SibaifenOptions", "SibaifenState", "advise", "hint", "render"]
