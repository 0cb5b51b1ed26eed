"""五十一分 heuristic bot (docs/games/wushiyifen.md "Bots").

It builds toward its strongest suit: it takes the 上家's throw only when that card improves
its best suit, throws the card that helps least, declares as soon as it may (暗亮 with 47+,
hoping to be challenged; 明亮 otherwise), shows whenever allowed, and challenges a 暗亮 only
with a declarable hand of 46 or more.  It reads only the view.
"""

from __future__ import annotations

import random
from typing import Any

from ...cards import parse_card
from ...moves import Move
from ...parts.botbase import ViewBot
from .scoring import JOKER_MASK, card_value, rate


def potential(hand: int, nonflush_variant: bool) -> float:
    """How close the hand is to a big declarable hand: the best suit's count and value."""
    if nonflush_variant:
        return float(sum(card_value(c) for c in range(54) if hand >> c & 1))
    jokers = (hand & JOKER_MASK).bit_count()
    best = 0.0
    for suit in range(4):
        cards = [c for c in range(suit * 13, suit * 13 + 13) if hand >> c & 1]
        n = len(cards) + jokers
        best = max(best, 12.0 * n + sum(card_value(c) for c in cards) + 10 * jokers)
    return best


def _mask(cards: list[str]) -> int:
    m = 0
    for t in cards:
        m |= 1 << int(parse_card(t))
    return m


class HeuristicBot(ViewBot):
    def choose(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        verbs = {m.verb for m in legal}
        opts = view.get("options", {})
        nfv = bool(opts.get("nonflush_variant", False))
        hand = _mask(view.get("hand", []))
        if "challenge" in verbs:
            value = int(view.get("my_value", 0))
            counts = value >= int(view.get("threshold", 41)) and (nfv or _is_flushish(hand))
            return Move("challenge") if counts and value >= 46 else Move("pass")
        if "show" in verbs:
            return Move("show")
        if "pass" in verbs:
            return Move("pass")
        if "draw" in verbs:
            declares = [m for m in legal if m.verb == "declare"]
            if declares:
                return self._pick_declare(declares, int(view.get("my_value", 0)))
            last = view.get("last_throw")
            if "take" in verbs and last is not None:
                card = int(parse_card(last))
                # the best hand after taking it and throwing one of the cards held before (by
                # default the taken card may not be thrown back, §5.2).  A take raises the
                # potential by more than 4 and a drawn card is kept only when it does not lower
                # it, so no seat can take forever and the stock runs out: bots do not circle
                now = potential(hand, nfv)
                after = max(potential((hand | 1 << card) & ~(1 << c), nfv)
                            for c in range(54) if hand >> c & 1)
                if after > now + 4:
                    return Move("take")
            return Move("draw")
        throws = [m for m in legal if m.verb == "throw"]
        declares = [m for m in throws if m.target is not None]
        if declares:
            best = max(declares, key=lambda m: rate(hand & ~(1 << int(m.cards[0])), nfv, "0").value)
            value = rate(hand & ~(1 << int(best.cards[0])), nfv, "0").value
            kind = "hidden" if value >= 47 else "open"
            return Move("throw", best.cards, target=kind)
        plain = [m for m in throws if m.target is None]
        return max(plain, key=lambda m: (potential(hand & ~(1 << int(m.cards[0])), nfv), rng.random()))

    @staticmethod
    def _pick_declare(declares: list[Move], value: int) -> Move:
        kind = "hidden" if value >= 47 else "open"
        return next(m for m in declares if m.target == kind)


def _is_flushish(hand: int) -> bool:
    return rate(hand, False, "0").counts
