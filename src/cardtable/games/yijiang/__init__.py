"""议将夺墩算分 Yì Jiàng Duó Dūn Suàn Fēn: spec shared/rules/yijiang.md, docs
docs/games/yijiang.md."""

from __future__ import annotations

from typing import Any

from ...parts import Advice, EncodingPart, Explanation, GameParts, Layout
from . import encoding
from .advice import advise, hint
from .bots import HeuristicBot
from .explain import SCORING_NOTE, explain
from .felt import FELT
from .layout import PHASES, move_words, zones
from .render import render
from .rules import GAME, YijiangGame, YijiangOptions
from .state import YijiangState
from .stats import STATS
from .tally import TALLY

BOTS: dict[str, type[Any]] = {"heuristic": HeuristicBot}

PARTS = GameParts(
    layout=Layout(zones=zones, phases=PHASES, move_words=move_words),
    explanation=Explanation(explain, SCORING_NOTE),
    advice=Advice(advise, line=hint),
    encoding=EncodingPart(encoding.encoding, encoding.__doc__ or ""),
    bots=BOTS,
    render=render,
    felt=FELT,
    stats=STATS,
    tally=TALLY,
)

__all__ = ["BOTS", "GAME", "PARTS", "HeuristicBot", "YijiangGame", "YijiangOptions", "YijiangState", "advise",
           "hint", "render"]
