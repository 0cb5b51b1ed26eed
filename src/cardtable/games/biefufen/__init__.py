"""憋负分 Biē Fù Fēn (with 带2、K憋负分 and 带王憋负分): spec shared/rules/biefufen.md, docs
docs/games/biefufen.md."""

from __future__ import annotations

from typing import Any

from .advice import advise, hint
from .bots import HeuristicBot
from .render import render
from .rules import GAME, BiefufenGame, BiefufenOptions
from .state import BiefufenState, card_value

BOTS: dict[str, type[Any]] = {"heuristic": HeuristicBot}



__all__ = ["BOTS", "GAME", "BiefufenGame", "BiefufenOptions", "BiefufenState", "card_value", "advise", "hint",
           "render"]
