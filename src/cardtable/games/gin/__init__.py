"""Gin Rummy (shared/rules/gin.md Part A): the reference game of cardtable."""

from __future__ import annotations

from .advice import advise, hint, warn
from .bots import HeuristicBot
from .render import render
from .rules import GinGame, GinOptions
from .state import GinState

GAME = GinGame()
BOTS = {"heuristic": HeuristicBot}

__all__ = ["BOTS", "GAME", "GinGame", "GinOptions", "GinState", "HeuristicBot", "advise", "hint", "render", "warn"]
