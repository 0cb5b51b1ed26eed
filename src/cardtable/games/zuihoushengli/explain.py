"""Score lines of 最后胜利 for a person (§7.6)."""

from __future__ import annotations

import re
from typing import Any

from ...i18n import N_, _
from ...parts.screen import ExplainContext

SCORING_NOTE = N_("The last player holding cards scores +20; the bankrupt pay −40, −30, −20, −10 "
                  "in order.")

_BANKRUPT = re.compile(r"破产户 #(\d+)")
_WENT_BANKRUPT = {1: N_("went bankrupt (破产户) first"), 2: N_("went bankrupt (破产户) second"),
                  3: N_("went bankrupt (破产户) third"), 4: N_("went bankrupt (破产户) fourth"),
                  5: N_("went bankrupt (破产户) fifth")}


def _bankrupt_place(item: dict[str, Any], ctx: ExplainContext) -> int | None:
    """The seat's place among the bankrupt (1 = first out), from the final view's order;
    without a view, from the engine's note."""
    seat = int(item["seat"])
    order = list((ctx.view or {}).get("bankrupt") or [])
    if seat in order:
        return order.index(seat) + 1
    m = _BANKRUPT.match(str(item.get("note", "")))
    return int(m.group(1)) if m else None


def explain(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    view = ctx.view or {}
    seat = int(item["seat"])
    if seat == view.get("survivor") or item.get("note") == "last player holding cards":
        return _("last player holding cards")
    k = _bankrupt_place(item, ctx)
    if k is not None:
        return (_(_WENT_BANKRUPT[k]) if k in _WENT_BANKRUPT
                else _("went bankrupt (破产户) #{place}", place=k))
    return ctx.words(str(item.get("note", "")))
