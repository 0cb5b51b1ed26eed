"""憋7 Biē Qī (花色接龙, with the 活王 variant): spec shared/rules/bieqi.md, docs docs/games/bieqi.md."""

from __future__ import annotations

from typing import Any

from ...moves import Move
from .bots import HeuristicBot
from .render import render
from .rules import GAME, BieqiGame, BieqiOptions
from .state import BieqiState

BOTS: dict[str, type[Any]] = {"heuristic": HeuristicBot}


def hint(view: dict[str, Any], legal: list[Move]) -> str | None:
    """The heuristic bot's choice, for the CLI."""
    if not legal:
        return None
    import random
    m = HeuristicBot().choose(view, legal, random.Random(0))
    return f"heuristic: {' '.join([m.verb, *map(str, m.cards)] + ([f'for {m.target}'] if m.target else []))}"


__all__ = ["BOTS", "GAME", "BieqiGame", "BieqiOptions", "BieqiState", "hint", "render"]
