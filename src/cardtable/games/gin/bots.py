"""Gin bots.  A bot sees a seat's view and the legal moves only (docs/architecture.md)."""

from __future__ import annotations

import random
from typing import Any

from ...cards import card_str, mask_of, parse_cards
from ...melds import GIN, bits
from ...moves import Move
from ...parts.botbase import ViewBot, moves_by_verb

# a view names cards in their canonical text: one lookup per card instead of a parse
_BIT = {card_str(c): 1 << c for c in range(52)}


def _mask(cards: list[str]) -> int:
    if not cards:
        return 0
    m = 0
    for t in cards:
        b = _BIT.get(t)
        if b is None:
            return mask_of(parse_cards(cards))
        m |= b
    return m


# cards (code = suit * 13 + rank) with a card one or two ranks higher in their own suit
_NEXT1 = sum(1 << (s * 13 + r) for s in range(4) for r in range(12))
_NEXT2 = sum(1 << (s * 13 + r) for s in range(4) for r in range(11))


def near_melds(m: int) -> int:
    """How many pairs of cards of ``m`` are one card short of a meld (same rank, or same
    suit and at most two ranks apart).  Counted by shifts: a pair of one rank is a bit
    and the bit 13, 26 or 39 above it; a suit neighbour is 1 or 2 above, in the suit."""
    return ((m & (m >> 1) & _NEXT1).bit_count() + (m & (m >> 2) & _NEXT2).bit_count()
            + (m & (m >> 13)).bit_count() + (m & (m >> 26)).bit_count() + (m & (m >> 39)).bit_count())


class HeuristicBot(ViewBot):
    """Keeps melds and near-melds, throws high deadwood, takes discards that make melds,
    knocks with low deadwood (or late in the hand) and always goes gin when it can."""

    def __init__(self, game_id: str | None = None, knock_at: int = 6) -> None:
        super().__init__(game_id)
        self.knock_at = knock_at

    def choose(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        by_verb = moves_by_verb(legal)
        if "biggin" in by_verb:
            return by_verb["biggin"][0]
        hand = _mask(view.get("hand", []))
        if "gin" in by_verb:
            return max(by_verb["gin"], key=lambda m: (GIN.VALUE[m.cards[0]], m.cards[0]))
        phase = view.get("phase")
        if phase == "defend":
            return self._defend(view, by_verb)
        if "take" in by_verb or "draw" in by_verb or "pass" in by_verb:
            return self._draw(view, hand, by_verb)
        knocks = by_verb.get("knock", [])
        if knocks:
            best = min(knocks, key=lambda m: (GIN.deadwood(hand ^ (1 << m.cards[0])), m.cards[0]))
            dw = GIN.deadwood(hand ^ (1 << best.cards[0]))
            if dw <= self.knock_at or view.get("stock", 31) <= 12 or "discard" not in by_verb:
                return best
        discards = by_verb.get("discard", [])
        if not discards:
            return legal[0]
        seat = view.get("seat")
        opp_known = 0
        if isinstance(seat, int) and view.get("known"):
            opp_known = _mask(view["known"][1 - seat])
        return min(discards, key=lambda m: self._discard_key(hand, m.cards[0], opp_known))

    @staticmethod
    def _discard_key(hand: int, c: int, opp_known: int = 0) -> tuple[int, int, int, int, int]:
        """Least deadwood left, then keep near-melds, then do not feed the opponent's known
        cards (same rank, or same suit within two), then throw the higher card."""
        rest = hand ^ (1 << c)
        feeds = sum(1 for k in bits(opp_known)
                    if k % 13 == c % 13 or (k // 13 == c // 13 and abs(k - c) <= 2))
        return (GIN.deadwood(rest), -near_melds(rest), feeds, -GIN.VALUE[c], c)

    def _draw(self, view: dict[str, Any], hand: int, by_verb: dict[str, list[Move]]) -> Move:
        take = by_verb.get("take")
        if take and view.get("phase") == "fifty":
            return take[0]
        if take and view.get("discard"):
            top = _mask([view["discard"][-1]])
            now = GIN.deadwood(hand)
            after = hand | top
            best = min(GIN.deadwood(after ^ (1 << c)) for c in bits(hand))
            if best < now and GIN.coverage(after) & top:
                return take[0]
        for verb in ("draw", "pass"):
            if verb in by_verb:
                return by_verb[verb][0]
        return take[0] if take else next(iter(by_verb.values()))[0]

    @staticmethod
    def _defend(view: dict[str, Any], by_verb: dict[str, list[Move]]) -> Move:
        rest = _mask(view["defender"]["unmelded"])
        k_melds = [_mask(m) for m in view["knock"]["melds"]]
        plan = GIN.best_defence(rest, k_melds, layoffs=not view["knock"]["gin"])
        for c, i in plan.layoffs:
            for m in by_verb.get("layoff", []):
                g = _mask([str(x) for x in m.groups[0]])
                if m.cards[0] == c and g & k_melds[i] == g:
                    return m
        for meld in plan.melds:
            for m in by_verb.get("meld", []):
                if mask_of(m.cards) == meld:
                    return m
        return by_verb["done"][0]
