"""捡十四分 Jiǎn Shísì Fēn (Pick Fourteen): spec shared/rules/jianshisifen.md, docs
docs/games/jianshisifen.md."""

from __future__ import annotations

from typing import Any

from .advice import advise, hint
from .bots import HeuristicBot
from .render import render
from .rules import GAME, JianshisifenGame, JianshisifenOptions
from .state import JianshisifenState

BOTS: dict[str, type[Any]] = {"heuristic": HeuristicBot}

__all__ = ["BOTS", "GAME", "JianshisifenGame", "JianshisifenOptions", "JianshisifenState", "advise",
           "hint", "render"]
