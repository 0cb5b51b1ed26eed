"""Score lines of 五十一分 for a person (§5.4–§5.6)."""

from __future__ import annotations

from typing import Any

from ...explanation import ExplainContext

SCORING_NOTE = ("A hand is worth its cards of one suit (A 11, J Q K 10, others their pips); "
                "the best hand records its value.")


def explain(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    note = ctx.words(str(item.get("note", "")))
    cards = item.get("cards") or []
    return f"{note}; hand {' '.join(cards)}" if cards else note
