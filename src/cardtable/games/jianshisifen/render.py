"""A plain-text table for ``cardtable play jianshisifen``: only what the view holds."""

from __future__ import annotations

from typing import Any


def render(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    lines = [f"捡十四分 Pick Fourteen — {'spectator' if seat is None else f'seat {seat}'}"
             f"   phase: {view.get('phase')}   stock: {view.get('stock')}"]
    lines.append("table: " + (" ".join(view.get("table", [])) or "-"))
    for s, pairs in enumerate(view.get("pairs", [])):
        mark = " (you)" if s == seat else ""
        shown = "  ".join("+".join(p) for p in pairs) or "-"
        lines.append(f"seat {s}{mark}: {view['hand_sizes'][s]} cards, pairs {shown}"
                     f"  ({view['pile_points'][s]} points)")
    if view.get("hand") is not None:
        lines.append("your hand: " + " ".join(view["hand"]))
    if view.get("scores") is not None:
        lines.append("deal score: " + "  ".join(f"{s}: {v}" for s, v in enumerate(view["scores"])))
    return "\n".join(lines)
