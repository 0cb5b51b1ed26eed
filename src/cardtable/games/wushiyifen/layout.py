"""The 五十一分 table for a player: each seat's thrown cards, the last throw, declarations."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...presentation import Zone, name_of, zone

PHASES = {"draw": "draw from the stock or take the last throw", "throw": "throw a card (or declare)",
          "open_response": "answer the 明亮 open declaration",
          "hidden_response": "answer the 暗亮 hidden declaration: challenge (顶) or not"}


def zones(view: dict[str, Any], names: Sequence[str]) -> list[Zone]:
    out = [zone("stock", text=f"{view.get('stock')} cards   a hand needs ≥ {view.get('threshold')} "
                              "to declare")]
    if view.get("hand") is not None:
        value = view.get("my_value")
        out.append(zone("your hand's value", text=f"{value}" + ("" if value else " (not one suit)")
                        + (" — pure (纯花色, no joker)" if view.get("my_pure") and value else "")))
    for s, pile in enumerate(view.get("thrown", [])):
        out.append(zone(f"{name_of(s, names)} threw", pile))
    if view.get("last_throw"):
        out.append(zone("last throw (the next seat may take it)", [view["last_throw"]]))
    dec = view.get("declaration")
    if dec:
        kind = "明亮 open" if dec["kind"] == "open" else "暗亮 hidden"
        out.append(zone("declaration", text=f"{name_of(dec['seat'], names)} declared {kind}"))
    for s, info in (view.get("revealed") or {}).items():
        out.append(zone(f"shown by {name_of(s, names)}", text=f"{' '.join(info['cards'])} = {info['value']}"
                        + (" — pure (纯花色, no joker)" if info.get("pure") and info["value"] else "")))
    if view.get("void"):
        out.append(zone("void deal", text="the stock ran out with no declaration: nobody scores"))
    return out
