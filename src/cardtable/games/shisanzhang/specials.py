"""Special hands (报到) of 十三张 and their detection (shisanzhang.md §1.5 and Clarifications).

Each special has a pinyin id used in the move ``declare <id>``; English aliases are accepted
when parsing.  Detection works on rank counts and suit counts of the 13 cards; 三同花 and 三顺
search the (few) row shapes they allow.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .handeval import rank_of, suit_of


@dataclass(frozen=True)
class Special:
    id: str
    chinese: str
    english: str
    points: int


# seed values (shisanzhang.md §1.5 table), highest first; ties keep this order for display only
SPECIALS: tuple[Special, ...] = (
    Special("qinglong", "青龙", "dragon_flush", 200),
    Special("hualong", "花龙", "dragon", 130),
    Special("sangesitong", "三个四同", "three_quads", 100),
    Special("sigesantong", "四个三同", "four_trips", 80),
    Special("liuduiban", "六对半", "six_pairs", 60),
    Special("quanhong", "全红", "all_red", 50),
    Special("quanhei", "全黑", "all_black", 50),
    Special("quanda", "全大", "all_big", 40),
    Special("quanxiao", "全小", "all_small", 40),
    Special("santonghua", "三同花", "three_flushes", 30),
    Special("sanshun", "三顺", "three_straights", 30),
)
BY_ID: dict[str, Special] = {s.id: s for s in SPECIALS}
ALIASES: dict[str, str] = {s.english: s.id for s in SPECIALS} | {s.chinese: s.id for s in SPECIALS}
ALIASES |= {"yitiaolong": "hualong", "一条龙": "hualong"}


def special_id(name: str) -> str | None:
    """The special's id for a name (pinyin id, English alias or Chinese), or None."""
    low = name.strip().lower()
    return low if low in BY_ID else ALIASES.get(low, ALIASES.get(name.strip()))


# 3-card straights (三顺 front row; A-2-3 and Q-K-A allowed, nothing wraps) and 5-card ones,
# as tuples of ranks 0..12 (2..A); the ace is rank 12 in A-2-3 and A-2-3-4-5 too.
_STRAIGHTS3 = [(12, 0, 1)] + [(r, r + 1, r + 2) for r in range(11)]
_STRAIGHTS5 = [(12, 0, 1, 2, 3)] + [tuple(range(r, r + 5)) for r in range(9)]


def _take(counts: list[int], ranks: Sequence[int]) -> bool:
    if all(counts[r] for r in ranks):
        for r in ranks:
            counts[r] -= 1
        return True
    return False


def _put(counts: list[int], ranks: Sequence[int]) -> None:
    for r in ranks:
        counts[r] += 1


def three_straights(counts: list[int]) -> bool:
    """三顺: a 3-card straight first row and 5-card straights in the second and third rows."""
    for s3 in _STRAIGHTS3:
        if not _take(counts, s3):
            continue
        for i, a in enumerate(_STRAIGHTS5):
            if not _take(counts, a):
                continue
            ok = any(all(counts[r] for r in b) and sum(counts) == 5 for b in _STRAIGHTS5[i:])
            _put(counts, a)
            if ok:
                _put(counts, s3)
                return True
        _put(counts, s3)
    return False


def three_flushes(suit_counts: Sequence[int]) -> bool:
    """三同花: rows of 3, 5 and 5 cards each of one suit; suits may repeat (Clarifications)."""
    shape = sorted(n for n in suit_counts if n)
    return shape in ([13], [3, 10], [5, 8], [3, 5, 5])


def fitting_specials(cards: Sequence[int], all_big_min: int = 8, all_small_max: int = 8) -> list[str]:
    """Every special the 13 cards fit, highest value first (§1.5 table and Clarifications).

    ``all_big_min`` / ``all_small_max`` are card ranks 2..14 (ace 14, counted high: an ace
    disqualifies 全小).
    """
    if len(cards) != 13:
        return []
    counts = [0] * 13
    suits = [0] * 4
    for c in cards:
        counts[rank_of(c)] += 1
        suits[suit_of(c)] += 1
    out: list[str] = []
    distinct = all(n == 1 for n in counts)
    if distinct and max(suits) == 13:
        out.append("qinglong")
    if distinct and max(suits) < 13:
        out.append("hualong")
    if sum(1 for n in counts if n == 4) >= 3:
        out.append("sangesitong")
    if sum(1 for n in counts if n >= 3) >= 4:       # a quad may serve as a trip (Clarifications)
        out.append("sigesantong")
    if sum(n // 2 for n in counts) == 6:            # quads = two pairs, trips = pair + single
        out.append("liuduiban")
    red = suits[1] + suits[2]
    if red == 13:
        out.append("quanhong")
    if red == 0:
        out.append("quanhei")
    present = [r + 2 for r in range(13) if counts[r]]
    if min(present) >= all_big_min:
        out.append("quanda")
    if max(present) <= all_small_max:
        out.append("quanxiao")
    if three_flushes(suits):
        out.append("santonghua")
    if three_straights(counts):
        out.append("sanshun")
    return out


def best_special(cards: Sequence[int], all_big_min: int = 8, all_small_max: int = 8) -> str | None:
    """The highest special the hand fits (it scores as that one, §1.5), or None."""
    fit = fitting_specials(cards, all_big_min, all_small_max)
    return fit[0] if fit else None
