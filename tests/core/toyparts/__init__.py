"""The parts of the toy game ``toy`` (tests/core/toygame.py), one module per part as in a
game package (``src/cardtable/games/<id>/``): ``layout``, ``explain``, ``advice``,
``encoding``, ``bots``, ``render``.  ``toygame.py`` declares them as ``PARTS``.

Every part reads a seat's ``view(seat)`` only (never the state), so a part cannot show a
card the seat may not see; the helpers below are what the parts share about the toy's view.
"""

from __future__ import annotations

from typing import Any

from cardtable.cards import parse_card
from cardtable.errors import BadCard


def pile(view: dict[str, Any]) -> list[tuple[int, str]]:
    """The pile as (seat, card) in play order: the view writes each play as ``"seat:card"``."""
    out = []
    for entry in view.get("pile") or ():
        seat, sep, card = str(entry).partition(":")
        if sep and seat.isdigit():
            out.append((int(seat), card))
    return out


def card_value(text: str) -> int:
    """The value of a card written as text (0 for anything that is not a card)."""
    try:
        return parse_card(text).rank
    except BadCard:
        return 0


def played_totals(view: dict[str, Any]) -> list[int]:
    """Each seat's total of the cards it has put on the pile (public: the pile is face up)."""
    totals = [0] * int(view.get("players", 0))
    for seat, card in pile(view):
        if 0 <= seat < len(totals):
            totals[seat] += card_value(card)
    return totals


def own_total(view: dict[str, Any]) -> int | None:
    """The seat's final total, known from the start: what it played plus what it holds
    (every card is played by the end).  None for a spectator."""
    seat, hand = view.get("seat"), view.get("hand")
    if not isinstance(seat, int) or not isinstance(hand, list):
        return None
    return played_totals(view)[seat] + sum(card_value(c) for c in hand)
