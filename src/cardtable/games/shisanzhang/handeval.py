"""Row evaluation for 十三张: 3-card first rows and 5-card rows, by table lookup.

shisanzhang.md §1.2 (hand categories, ranking, the 3-card row, the wheel).

A row's strength is one integer ``value``; a larger value is a stronger row.  It is built as
``category << 20 | f1 << 16 | f2 << 12 | f3 << 8 | f4 << 4 | f5`` where ``f1..f5`` are the ranks
that decide ties, most significant first (rank 0 = 2 … 12 = A).  The 3-card first row uses the
same scale (high card 0, pair 1, three of a kind 3), so a first row and a middle row can be
compared directly after :func:`trunc5` drops the kickers a 3-card row does not have.

Lookups are keyed by a *rank pattern* ``sum(8 ** rank)`` (three bits per rank hold a count of
0..4), so a row is valued by one dict lookup plus a flush test.  The tables (6175 + 1287 5-card
patterns, 455 3-card patterns) are built once at import in a few milliseconds.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations, combinations_with_replacement

# categories (shisanzhang.md §1.2, high to low: 同花顺 铁支 葫芦 同花 顺子 三条 两对 对子 乌龙)
HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
CATEGORY_NAMES = ("high card", "one pair", "two pairs", "three of a kind", "straight", "flush",
                  "full house", "four of a kind", "straight flush")
CATEGORY_ZH = ("乌龙", "对子", "两对", "三条", "顺子", "同花", "葫芦", "铁支", "同花顺")
RANK_TEXT = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")  # as cards print
WHEEL_LOWEST, WHEEL_SECOND = "lowest", "second_highest"


def rank_of(code: int) -> int:
    """Rank 0..12 (2 … A, ace high) of a card code (``cards.py``: rank_index 0 = A)."""
    return (code % 64 % 13 + 12) % 13


def suit_of(code: int) -> int:
    return code % 64 // 13


def pattern_weight(code: int) -> int:
    """The card's contribution to a rank pattern key."""
    return 1 << (3 * rank_of(code))


def _pack(cat: int, fields: Sequence[int]) -> int:
    v = cat
    for i in range(5):
        v = (v << 4) | (fields[i] if i < len(fields) else 0)
    return v


def category(value: int) -> int:
    return value >> 20


def _straight_fields(ranks: set[int], wheel: str) -> tuple[int, int] | None:
    """(top, second) of a 5-card straight or None; A-2-3-4-5 per ``wheel_rank`` (§1.2)."""
    if len(ranks) != 5:
        return None
    hi, lo = max(ranks), min(ranks)
    if hi - lo == 4:
        return hi, hi - 1
    if ranks == {12, 0, 1, 2, 3}:
        # the wheel: lowest straight (5 high), or between K-high and A-high (K,K beats K,Q)
        return (3, 2) if wheel == WHEEL_LOWEST else (11, 11)
    return None


def _value5(ranks: Sequence[int], flush: bool, wheel: str) -> int:
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    order = [r for r, _ in groups]
    st = _straight_fields(set(ranks), wheel)
    if st is not None and flush:
        return _pack(STRAIGHT_FLUSH, st)
    if shape[0] == 4:
        return _pack(QUADS, order)
    if shape == (3, 2):
        return _pack(FULL_HOUSE, order)
    if flush:
        return _pack(FLUSH, order)
    if st is not None:
        return _pack(STRAIGHT, st)
    if shape[0] == 3:
        return _pack(TRIPS, order)
    if shape[:2] == (2, 2):
        return _pack(TWO_PAIR, order)
    if shape[0] == 2:
        return _pack(PAIR, order)
    return _pack(HIGH, order)


def _value3(ranks: Sequence[int]) -> int:
    """3-card first row: only 三条 > 对子 > 乌龙 (§1.2: no straights or flushes)."""
    a, b, c = sorted(ranks, reverse=True)
    if a == c:
        return _pack(TRIPS, (a,))
    if a == b:
        return _pack(PAIR, (a, c))
    if b == c:
        return _pack(PAIR, (b, a))
    return _pack(HIGH, (a, b, c))


def _key(ranks: Iterable[int]) -> int:
    return sum(1 << (3 * r) for r in ranks)


def _build5(wheel: str) -> tuple[dict[int, int], dict[int, int]]:
    plain: dict[int, int] = {}
    for ranks in combinations_with_replacement(range(13), 5):
        if any(ranks.count(r) > 4 for r in ranks):
            continue
        plain[_key(ranks)] = _value5(ranks, False, wheel)
    flush = {_key(rs): _value5(rs, True, wheel) for rs in combinations(range(13), 5)}
    return plain, flush


VALUE3: dict[int, int] = {_key(rs): _value3(rs) for rs in combinations_with_replacement(range(13), 3)}
_TABLES5: dict[str, tuple[dict[int, int], dict[int, int]]] = {WHEEL_LOWEST: _build5(WHEEL_LOWEST)}


def tables5(wheel: str = WHEEL_LOWEST) -> tuple[dict[int, int], dict[int, int]]:
    """(non-flush, flush) 5-card tables for a ``wheel_rank`` setting; built once each."""
    if wheel not in _TABLES5:
        if wheel != WHEEL_SECOND:
            raise ValueError(f"wheel_rank is {WHEEL_LOWEST!r} or {WHEEL_SECOND!r}, not {wheel!r}")
        _TABLES5[wheel] = _build5(wheel)
    return _TABLES5[wheel]


# per-card pattern weight and suit bit, indexed by ``code & 63`` (jokers never occur here)
_W = [1 << (3 * ((b % 13 + 12) % 13)) if b < 52 else 0 for b in range(64)]
_S = [1 << (b // 13) if b < 52 else 0 for b in range(64)]


def eval5(cards: Sequence[int], wheel: str = WHEEL_LOWEST) -> int:
    """Value of a 5-card middle or back row (exactly five cards)."""
    plain, flush = _TABLES5[wheel] if wheel in _TABLES5 else tables5(wheel)
    a, b, c, d, e = cards
    a &= 63
    b &= 63
    c &= 63
    d &= 63
    e &= 63
    if _S[a] & _S[b] & _S[c] & _S[d] & _S[e]:
        return flush[_W[a] + _W[b] + _W[c] + _W[d] + _W[e]]
    return plain[_W[a] + _W[b] + _W[c] + _W[d] + _W[e]]


def eval3(cards: Sequence[int]) -> int:
    """Value of a 3-card first row (exactly three cards)."""
    a, b, c = cards
    return VALUE3[_W[a & 63] + _W[b & 63] + _W[c & 63]]


_TRUNC_MASK = {HIGH: ~0xFF, PAIR: ~0xFFF, TRIPS: ~0xFFFF}


def trunc5(value: int) -> int:
    """A 5-card value cut to the tie-break fields a 3-card row has (§1.2: 'comparing a 3-card
    row with a 5-card row uses only as many kickers as the shorter row has')."""
    mask = _TRUNC_MASK.get(value >> 20)
    return value & mask if mask is not None else value


def fouls(front: int, middle: int, back: int, strict: bool = False) -> bool:
    """倒水: the first row beats the second or the second beats the third (§1.2 ordering).

    ``strict`` (config ``strict_ordering``): equal rows foul too.
    """
    m = trunc5(middle)
    if strict:
        return front >= m or middle >= back
    return front > m or middle > back


# suit order for the optional suit tie-break: ♠ > ♥ > ♣ > ♦ (黑红梅方); cards.py suits ♠♥♦♣
SUIT_STRENGTH = (3, 2, 0, 1)


def suit_key(cards: Sequence[int], value: int) -> int:
    """Suit tie-break (config ``suit_tiebreak``, a Decision): the best suit among the cards of
    the row's most significant rank (for a straight, its top card; for a wheel, the 5)."""
    top = (value >> 16) & 0xF
    cat = value >> 20
    if cat in (STRAIGHT, STRAIGHT_FLUSH) and (top, (value >> 12) & 0xF) in ((3, 2), (11, 11)):
        top = 3  # the wheel's top card is the 5, however the wheel is ranked
    return max(SUIT_STRENGTH[suit_of(c)] for c in cards if rank_of(c) == top)


def describe(value: int, size: int) -> str:
    """A short description of a row value, e.g. 'one pair (Q)' or 'straight (to A)'.

    Ranks are written alone, never as 'Qs' (which would read as the card Q♠)."""
    cat = value >> 20
    f = [(value >> s) & 0xF for s in (16, 12, 8, 4, 0)]
    name = CATEGORY_NAMES[cat]
    if cat in (STRAIGHT, STRAIGHT_FLUSH):
        top = "5" if f[:2] in ([3, 2], [11, 11]) else RANK_TEXT[f[0]]
        return f"{name} (to {top})"
    if cat in (PAIR, TRIPS, QUADS):
        return f"{name} ({RANK_TEXT[f[0]]})"
    if cat in (TWO_PAIR, FULL_HOUSE):
        return f"{name} ({RANK_TEXT[f[0]]} and {RANK_TEXT[f[1]]})"
    n = 3 if size == 3 else 5
    return f"{name} (" + "-".join(RANK_TEXT[r] for r in f[:n]) + ")"
