"""A plain-text table for ``cardtable play wushiyifen``: only what the view holds."""

from __future__ import annotations

from typing import Any


def render(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    lines = [f"五十一分 Fifty-One — {'spectator' if seat is None else f'seat {seat}'}"
             f"   phase: {view.get('phase')}   stock: {view.get('stock')}"]
    for s, pile in enumerate(view.get("thrown", [])):
        mark = " (you)" if s == seat else ""
        lines.append(f"seat {s}{mark} thrown: {' '.join(pile) or '-'}")
    if view.get("last_throw"):
        lines.append(f"last throw (may be taken by the next seat): {view['last_throw']}")
    if view.get("hand") is not None:
        lines.append(f"your hand: {' '.join(view['hand'])}   value {view.get('my_value')}"
                     f"{'' if view.get('my_value') else ' (not one suit)'}"
                     f"{' pure' if view.get('my_pure') else ''}")
    dec = view.get("declaration")
    if dec:
        name = "明亮 open" if dec["kind"] == "open" else "暗亮 hidden"
        lines.append(f"seat {dec['seat']} declared {name}")
    for s, info in view.get("revealed", {}).items():
        lines.append(f"seat {s} shows {' '.join(info['cards'])} = {info['value']}"
                     f"{' pure' if info['pure'] else ''}")
    if view.get("void"):
        lines.append("the stock ran out with no declaration: the deal is void (§5.6)")
    if view.get("scores") is not None:
        lines.append("deal score: " + "  ".join(f"{s}: {v}" for s, v in enumerate(view["scores"])))
    return "\n".join(lines)
