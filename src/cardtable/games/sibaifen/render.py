"""A plain-text table for ``cardtable play sibaifen``: only what the view holds."""

from __future__ import annotations

from typing import Any


def render(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    lines = [f"四百分 Four Hundred Points — {'spectator' if seat is None else f'seat {seat}'}"
             f"  (dealer {view.get('dealer')}, partners 0+2 / 1+3)"]
    if view.get("bids"):
        lines.append("auction:   " + ", ".join(view["bids"]))
    if view.get("declarer") is not None:
        lines.append(f"contract:  {view.get('contract')} by seat {view['declarer']}"
                     f"   trump: {view.get('trump') or '(not named yet)'}")
    if view.get("buried"):
        lines.append("buried:    " + " ".join(view["buried"]))
    if view.get("hand") is not None:
        lines.append("your hand: " + " ".join(view["hand"]))
    lines.append("cards:     " + "  ".join(f"{s}: {n}" for s, n in enumerate(view.get("hand_sizes", []))))
    if view.get("tricks"):
        last = view["tricks"][-1]
        lines.append("last trick: " + " ".join(f"{s}:{c}" for s, c in last["plays"])
                     + f"  → seat {last['winner']}")
    trick = view.get("trick", {})
    if trick.get("plays"):
        lines.append("trick:     " + " ".join(f"{s}:{c}" for s, c in trick["plays"]))
    pts = view.get("points", [0, 0])
    lines.append(f"points:    side 0+2: {pts[0]}   side 1+3: {pts[1]}")
    if view.get("kitty") is not None:
        lines.append("kitty:     " + " ".join(view["kitty"]))
    if view.get("scores") is not None:
        lines.append("deal score: " + "  ".join(f"{s}: {v:+d}" for s, v in enumerate(view["scores"])))
    return "\n".join(lines)
