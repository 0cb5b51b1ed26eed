"""cardtable.climbing: classification, comparison and play generation (zhuoheia.md §2.0, §2.5)."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import make_pack, parse_cards
from cardtable.climbing import (
    BOMB,
    JOKER_BOMB,
    PAIR,
    PAIR_SEQ,
    SINGLE,
    STRAIGHT,
    TRIPLE,
    TRIPLE_PAIR,
    TRIPLE_SEQ,
    ClimbRules,
    Combo,
    beats,
    classify,
    climb_rank,
    plays,
    why_not_beats,
)

BASE = ClimbRules()
ALL = ClimbRules(triple_with_pair=True, straight_flush_beats_straight=True, joker_pair_bomb=True,
                 a2345_straight=True)


def cl(text: str, rules: ClimbRules = BASE) -> Combo | None:
    return classify(parse_cards(text), rules)


def test_rank_order_low_to_high() -> None:
    """§2.0: 3 4 5 6 7 8 9 T J Q K A 2 LJ BJ."""
    order = parse_cards("3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ T♠ J♠ Q♠ K♠ A♠ 2♠ LJ BJ")
    assert [climb_rank(c) for c in order] == list(range(15))


def test_base_combinations() -> None:
    assert cl("7♥") == Combo(SINGLE, 1, 4)
    assert cl("7♥ 7♠") == Combo(PAIR, 2, 4)
    assert cl("7♥ 7♠ 7♦") == Combo(TRIPLE, 3, 4)
    assert cl("7♥ 7♠ 7♦ 7♣") == Combo(BOMB, 4, 4)
    assert cl("3♠ 4♥ 5♦ 6♣ 7♠") == Combo(STRAIGHT, 5, 4)
    assert cl("T♠ J♥ Q♦ K♣ A♠") == Combo(STRAIGHT, 5, 11)
    assert cl("3♠ 3♥ 4♦ 4♣") == Combo(PAIR_SEQ, 4, 1)
    assert cl("3♠ 3♥ 3♦ 4♣ 4♠ 4♥") == Combo(TRIPLE_SEQ, 6, 1)


def test_not_combinations() -> None:
    """§2.5 scenario 7/8: J-Q-K-A-2 and 3-4-5-6 are not straights; LJ BJ is not a pair."""
    assert cl("J♠ Q♥ K♦ A♣ 2♠") is None
    assert cl("3♠ 4♥ 5♦ 6♣") is None
    assert cl("LJ BJ") is None
    assert cl("2♠ 2♥ 3♦ 3♣") is None          # 2 never in a sequence
    assert cl("7♥ 7♠ 8♦") is None
    assert cl("3♠ 3♥ 4♦ 4♣ 4♠") is None       # 三带二 is off by default
    assert cl("3♠ 4♥ 5♦ 6♣ 8♠") is None


def test_scenario_8_singles_pairs_bombs() -> None:
    """§2.5 scenario 8."""
    bj, lj, s2, ha = cl("BJ"), cl("LJ"), cl("2♠"), cl("A♥")
    assert bj and lj and s2 and ha
    assert beats(bj, lj) and beats(lj, s2) and beats(s2, ha)
    assert not beats(ha, s2) and not beats(lj, bj)
    p22, paa = cl("2♠ 2♥"), cl("A♠ A♥")
    b5, b4 = cl("5♠ 5♥ 5♦ 5♣"), cl("4♠ 4♥ 4♦ 4♣")
    assert p22 and paa and b5 and b4
    assert beats(p22, paa) and not beats(paa, p22)
    assert beats(b5, p22) and beats(b5, b4) and not beats(b4, b5) and not beats(p22, b4)


def test_scenario_7_straight_replies() -> None:
    """§2.5 scenario 7: a 5-card straight topped 8..A, or a bomb."""
    lead = cl("3♠ 4♥ 5♦ 6♣ 7♠")
    assert lead is not None
    hand = parse_cards("4♠ 5♥ 6♦ 7♣ 8♠ 9♥ T♦ J♣ Q♠ K♥ A♦ 2♣ 9♠ 9♦ 9♣ 3♣")
    got = plays(hand, BASE, lead)
    kinds = {c.kind for c, _ in got}
    assert kinds == {STRAIGHT, BOMB}
    assert {c.top for c, _ in got if c.kind == STRAIGHT} == set(range(5, 12))
    assert all(c.size == 5 for c, _ in got if c.kind == STRAIGHT)
    longer = cl("3♠ 4♥ 5♦ 6♣ 7♠ 8♦")
    assert longer is not None and not beats(longer, lead)
    assert "same type and number" in why_not_beats(longer, lead)


def test_options() -> None:
    assert cl("LJ BJ", ALL) == Combo(JOKER_BOMB, 2, 14)
    jb, b = cl("LJ BJ", ALL), cl("2♠ 2♥ 2♦ 2♣", ALL)
    assert jb and b and beats(jb, b) and not beats(b, jb)
    assert cl("3♠ 3♥ 3♦ 4♣ 4♠", ALL) == Combo(TRIPLE_PAIR, 5, 0)
    assert cl("3♠ 3♥ 3♦ LJ BJ", ALL) is None   # jokers never pair
    low = cl("A♠ 2♥ 3♦ 4♣ 5♠", ALL)
    assert low == Combo(STRAIGHT, 5, 2)
    s34567 = cl("3♠ 4♥ 5♦ 6♣ 7♠", ALL)
    assert s34567 and low and beats(s34567, low)
    flush = cl("3♠ 4♠ 5♠ 6♠ 7♠", ALL)
    high = cl("T♠ J♥ Q♦ K♣ A♠", ALL)
    assert flush and high and flush.flush and beats(flush, high) and not beats(high, flush)
    assert cl("3♠ 4♥ 5♦ 6♣", ClimbRules(min_straight=4)) == Combo(STRAIGHT, 4, 3)
    assert cl("3♠ 3♥ 4♦ 4♣", ClimbRules(min_pair_seq=3)) is None


PACK = make_pack(named_jokers=2)
# ranks 3..8, A, 2 and the jokers: dense enough for sequences, bombs and A-2-3-4-5
SMALL = [c for c in PACK if climb_rank(c) <= 5 or climb_rank(c) >= 11]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(SMALL), min_size=1, max_size=12, unique=True),
       st.lists(st.sampled_from(SMALL), min_size=1, max_size=6, unique=True),
       st.booleans(), st.booleans(), st.booleans(), st.booleans())
def test_plays_match_brute_force(hand: list[int], table: list[int], twp: bool, sf: bool,
                                 jb: bool, low: bool) -> None:
    """plays() lists exactly the subsets of the hand that classify and beat the table."""
    rules = ClimbRules(triple_with_pair=twp, straight_flush_beats_straight=sf,
                       joker_pair_bomb=jb, a2345_straight=low)
    top = classify(table, rules)
    got = {frozenset(cs) for _, cs in plays(hand, rules, top)}
    assert len(got) == len(plays(hand, rules, top))   # no duplicates
    want = set()
    for k in range(1, len(hand) + 1):
        for sub in combinations(hand, k):
            c = classify(sub, rules)
            if c is not None and (top is None or beats(c, top)):
                want.add(frozenset(sub))
    assert got == want
