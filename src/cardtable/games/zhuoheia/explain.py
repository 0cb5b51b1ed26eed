"""Score lines of 捉黑A for a person: finishing places; tribute rows worth nothing are hidden."""

from __future__ import annotations

import re
from typing import Any

from ...explanation import ExplainContext

SCORING_NOTE = "The side of the first player to go out wins the hand (the 庄家 with the holder of the black ace)."

_END = re.compile(r"^finished (\d+), (.*), (庄家 side|opponents) (win|lose)$")
_PLACES = {1: "1st", 2: "2nd", 3: "3rd"}


def explain(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    note = str(item.get("note", ""))
    if item.get("rule") == "zhuoheia:2.3":
        return None if int(item["points"]) == 0 else ctx.words(note)
    m = _END.match(note)
    if m:
        place, role, side, result = m.groups()
        p = int(place)
        verb = "wins" if result == "win" else "loses"
        side_text = "the 庄家 side" if side == "庄家 side" else "the opponents' side"
        return f"went out {_PLACES.get(p, f'{p}th')} as {role}; {side_text} {verb}"
    return ctx.words(note) or None
