"""捉黑A Zhuō Hēi A (Catch the Black Ace, 找朋友): spec shared/rules/zhuoheia.md, docs
docs/games/zhuoheia.md."""

from __future__ import annotations

from typing import Any

from .advice import advise, hint
from .bots import HeuristicBot
from .render import render
from .rules import GAME, ZhuoheiaGame, ZhuoheiaOptions
from .state import ZhuoheiaState

BOTS: dict[str, type[Any]] = {"heuristic": HeuristicBot}



__all__ = ["BOTS", "GAME", "ZhuoheiaGame", "ZhuoheiaOptions", "ZhuoheiaState", "advise", "hint", "render"]
