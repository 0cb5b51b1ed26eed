"""Test helpers: stacked gin deals that hold all 52 cards."""

from __future__ import annotations

from typing import Any

from cardtable.cards import card_str, make_pack, parse_cards


def make_deal(hand0: str, hand1: str, upcard: str, stock_top: str = "", dealer: int = 1) -> dict[str, Any]:
    """A deal with the given hands and upcard; the stock starts with ``stock_top`` and goes
    on with every other card in pack order."""
    used = [*parse_cards(hand0), *parse_cards(hand1), *parse_cards(upcard)]
    top = parse_cards(stock_top)
    used += top
    assert len(set(used)) == len(used), "a card is given twice"
    rest = [c for c in make_pack() if c not in used]
    return {
        "hands": [[card_str(c) for c in parse_cards(hand0)], [card_str(c) for c in parse_cards(hand1)]],
        "stock": [card_str(c) for c in top + rest],
        "discard": [card_str(parse_cards(upcard)[0])],
        "dealer": dealer,
    }
