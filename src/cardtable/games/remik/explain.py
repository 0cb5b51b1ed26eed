"""Score lines of Remik for a person: penalty points, the hand added up (remik.md 28–32)."""

from __future__ import annotations

from typing import Any

from ...cards import parse_card
from ...explanation import ExplainContext

SCORING_NOTE = ("Remik counts penalty points: lower is better. Cards left in hand cost "
                "their value (joker 20, A 11, J Q K 10, 2–10 their pips); once a total reaches "
                "the threshold the lowest total wins.")


def _value(card: str, points: int, cards: list[str]) -> int:
    c = parse_card(card)
    if c.is_joker:
        return 20
    return 11 if c.rank == 1 else min(c.rank, 10)


def explain(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    rule = item.get("rule")
    cards = list(item.get("cards") or [])
    note = ctx.words(str(item.get("note", "")))
    if rule == "remik:28":
        return "went out: no penalty" + (" (remik z ręki)" if "z ręki" in note else "")
    if rule == "remik:32":
        return f"lowest hand in a blocked deal ({' '.join(cards)}): no penalty"
    values = [_value(c, 0, cards) for c in cards]
    arithmetic = " + ".join(f"{c} {v}" for c, v in zip(cards, values, strict=True))
    if rule == "remik:29":
        if sum(values) == item["points"]:
            return f"cards left in hand: {arithmetic} = {item['points']}"
        return f"cards left in hand ({' '.join(cards)}): {note}"
    if rule == "remik:30":
        return f"never opened; hand {arithmetic}: {note.removeprefix('never opened: ')}"
    if cards and not all(c in note for c in cards):
        note += ": " + " ".join(cards)
    return note
