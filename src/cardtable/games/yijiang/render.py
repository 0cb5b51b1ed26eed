"""A plain-text table for ``cardtable play yijiang``: only what the view holds."""

from __future__ import annotations

from typing import Any


def render(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    lines = [f"议将夺墩算分 — {'spectator' if seat is None else f'seat {seat}'}   round "
             f"{view.get('round')}/{view.get('rounds')}   phase: {view.get('phase')}   dealer: {view.get('dealer')}"]
    if view.get("bids"):
        lines.append("auction: " + ", ".join(f"{s}: {'bid ' + str(k) if k != 'pass' else 'pass'}"
                                              for s, k in view["bids"]))
    if view.get("declarer") is not None:
        lines.append(f"declarer: seat {view['declarer']}, contract {view.get('high_bid')}, "
                     f"trump {view.get('trump') or '-'}")
    trick = view.get("trick", {})
    if trick.get("plays"):
        lines.append("trick: " + "  ".join(f"{s}:{c}" for s, c in trick["plays"]))
    lines.append("tricks won: " + "  ".join(f"{s}: {n}" for s, n in enumerate(view.get("tricks_won", []))))
    if view.get("hand") is not None:
        lines.append("your hand: " + " ".join(view["hand"]))
    lines.append("points this deal: " + "  ".join(f"{s}: {p}" for s, p in enumerate(view.get("round_scores", []))))
    return "\n".join(lines)
