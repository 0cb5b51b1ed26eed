"""最后胜利 Zuìhòu Shènglì (Last Victory): spec shared/rules/zuihoushengli.md, docs
docs/games/zuihoushengli.md."""

from __future__ import annotations

from typing import Any

from ...parts import Advice, EncodingPart, Explanation, GameParts, Layout
from . import encoding
from .advice import advise, hint
from .bots import HeuristicBot
from .explain import SCORING_NOTE, explain
from .felt import FELT
from .layout import PHASES, zones
from .render import render
from .rules import GAME, ZuihoushengliGame, ZuihoushengliOptions
from .state import ZuihoushengliState
from .stats import STATS
from .tally import TALLY

BOTS: dict[str, type[Any]] = {"heuristic": HeuristicBot}

PARTS = GameParts(
    layout=Layout(zones=zones, phases=PHASES),
    explanation=Explanation(explain, SCORING_NOTE),
    advice=Advice(advise, line=hint),
    encoding=EncodingPart(encoding.encoding, encoding.__doc__ or ""),
    bots=BOTS,
    render=render,
    felt=FELT,
    stats=STATS,
    tally=TALLY,
)

__all__ = ["BOTS", "GAME", "PARTS", "ZuihoushengliGame", "ZuihoushengliOptions", "ZuihoushengliState",
           "advise", "hint", "render"]
