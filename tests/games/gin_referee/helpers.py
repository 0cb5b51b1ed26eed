"""Stacked table-mode gin deals (any hand sizes; every card of the pack placed once)."""

from __future__ import annotations

from typing import Any

import cardtable
from cardtable.cards import card_str, make_pack, parse_cards
from cardtable.games.gin.referee.tablestate import GinTableState

TABLE = {"table_mode": True}


def make_deal(hand0: str, hand1: str, upcard: str, stock_top: str = "", dealer: int = 1,
              foreign: list[list[Any]] | None = None) -> dict[str, Any]:
    """Hands as given (any size), the upcard, the stock starting with ``stock_top`` and going
    on with the other cards in pack order.  Seat 1 deals by default, so seat 0 plays first."""
    h0, h1, up, top = (parse_cards(x) for x in (hand0, hand1, upcard, stock_top))
    used = [*h0, *h1, *up, *top]
    assert len(set(used)) == len(used), "a card is given twice"
    rest = [c for c in make_pack() if c not in used]
    deal: dict[str, Any] = {"hands": [[card_str(c) for c in h0], [card_str(c) for c in h1]],
                            "stock": [card_str(c) for c in top + rest],
                            "discard": [card_str(up[0])], "dealer": dealer}
    if foreign:
        deal["foreign"] = foreign
    return deal


def table_state(deal: dict[str, Any], **rules: Any) -> GinTableState:
    st = cardtable.new_game("gin", rules={**TABLE, **rules}, deal=deal)
    assert isinstance(st, GinTableState)
    return st


def play(st: Any, *moves: str) -> Any:
    for m in moves:
        st.apply(m)
    return st


def items(st: Any) -> list[dict[str, Any]]:
    return [it.to_json() for it in st.score_items()]


def rules_of(st: Any) -> list[str]:
    return [it.rule for it in st.score_items()]


def verbs(st: Any, seat: int | None = None) -> set[str]:
    return {m.verb for m in st.legal_moves(seat)}
