"""Polish Remik (remik, rami): two packs and jokers, 51-point opening with a pure run.

Spec: shared/rules/remik.md part B; scoring from seed 003 (Polish).  Docs: docs/games/remik.md.
"""

from .advice import advise, hint, warn
from .bots import BOTS
from .render import render
from .rules import GAME, RemikGame, RemikOptions
from .state import RemikState

__all__ = ["BOTS", "GAME", "RemikGame", "RemikOptions", "RemikState", "advise", "hint", "render", "warn"]
