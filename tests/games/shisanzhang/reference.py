"""An independent reference for 十三张, written for the audit from the spec text only.

Nothing here imports the engine's evaluation, specials or scoring code: rows are ranked as
plain tuples, specials are found by card-level search (or by trying every split), and a deal
is settled straight from shisanzhang.md §1.2–§1.5 and the Decisions of docs/games/shisanzhang.md.
Cards are ints 0..51 as in ``cards.py``: ``suit * 13 + rank_index``, rank_index 0 = ace.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

# §1.5 table (seed values), written out again here
SPECIAL_POINTS = {"qinglong": 200, "hualong": 130, "sangesitong": 100, "sigesantong": 80,
                  "liuduiban": 60, "quanhong": 50, "quanhei": 50, "quanda": 40, "quanxiao": 40,
                  "santonghua": 30, "sanshun": 30}
# categories of the reference keys
R_HIGH, R_PAIR, R_TWO_PAIR, R_TRIPS, R_STRAIGHT, R_FLUSH, R_FULL, R_QUADS, R_SF = range(9)


def value(card: int) -> int:
    """Face value 2..14, the ace 14 (§1.2: A high)."""
    r = card % 13 + 1
    return 14 if r == 1 else r


def suit(card: int) -> int:
    return card // 13


def key5(cards: Sequence[int], wheel_second: bool = False) -> tuple[float, ...]:
    """A 5-card row as a tuple that compares like the row (§1.2)."""
    vals = sorted((value(c) for c in cards), reverse=True)
    flush = len({suit(c) for c in cards}) == 1
    top: float | None = None
    if len(set(vals)) == 5:
        if vals[0] - vals[4] == 4:
            top = vals[0]
        elif vals == [14, 5, 4, 3, 2]:
            top = 13.5 if wheel_second else 5        # above K-high / the lowest straight
    groups = sorted(Counter(vals).items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    counts = [n for _, n in groups]
    ranks = tuple(float(r) for r, _ in groups)
    if top is not None and flush:
        return (R_SF, top)
    if counts[0] == 4:
        return (R_QUADS, *ranks)
    if counts == [3, 2]:
        return (R_FULL, *ranks)
    if flush:
        return (R_FLUSH, *ranks)
    if top is not None:
        return (R_STRAIGHT, top)
    if counts[0] == 3:
        return (R_TRIPS, *ranks)
    if counts == [2, 2, 1]:
        return (R_TWO_PAIR, *ranks)
    if counts[0] == 2:
        return (R_PAIR, *ranks)
    return (R_HIGH, *ranks)


def key3(cards: Sequence[int]) -> tuple[float, ...]:
    """A 3-card first row: trips > pair > high card only (§1.2)."""
    groups = sorted(Counter(value(c) for c in cards).items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    ranks = tuple(float(r) for r, _ in groups)
    cat = {3: R_TRIPS, 2: R_PAIR, 1: R_HIGH}[groups[0][1]]
    return (cat, *ranks)


def front_beats(front: tuple[float, ...], five: tuple[float, ...]) -> int:
    """+1 / 0 / -1: a 3-card row against a 5-card row, on only as many kickers as the 3-card
    row has (§1.2)."""
    if front[0] != five[0]:
        return 1 if front[0] > five[0] else -1
    cut = five[:len(front)]
    return (front > cut) - (front < cut)


def fouls(rows: Sequence[Sequence[int]], wheel_second: bool = False, strict: bool = False) -> bool:
    """倒水 (§1.2 ordering): the first row beats the second, or the second beats the third;
    with ``strict_ordering`` an equal row fouls too."""
    f, m, b = key3(rows[0]), key5(rows[1], wheel_second), key5(rows[2], wheel_second)
    fm = front_beats(f, m)
    mb = (m > b) - (m < b)
    if strict:
        return fm >= 0 or mb >= 0
    return fm > 0 or mb > 0


def row_bonus(row: int, key: tuple[float, ...]) -> int:
    """§1.4 (seed) by the winner's row type."""
    cat = key[0]
    if row == 0:
        return 30 if cat == R_TRIPS else 10
    if row == 1:
        return {R_SF: 100, R_QUADS: 80, R_FULL: 20}.get(int(cat), 10)
    return {R_SF: 50, R_QUADS: 40}.get(int(cat), 10)


# --- special hands: card-level searches --------------------------------------------------------

def _disjoint(groups: list[frozenset[int]], need: int, used: frozenset[int] = frozenset(), start: int = 0) -> bool:
    if need == 0:
        return True
    for i in range(start, len(groups)):
        if not groups[i] & used and _disjoint(groups, need - 1, used | groups[i], i + 1):
            return True
    return False


def _same_rank_sets(cards: Sequence[int], size: int) -> list[frozenset[int]]:
    return [frozenset(g) for g in combinations(cards, size) if len({c % 13 for c in g}) == 1]


def is_straight(cards: Sequence[int]) -> bool:
    """3 or 5 consecutive ranks, the ace low (A-2-3…) or high (…K-A), never wrapping."""
    lows = sorted(c % 13 + 1 for c in cards)
    highs = sorted(value(c) for c in cards)
    n = len(cards)
    return any(len(set(v)) == n and v[-1] - v[0] == n - 1 for v in (lows, highs))


def is_one_suit(cards: Sequence[int]) -> bool:
    return len({suit(c) for c in cards}) == 1


def some_split(cards: Sequence[int], row_ok: Any) -> bool:
    """Is there a 3-5-5 split whose three rows all pass ``row_ok``? (every split tried)"""
    for front in combinations(cards, 3):
        if not row_ok(front):
            continue
        rest = [c for c in cards if c not in front]
        for mid in combinations(rest, 5):
            if row_ok(mid) and row_ok([c for c in rest if c not in mid]):
                return True
    return False


def specials(cards: Sequence[int], big_min: int = 8, small_max: int = 8) -> set[str]:
    """Every special (§1.5 table + Clarifications) the 13 cards fit."""
    out = set()
    if len({c % 13 for c in cards}) == 13:
        out.add("qinglong" if is_one_suit(cards) else "hualong")
    if _disjoint(_same_rank_sets(cards, 4), 3):
        out.add("sangesitong")
    if _disjoint(_same_rank_sets(cards, 3), 4):        # a quad holds a three-of-a-kind
        out.add("sigesantong")
    if _disjoint(_same_rank_sets(cards, 2), 6):        # quads are two pairs, trips a pair
        out.add("liuduiban")
    if all(suit(c) in (1, 2) for c in cards):
        out.add("quanhong")
    if all(suit(c) in (0, 3) for c in cards):
        out.add("quanhei")
    if all(value(c) >= big_min for c in cards):
        out.add("quanda")
    if all(value(c) <= small_max for c in cards):
        out.add("quanxiao")
    if some_split(cards, is_one_suit):
        out.add("santonghua")
    if some_split(cards, is_straight):
        out.add("sanshun")
    return out


def best(fits: set[str]) -> str | None:
    return max(fits, key=SPECIAL_POINTS.__getitem__) if fits else None


# --- settlement ------------------------------------------------------------------------------

SUIT_RANK = {0: 4, 1: 3, 3: 2, 2: 1}     # ♠ > ♥ > ♣ > ♦ (docs Decision 4)


def _top_suit(cards: Sequence[int], key: tuple[float, ...]) -> int:
    """docs Decision 4: the best suit among the cards of the row's most significant rank
    (a straight's top card; the wheel's 5)."""
    top = key[1]
    if key[0] in (R_STRAIGHT, R_SF) and top in (5, 13.5) and 14 in {value(c) for c in cards}:
        top = 5
    return max(SUIT_RANK[suit(c)] for c in cards if value(c) == top)


@dataclass
class Shown:
    seat: int
    special: str | None = None
    rows: tuple[tuple[int, ...], ...] = ()


def settle(shown: Sequence[Shown], opts: dict[str, Any]) -> list[int]:
    """Totals of one deal, settled pair by pair (§1.3) from the spec and the docs' Decisions."""
    wheel2 = opts.get("wheel_rank", "lowest") == "second_highest"
    strict = opts.get("strict_ordering", False)
    n = len(shown)
    tot = [0] * n
    scoops: dict[int, dict[int, int]] = {s.seat: {} for s in shown}
    keys = {}
    for s in shown:
        if not s.special:
            keys[s.seat] = (key3(s.rows[0]), key5(s.rows[1], wheel2), key5(s.rows[2], wheel2))

    def pay(w: int, lo: int, pts: int) -> None:
        tot[w] += pts
        tot[lo] -= pts

    for a, b in combinations(shown, 2):
        if a.special and b.special:
            pa, pb = SPECIAL_POINTS[a.special], SPECIAL_POINTS[b.special]
            mode = opts.get("special_vs_special", "higher_collects_own")
            if pa != pb and mode != "both_void":
                w, lo = (a, b) if pa > pb else (b, a)
                pay(w.seat, lo.seat, max(pa, pb) if mode == "higher_collects_own" else abs(pa - pb))
            continue
        if a.special or b.special:
            w, lo = (a, b) if a.special else (b, a)
            pay(w.seat, lo.seat, SPECIAL_POINTS[w.special])  # type: ignore[index]
            continue
        fa, fb = fouls(a.rows, wheel2, strict), fouls(b.rows, wheel2, strict)
        if fa and fb:
            continue
        if fa or fb:
            good, bad = (b, a) if fa else (a, b)
            pts = sum(row_bonus(r, keys[good.seat][r]) if opts.get("foul_pays_bonuses", True) else 10
                      for r in range(3))
            pay(good.seat, bad.seat, pts + opts.get("foul_extra_penalty", 0))
            continue
        net, won_a, won_b = 0, 0, 0
        for r in range(3):
            ka, kb = keys[a.seat][r], keys[b.seat][r]
            res = (ka > kb) - (ka < kb)
            if res == 0 and opts.get("suit_tiebreak", False):
                sa, sb = _top_suit(a.rows[r], ka), _top_suit(b.rows[r], kb)
                res = (sa > sb) - (sa < sb)
            if res > 0:
                net += row_bonus(r, ka)
                won_a += 1
            elif res < 0:
                net -= row_bonus(r, kb)
                won_b += 1
        mult = opts.get("scoop_multiplier", 1)
        if won_a == 3:
            net *= mult
            scoops[a.seat][b.seat] = net
        elif won_b == 3:
            net *= mult
            scoops[b.seat][a.seat] = -net
        pay(a.seat, b.seat, net)
    slam = opts.get("grand_slam_multiplier", 1)
    if n >= 3 and slam > 1:
        for s in shown:
            if len(scoops[s.seat]) == n - 1:
                for lo, net in scoops[s.seat].items():
                    pay(s.seat, lo, net * (slam - 1))
    return tot
