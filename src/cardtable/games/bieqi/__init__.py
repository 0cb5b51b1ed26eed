"""憋7 Biē Qī (花色接龙, with the 活王 variant): spec shared/rules/bieqi.md, docs docs/games/bieqi.md."""

from __future__ import annotations

from typing import Any

from ...parts import Advice, EncodingPart, Explanation, GameParts, Layout
from . import encoding
from .advice import advise, hint
from .bots import HeuristicBot
from .explain import SCORING_NOTE, explain
from .felt import FELT
from .layout import ACE_LOW, PHASES, move_words, zones
from .render import render
from .rules import GAME, BieqiGame, BieqiOptions
from .state import BieqiState
from .stats import STATS
from .tally import TALLY

BOTS: dict[str, type[Any]] = {"heuristic": HeuristicBot}

PARTS = GameParts(
    layout=Layout(zones=zones, phases=PHASES, ace_low=ACE_LOW, move_words=move_words),
    explanation=Explanation(explain, SCORING_NOTE),
    advice=Advice(advise, line=hint),
    encoding=EncodingPart(encoding.encoding, encoding.__doc__ or ""),
    bots=BOTS,
    render=render,
    felt=FELT,
    stats=STATS,
    tally=TALLY,
)

__all__ = ["BOTS", "GAME", "PARTS", "BieqiGame", "BieqiOptions", "BieqiState", "advise", "hint", "render"]
