"""Gin Rummy (shared/rules/gin.md Part A): the reference game of cardtable."""

from __future__ import annotations

from ...parts import Advice, EncodingPart, Explanation, GameParts, Layout
from . import encoding
from .advice import advise, hint, warn
from .bots import HeuristicBot
from .explain import SCORING_NOTE, explain
from .felt import FELT
from .layout import ACE_LOW, PHASES, move_words, zones
from .referee import REFEREE
from .render import render
from .rules import GinGame, GinOptions
from .state import GinState
from .stats import STATS
from .tally import TALLY

GAME = GinGame()
BOTS = {"heuristic": HeuristicBot}

PARTS = GameParts(
    layout=Layout(zones=zones, phases=PHASES, ace_low=ACE_LOW, move_words=move_words),
    explanation=Explanation(explain, SCORING_NOTE),
    advice=Advice(advise, warn=warn, line=hint),
    encoding=EncodingPart(encoding.encoding, encoding.__doc__ or ""),
    bots=BOTS,
    render=render,
    referee=REFEREE,
    felt=FELT,
    stats=STATS,
    tally=TALLY,
)

__all__ = ["BOTS", "GAME", "PARTS",
           "GinGame", "GinOptions", "GinState", "HeuristicBot", "advise", "hint", "render", "warn"]
