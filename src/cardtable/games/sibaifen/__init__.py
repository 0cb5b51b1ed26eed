"""四百分 Sì Bǎi Fēn (Four Hundred Points): spec shared/rules/sibaifen.md, docs
docs/games/sibaifen.md."""

from __future__ import annotations

from typing import Any

from ...parts import Advice, EncodingPart, Explanation, GameParts, Layout
from . import encoding
from .advice import advise, hint
from .bots import HeuristicBot
from .explain import SCORING_NOTE, deal_note, explain
from .felt import FELT
from .layout import PHASES, move_words, zones
from .render import render
from .rules import GAME, SibaifenGame, SibaifenOptions
from .state import SibaifenState
from .stats import STATS
from .tally import TALLY

BOTS: dict[str, type[Any]] = {"heuristic": HeuristicBot}

PARTS = GameParts(
    layout=Layout(zones=zones, phases=PHASES, move_words=move_words),
    explanation=Explanation(explain, SCORING_NOTE, deal_note=deal_note),
    advice=Advice(advise, line=hint),
    encoding=EncodingPart(encoding.encoding, encoding.__doc__ or ""),
    bots=BOTS,
    render=render,
    felt=FELT,
    stats=STATS,
    tally=TALLY,
)

__all__ = ["BOTS", "GAME", "PARTS", "SibaifenGame", "SibaifenOptions", "SibaifenState", "advise", "hint", "render"]
