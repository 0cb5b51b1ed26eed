"""The 最后胜利 table for a player: the turned card and trump, the trick, who is bankrupt."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...presentation import Zone, name_of, per_seat, plays_text, zone

PHASES: dict[str, str] = {}


def zones(view: dict[str, Any], names: Sequence[str]) -> list[Zone]:
    out = [zone("甲 (dealer)", text=name_of(view.get("dealer"), names)),
           zone("turned", view.get("turned", [])),
           zone("trump", text=view.get("trump") or "none (jokers only)"),
           zone("stock", text=f"{view.get('stock_size')} cards"),
           zone("cards held", text=per_seat(view.get("hand_sizes", []), names))]
    if view.get("tricks"):
        last = view["tricks"][-1]
        out.append(zone("last trick", text=plays_text(last["plays"], names)
                        + f"  → {name_of(last['winner'], names)}"))
    trick = view.get("trick") or {}
    if trick.get("plays"):
        out.append(zone("trick", text=plays_text(trick["plays"], names)))
    if view.get("bankrupt"):
        out.append(zone("bankrupt (破产户)", text=", ".join(name_of(s, names) for s in view["bankrupt"])))
    return out
