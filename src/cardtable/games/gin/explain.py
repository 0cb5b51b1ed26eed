"""Score lines of Gin Rummy for a person: both deadwoods added up (gin.md rules 30–39)."""

from __future__ import annotations

from typing import Any

from ...explanation import ExplainContext, card_sum
from ...melds import GIN

SCORING_NOTE = ("The hand's winner scores the difference in deadwood (A 1, 2–10 their pips, "
                "J Q K 10) plus any bonus.")


def _value(card: int) -> int:
    return GIN.VALUE[card % 64]


def explain(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    note = ctx.words(str(item.get("note", "")))
    cards = list(item.get("cards") or [])
    knock = (ctx.view or {}).get("knock") or {}
    if item.get("rule") in ("gin:31", "gin:32") and knock.get("seat") is not None and cards:
        kseat = int(knock["seat"])
        mine = list(knock.get("deadwood") or [])
        theirs = [c for c in cards if c not in mine]
        k_text, k_pts = card_sum(mine, _value)
        d_text, d_pts = card_sum(theirs, _value)
        knocker = ctx.seat(kseat, possessive=True)
        defender = ctx.seat(1 - kseat, possessive=True)
        kind = note.split(":", 1)[0]
        k_part = f"{knocker} deadwood {k_text} = {k_pts}" if mine else f"{knocker} deadwood 0"
        d_part = f"{defender} deadwood {d_text} = {d_pts}" if theirs else f"{defender} deadwood 0"
        rest = note.split(" + ", 1)[1] if " + " in note else ""
        doubled = "; doubled (spade upcard)" if "doubled" in note else ""
        rest = rest.split(" (doubled")[0]
        return f"{kind}: {d_part}; {k_part}" + (f"; plus {rest}" if rest else "") + doubled
    if cards and item.get("rule") == "gin:30":
        text, pts = card_sum(cards, _value)
        return f"{note}; {ctx.seat(1 - int(item['seat']), possessive=True)} deadwood {text} = {pts}"
    if cards:
        note += ": " + " ".join(cards)
    return note


