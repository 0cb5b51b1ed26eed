"""Score lines of 议将夺墩算分 for a person (§9.5)."""

from __future__ import annotations

from typing import Any

from ...explanation import ExplainContext

SCORING_NOTE = "A made contract scores its value; a failed one gives the shortfall to the other side."


def explain(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    return ctx.words(str(item.get("note", "")))
