"""The suit-chain layout of the "sevens" family (憋7, 憋负分 and its variants).

Each suit's 7 opens a chain on the table; cards are then added one rank at a time at either
end: 8, 9, ... K upward and 6, 5, ... A downward (A is low only, no wrap).  Everything here
works on *positions*: base card codes 0..51 (``suit * 13 + rank_index``, A=0 ... K=12, see
cards.py), so a position can be filled by the real card or by a stand-in (a joker or wild).
Which physical card stands where, and what may be played when, is each game's own business.

API (all bitmasks are over base codes 0..51):

``SEVEN``                     rank index of the 7 (6).
``seven_of(suit)``            the position of that suit's 7 (its opener).
``SEVENS_MASK``               the four 7s.
``seven_distance(base)``      |rank - 7| (A and K: 6); jokers (base >= 52) give 7.
``suit_mask(suits)``          every position of the given suit indexes.
``SuitChains``                the layout: per suit ``lo``/``hi`` rank indexes or -1 if the
                              suit is not open.  Methods: ``is_open(suit)``, ``ends(suit)``,
                              ``attach_mask()`` (positions that extend an open chain now),
                              ``opener_mask(suits)`` (7s not yet down among those suits),
                              ``playable_mask(suits)`` (both), ``can_place(pos)``,
                              ``place(pos)`` (ValueError if not adjacent / not an opener),
                              ``table_mask()``, ``copy()``, ``to_json()``.
``position_str(base)``        suit-first text of a position (``♦8``): the spec notation, and
                              deliberately *not* a card token, since it names a place on the
                              table (e.g. the one a joker stands for), not a physical card.
``parse_position(text)``      ``♦8``, ``D8``, ``d8``, ``8♦``, ``8d``, ``DT``, ``D10`` → base code.
``constrained_permutation``   a random bijection of cards onto slots avoiding forbidden pairs
                              (resampling hidden hands consistent with pass/borrow events).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import RANKS, SUITS, parse_card
from .errors import BadCard
from .i18n import _

SEVEN = 6
FULL_SUIT = (1 << 13) - 1


def seven_of(suit: int) -> int:
    return suit * 13 + SEVEN


SEVENS_MASK = sum(1 << seven_of(s) for s in range(4))


def seven_distance(base: int) -> int:
    """Distance of a card's rank from 7 (6/8 → 1, A/K → 6); a joker counts 7 (farthest)."""
    base %= 64
    if base >= 52:
        return 7
    return abs(base % 13 - SEVEN)


def run_beyond(pos: int, held: set[int] | frozenset[int]) -> int:
    """How many of ``held`` (bases) follow ``pos`` outward from the 7 without a gap: the cards
    a player can follow up with on that chain (for the 7 itself, its two neighbours held)."""
    s, r = divmod(pos, 13)
    if r == SEVEN:
        return sum(1 for d in (1, -1) if s * 13 + SEVEN + d in held)
    step = 1 if r > SEVEN else -1
    n, k = 0, r + step
    while 0 <= k <= 12 and s * 13 + k in held:
        n += 1
        k += step
    return n


def suit_mask(suits: Sequence[int]) -> int:
    m = 0
    for s in suits:
        m |= FULL_SUIT << (13 * s)
    return m


class SuitChains:
    """Per suit the low and high rank index of the chain on the table (-1 while unopened)."""

    __slots__ = ("lo", "hi")

    def __init__(self) -> None:
        self.lo = [-1, -1, -1, -1]
        self.hi = [-1, -1, -1, -1]

    def copy(self) -> SuitChains:
        c = SuitChains()
        c.lo = self.lo[:]
        c.hi = self.hi[:]
        return c

    def is_open(self, suit: int) -> bool:
        return self.lo[suit] >= 0

    def ends(self, suit: int) -> tuple[int, int] | None:
        """(low, high) rank indexes of the suit's chain, None if its 7 is not down."""
        return (self.lo[suit], self.hi[suit]) if self.lo[suit] >= 0 else None

    def attach_mask(self) -> int:
        """Positions that extend an open chain by one at either end (never a 7)."""
        m = 0
        for s in range(4):
            lo = self.lo[s]
            if lo < 0:
                continue
            if lo > 0:
                m |= 1 << (s * 13 + lo - 1)
            if self.hi[s] < 12:
                m |= 1 << (s * 13 + self.hi[s] + 1)
        return m

    def opener_mask(self, suits: Sequence[int] = (0, 1, 2, 3)) -> int:
        """The 7s of ``suits`` that are not on the table yet."""
        return sum(1 << seven_of(s) for s in suits if self.lo[s] < 0)

    def playable_mask(self, suits: Sequence[int] = (0, 1, 2, 3)) -> int:
        return self.attach_mask() | self.opener_mask(suits)

    def can_place(self, pos: int) -> bool:
        pos %= 64
        if pos >= 52:
            return False
        s, r = divmod(pos, 13)
        if self.lo[s] < 0:
            return r == SEVEN
        return r == self.lo[s] - 1 or r == self.hi[s] + 1

    def place(self, pos: int) -> None:
        pos %= 64
        if not self.can_place(pos):
            raise ValueError(f"{position_str(pos)} does not open or extend a chain")
        s, r = divmod(pos, 13)
        if self.lo[s] < 0:
            self.lo[s] = self.hi[s] = r
        elif r < self.lo[s]:
            self.lo[s] = r
        else:
            self.hi[s] = r

    def table_mask(self) -> int:
        m = 0
        for s in range(4):
            if self.lo[s] >= 0:
                m |= ((1 << (self.hi[s] - self.lo[s] + 1)) - 1) << (s * 13 + self.lo[s])
        return m

    def to_json(self) -> dict[str, list[str]]:
        """Open chains as ``{"♠": ["5", "9"]}`` (low and high rank, no card tokens)."""
        return {SUITS[s]: [RANKS[self.lo[s]], RANKS[self.hi[s]]]
                for s in range(4) if self.lo[s] >= 0}


def position_str(base: int) -> str:
    base %= 64
    return SUITS[base // 13] + RANKS[base % 13]


_SUIT_FIRST = {ch: i for i, (sym, letter) in enumerate(zip(SUITS, "shdc", strict=True))
               for ch in (sym, letter, letter.upper())}


def parse_position(text: str) -> int:
    """A table position, suit first (``♦8``, ``D8``) or as a card token (``8♦``)."""
    t = text.strip()
    if len(t) >= 2 and t[0] in _SUIT_FIRST:
        try:
            c = parse_card(t[1:] + t[0])
        except BadCard:
            pass
        else:
            return int(c) % 64
    try:
        c = parse_card(t)
    except BadCard:
        raise BadCard(text, _("expected a position such as ♦8, D8 or 8♦")) from None
    if c.is_joker:
        raise BadCard(text, _("a joker is not a position on the table"))
    return int(c) % 64


def constrained_permutation(cards: Sequence[int], forbidden: dict[int, int],
                            rng: random.Random, tries: int = 50) -> dict[int, int] | None:
    """A random bijection ``slot → card`` of ``cards`` onto themselves (the slots are the
    cards' own places) such that ``card`` is not in ``forbidden.get(slot, 0)`` (a bitmask
    over card codes).  Slots are taken in random order and each gets a random allowed card,
    re-routing earlier choices along an augmenting path when none is free (Kuhn's matching),
    so a bijection is found whenever one exists.  None if there is none.  (``tries`` is kept
    for callers; the matching needs a single pass.)"""
    cards = list(cards)
    allowed = {s: [c for c in cards if not forbidden.get(s, 0) >> c & 1] for s in cards}
    for opts in allowed.values():
        rng.shuffle(opts)
    owner: dict[int, int] = {}          # card -> slot

    def augment(slot: int, seen: set[int]) -> bool:
        for card in allowed[slot]:
            if card in seen:
                continue
            seen.add(card)
            if card not in owner or augment(owner[card], seen):
                owner[card] = slot
                return True
        return False

    order = cards[:]
    rng.shuffle(order)
    for slot in order:
        if not augment(slot, set()):
            return None
    return {slot: card for card, slot in owner.items()}


__all__ = ["SEVEN", "SEVENS_MASK", "SuitChains", "constrained_permutation", "parse_position",
           "position_str", "seven_distance", "seven_of", "suit_mask"]
