"""A plain-text table for the command line: only what the view holds."""

from __future__ import annotations

from typing import Any

from ...cards import RANKS, SUITS


def render(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    variant = view.get("options", {}).get("variant", "plain")
    title = {"plain": "憋负分", "dai2k": "带2、K憋负分", "daiwang": "带王憋负分"}.get(variant, "憋负分")
    lines = [f"{title} — {'spectator' if seat is None else f'seat {seat}'}"]
    chains = view.get("chains", {})
    for s in view.get("suits", list(SUITS)):
        if s in chains:
            lo, hi = chains[s]
            lines.append(f"  {s}: {' '.join(RANKS[RANKS.index(lo):RANKS.index(hi) + 1])}")
        else:
            lines.append(f"  {s}: (7 not down)")
    if view.get("dead"):
        lines.append("dead cards: " + ", ".join(f"{p} ×{m}" for p, m in view["dead"].items()))
    lines.append("cards held: " + "  ".join(f"{s}: {n}" for s, n in enumerate(view.get("hand_sizes", []))))
    lines.append("face down:  " + "  ".join(f"{s}: {n}" for s, n in enumerate(view.get("pile_sizes", []))))
    if view.get("hand") is not None:
        lines.append("your hand: " + " ".join(view["hand"]))
        lines.append("your 扣 pile: " + (" ".join(view.get("pile", [])) or "-"))
    if view.get("over"):
        for s, p in enumerate(view.get("piles", [])):
            lines.append(f"seat {s} face down: {' '.join(p) or '-'}")
        if view.get("scores") is not None:
            lines.append("deal score: " + "  ".join(f"{s}: {v:+d}" for s, v in enumerate(view["scores"])))
    return "\n".join(lines)
