"""A plain-text table for ``cardtable play zuihoushengli``: only what the view holds."""

from __future__ import annotations

from typing import Any


def render(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    who = "spectator" if seat is None else f"seat {seat}"
    lines = [f"最后胜利 Last Victory — {who}  (甲 = seat {view.get('dealer')})"]
    turned = " ".join(view.get("turned", [])) or "-"
    trump = view.get("trump") or "none (jokers only)"
    lines.append(f"turned: {turned}   trump: {trump}   stock: {view.get('stock_size')}")
    if view.get("hand") is not None:
        lines.append("your hand: " + " ".join(view["hand"]))
    lines.append("cards:     " + "  ".join(f"{s}: {n}" for s, n in enumerate(view.get("hand_sizes", []))))
    if view.get("tricks"):
        last = view["tricks"][-1]
        lines.append("last trick: " + " ".join(f"{s}:{c}" for s, c in last["plays"]) + f"  → seat {last['winner']}")
    trick = view.get("trick", {})
    if trick.get("plays"):
        lines.append("trick:     " + " ".join(f"{s}:{c}" for s, c in trick["plays"]))
    if view.get("bankrupt"):
        lines.append("破产户:    " + ", ".join(f"seat {s}" for s in view["bankrupt"]))
    if view.get("scores") is not None:
        lines.append("deal score: " + "  ".join(f"{s}: {v:+d}" for s, v in enumerate(view["scores"])))
    return "\n".join(lines)
