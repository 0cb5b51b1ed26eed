"""A plain-text table for the command line (``render(view)``): only what the view holds."""

from __future__ import annotations

from typing import Any

from .specials import BY_ID

ROW_LABELS = ("头道 first ", "中道 second", "尾道 third ")


def render(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    players = int(view.get("players", 0))
    lines = [f"十三张 Chinese Poker — {'spectator' if seat is None else f'seat {seat}'}"]
    if view.get("hand") is not None:
        lines.append("your hand:  " + " ".join(view["hand"]))
        if view.get("specials"):
            names = ", ".join(f"{s} ({BY_ID[s].chinese} {BY_ID[s].points})" for s in view["specials"])
            lines.append("specials:   " + names)
        if view.get("my_submission"):
            lines.append("your move:  " + view["my_submission"])
    done = view.get("submitted", [])
    lines.append("submitted:  " + "  ".join(f"{s}: {'yes' if d else 'no'}" for s, d in enumerate(done)))
    for show in view.get("showdown", []):
        s = show["seat"]
        if show.get("special"):
            sp = BY_ID[show["special"]]
            lines.append(f"seat {s}: declared {sp.chinese} ({sp.id}, {sp.points})")
            continue
        flag = "   — fouled (倒水)" if show.get("fouled") else ""
        lines.append(f"seat {s}:{flag}")
        for label, row in zip(ROW_LABELS, show.get("rows", []), strict=False):
            lines.append(f"    {label}  {' '.join(row)}")
    if view.get("scores") is not None and players:
        lines.append("deal score: " + "  ".join(f"{s}: {v:+d}" for s, v in enumerate(view["scores"])))
    return "\n".join(lines)
