"""Dummy meld mechanics on bitmasks: ace-high runs, sets, lay-offs, connectors, spetos, values.

Cards are base codes 0..51 (``suit * 13 + rank_index``, rank_index 0 = A).  Runs are placed on
*slots*: slot 1..12 = ranks 2..K, slot 13 = ace high and, only with ``ace_low_allowed``,
slot 0 = ace low (dummy.md B7–B9: no wrap-around, ace high only by default).  The shared
``cardtable.melds`` is ace-low (gin) and does not fit, so the dummy logic lives here.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from ...cards import iter_bits

CLUB2 = 3 * 13 + 1          # 2♣
SPADE_Q = 0 * 13 + 11       # Q♠
SPETOS = (CLUB2, SPADE_Q)
SPETO_MASK = (1 << CLUB2) | (1 << SPADE_Q)


def suit_of(c: int) -> int:
    return (c % 64) // 13


def rank_of(c: int) -> int:
    """Dummy rank 2..14 (A = 14, ace high: dummy.md B9)."""
    ri = (c % 64) % 13
    return 14 if ri == 0 else ri + 1


def slot_card(suit: int, slot: int) -> int:
    return suit * 13 + (0 if slot in (0, 13) else slot)


def card_value(c: int) -> int:
    """dummy.md B25: spetos 50; other 2–9 = 5; 10, J, K and the other queens 10; A = 15."""
    b = c % 64
    if b in SPETOS:
        return 50
    r = rank_of(b)
    if r == 14:
        return 15
    return 5 if r <= 9 else 10


def connector(x: int, y: int, ace_low: bool = False) -> bool:
    """dummy.md §4 connector(x, y) (ตัวกัน): same rank other card, or same suit ±1/±2 rank."""
    if x == y:
        return False
    if rank_of(x) == rank_of(y):
        return True
    if suit_of(x) != suit_of(y):
        return False
    rx, ry = rank_of(x), rank_of(y)
    if abs(rx - ry) in (1, 2):
        return True
    if ace_low:   # an ace may also sit below the 2 (B9 alternative)
        lx = 1 if rx == 14 else rx
        ly = 1 if ry == 14 else ry
        return abs(lx - ly) in (1, 2)
    return False


@lru_cache(maxsize=4)
def speto_groups(ace_low: bool = False) -> tuple[int, int, int, int]:
    """(C(2♣), C(Q♠), C, R) as masks: dummy.md §4 shared definitions.

    Ace high: C(2♣) = 2♠ 2♦ 2♥ 3♣ 4♣ and C(Q♠) = Q♣ Q♦ Q♥ 10♠ J♠ K♠ A♠, the seed's list.
    """
    c2 = sum(1 << y for y in range(52) if connector(CLUB2, y, ace_low))
    cq = sum(1 << y for y in range(52) if connector(SPADE_Q, y, ace_low))
    cc = c2 | cq
    return c2, cq, cc, cc | SPETO_MASK


@dataclass(frozen=True, slots=True)
class MeldShape:
    """A valid meld: ``kind`` 'set' or 'run'; runs have ``suit`` and slots ``lo..hi``."""

    mask: int
    kind: str
    rank: int = 0
    suit: int = -1
    lo: int = 0
    hi: int = 0


@dataclass(frozen=True)
class MeldTables:
    shapes: dict[int, MeldShape]
    all_masks: tuple[int, ...]
    with_card: tuple[tuple[int, ...], ...]
    ace_low: bool
    by_low: tuple[tuple[int, ...], ...] = ()    # melds whose lowest card code is c
    partners: tuple[int, ...] = ()              # every other card of the melds that hold c

    def melds_within(self, hand: int) -> list[int]:
        """Every valid meld made only of cards of ``hand``."""
        out = []
        rest = hand
        while rest:
            low = rest & -rest
            for m in self.by_low[low.bit_length() - 1]:
                if m & hand == m:
                    out.append(m)
            rest ^= low
        return out

    def shape(self, mask: int) -> MeldShape | None:
        return self.shapes.get(mask)

    def is_meld(self, mask: int) -> bool:
        return mask in self.shapes


@lru_cache(maxsize=2)
def meld_tables(ace_low: bool = False) -> MeldTables:
    """Every valid set (B6) and run (B7–B9) of one pack, by mask, and per card."""
    shapes: dict[int, MeldShape] = {}
    for ri in range(13):
        cards = [s * 13 + ri for s in range(4)]
        for skip in range(-1, 4):
            sel = [c for i, c in enumerate(cards) if i != skip]
            m = sum(1 << c for c in sel)
            shapes[m] = MeldShape(m, "set", rank=rank_of(cards[0]))
    first = 0 if ace_low else 1
    for s in range(4):
        for lo in range(first, 12):
            for hi in range(lo + 2, 14):
                if lo == 0 and hi == 13:
                    continue
                m = sum(1 << slot_card(s, p) for p in range(lo, hi + 1))
                shapes[m] = MeldShape(m, "run", suit=s, lo=lo, hi=hi)
    with_card: list[list[int]] = [[] for _ in range(52)]
    for m in shapes:
        for c in iter_bits(m):
            with_card[c].append(m)
    by_low: list[list[int]] = [[] for _ in range(52)]
    for m in shapes:
        by_low[(m & -m).bit_length() - 1].append(m)
    partners = [0] * 52
    for c in range(52):
        for m in with_card[c]:
            partners[c] |= m & ~(1 << c)
    return MeldTables(shapes, tuple(shapes), tuple(tuple(x) for x in with_card), ace_low,
                      tuple(tuple(x) for x in by_low), tuple(partners))


def extension_blocks(shape: MeldShape, avail: int, ace_low: bool,
                     low_open: bool = True, high_open: bool = True) -> Iterator[tuple[int, int]]:
    """Lay-off groups (B14) from ``avail`` that extend ``shape``: yields (block mask, end).

    end 0 = a set's fourth card, 1 = below a run, 2 = above a run.  Blocks on one end are
    contiguous, starting next to the meld.
    """
    if shape.kind == "set":
        if low_open and shape.mask.bit_count() == 3:
            for s in range(4):
                c = s * 13 + (shape.rank - 1 if shape.rank < 14 else 0)
                if not shape.mask >> c & 1 and avail >> c & 1:
                    yield 1 << c, 0
        return
    suit = shape.suit
    if low_open:
        block = 0
        floor = 0 if (ace_low and shape.hi != 13) else 1
        p = shape.lo - 1
        while p >= floor:
            c = slot_card(suit, p)
            if not avail >> c & 1:
                break
            block |= 1 << c
            yield block, 1
            p -= 1
    if high_open:
        block = 0
        ceil = 12 if shape.lo == 0 else 13
        p = shape.hi + 1
        while p <= ceil:
            c = slot_card(suit, p)
            if not avail >> c & 1:
                break
            block |= 1 << c
            yield block, 2
            p += 1


def layoff_groups(shape: MeldShape, avail: int, ace_low: bool,
                  low_open: bool = True, high_open: bool = True) -> list[int]:
    """Every lay-off group for one meld: a block on either end, or on both ends at once."""
    lows: list[int] = [0]
    highs: list[int] = [0]
    out: list[int] = []
    for block, end in extension_blocks(shape, avail, ace_low, low_open, high_open):
        if end == 0:
            out.append(block)
        elif end == 1:
            lows.append(block)
        else:
            highs.append(block)
    for lo in lows:
        for hi in highs:
            if lo | hi:
                out.append(lo | hi)
    return out


def can_cover(hand: int, tables: MeldTables, ends: list[tuple[MeldShape, bool, bool]],
              need_own_meld: bool) -> bool:
    """Can ``hand`` be tabled down to exactly one card (then knocked, B18)?

    Pieces: new melds from the hand, and lay-off blocks on the given table melds' open ends
    (each end at most once: several lay-offs on one end equal one longer block).  With
    ``need_own_meld`` at least one piece must be a new meld (B18 knock_requires_own_meld).
    Exact cover by depth-first search on the lowest card, memoised.
    """
    blocks: dict[int, list[tuple[int, int]]] = {}
    for i, (shape, lo_open, hi_open) in enumerate(ends):
        for block, end in extension_blocks(shape, hand, tables.ace_low, lo_open, hi_open):
            key = 1 << (2 * i + (1 if end == 2 else 0))
            for c in iter_bits(block):
                blocks.setdefault(c, []).append((block, key))
    memo: dict[tuple[int, bool, bool, int], bool] = {}
    with_card = tables.with_card

    def options(c: int, rest: int, used: int) -> list[tuple[int, int, bool]]:
        out = [(m, 0, True) for m in with_card[c] if m & rest == m]
        out += [(b, k, False) for b, k in blocks.get(c, ()) if not used & k and b & rest == b]
        return out

    def go(rest: int, knock_free: bool, own: bool, used: int) -> bool:
        if rest == 0:
            return not knock_free and own
        key = (rest, knock_free, own, used)
        hit = memo.get(key)
        if hit is not None:
            return hit
        # most-constrained card first (as in dancing links): few branches, early failure
        best_c, best_opts = -1, None
        for c in iter_bits(rest):
            opts = options(c, rest, used)
            if best_opts is None or len(opts) < len(best_opts):
                best_c, best_opts = c, opts
                if len(opts) <= 1:
                    break
        assert best_opts is not None
        ok = False
        if knock_free and go(rest & ~(1 << best_c), False, own, used):
            ok = True
        if not ok:
            for piece, k, is_meld in best_opts:
                if go(rest & ~piece, knock_free, own or is_meld, used | k):
                    ok = True
                    break
        memo[key] = ok
        return ok

    return go(hand, True, not need_own_meld, 0)


def sort_key(c: int) -> tuple[int, int]:
    """Cards print by dummy rank then suit: runs low→high, sets in suit order."""
    return (rank_of(c), suit_of(c))
