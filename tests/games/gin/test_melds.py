"""cardtable.melds: sets, runs, deadwood, arrangements, layoffs (gin.md rules 2–6, 25–27;
GT-01, GT-02, GT-03, GT-05, GT-06, GT-11)."""

from __future__ import annotations

from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import mask_of, parse_cards
from cardtable.melds import GIN, bits, get_table


def M(text: str) -> int:
    return mask_of(parse_cards(text))


def value(c: int) -> int:
    return min(c % 13 + 1, 10)


def is_meld_slow(cards: tuple[int, ...], ace_high: bool = False) -> bool:
    if len(cards) < 3:
        return False
    ranks = sorted(c % 13 for c in cards)
    if len(set(ranks)) == 1:
        return len(cards) <= 4
    if len({c // 13 for c in cards}) != 1:
        return False
    if ace_high and ranks[0] == 0:
        ranks = sorted(r if r else 13 for r in ranks)
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def slow_deadwood(m: int) -> int:
    cards = list(bits(m))
    melds = [sum(1 << c for c in combo) for k in range(3, len(cards) + 1)
             for combo in combinations(cards, k) if is_meld_slow(combo)]

    @cache
    def best(rest: int) -> int:
        out = sum(value(c) for c in bits(rest))
        for meld in melds:
            if meld & rest == meld:
                out = min(out, best(rest ^ meld))
        return out

    return best(m)


def test_gt01_best_partition() -> None:
    """GT-01: the 7♦8♦9♦ run beats the 7s set: deadwood 43, not 46."""
    hand = M("7s 7h 7d 8d 9d Kc Qc 2s 3h 4h")
    assert GIN.deadwood(hand) == 43
    part = GIN.best_partition(hand)
    assert part.melds == (M("7d 8d 9d"),)
    assert part.deadwood == 43 and GIN.value(part.deadwood_mask) == 43
    assert GIN.value(hand & ~M("7s 7h 7d")) == 46


def test_gt02_runs_ace_low_no_wrap() -> None:
    """GT-02: Q-K-A and K-A-2 are no runs, A-2-3 is; Q♥K♥A♥ has deadwood 21."""
    assert not GIN.is_run(M("Qh Kh Ah"))
    assert GIN.is_run(M("Ah 2h 3h"))
    assert not GIN.is_run(M("Kh Ah 2h"))
    assert GIN.deadwood(M("Qh Kh Ah")) == 21


def test_ace_high_table_for_other_games() -> None:
    high = get_table(ace_low=False, ace_high=True)
    assert high.is_run(M("Qh Kh Ah")) and not high.is_run(M("Ah 2h 3h")) and not high.is_run(M("Kh Ah 2h"))
    both = get_table(ace_low=True, ace_high=True)
    assert both.is_run(M("Qh Kh Ah")) and both.is_run(M("Ah 2h 3h")) and not both.is_run(M("Kh Ah 2h"))
    assert high.deadwood(M("Qh Kh Ah 5c")) == 5


def test_gt03_no_card_used_twice() -> None:
    """GT-03: 5♠5♥5♦6♦7♦: the run leaves 10, the set would leave 13."""
    hand = M("5s 5h 5d 6d 7d")
    assert GIN.deadwood(hand) == 10
    part = GIN.best_partition(hand)
    used = 0
    for meld in part.melds:
        assert meld & used == 0
        used |= meld
    assert part.melds == (M("5d 6d 7d"),)


def test_gt05_discard_options() -> None:
    """GT-05: knock discarding K♠ leaves 6; the variant's best is 38, so no knock."""
    assert GIN.discard_options(M("2c 3c 4c 5h 6h 7h 9s 9d 9h 6d Ks"), 10) == [
        (parse_cards("Ks")[0], 6), (parse_cards("6d")[0], 10)]
    variant = M("2c 3c 4c 5h 6h 7h 9s 9d Js Qs Kd")
    assert GIN.discard_options(variant, 10) == []
    assert min(GIN.deadwood(variant ^ (1 << c)) for c in bits(variant)) == 38


def test_gt06_defence_with_layoffs() -> None:
    """GT-06: the defender melds KKK and lays off 8♥ and 9♣: D = 26."""
    d = GIN.best_defence(M("8h 9c Ks Kd Kh Qs Jd 3d 2s As"), [M("2c 3c 4c"), M("5h 6h 7h"), M("9s 9d 9h")])
    assert d.deadwood == 26
    assert sorted(d.layoffs) == sorted([(parse_cards("8h")[0], 1), (parse_cards("9c")[0], 2)])
    assert d.melds == (M("Ks Kd Kh"),)
    assert d.deadwood_mask == M("Qs Jd 3d 2s As")


def test_gt07_no_layoffs_against_gin() -> None:
    d = GIN.best_defence(M("7h 3h Kc Kd Ks 8c 9c Tc 2d 5d"), [M("As 2s 3s"), M("4h 5h 6h"), M("Jc Jd Jh Js")],
                         layoffs=False)
    assert d.deadwood == 17 and d.layoffs == ()


def test_gt11_chained_layoffs() -> None:
    """GT-11: 9♠ then 10♠ on 6♠7♠8♠; 10♠ alone cannot go."""
    run = M("6s 7s 8s")
    assert GIN.run_chains(run, M("9s Ts 3c")) == ([], list(bits(M("9s Ts"))))
    assert GIN.can_lay_off(parse_cards("9s")[0], run)
    assert not GIN.can_lay_off(parse_cards("Ts")[0], run)
    assert GIN.can_lay_off(parse_cards("Ts")[0], run | M("9s"))
    d = GIN.best_defence(M("9s Ts 3c 5d"), [run])
    assert d.deadwood == 8 and len(d.layoffs) == 2
    assert GIN.run_chains(M("2h 3h 4h"), M("Ah 5h 6h 8h")) == ([parse_cards("Ah")[0]], list(bits(M("5h 6h"))))


def test_layoff_versus_own_meld() -> None:
    """A card that could be laid off or kept in the defender's own set: the better is taken."""
    d = GIN.best_defence(M("9s 9h 9d Ts"), [M("6s 7s 8s")])
    assert d.deadwood == 10   # melding the nines (10♠ left) beats laying off 9♠ 10♠ (18 left)
    d2 = GIN.best_defence(M("9s 9h 9d 9c Ts"), [M("6s 7s 8s")])
    assert d2.deadwood == 0   # 9♥9♦9♣ melded, 9♠ and 10♠ laid off
    assert d2.melds == (M("9h 9d 9c"),)


def test_set_layoff_and_full_set() -> None:
    assert GIN.can_lay_off(parse_cards("9c")[0], M("9s 9d 9h"))
    assert not GIN.can_lay_off(parse_cards("9c")[0], M("9s 9d 9h 9c"))
    assert not GIN.can_lay_off(parse_cards("8c")[0], M("9s 9d 9h"))


def test_check_arrangement() -> None:
    hand = M("2c 3c 4c 5h 6h 7h 9s 9d 9h 6d")
    assert GIN.check_arrangement(hand, [M("2c 3c 4c"), M("5h 6h 7h")]) is None
    hand2 = hand | M("4d 4h")
    assert "two melds" in (GIN.check_arrangement(hand2, [M("2c 3c 4c"), M("4c 4d 4h")]) or "x")
    assert "not in the hand" in (GIN.check_arrangement(hand, [M("4c 5c 6c")]) or "x")
    assert GIN.check_arrangement(hand, [M("9s 9d 6d")]) is not None
    assert GIN.check_arrangement(hand, [M("Ks Kd Kh")]) is not None


hands = st.sets(st.integers(0, 51), min_size=3, max_size=11).map(lambda s: sum(1 << c for c in s))
clustered = st.sets(st.integers(0, 25), min_size=3, max_size=11).map(lambda s: sum(1 << c for c in s))


@settings(max_examples=150, deadline=None)
@given(st.one_of(hands, clustered))
def test_deadwood_matches_brute_force(m: int) -> None:
    assert GIN.deadwood(m) == slow_deadwood(m)
    part = GIN.best_partition(m)
    assert part.deadwood == GIN.deadwood(m)
    assert GIN.check_arrangement(m, part.melds) is None
    assert GIN.value(part.deadwood_mask) == part.deadwood


@settings(max_examples=80, deadline=None)
@given(clustered.filter(lambda m: m.bit_count() == 11), st.integers(0, 10))
def test_discard_options_match_brute_force(m: int, limit: int) -> None:
    want = [(c, slow_deadwood(m ^ (1 << c))) for c in bits(m)]
    want = [(c, d) for c, d in want if d <= limit]
    assert GIN.discard_options(m, limit) == want


@settings(max_examples=60, deadline=None)
@given(clustered, clustered)
def test_coverage_is_union_of_melds(a: int, b: int) -> None:
    m = a | (b << 26)
    m &= (1 << 52) - 1
    union = 0
    for meld in GIN.melds:
        if meld & m == meld:
            union |= meld
    assert GIN.coverage(m) == union
    assert sorted(GIN.melds_in(m)) == sorted(x for x in GIN.melds if x & m == x)


@pytest.mark.parametrize("text", ["A♠ 2♠ 3♠", "J♦ Q♦ K♦", "7♠ 7♥ 7♦ 7♣", "A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣"])
def test_melds_are_melds(text: str) -> None:
    assert GIN.is_meld(M(text)) and is_meld_slow(tuple(bits(M(text))))


def slow_defence(hand: int, table: list[int]) -> int:
    """Minimum deadwood over every set of cards laid off (each meld plus its cards must be a
    meld: that is exactly what chained layoffs can build) and the best melds of the rest."""
    cards = list(bits(hand))
    best = slow_deadwood(hand)

    def assign(i: int, grown: list[int], laid: int) -> None:
        nonlocal best
        if i == len(cards):
            if laid and all(GIN.is_meld(g) for g in grown):
                best = min(best, slow_deadwood(hand & ~laid))
            return
        assign(i + 1, grown, laid)
        c = cards[i]
        for k, g in enumerate(grown):
            assign(i + 1, grown[:k] + [g | (1 << c)] + grown[k + 1:], laid | (1 << c))

    assign(0, list(table), 0)
    return best


@st.composite
def knock_positions(draw: st.DrawFn) -> tuple[int, list[int]]:
    suits = draw(st.lists(st.integers(0, 3), min_size=2, max_size=2, unique=True))
    pool = [s * 13 + r for s in suits for r in range(13)] + [s * 13 + r for s in range(4) for r in (4, 5)]
    used = 0
    table: list[int] = []
    for meld in draw(st.lists(st.sampled_from([m for m in GIN.melds if m.bit_count() == 3]), max_size=3)):
        if meld & used == 0:
            table.append(meld)
            used |= meld
    free = [c for c in dict.fromkeys(pool) if not (used >> c) & 1]
    hand = draw(st.lists(st.sampled_from(free), min_size=4, max_size=7, unique=True))
    return sum(1 << c for c in hand), table


@settings(max_examples=40, deadline=None)
@given(knock_positions())
def test_best_defence_matches_brute_force(pos: tuple[int, list[int]]) -> None:
    hand, table = pos
    d = GIN.best_defence(hand, table)
    assert d.deadwood == slow_defence(hand, table)
    grown = list(table)
    for c, i in d.layoffs:   # the layoffs can be played one by one in the order given
        assert GIN.can_lay_off(c, grown[i])
        grown[i] |= 1 << c
    assert GIN.check_arrangement(hand & ~sum(1 << c for c, _ in d.layoffs), d.melds) is None
    assert GIN.best_defence(hand, table, layoffs=False).deadwood == slow_deadwood(hand)


def test_bot_near_melds_counts_every_close_pair() -> None:
    """The bot's shift-and-count ``near_melds`` against the pairwise definition."""
    import random

    from cardtable.games.gin.bots import near_melds
    from cardtable.melds import bits

    def pairwise(m: int) -> int:
        cs = list(bits(m))
        return sum(1 for i, a in enumerate(cs) for b in cs[i + 1:]
                   if a % 13 == b % 13 or (a // 13 == b // 13 and abs(a - b) <= 2))

    rng = random.Random(4)
    for _ in range(3000):
        m = sum(1 << c for c in rng.sample(range(52), rng.randrange(0, 16)))
        assert near_melds(m) == pairwise(m)
    # the suit edges: K and A of one suit, K♠ and 2♥ are not neighbours
    assert near_melds((1 << 12) | (1 << 13)) == 0 and near_melds((1 << 11) | (1 << 12)) == 1
