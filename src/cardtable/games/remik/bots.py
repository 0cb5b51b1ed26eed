"""Remik bots.  ``heuristic``: work toward a legal opening, then shed high cards.

A bot sees only ``view`` (its own hand, the table, the pile) and the legal moves.
"""

from __future__ import annotations

import random
from typing import Any

from ...cards import COPY_STRIDE
from ...moves import Move
from ...parts.botbase import ViewBot, moves_by_verb


def _value(code: int) -> int:
    b = code % COPY_STRIDE
    if b >= 52:
        return 20
    r = b % 13 + 1
    return 11 if r == 1 else min(r, 10)


class HeuristicBot(ViewBot):
    """remik.md strategy sketch: open as soon as a legal opening is listed (taking the discard
    when it opens), then lay off and meld everything possible, keep jokers, and discard the
    highest card that has no neighbour (same rank, or same suit within two ranks) in hand."""

    def choose(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        by_verb = moves_by_verb(legal)
        if "takemeld" in by_verb:
            return by_verb["takemeld"][0]          # openings are listed best first
        opened = view.get("opened", [False] * 8)[view["seat"]] if view.get("seat") is not None else False
        if "draw" in by_verb or "take" in by_verb:
            if "take" in by_verb and opened and self._fits(view, legal):
                return by_verb["take"][0]
            return by_verb.get("draw", by_verb.get("take", legal))[0]
        for verb in ("meld", "lay"):
            if verb in by_verb:
                return max(by_verb[verb], key=lambda m: (sum(len(g) for g in m.groups) + len(m.cards),
                                                         sum(_value(c) for g in m.groups for c in g)
                                                         + sum(_value(c) for c in m.cards)))
        if "swap" in by_verb:
            return by_verb["swap"][0]
        discards = by_verb.get("discard")
        if discards:
            from ...cards import parse_card
            hand = [int(parse_card(t)) for t in view.get("hand", [])]     # once, not per discard
            return max(discards, key=lambda m: self._discard_score(view, int(m.cards[0]), hand))
        return legal[rng.randrange(len(legal))]

    @staticmethod
    def _fits(view: dict[str, Any], legal: list[Move]) -> bool:
        """Take the top discard only when it is one of a pair/connector in hand (cheap test)."""
        from ...cards import parse_card
        if not view.get("discard"):
            return False
        top = parse_card(view["discard"][-1])
        hand = [parse_card(t) for t in view.get("hand", [])]
        return top % COPY_STRIDE < 52 and HeuristicBot._neighbours(int(top), [int(c) for c in hand]) >= 2

    @staticmethod
    def _neighbours(card: int, hand: list[int]) -> int:
        b = card % COPY_STRIDE
        n = 0
        for h in hand:
            hb = h % COPY_STRIDE
            if hb >= 52 or h == card:
                continue
            if hb % 13 == b % 13 and hb // 13 != b // 13:
                n += 1
            elif hb // 13 == b // 13 and 0 < abs(hb % 13 - b % 13) <= 2:
                n += 1
        return n

    def _discard_score(self, view: dict[str, Any], card: int,
                       hand: list[int] | None = None) -> tuple[int, int, int]:
        if hand is None:
            from ...cards import parse_card
            hand = [int(parse_card(t)) for t in view.get("hand", [])]
        if card % COPY_STRIDE >= 52:
            return (-10, 0, -card)                 # keep jokers
        return (-self._neighbours(card, hand), _value(card), -card)


BOTS: dict[str, type[Any]] = {"heuristic": HeuristicBot}
