"""The 最后胜利 table for a player: the turned card and trump, the trick, who is bankrupt."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...i18n import _, ngettext, pgettext
from ...parts.screen import Zone, name_of, per_seat, plays_text, zone

PHASES: dict[str, str] = {}


def zones(view: dict[str, Any], names: Sequence[str]) -> list[Zone]:
    stock = int(view.get("stock_size") or 0)
    out = [zone(_("甲 (dealer)"), text=name_of(view.get("dealer"), names)),
           zone(pgettext("zone", "turned"), view.get("turned", [])),
           zone(pgettext("zone", "trump"), text=view.get("trump") or _("none (jokers only)")),
           zone(pgettext("zone", "stock"), text=ngettext("{n} card", "{n} cards", stock)),
           zone(pgettext("zone", "cards held"), text=per_seat(view.get("hand_sizes", []), names))]
    if view.get("tricks"):
        last = view["tricks"][-1]
        out.append(zone(pgettext("zone", "last trick"), text=plays_text(last["plays"], names)
                        + f"  → {name_of(last['winner'], names)}"))
    trick = view.get("trick") or {}
    if trick.get("plays"):
        out.append(zone(pgettext("zone", "trick"), text=plays_text(trick["plays"], names)))
    if view.get("bankrupt"):
        out.append(zone(_("bankrupt (破产户)"),
                        text=", ".join(name_of(s, names) for s in view["bankrupt"])))
    return out
