"""The 憋7 table for a player: the suit rows, who holds what, lending."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...cards import RANKS, SUITS
from ...presentation import Zone, name_of, per_seat, zone

ACE_LOW = True
PHASES: dict[str, str] = {}


def zones(view: dict[str, Any], names: Sequence[str]) -> list[Zone]:
    out = []
    chains = view.get("chains", {})
    for s in SUITS:
        if s in chains:
            lo, hi = chains[s]
            out.append(zone(f"row {s}", [r + s for r in RANKS[RANKS.index(lo):RANKS.index(hi) + 1]]))
        else:
            out.append(zone(f"row {s}", text="(the 7 is not down yet)"))
    if view.get("dead") not in (None, "joker"):
        out.append(zone("dead card (the joker stands for it)", [view["dead"]]))
    out.append(zone("cards held", text=per_seat(view.get("hand_sizes", []), names)))
    b = view.get("borrowing")
    if b:
        out.append(zone("borrowing", text=f"{name_of(b['borrower'], names)} borrows: "
                                          f"{name_of(b['lender'], names)} must lend a card"))
    for s, cards in (view.get("known") or {}).items():
        out.append(zone(f"{name_of(s, names)} holds (you lent)", cards))
    return out
