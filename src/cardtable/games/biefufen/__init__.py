"""憋负分 Biē Fù Fēn (with 带2、K憋负分 and 带王憋负分): spec shared/rules/biefufen.md, docs
docs/games/biefufen.md."""

from __future__ import annotations

from typing import Any

from ...moves import Move
from .bots import HeuristicBot
from .render import render
from .rules import GAME, BiefufenGame, BiefufenOptions
from .state import BiefufenState, card_value

BOTS: dict[str, type[Any]] = {"heuristic": HeuristicBot}


def hint(view: dict[str, Any], legal: list[Move]) -> str | None:
    """The heuristic bot's choice, for the CLI."""
    if not legal:
        return None
    import random
    m = HeuristicBot().choose(view, legal, random.Random(0))
    text = " ".join([m.verb, *map(str, m.cards)] + ([f"for {m.target}"] if m.target else []))
    return f"heuristic: {text}"


__all__ = ["BOTS", "GAME", "BiefufenGame", "BiefufenOptions", "BiefufenState", "card_value", "hint",
           "render"]
