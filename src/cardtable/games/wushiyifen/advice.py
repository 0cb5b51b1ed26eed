"""Hints for a person playing 五十一分 (``cardtable.advice``), from the view and legal moves only.

The heuristic bot decides everything but the throw.  For the throw, the hint keeps what the
hand is building: it compares the hands left after each throw suit by suit (the strongest suit
first, then the next ...), so it throws a card that fits nothing before breaking a run of one
suit.  The bot picks among equally strong best suits at random, which could throw from a run.
"""

from __future__ import annotations

from typing import Any

from ...cards import parse_card
from ...i18n import N_, _
from ...moves import Move
from ...parts.hints import Hint, hint_line, pick_by_bot
from .bots import HeuristicBot
from .scoring import JOKER_MASK, card_value, rate
from .state import move_text


def _mask(cards: list[str]) -> int:
    m = 0
    for t in cards:
        m |= 1 << int(parse_card(t))
    return m


def suit_scores(hand: int, nonflush: bool) -> tuple[float, ...]:
    """Each suit's worth for a one-suit hand (count first, then value), best first; the
    non-flush variant counts the whole hand's value."""
    if nonflush:
        return (float(sum(card_value(c) for c in range(54) if hand >> c & 1)),)
    jokers = (hand & JOKER_MASK).bit_count()
    out = []
    for suit in range(4):
        cards = [c for c in range(suit * 13, suit * 13 + 13) if hand >> c & 1]
        out.append(12.0 * (len(cards) + jokers) + sum(card_value(c) for c in cards) + 10 * jokers)
    return tuple(sorted(out, reverse=True))




def advise(view: dict[str, Any], legal: list[Move]) -> Hint | None:
    if "hand" not in view:
        return None
    nfv = bool(view.get("options", {}).get("nonflush_variant", False))
    hand = _mask(view.get("hand", []))
    throws = [m for m in legal if m.verb == "throw"]
    if len(legal) == 1:
        return Hint(legal[0], _("the only move now"))
    if throws:
        declares = [m for m in throws if m.target is not None]
        if declares:
            move = pick_by_bot(HeuristicBot("wushiyifen"), view, legal)
            value = rate(hand & ~(1 << int(move.cards[0])), nfv, "0").value
            if move.target == "hidden":
                return Hint(move, _("throw {card} and declare 暗亮 hidden (hoping to be challenged): the "
                                    "hand left is worth {value}", card=str(move.cards[0]), value=value))
            return Hint(move, _("throw {card} and declare 明亮 open: the hand left is worth {value}",
                                card=str(move.cards[0]), value=value))
        plain = [m for m in throws if m.target is None]

        def key(m: Move) -> tuple[tuple[float, ...], int, int]:
            c = int(m.cards[0])
            return (suit_scores(hand & ~(1 << c), nfv), -card_value(c) if nfv else 0, -c)
        best = max(plain, key=key)
        c = int(best.cards[0])
        same = [x for x in range(52) if hand >> x & 1 and x // 13 == c // 13 and x != c]
        if nfv:
            why = _("it is worth least in a hand where every card counts")
        elif c < 52 and len(same) <= 1:
            why = _("it does not belong to the suit you are building")
        elif c >= 52:
            why = _("it is the joker that helps your best suit least")
        else:
            why = _("it is the {suit} that helps your best suit least", suit="♠♥♦♣"[c // 13])
        return Hint(best, why)
    move = pick_by_bot(HeuristicBot("wushiyifen"), view, legal)
    reasons = {
        "challenge": N_("your own hand can beat a 暗亮 at this value: challenge (顶)"),
        "show": N_("show your hand: it counts"),
        "take": N_("the throw {card} strengthens your best suit"),
        "draw": N_("the last throw does not help your best suit: draw"),
        "declare": N_("your hand is worth enough to declare now"),
        "pass": N_("your hand cannot beat a 暗亮 here: let it stand") if "challenge" in {m.verb for m in legal}
        else N_("nothing to gain now"),
    }
    return Hint(move, _(reasons.get(move.verb, N_("the heuristic bot's choice")),
                        card=view.get("last_throw")))


def hint(view: dict[str, Any], legal: list[Move]) -> str | None:
    return hint_line(advise(view, legal), move_text)
