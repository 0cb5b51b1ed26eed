"""五十一分 hand values and hand comparison (wushiyifen.md §5.3, §5.4 ties, §5.5).

A hand is a bitmask of card codes (one pack, so codes 0..53).  Card values (§5.3): A = 11,
K Q J 10 = 10, 2–9 pip value, each joker 10.  A hand counts only when its non-joker cards
are all of one suit (jokers fill in); a hand is *pure* (纯花色) when it holds no joker.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import LJ, iter_bits

JOKER_MASK = (1 << LJ) | (1 << (LJ + 1))


def card_value(code: int) -> int:
    """wushiyifen.md §5.3: A 11; K, Q, J, 10 are 10; 2–9 pip value; jokers 10."""
    b = code % 64
    if b >= LJ:
        return 10
    r = b % 13 + 1
    if r == 1:
        return 11
    return 10 if r >= 10 else r


_VALUE = [card_value(c) for c in range(54)]


def is_flush(hand: int) -> bool:
    """§5.3: every non-joker card of one suit (jokers may stand for any suit)."""
    suits = {c // 13 for c in iter_bits(hand & ~JOKER_MASK)}
    return len(suits) <= 1


def raw_total(hand: int) -> int:
    """The sum of all card values, whatever the suits (§5.5 counting)."""
    return sum(_VALUE[c] for c in iter_bits(hand))


def best_suit_subtotal(hand: int) -> int:
    """Decision ``nonflush_value = "best_suit_subtotal"``: the best one suit's cards plus the
    jokers (which may stand for that suit)."""
    jokers = 10 * (hand & JOKER_MASK).bit_count()
    per_suit = [0, 0, 0, 0]
    for c in iter_bits(hand & ~JOKER_MASK):
        per_suit[c // 13] += _VALUE[c]
    return max(per_suit) + jokers


@dataclass(frozen=True)
class Rating:
    """A hand's value and purity; ``counts`` is whether it may be declared (§5.4)."""

    value: int
    pure: bool
    counts: bool


def rate(hand: int, nonflush_variant: bool, nonflush_value: str) -> Rating:
    """§5.3 (flush only, with ``nonflush_value`` for other hands) or §5.5 (any suits)."""
    pure = not (hand & JOKER_MASK)
    if nonflush_variant:
        return Rating(raw_total(hand), pure, True)
    if is_flush(hand):
        return Rating(raw_total(hand), pure, True)
    value = best_suit_subtotal(hand) if nonflush_value == "best_suit_subtotal" else 0
    return Rating(value, pure, False)


def qualifies(r: Rating, threshold: int) -> bool:
    """§5.4: a declarable hand is worth at least ``declare_threshold`` (default 41: "more than
    40"); in the base game it must also be a flush."""
    return r.counts and r.value >= threshold


def compare(a: Rating, b: Rating) -> int:
    """§5.4 ties [seed]: higher value wins; on equal values a pure hand beats one with a
    joker; otherwise a tie (0)."""
    if a.value != b.value:
        return 1 if a.value > b.value else -1
    if a.pure != b.pure:
        return 1 if a.pure else -1
    return 0
