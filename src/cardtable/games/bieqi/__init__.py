"""憋7 Biē Qī (花色接龙, with the 活王 variant): spec shared/rules/bieqi.md, docs docs/games/bieqi.md."""

from __future__ import annotations

from typing import Any

from .advice import advise, hint
from .bots import HeuristicBot
from .render import render
from .rules import GAME, BieqiGame, BieqiOptions
from .state import BieqiState

BOTS: dict[str, type[Any]] = {"heuristic": HeuristicBot}



__all__ = ["BOTS", "GAME", "BieqiGame", "BieqiOptions", "BieqiState", "advise", "hint", "render"]
