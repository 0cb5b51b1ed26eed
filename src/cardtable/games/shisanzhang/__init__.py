"""十三张 Shísān Zhāng (Chinese Poker, 十三水): spec shared/rules/shisanzhang.md, docs
docs/games/shisanzhang.md."""

from __future__ import annotations

from typing import Any

from ...parts import Advice, EncodingPart, Explanation, GameParts, Layout
from . import encoding
from .advice import advise, hint, warn
from .assist import ASSIST
from .bots import AutoBot, RandomValidBot
from .explain import SCORING_NOTE, explain
from .felt import FELT
from .layout import HIDDEN_VERBS, PHASES, move_note, move_terms, move_words, zones
from .render import render
from .rules import GAME, ShisanzhangGame, ShisanzhangOptions
from .state import ShisanzhangState
from .stats import STATS
from .tally import TALLY

BOTS: dict[str, type[Any]] = {"auto": AutoBot, "random_valid": RandomValidBot}

PARTS = GameParts(
    layout=Layout(zones=zones, phases=PHASES, move_note=move_note, hidden_verbs=tuple(HIDDEN_VERBS),
                  move_words=move_words, move_terms=move_terms),
    explanation=Explanation(explain, SCORING_NOTE),
    advice=Advice(advise, warn=warn, line=hint),
    encoding=EncodingPart(encoding.encoding, encoding.__doc__ or ""),
    bots=BOTS,
    assist=ASSIST,
    render=render,
    felt=FELT,
    stats=STATS,
    tally=TALLY,
)

__all__ = ["BOTS", "GAME", "PARTS", "ShisanzhangGame", "ShisanzhangOptions", "ShisanzhangState", "advise", "hint",
           "render", "warn"]
