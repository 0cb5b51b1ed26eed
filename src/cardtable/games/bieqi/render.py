"""A plain-text table for the command line: only what the view holds."""

from __future__ import annotations

from typing import Any

from ...cards import RANKS, SUITS


def render(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    lines = [f"憋7 Block the Sevens — {'spectator' if seat is None else f'seat {seat}'}"]
    chains = view.get("chains", {})
    for s in SUITS:
        if s in chains:
            lo, hi = chains[s]
            ranks = RANKS[RANKS.index(lo):RANKS.index(hi) + 1]
            lines.append(f"  {s}: {' '.join(ranks)}")
        else:
            lines.append(f"  {s}: (7 not down)")
    if view.get("dead") not in (None, "joker"):
        lines.append(f"dead card (the joker stands for it): {view['dead']}")
    lines.append("cards held: " + "  ".join(f"{s}: {n}" for s, n in enumerate(view.get("hand_sizes", []))))
    if view.get("borrowing"):
        b = view["borrowing"]
        lines.append(f"seat {b['borrower']} borrows: seat {b['lender']} must lend a card")
    if view.get("hand") is not None:
        lines.append("your hand: " + " ".join(view["hand"]))
    for s, cards in view.get("known", {}).items():
        lines.append(f"seat {s} holds (you lent): {' '.join(cards)}")
    if view.get("over"):
        lines.append(f"winners: {view.get('winners')}  losers: {view.get('losers')}")
        if view.get("scores") is not None:
            lines.append("deal score: " + "  ".join(f"{s}: {v:+d}" for s, v in enumerate(view["scores"])))
    return "\n".join(lines)
