"""捡十四分 values: pick values (jianshisifen.md §6.1) and suit points (§6.4)."""

from __future__ import annotations

from ...cards import LJ

PICK_SUM = 14
SUIT_POINTS = (4, 3, 2, 1)     # ♠ ♥ ♦ ♣ (§6.4)


def pick_value(code: int) -> int:
    """§6.1 [seed]: big joker, small joker and A are 1; K 13, Q 12, J 11, 10..2 pip value."""
    b = code % 64
    if b >= LJ:
        return 1
    return b % 13 + 1


def is_pair(hand_card: int, table_card: int) -> bool:
    """§6.3 [seed]: a hand card picks a table card when their values add up to 14."""
    return pick_value(hand_card) + pick_value(table_card) == PICK_SUM


def card_points(code: int, joker_suit_points: int) -> int:
    """§6.4 [seed]: ♠ 4, ♥ 3, ♦ 2, ♣ 1; a joker ``joker_suit_points`` (Decision, default 0)."""
    b = code % 64
    if b >= LJ:
        return joker_suit_points
    return SUIT_POINTS[b // 13]
