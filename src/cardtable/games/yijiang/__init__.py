"""议将夺墩算分 Yì Jiàng Duó Dūn Suàn Fēn: spec shared/rules/yijiang.md, docs
docs/games/yijiang.md."""

from __future__ import annotations

from typing import Any

from .advice import advise, hint
from .bots import HeuristicBot
from .render import render
from .rules import GAME, YijiangGame, YijiangOptions
from .state import YijiangState

BOTS: dict[str, type[Any]] = {"heuristic": HeuristicBot}

__all__ = ["BOTS", "GAME", "HeuristicBot", "YijiangGame", "YijiangOptions", "YijiangState", "advise",
           "hint", "render"]
