"""Thai Dummy (ดัมมี่), dummy.md: 2–4 players, head card, pickups, knocks and the seed's penalties."""

from __future__ import annotations

from ...parts import Advice, EncodingPart, Explanation, GameParts, Layout
from . import encoding
from .advice import advise, hint, warn
from .bots import BOTS
from .explain import SCORING_NOTE, explain
from .felt import FELT
from .layout import PHASES, hand, move_words, zones
from .render import render
from .rules import GAME, DummyGame, DummyOptions
from .stats import STATS
from .tally import TALLY

PARTS = GameParts(
    layout=Layout(zones=zones, phases=PHASES, hand=hand, move_words=move_words),
    explanation=Explanation(explain, SCORING_NOTE),
    advice=Advice(advise, warn=warn, line=hint),
    encoding=EncodingPart(encoding.encoding, encoding.__doc__ or ""),
    bots=BOTS,
    render=render,
    felt=FELT,
    stats=STATS,
    tally=TALLY,
)

__all__ = ["GAME", "BOTS", "DummyGame", "DummyOptions", "advise", "hint", "render", "warn"]
