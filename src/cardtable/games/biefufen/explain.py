"""Score lines of 憋负分 for a person: each face-down card with its value (§8.4–§8.6)."""

from __future__ import annotations

from typing import Any

from ...cards import parse_card
from ...explanation import ExplainContext, signed
from .state import card_value

SCORING_NOTE = ("Minus points: every card turned face down (扣) costs its value "
                "(7 → 7, 6 and 8 → 6, … A and K → 1, jokers 0); the total closest to 0 is best.")


def explain(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    cards = item.get("cards") or []
    if len(cards) != 1:
        return None
    card = cards[0]
    value = card_value(parse_card(card))
    note = str(item.get("note", ""))
    owner = note.split("face down by seat ", 1)[-1].split(",")[0]
    who = "" if not owner.isdigit() or ctx.names[int(owner)] == ctx.names[item["seat"]] \
        else f" (your partner {ctx.name(owner)})" if ctx.names[item["seat"]] == "You" \
        else f" (partner {ctx.name(owner)})"
    mult = -int(item["points"]) // value if value else 1
    dead = ", a dead card" if mult > 1 else ""
    return f"{card} face down (扣){who}{dead}: {signed(-value)} × {mult}"
