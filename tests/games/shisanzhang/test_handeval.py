"""Row ranking (shisanzhang.md §1.2) against a brute-force reference written independently here."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import parse_cards
from cardtable.games.shisanzhang.handeval import (
    PAIR,
    TRIPS,
    eval3,
    eval5,
    fouls,
    tables5,
)

# --- the reference: plain tuples compared lexicographically -------------------------------


def ref_rank(card: int) -> int:
    """2..14 with the ace 14."""
    r = card % 13 + 1
    return 14 if r == 1 else r


def ref5(cards: list[int], wheel_second: bool = False) -> tuple[int, ...]:
    ranks = sorted((ref_rank(c) for c in cards), reverse=True)
    flush = len({c // 13 for c in cards}) == 1
    uniq = sorted(set(ranks), reverse=True)
    straight_top = None
    if len(uniq) == 5 and uniq[0] - uniq[4] == 4:
        straight_top = (uniq[0] * 2,)
    elif uniq == [14, 5, 4, 3, 2]:
        straight_top = (27,) if wheel_second else (10,)   # between K-high (26) and A-high (28)
    cnt = Counter(ranks)
    by = sorted(cnt.items(), key=lambda kv: (-kv[1], -kv[0]))
    shape = [n for _, n in by]
    order = tuple(r for r, _ in by)
    if straight_top and flush:
        return (8, *straight_top)
    if shape == [4, 1]:
        return (7, *order)
    if shape == [3, 2]:
        return (6, *order)
    if flush:
        return (5, *ranks)
    if straight_top:
        return (4, *straight_top)
    if shape == [3, 1, 1]:
        return (3, *order)
    if shape == [2, 2, 1]:
        return (2, *order)
    if shape == [2, 1, 1, 1]:
        return (1, *order)
    return (0, *ranks)


def ref3(cards: list[int]) -> tuple[int, ...]:
    ranks = sorted((ref_rank(c) for c in cards), reverse=True)
    cnt = Counter(ranks)
    by = sorted(cnt.items(), key=lambda kv: (-kv[1], -kv[0]))
    if by[0][1] == 3:
        return (3, by[0][0])
    if by[0][1] == 2:
        return (1, by[0][0], by[1][0])
    return (0, *ranks)


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


def cmp(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    return (a > b) - (a < b)


two_rows5 = st.lists(st.integers(0, 51), min_size=10, max_size=10, unique=True)
two_rows3 = st.lists(st.integers(0, 51), min_size=6, max_size=6, unique=True)


@settings(max_examples=400, deadline=None)
@given(two_rows5, st.booleans())
def test_five_card_order_matches_reference(cards: list[int], wheel_second: bool) -> None:
    a, b = cards[:5], cards[5:]
    wheel = "second_highest" if wheel_second else "lowest"
    assert sign(eval5(a, wheel) - eval5(b, wheel)) == cmp(ref5(a, wheel_second), ref5(b, wheel_second))


@settings(max_examples=300, deadline=None)
@given(two_rows3)
def test_three_card_order_matches_reference(cards: list[int]) -> None:
    a, b = cards[:3], cards[3:]
    assert sign(eval3(a) - eval3(b)) == cmp(ref3(a), ref3(b))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=8, max_size=8, unique=True))
def test_front_against_middle_uses_only_the_shorter_rows_kickers(cards: list[int]) -> None:
    """§1.2: a 3-card row is compared with a 5-card row category first, then on as many
    tie-break ranks as the 3-card row has."""
    front, middle = cards[:3], cards[3:]
    f, m = ref3(front), ref5(middle)
    if m[0] in (0, 1, 3) and f[0] == m[0]:
        m = m[:len(f)]
    want_foul = f > m
    assert fouls(eval3(front), eval5(middle), 1 << 30) == want_foul


def test_table_sizes_and_distinct_values() -> None:
    plain, flush = tables5()
    assert len(plain) == 6175 and len(flush) == 1287
    assert len(set(plain.values()) | set(flush.values())) == 7462   # the classic count of 5-card classes


def test_three_card_rows_have_no_straight_or_flush() -> None:
    """§1.2: straights and flushes do not count in the first row."""
    assert eval3(parse_cards("Q♥ K♥ A♥")) < eval3(parse_cards("2♠ 2♥ 3♦"))
    assert eval3(parse_cards("2♠ 2♥ 3♦")) >> 20 == PAIR
    assert eval3(parse_cards("5♠ 5♥ 5♦")) >> 20 == TRIPS


def test_wheel_is_lowest_straight_by_default() -> None:
    wheel = parse_cards("A♠ 2♥ 3♦ 4♣ 5♠")
    six = parse_cards("2♠ 3♥ 4♦ 5♣ 6♠")
    broadway = parse_cards("10♠ J♥ Q♦ K♣ A♥")
    king = parse_cards("9♠ 10♥ J♦ Q♣ K♥")
    trips = parse_cards("A♠ A♥ A♦ K♣ Q♥")
    assert eval5(trips) < eval5(wheel) < eval5(six) < eval5(broadway)
    assert eval5(king, "second_highest") < eval5(wheel, "second_highest") < eval5(broadway, "second_highest")


def test_suits_never_break_ties_by_default() -> None:
    assert eval5(parse_cards("A♠ K♠ 9♥ 7♦ 3♣")) == eval5(parse_cards("A♥ K♦ 9♣ 7♠ 3♦"))
