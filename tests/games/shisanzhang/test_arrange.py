"""The auto-arranger (arrange.py; docs/games/shisanzhang.md "Auto-arranger")."""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import cards_json, parse_cards
from cardtable.games.shisanzhang.arrange import (
    best_arrangement,
    ev_tables,
    greedy_arrangement,
    objective,
    random_valid,
    row_bonus,
)
from cardtable.games.shisanzhang.bots import advice
from cardtable.games.shisanzhang.handeval import eval3, eval5, fouls
from cardtable.games.shisanzhang.specials import fitting_specials
from cardtable.moves import Move

hands = st.lists(st.integers(0, 51), min_size=13, max_size=13, unique=True)


def _fouls(front, middle, back, strict=False) -> bool:  # type: ignore[no-untyped-def]
    return fouls(eval3(front), eval5(middle), eval5(back), strict)


@settings(max_examples=60, deadline=None)
@given(hands, st.booleans())
def test_never_fouls_and_uses_the_hand(cards: list[int], strict: bool) -> None:
    a = best_arrangement(cards, strict=strict)
    assert sorted(a.front + a.middle + a.back) == sorted(cards)
    assert (len(a.front), len(a.middle), len(a.back)) == (3, 5, 5)
    if a.score > float("-inf"):
        assert not _fouls(a.front, a.middle, a.back, strict)
    else:  # only possible with strict ordering
        assert strict


@settings(max_examples=60, deadline=None)
@given(hands, st.integers(0, 2**32))
def test_at_least_as_good_as_a_random_valid_arrangement(cards: list[int], seed: int) -> None:
    a = best_arrangement(cards)
    f, m, b = random_valid(cards, random.Random(seed))
    other = objective(f, m, b)
    assert other is not None and a.score >= other - 1e-9
    assert abs(objective(a.front, a.middle, a.back) - a.score) < 1e-9  # type: ignore[operator]


def test_exact_against_every_split() -> None:
    """Branch and bound returns the maximum over all 72,072 splits (two hands, both orderings)."""
    rng = random.Random(7)
    for _ in range(2):
        cards = rng.sample(range(52), 13)
        for strict in (False, True):
            best = max((o for b in combinations(cards, 5)
                        for rest in [[c for c in cards if c not in b]]
                        for m in combinations(rest, 5)
                        if (o := objective([c for c in rest if c not in m], m, b, strict=strict)) is not None),
                       default=None)
            assert best is not None
            assert abs(best_arrangement(cards, strict=strict).score - best) < 1e-9


@settings(max_examples=40, deadline=None)
@given(hands)
def test_greedy_arrangement_never_fouls(cards: list[int]) -> None:
    g = greedy_arrangement(cards)
    assert not _fouls(g.front, g.middle, g.back)


def test_row_values_are_monotone() -> None:
    """The bound of the search needs each row's EV to grow with the row's strength."""
    for table in ev_tables():
        keys = sorted(table)
        assert all(table[a] <= table[b] + 1e-12 for a, b in zip(keys, keys[1:], strict=False))


def test_row_bonus_table() -> None:
    """§1.4 (seed): 30 / 100 80 20 / 50 40, else 10."""
    e3, e5 = eval3, eval5
    assert row_bonus(0, e3(parse_cards("5♠ 5♥ 5♦"))) == 30
    assert row_bonus(0, e3(parse_cards("5♠ 5♥ 6♦"))) == 10
    sf, quads, fh = parse_cards("3♥ 4♥ 5♥ 6♥ 7♥"), parse_cards("2♠ 2♥ 2♦ 2♣ 9♦"), parse_cards("K♠ K♦ K♣ 8♠ 8♥")
    flush = parse_cards("2♥ 5♥ 9♥ J♥ K♥")
    assert [row_bonus(1, e5(x)) for x in (sf, quads, fh, flush)] == [100, 80, 20, 10]
    assert [row_bonus(2, e5(x)) for x in (sf, quads, fh, flush)] == [50, 40, 10, 10]


SPECIAL_HANDS = ["A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠",
                 "2♠ 2♥ 3♠ 3♦ 4♣ 4♥ 5♠ 5♥ 6♣ 6♦ 7♠ 7♥ K♠",
                 "2♥ 5♥ 9♥ 2♠ 6♠ 8♠ J♠ K♠ 4♣ 7♣ 9♣ Q♣ A♣",
                 "3♠ 4♥ 5♦ 3♣ 4♠ 5♥ 6♦ 7♣ 8♠ 9♥ 10♦ J♣ Q♠"]


def _legal(cards: list[int]) -> list[Move]:
    return [Move("declare", target=s) for s in fitting_specials(cards)] + [Move("arrange")]


def test_advice_finds_every_special() -> None:
    """Whenever a special exists the advice declares it or says why the rows are worth more."""
    for text in SPECIAL_HANDS:
        cards = [int(c) for c in parse_cards(text)]
        view = {"hand": [str(c) for c in parse_cards(text)], "specials": fitting_specials(cards)}
        move, why = advice(view, _legal(cards))
        assert view["specials"]
        assert move.verb == "declare" or "is available" in why


@settings(max_examples=30, deadline=None)
@given(hands)
def test_advice_reports_a_special_exactly_when_one_exists(cards: list[int]) -> None:
    fits = fitting_specials(cards)
    view = {"hand": cards_json(cards), "specials": fits}
    move, why = advice(view, _legal(cards))
    assert (move.verb == "declare" or "is available" in why) == bool(fits)
