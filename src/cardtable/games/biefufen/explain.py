"""Score lines of 憋负分 for a person: each face-down card with its value (§8.4–§8.6)."""

from __future__ import annotations

import re
from typing import Any

from ...cards import parse_card
from ...i18n import N_, _
from ...parts.screen import ExplainContext, signed
from .state import card_value

SCORING_NOTE = N_("Minus points: every card turned face down (扣) costs its value "
                  "(7 → 7, 6 and 8 → 6, … A and K → 1, jokers 0); the total closest to 0 is best.")

_OWNER_NOTE = re.compile(r"face down by seat (\d+)")


def _is_you(ctx: ExplainContext, seat: int) -> bool:
    """The seat the screen belongs to (its name is "You" in English, translated elsewhere)."""
    return ctx.names[seat] == "You" or (ctx.view is not None and ctx.view.get("seat") == seat)


def _owner(item: dict[str, Any], card: str, ctx: ExplainContext) -> int | None:
    """Whose 扣 pile holds the card: from the final view's piles, else the engine's note."""
    for s, pile in enumerate((ctx.view or {}).get("piles") or []):
        if card in pile:
            return s
    m = _OWNER_NOTE.search(str(item.get("note", "")))
    return int(m.group(1)) if m else None


def explain(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    cards = item.get("cards") or []
    if len(cards) != 1:
        return None
    card = cards[0]
    seat = int(item["seat"])
    value = card_value(parse_card(card))
    mult = -int(item["points"]) // value if value else 1
    owner = _owner(item, card, ctx)
    args = {"card": card, "value": signed(-value), "times": mult}
    dead = mult > 1
    if owner is None or owner == seat or ctx.names[owner] == ctx.names[seat]:
        return (_("{card} face down (扣), a dead card: {value} × {times}", **args) if dead
                else _("{card} face down (扣): {value} × {times}", **args))
    partner = ctx.name(owner)
    if _is_you(ctx, seat):
        return (_("{card} face down (扣) (your partner {partner}), a dead card: {value} × {times}",
                  partner=partner, **args) if dead
                else _("{card} face down (扣) (your partner {partner}): {value} × {times}",
                       partner=partner, **args))
    return (_("{card} face down (扣) (partner {partner}), a dead card: {value} × {times}",
              partner=partner, **args) if dead
            else _("{card} face down (扣) (partner {partner}): {value} × {times}", partner=partner,
                   **args))
