"""Score lines of 憋7 for a person (§4.4–§4.5)."""

from __future__ import annotations

from typing import Any

from ...explanation import ExplainContext

SCORING_NOTE = ("The first player to play out all cards wins; whoever holds the dead card "
                "(死牌) at the end loses.")


def explain(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    note = ctx.words(str(item.get("note", "")))
    if note.startswith("holds the dead card"):
        return f"{note} (死牌, which can never be played) when the deal ended"
    return note or None
