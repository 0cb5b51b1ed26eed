"""Special hands (报到): shisanzhang.md §1.5, its Clarifications and the §1.7 hands 1–9."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import parse_cards
from cardtable.games.shisanzhang.specials import BY_ID, best_special, fitting_specials, special_id


def spec_cards(text: str) -> list[int]:
    """The spec writes suit first (``SA`` = A♠, ``HT`` = 10♥)."""
    return [int(c) for c in parse_cards([t[1:] + t[0] for t in text.split()])]


SPEC_HANDS = [
    ("SA SK SQ SJ ST S9 S8 S7 S6 S5 S4 S3 S2", "qinglong", 200, {"quanhei", "santonghua", "sanshun"}),
    ("SA HK SQ SJ ST S9 S8 S7 S6 S5 S4 S3 S2", "hualong", 130, set()),
    ("SA HA DA CA SK HK DK CK SQ HQ DQ CQ H2", "sangesitong", 100, {"liuduiban"}),
    ("SA HA DA SK HK DK SQ HQ DQ SJ HJ DJ C9", "sigesantong", 80, {"quanda"}),
    ("S2 H2 S3 D3 C4 H4 S5 H5 C6 D6 S7 H7 SK", "liuduiban", 60, set()),
    ("H2 D2 H5 D5 H9 DJ HK DK H3 D7 H8 DT HQ", "quanhong", 50, set()),
    ("S2 H2 C2 D3 S4 H5 C6 D7 S8 H3 C4 D5 S6", "quanxiao", 40, set()),
    ("H2 H5 H9 S2 S6 S8 SJ SK C4 C7 C9 CQ CA", "santonghua", 30, set()),
    ("S3 H4 D5 C3 S4 H5 D6 C7 S8 H9 DT CJ SQ", "sanshun", 30, set()),
]


@pytest.mark.parametrize(("text", "sid", "points", "also"), SPEC_HANDS, ids=[h[1] for h in SPEC_HANDS])
def test_spec_hands_score_as_their_highest_special(text: str, sid: str, points: int, also: set[str]) -> None:
    """§1.7 scenarios 1–9 (the scoring itself is in the scenario files)."""
    fits = fitting_specials(spec_cards(text))
    assert fits[0] == sid and BY_ID[sid].points == points
    assert also <= set(fits)


def test_scenario_6_cannot_make_three_flushes_and_7_has_only_five_pairs() -> None:
    assert "santonghua" not in fitting_specials(spec_cards(SPEC_HANDS[5][0]))
    fits7 = fitting_specials(spec_cards(SPEC_HANDS[6][0]))
    assert "liuduiban" not in fits7 and "sanshun" not in fits7


def test_four_trips_may_use_a_quad() -> None:
    """Clarifications: 4+3+3+3 is 四个三同."""
    assert "sigesantong" in fitting_specials(spec_cards("SA HA DA CA SK HK DK SQ HQ DQ S5 H5 D5"))


def test_six_pairs_counts_quads_as_two_pairs_and_trips_as_one() -> None:
    """§1.5 Decision: five pairs + trips qualifies; a quad counts two pairs."""
    assert "liuduiban" in fitting_specials(spec_cards("S2 H2 D2 S3 H3 S4 H4 S5 H5 S6 H6 S9 H9"))
    assert "liuduiban" in fitting_specials(spec_cards("S2 H2 D2 C2 S3 H3 S4 H4 S5 H5 S6 H6 C9"))
    assert "liuduiban" not in fitting_specials(spec_cards("S2 H2 D2 S3 H3 S4 H4 S5 H5 S6 H6 S9 HT"))


def test_all_big_and_all_small_thresholds() -> None:
    """§1.5 Decision: 全大 all 8..A, 全小 all 2..8, the ace counts high (config all_big_min/all_small_max)."""
    big = spec_cards("S8 H9 DT CJ SQ HK DA C8 S9 HT DJ CQ SK")
    assert "quanda" in fitting_specials(big)
    assert "quanda" not in fitting_specials(big, all_big_min=9)
    small_with_ace = spec_cards("SA H2 D3 C4 S5 H6 D7 C8 S2 H3 D4 C5 S6")
    assert "quanxiao" not in fitting_specials(small_with_ace)
    assert "quanxiao" in fitting_specials(small_with_ace, all_small_max=14)


def test_all_black() -> None:
    assert "quanhei" in fitting_specials(spec_cards("S2 C2 S5 C5 S9 CJ SK CK S3 C7 S8 CT SQ"))


def test_three_straights_allow_a23_and_qka_but_no_wrap() -> None:
    """Clarifications: front 3-card straights A-2-3 and Q-K-A; K-A-2 is not a straight."""
    assert "sanshun" in fitting_specials(spec_cards("SA H2 D3 C4 S5 H6 D7 C8 S9 HT DJ CQ SK"))  # 花龙 too
    assert "sanshun" in fitting_specials(spec_cards("SQ HK DA C2 S3 H4 D5 C6 S6 H7 D8 C9 ST"))
    assert "sanshun" not in fitting_specials(spec_cards("SK HA D2 C3 S4 H5 D6 C7 S3 H4 D5 C6 S7"))


def test_three_flushes_may_repeat_a_suit() -> None:
    """Clarifications: middle and back may be the same suit (3 hearts + 10 spades)."""
    assert "santonghua" in fitting_specials(spec_cards("H2 H5 H9 S2 S3 S6 S8 S9 ST SJ SQ SK SA"))


def test_names() -> None:
    assert special_id("dragon_flush") == "qinglong" and special_id("六对半") == "liuduiban"
    assert special_id("QINGLONG") == "qinglong" and special_id("nothing") is None
    assert best_special(spec_cards("S2 H2 C2 D3 S4 H5 C6 D7 S8 H3 C4 DK SA")) is None


# --- brute force over every split, written independently -------------------------------------

def _ranks(cards: tuple[int, ...]) -> list[int]:
    return sorted(c % 13 for c in cards)  # 0 = A


def _is_straight(cards: tuple[int, ...]) -> bool:
    rs = _ranks(cards)
    if len(set(rs)) != len(rs):
        return False
    hi = [13 if r == 0 else r for r in rs]   # ace high
    return max(rs) - min(rs) == len(rs) - 1 or max(hi) - min(hi) == len(rs) - 1


def brute(cards: list[int], row_ok) -> bool:  # type: ignore[no-untyped-def]
    for front in combinations(cards, 3):
        if not row_ok(front):
            continue
        rest = [c for c in cards if c not in front]
        for mid in combinations(rest, 5):
            back = tuple(c for c in rest if c not in mid)
            if row_ok(mid) and row_ok(back):
                return True
    return False


def _near_special(seed: int, straights: bool) -> list[int]:
    """Hands built from three runs (or three suit blocks), then one card perturbed."""
    rng = random.Random(seed)
    while True:
        if straights:
            lows = [rng.randrange(12) for _ in range(2)]
            ranks = [(lows[0] + i) % 13 for i in range(5)] + [(lows[1] + i) % 13 for i in range(5)]
            lo3 = rng.randrange(12)
            ranks += [(lo3 + i) % 13 for i in range(3)]
            cards = [r + 13 * rng.randrange(4) for r in ranks]
        else:
            suits = [rng.randrange(4) for _ in range(3)]
            cards = [13 * suits[k] + r for k, n in enumerate((3, 5, 5)) for r in rng.sample(range(13), n)]
        if rng.random() < 0.5:
            cards[rng.randrange(13)] = rng.randrange(52)
        if len(set(cards)) == 13:
            return cards


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_three_straights_agree_with_brute_force(seed: int) -> None:
    cards = _near_special(seed, True)
    assert ("sanshun" in fitting_specials(cards)) == brute(cards, _is_straight)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_three_flushes_agree_with_brute_force(seed: int) -> None:
    cards = _near_special(seed, False)
    assert ("santonghua" in fitting_specials(cards)) == brute(cards, lambda row: len({c // 13 for c in row}) == 1)
