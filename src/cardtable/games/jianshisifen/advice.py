"""Hints for a person playing 捡十四分 (``cardtable.advice``): the heuristic bot's move, with why."""

from __future__ import annotations

from typing import Any

from ...i18n import _
from ...moves import Move
from ...parts.hints import Hint, hint_line, pick_by_bot
from .bots import HeuristicBot
from .scoring import card_points


def advise(view: dict[str, Any], legal: list[Move]) -> Hint | None:
    if "hand" not in view:
        return None
    move = pick_by_bot(HeuristicBot("jianshisifen"), view, legal)
    if len(legal) == 1:
        return Hint(move, _("the only move now"))
    if move.verb == "pick":
        pts = sum(card_points(int(c), 0) for c in move.cards)
        return Hint(move, _("the pair that makes 14 worth the most suit points ({points}; "
                            "♠4 ♥3 ♦2 ♣1)", points=pts))
    if move.verb == "put":
        return Hint(move, _("no pair to take: put down the card the next players are least likely "
                            "to pair (its 14-complements are mostly gone) and worth few points"))
    return Hint(move, _("no pair to take: draw"))


def move_text(m: Move) -> str:
    return " ".join([m.verb] + [str(c) for c in m.cards])


def hint(view: dict[str, Any], legal: list[Move]) -> str | None:
    return hint_line(advise(view, legal), move_text)
