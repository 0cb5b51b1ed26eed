"""Score lines of 十三张 for a person: each row won or lost, against whom (§1.2–§1.5)."""

from __future__ import annotations

import re
from typing import Any

from ...explanation import ExplainContext

SCORING_NOTE = ("Every pair of players settles on its own: row against row, a foul (倒水) "
                "loses all three rows, a special hand collects its value.")

_ROW = re.compile(r"^(.*?): (.*) beats (.*) \((\d+)\)$")


def explain(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    note = str(item.get("note", ""))
    points = int(item["points"])
    m = _ROW.match(note)
    if m and item.get("rule") == "shisanzhang:1.4":
        row, win, lose, _ = m.groups()
        other = ctx.partner_item(1 if points > 0 else -1)
        vs = ctx.seat(other["seat"], possessive=True) if other else "the other"
        cards = " ".join(item.get("cards") or [])
        if points > 0:
            return f"{row}: {cards}, {win}, beats {vs} {lose}"
        return f"{row}: {vs} {cards}, {win}, beats your {lose}" if ctx.names[item["seat"]] == "You" \
            else f"{row}: {vs} {cards}, {win}, beats {lose}"
    return ctx.words(note)
