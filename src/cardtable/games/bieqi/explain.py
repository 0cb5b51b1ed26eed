"""Score lines of 憋7 for a person (§4.4–§4.5)."""

from __future__ import annotations

from typing import Any

from ...explanation import ExplainContext

SCORING_NOTE = "The first seat to play out all its cards wins; the losers pay."


def explain(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    note = ctx.words(str(item.get("note", "")))
    if note.startswith("holds the dead card"):
        return f"{note} (the card nobody could play) when the deal ended"
    return note or None
