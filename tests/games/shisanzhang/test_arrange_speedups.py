"""The arranger's speed-ups give what the plain definitions give: the greedy split read from
the 5-card tables equals max() over combinations() with eval5, and a remembered best
arrangement equals a fresh one (with plain card codes whatever the caller passed)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from cardtable.cards import Card
from cardtable.games.shisanzhang import arrange
from cardtable.games.shisanzhang.handeval import WHEEL_LOWEST, WHEEL_SECOND, eval5


def _greedy_by_definition(cards: list[int], wheel: str) -> tuple[tuple[int, ...], ...]:
    idx = range(13)
    mb = max(combinations(idx, 5), key=lambda c: eval5([cards[i] for i in c], wheel))
    rest = [i for i in idx if i not in mb]
    mm = max(combinations(rest, 5), key=lambda c: eval5([cards[i] for i in c], wheel))
    mf = [i for i in rest if i not in mm]
    return tuple(tuple(sorted(cards[i] for i in g)) for g in (mf, mm, mb))


@pytest.mark.parametrize("wheel", [WHEEL_LOWEST, WHEEL_SECOND])
def test_greedy_split_is_the_first_strongest(wheel: str) -> None:
    rng = random.Random(41)
    deck = list(range(52))
    for _ in range(300):
        rng.shuffle(deck)
        hand = deck[:13]
        g = arrange.greedy_arrangement(hand, wheel)
        assert tuple(tuple(sorted(r)) for r in (g.front, g.middle, g.back)) == _greedy_by_definition(hand, wheel)
    # hands with many equal-strength 5-subsets: ties go to the first in combinations() order
    pairs = [0, 13, 1, 14, 2, 15, 3, 16, 4, 17, 5, 18, 6]
    g = arrange.greedy_arrangement(pairs, wheel)
    assert tuple(tuple(sorted(r)) for r in (g.front, g.middle, g.back)) == _greedy_by_definition(pairs, wheel)


def test_a_remembered_best_arrangement_is_a_fresh_one() -> None:
    rng = random.Random(7)
    deck = list(range(52))
    for _ in range(20):
        rng.shuffle(deck)
        hand = deck[:13]
        fresh = arrange._best_arrangement.__wrapped__(tuple(hand), WHEEL_LOWEST, False)
        first = arrange.best_arrangement([Card(c) for c in hand])
        again = arrange.best_arrangement(list(hand))
        assert first == again == fresh
        assert all(type(c) is int for row in (again.front, again.middle, again.back) for c in row)
