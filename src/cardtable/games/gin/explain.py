"""Score lines of Gin Rummy for a person (gin.md rules 30–39)."""

from __future__ import annotations

from typing import Any

from ...explanation import ExplainContext

SCORING_NOTE = "The hand's winner scores the difference in deadwood plus any bonus."


def explain(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    note = ctx.words(str(item.get("note", "")))
    cards = item.get("cards") or []
    if cards and item.get("rule") in ("gin:30", "gin:31", "gin:32"):
        note += f"; deadwood shown: {' '.join(cards)}"
    elif cards:
        note += ": " + " ".join(cards)
    return note
