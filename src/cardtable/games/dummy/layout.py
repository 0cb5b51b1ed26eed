"""The Thai Dummy (ดัมมี่) table for a player: head card, pile, melds, hands."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...explanation import signed
from ...presentation import Zone, name_of, name_seats, zone

PHASES = {"take": "draw or pick up from the pile", "play": "meld, lay off, then discard"}


def hand(view: dict[str, Any]) -> list[str] | None:
    seat = view.get("seat")
    hands = view.get("hands") or []
    if seat is not None and seat < len(hands) and isinstance(hands[seat], list):
        return list(hands[seat])
    return None


def zones(view: dict[str, Any], names: Sequence[str]) -> list[Zone]:
    out = [zone("head card", [view["head"]] if view.get("head") else None,
                None if view.get("head") else "—"),
           zone("stock", text=f"{view.get('stock_count')} cards"),
           zone("pile (bottom → top)", view.get("discard_pile", []))]
    for i, m in enumerate(view.get("melds", [])):
        out.append(zone(f"meld {i + 1} ({name_of(m['owner'], names)})", m["cards"]))
    seat = view.get("seat")
    for s, h in enumerate(view.get("hands", [])):
        born = " (born)" if view.get("born", [False] * 8)[s] else ""
        if s == seat:
            continue
        if isinstance(h, list):
            out.append(zone(f"{name_of(s, names)}{born}", h))
        else:
            known = f", known {' '.join(h['known'])}" if h.get("known") else ""
            out.append(zone(f"{name_of(s, names)}{born}", text=f"{h['count']} cards{known}"))
    for p in [] if view.get("over") else view.get("penalties", []):
        out.append(zone("penalty", text=f"{name_of(p['seat'], names)} {signed(p['points'])}: "
                        f"{' '.join(p.get('cards', []))}, {name_seats(p.get('note', ''), names)}"))
    if view.get("must_knock") and not view.get("over"):
        out.append(zone("note", text="this turn must end in a knock"))
    return out
