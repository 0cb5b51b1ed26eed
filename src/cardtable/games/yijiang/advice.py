"""Hints for a person playing 议将夺墩算分 (``cardtable.advice``): the heuristic bot's move, with why."""

from __future__ import annotations

from typing import Any

from ...cards import SUITS, parse_card
from ...i18n import _
from ...moves import Move
from ...parts.hints import Hint, hint_line, pick_by_bot
from ...tricks import standard_rules, winning_index
from .bots import HeuristicBot, estimate
from .state import move_text


def advise(view: dict[str, Any], legal: list[Move]) -> Hint | None:
    if "hand" not in view:
        return None
    move = pick_by_bot(HeuristicBot("yijiang"), view, legal)
    if len(legal) == 1:
        return Hint(move, _("the only move now"))
    hand = [int(parse_card(c)) for c in view.get("hand", [])]
    if move.verb in ("bid", "pass") and not any(m.verb in ("trump", "play") for m in legal):
        est = max(estimate(hand, s) for s in range(4)) if hand else 0.0
        worth = f"{est:.1f}"
        return Hint(move, _("your hand is worth about {tricks} tricks with its best suit as trump: "
                            "bid {bid}", tricks=worth, bid=move.target) if move.verb == "bid"
                    else _("your hand is worth about {tricks} tricks with its best suit as trump: "
                           "pass", tricks=worth))
    if move.verb == "trump":
        return Hint(move, _("your longest and strongest suit"))
    trick = view.get("trick", {}).get("plays", [])
    if not trick:
        return Hint(move, _("lead your highest card"))
    trump_sym = view.get("trump")
    rules = standard_rules(SUITS.index(trump_sym) if trump_sym else None, "free", jokers="own_suit")
    cards = [int(parse_card(c)) for _, c in trick]
    if winning_index(cards + [int(move.cards[0])], rules) == len(cards):
        return Hint(move, _("the cheapest card that wins this trick"))
    cur = trick[winning_index(cards, rules)][0]
    seat = view.get("seat")
    if view.get("teams") and isinstance(seat, int) and cur % 2 == seat % 2:
        return Hint(move, _("your partner is winning this trick: throw your lowest card"))
    return Hint(move, _("you cannot win this trick: throw your lowest card"))


def hint(view: dict[str, Any], legal: list[Move]) -> str | None:
    return hint_line(advise(view, legal), move_text)
