"""Polish Remik (remik, rami): two packs and jokers, 51-point opening with a pure run.

Spec: shared/rules/remik.md part B; scoring from seed 003 (Polish).  Docs: docs/games/remik.md.
"""

from ...parts import Advice, EncodingPart, Explanation, GameParts, Layout
from . import encoding
from .advice import advise, hint, warn
from .bots import BOTS
from .explain import SCORING_NOTE, explain
from .felt import FELT
from .layout import PHASES, move_words, zones
from .render import render
from .rules import GAME, RemikGame, RemikOptions
from .state import RemikState
from .stats import STATS
from .tally import TALLY

PARTS = GameParts(
    layout=Layout(zones=zones, phases=PHASES, move_words=move_words),
    explanation=Explanation(explain, SCORING_NOTE),
    advice=Advice(advise, warn=warn, line=hint),
    encoding=EncodingPart(encoding.encoding, encoding.__doc__ or ""),
    bots=BOTS,
    render=render,
    felt=FELT,
    stats=STATS,
    tally=TALLY,
)

__all__ = ["BOTS", "GAME", "PARTS", "RemikGame", "RemikOptions", "RemikState", "advise", "hint", "render", "warn"]
