"""The 捡十四分 table for a player: the face-up table cards, each seat's picked pairs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...presentation import Zone, name_of, zone

ACE_LOW = True     # A counts 1: K + A make 14
PHASES = {"pick_or_draw": "pick a pair that makes 14, or draw", "put": "put a card on the table"}


def zones(view: dict[str, Any], names: Sequence[str]) -> list[Zone]:
    out = [zone("table", view.get("table", [])), zone("stock", text=f"{view.get('stock')} cards")]
    for s, pairs in enumerate(view.get("pairs", [])):
        shown = (f"pairs {'  '.join(' + '.join(p) for p in pairs)} ({view['pile_points'][s]} points)"
                 if pairs else "no pairs yet")
        out.append(zone(f"{name_of(s, names)}", text=f"{view['hand_sizes'][s]} cards in hand; {shown}"))
    return out
