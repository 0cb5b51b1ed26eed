"""Hints for a person playing 议将夺墩算分 (``cardtable.advice``): the heuristic bot's move, with why."""

from __future__ import annotations

from typing import Any

from ...advice import Hint, hint_line, pick_by_bot
from ...cards import parse_card
from ...moves import Move
from .bots import HeuristicBot, estimate
from .state import move_text


def advise(view: dict[str, Any], legal: list[Move]) -> Hint | None:
    if "hand" not in view:
        return None
    move = pick_by_bot(HeuristicBot("yijiang"), view, legal)
    if len(legal) == 1:
        return Hint(move, "the only move now")
    hand = [int(parse_card(c)) for c in view.get("hand", [])]
    if move.verb in ("bid", "pass") and not any(m.verb in ("trump", "play") for m in legal):
        est = max(estimate(hand, s) for s in range(4)) if hand else 0.0
        what = f"bid {move.target}" if move.verb == "bid" else "pass"
        return Hint(move, f"your hand is worth about {est:.1f} tricks with its best suit as trump: {what}")
    if move.verb == "trump":
        return Hint(move, "your longest and strongest suit")
    trick = view.get("trick", {}).get("plays", [])
    if not trick:
        return Hint(move, "lead your highest card")
    return Hint(move, "win the trick as cheaply as you can, or throw your lowest card when you "
                      "cannot or your partner already wins it")


def hint(view: dict[str, Any], legal: list[Move]) -> str | None:
    return hint_line(advise(view, legal), move_text)
