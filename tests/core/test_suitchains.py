"""The suit-chain layout of the sevens family (src/cardtable/suitchains.py)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import cards_of, parse_card
from cardtable.errors import BadCard
from cardtable.suitchains import (
    SEVENS_MASK,
    SuitChains,
    constrained_permutation,
    parse_position,
    position_str,
    seven_distance,
    seven_of,
    suit_mask,
)


def c(tok: str) -> int:
    return int(parse_card(tok))


def names(mask: int) -> set[str]:
    return {str(x) for x in cards_of(mask)}


def test_empty_layout_offers_only_sevens() -> None:
    ch = SuitChains()
    assert ch.attach_mask() == 0
    assert ch.opener_mask() == SEVENS_MASK
    assert names(ch.playable_mask()) == {"7♠", "7♥", "7♦", "7♣"}
    assert names(ch.opener_mask((0, 1))) == {"7♠", "7♥"}
    assert not ch.can_place(c("8♠"))


def test_after_seven_of_spades() -> None:
    ch = SuitChains()
    ch.place(c("7♠"))
    assert names(ch.playable_mask()) == {"6♠", "8♠", "7♥", "7♦", "7♣"}
    assert ch.ends(0) == (6, 6) and ch.ends(1) is None


def test_chain_grows_at_both_ends_without_gaps() -> None:
    ch = SuitChains()
    for tok in ("7♠", "8♠", "9♠"):
        ch.place(c(tok))
    assert names(ch.attach_mask()) == {"10♠", "6♠"}
    with pytest.raises(ValueError, match="does not open or extend"):
        ch.place(c("J♠"))
    assert names(ch.table_mask()) == {"7♠", "8♠", "9♠"}


def test_ends_of_a_full_suit() -> None:
    ch = SuitChains()
    ch.place(c("7♥"))
    for r in range(7, 13):
        ch.place(1 * 13 + r)
    for r in range(5, -1, -1):
        ch.place(1 * 13 + r)
    assert ch.ends(1) == (0, 12)
    assert ch.attach_mask() == 0          # A is low only, K does not wrap
    assert ch.table_mask() == suit_mask([1])
    assert ch.to_json() == {"♥": ["A", "K"]}


def test_copy_is_independent() -> None:
    ch = SuitChains()
    ch.place(seven_of(2))
    dup = ch.copy()
    dup.place(c("8♦"))
    assert ch.ends(2) == (6, 6) and dup.ends(2) == (6, 7)


def test_distance_and_positions() -> None:
    assert seven_distance(c("7♣")) == 0
    assert seven_distance(c("A♠")) == seven_distance(c("K♥")) == 6
    assert seven_distance(c("BJ")) == 7
    assert position_str(c("8♦")) == "♦8"
    for tok in ("♦8", "D8", "d8", "8♦", "8d"):
        assert parse_position(tok) == c("8♦")
    assert parse_position("DT") == parse_position("D10") == c("10♦")
    assert parse_position("SJ") == c("J♠")
    with pytest.raises(BadCard):
        parse_position("X9")
    with pytest.raises(BadCard, match="joker"):
        parse_position("BJ")


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False))
def test_random_growth_keeps_chains_contiguous(rnd: random.Random) -> None:
    ch = SuitChains()
    placed = 0
    while ch.playable_mask():
        pos = rnd.choice(cards_of(ch.playable_mask()))
        assert ch.can_place(pos)
        ch.place(pos)
        placed |= 1 << pos
        assert ch.table_mask() == placed
    assert placed == (1 << 52) - 1


def test_constrained_permutation() -> None:
    cards = list(range(10))
    forbidden = {0: 0b10, 1: 0b01, 5: (1 << 10) - 1 - (1 << 7)}
    rng = random.Random(3)
    for _ in range(20):
        perm = constrained_permutation(cards, forbidden, rng)
        assert perm is not None
        assert sorted(perm) == cards and sorted(perm.values()) == cards
        assert perm[0] != 1 and perm[1] != 0 and perm[5] == 7
    assert constrained_permutation([0, 1], {0: 3}, rng) is None


def test_constrained_permutation_reroutes_earlier_choices() -> None:
    """A bijection is found whenever one exists, even where a greedy choice would block."""
    cards = [0, 1, 2, 3]
    full = 0b1111
    forbidden = {0: full & ~0b0011, 1: full & ~0b0010, 2: full & ~0b1100, 3: full & ~0b1000}
    for seed in range(30):
        perm = constrained_permutation(cards, forbidden, random.Random(seed))
        assert perm == {0: 0, 1: 1, 2: 2, 3: 3}


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 6).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.integers(0, (1 << n) - 1), min_size=n, max_size=n), st.randoms(
        use_true_random=False))))
def test_constrained_permutation_against_brute_force(case: tuple) -> None:
    """Audit: a bijection is returned exactly when one exists (checked by trying every
    permutation), and the one returned avoids every forbidden pair."""
    from itertools import permutations
    n, masks, rnd = case
    cards = list(range(n))
    forbidden = dict(enumerate(masks))
    exists = any(all(not forbidden[s] >> p[s] & 1 for s in cards) for p in permutations(cards))
    perm = constrained_permutation(cards, forbidden, rnd)
    assert (perm is not None) == exists
    if perm is not None:
        assert sorted(perm) == cards and sorted(perm.values()) == cards
        assert all(not forbidden[s] >> card & 1 for s, card in perm.items())


def test_seven_distance_and_positions_cover_every_card() -> None:
    """Audit: distances are 0 for the 7s, 1 for 6/8 … 6 for A/K in every suit (bieqi.md §4.4,
    biefufen.md §8.4); every position round-trips through its text."""
    want = {"A": 6, "2": 5, "3": 4, "4": 3, "5": 2, "6": 1, "7": 0, "8": 1, "9": 2, "10": 3,
            "J": 4, "Q": 5, "K": 6}
    for suit in "♠♥♦♣":
        for rank, d in want.items():
            pos = c(rank + suit)
            assert seven_distance(pos) == d
            assert parse_position(position_str(pos)) == pos
    assert seven_distance(c("LJ")) == 7
