"""Gin Rummy (shared/rules/gin.md Part A): the reference game of cardtable."""

from __future__ import annotations

from .bots import HeuristicBot
from .render import hint, render
from .rules import GinGame, GinOptions
from .state import GinState

GAME = GinGame()
BOTS = {"heuristic": HeuristicBot}

__all__ = ["BOTS", "GAME", "GinGame", "GinOptions", "GinState", "HeuristicBot", "hint", "render"]
