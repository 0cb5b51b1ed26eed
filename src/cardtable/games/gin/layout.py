"""The Gin Rummy table for a player: discard pile, stock, your best melds, the knock."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...presentation import Zone, name_of, zone
from .render import _arranged

ACE_LOW = True
PHASES = {"offer": "take the upcard or pass", "offer_dealer": "dealer: take the upcard or pass",
          "first_draw": "first draw from the stock", "draw": "draw from the stock or take the discard",
          "discard": "discard (or knock / gin)", "fifty": "the 50th card", "defend": "lay off on the knock",
          "over": "over"}


def zones(view: dict[str, Any], names: Sequence[str]) -> list[Zone]:
    seat = view.get("seat")
    pile = view.get("discard") or []
    out = [zone("discard pile (top last)", pile[-10:]),
           zone("stock", text=f"{view.get('stock')} cards   knock limit {view.get('knock_limit')}"
                + ("   gin only" if view.get("gin_only") else "")
                + (f"   scores ×{view['multiplier']}" if view.get("multiplier", 1) != 1 else "")),
           zone("dealer", text=name_of(view.get("dealer"), names))]
    if view.get("hand"):
        out.append(zone("your best melds", text=_arranged(view["hand"])))
    for s, n in enumerate(view.get("hand_sizes", [])):
        if s == seat:
            continue
        if view.get("hands"):
            out.append(zone(name_of(s, names), text=_arranged(view["hands"][s])))
        else:
            known = view.get("known", [[]] * 2)[s]
            out.append(zone(name_of(s, names), text=f"{n} cards"
                            + (f", known to hold {' '.join(known)}" if known else "")))
    knock = view.get("knock")
    if knock and knock.get("seat") is not None:
        kind = "big gin" if knock["big_gin"] else "gin" if knock["gin"] else "knock"
        text = " ".join("[" + " ".join(m) + "]" for m in knock["melds"])
        if knock["deadwood"]:
            text += f"  deadwood {' '.join(knock['deadwood'])} = {knock['deadwood_points']}"
        if knock.get("layoffs"):
            text += "  laid off: " + ", ".join(c for c, _ in knock["layoffs"])
        out.append(zone(f"{name_of(knock['seat'], names)}: {kind}", text=text))
    return out
