"""The Remik table for a player: discard pile, the melds on the table, who has opened."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...presentation import Zone, name_of, zone

PHASES = {"draw": "draw from the stock or take the discard", "play": "meld, lay off, then discard"}


def zones(view: dict[str, Any], names: Sequence[str]) -> list[Zone]:
    out = [zone("discard pile (top last)", (view.get("discard") or [])[-8:]),
           zone("stock", text=f"{view.get('stock')} cards   opening needs ≥ {view.get('opening_min')} "
                              f"points   match ends at {view.get('threshold')}")]
    for m in view.get("table", []):
        out.append(zone(f"meld {m['id']} ({name_of(m['owner'], names)})", m["cards"]))
    hands = view.get("hands")
    seat = view.get("seat")
    for s, n in enumerate(view.get("hand_sizes", [])):
        if s == seat and not hands:
            continue
        opened = "opened" if view["opened"][s] else "not opened"
        if hands:
            out.append(zone(f"{name_of(s, names)} ({opened})", hands[s]))
        else:
            out.append(zone(name_of(s, names), text=f"{n} card{'' if n == 1 else 's'}, {opened}"))
    if view.get("taken") and not view.get("over"):
        out.append(zone("taken this turn", [view["taken"]] if isinstance(view["taken"], str)
                        else list(view["taken"])))
    if view.get("must_use_joker"):
        out.append(zone("note", text="you must use the joker taken by exchange this turn"))
    r = view.get("result")
    if r:
        how = "blocked deal" if r["blocked"] else ("remik z ręki" if r["remik_z_reki"] else "went out")
        who = ", ".join(name_of(s, names) for s in r.get("winners", []))
        out.append(zone("deal over", text=f"{how}" + (f": {who}" if who else "")))
    return out
