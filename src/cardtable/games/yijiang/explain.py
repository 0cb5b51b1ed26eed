"""Score lines of 议将夺墩算分 for a person: each round's contract, made or failed (§9.5)."""

from __future__ import annotations

import re
from typing import Any

from ...explanation import ExplainContext

SCORING_NOTE = ("Each round: a declarer's side that takes at least the tricks it bid scores the bid; "
                "otherwise every opponent scores the shortfall. The first total to reach the target wins.")

_MADE = re.compile(r"^round (\d+): contract (\d+) made with (\d+) tricks$")
_FAILED = re.compile(r"^round (\d+): contract (\d+) failed with (\d+) tricks; shortfall (\d+)$")


def explain(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    note = str(item.get("note", ""))
    m = _MADE.match(note)
    if m:
        r, k, t = m.groups()
        return f"round {r}: your side's bid of {k} tricks made with {t}; scores the bid" \
            if ctx.names[item["seat"]] == "You" else f"round {r}: the bid of {k} tricks made with {t}; scores the bid"
    m = _FAILED.match(note)
    if m:
        r, k, t, short = m.groups()
        return f"round {r}: the declarer bid {k} tricks and took {t}: shortfall {k} − {t} = {short} to each opponent"
    return ctx.words(note)
