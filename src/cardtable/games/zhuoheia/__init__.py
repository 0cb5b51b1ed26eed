"""捉黑A Zhuō Hēi A (Catch the Black Ace, 找朋友): spec shared/rules/zhuoheia.md, docs
docs/games/zhuoheia.md."""

from __future__ import annotations

from typing import Any

from ...parts import Advice, EncodingPart, Explanation, GameParts, Layout
from . import encoding
from .advice import advise, hint
from .bots import HeuristicBot
from .explain import SCORING_NOTE, explain
from .felt import FELT
from .layout import BY_RANK, PHASES, move_words, zones
from .render import render
from .rules import GAME, ZhuoheiaGame, ZhuoheiaOptions
from .state import ZhuoheiaState
from .stats import STATS
from .tally import TALLY

BOTS: dict[str, type[Any]] = {"heuristic": HeuristicBot}

PARTS = GameParts(
    layout=Layout(zones=zones, phases=PHASES, by_rank=BY_RANK, move_words=move_words),
    explanation=Explanation(explain, SCORING_NOTE),
    advice=Advice(advise, line=hint),
    encoding=EncodingPart(encoding.encoding, encoding.__doc__ or ""),
    bots=BOTS,
    render=render,
    felt=FELT,
    stats=STATS,
    tally=TALLY,
)

__all__ = ["BOTS", "GAME", "PARTS", "ZhuoheiaGame", "ZhuoheiaOptions", "ZhuoheiaState", "advise", "hint", "render"]
