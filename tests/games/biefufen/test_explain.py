"""The score lines of biefufen name the cards and add up (tests/core/explain_checks.py)."""

from __future__ import annotations

import re

from tests.core.explain_checks import check_game

LINE = re.compile(r"^(\S+) face down \(扣\)(?: \(.*\))?(?:, a dead card)?: (?:−(\d+)|0) × (\d+)$")


def value(card: str) -> int:
    """憋负分 §8.4 as the spec words it: 7 → 7, 6/8 → 6, … A/K → 1, jokers 0."""
    rank = {"A": 1, "J": 11, "Q": 12, "K": 13}.get(card[:-1]) or int(card[:-1]) if card[-1] in "♠♥♦♣" else 0
    return 7 - abs(rank - 7) if rank else 0


def face_down_pairs(text: str) -> list[tuple[str, int]]:
    """"K♦ face down (扣): −1 × 1" → [("K♦", 1)]; every line has this shape."""
    m = LINE.match(text)
    assert m, text
    return [(m.group(1), int(m.group(2) or 0))]


def test_explained_points_add_up_and_values_are_right() -> None:
    seen = check_game("biefufen", range(8), value, pairs_of=face_down_pairs)
    assert seen["lines"] > 0 and seen["valued"] > 0
