"""Score lines of 最后胜利 for a person (§7.6)."""

from __future__ import annotations

import re
from typing import Any

from ...explanation import ExplainContext

SCORING_NOTE = "The last player holding cards scores +20; the bankrupt pay −40, −30, −20, −10 in order."

_BANKRUPT = re.compile(r"破产户 #(\d+)")
_ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}


def explain(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    note = str(item.get("note", ""))
    m = _BANKRUPT.match(note)
    if m:
        k = int(m.group(1))
        return f"went bankrupt (破产户) {_ORDINAL.get(k, f'#{k}')}"
    return ctx.words(note)
