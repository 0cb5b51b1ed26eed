"""A plain-text table for the command line (``render(view)``): only what the view holds."""

from __future__ import annotations

from typing import Any


def render(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    n = int(view.get("players", 0))
    lines = [f"捉黑A Catch the Black Ace — {'spectator' if seat is None else f'seat {seat}'}"
             f"   phase: {view.get('phase')}   庄家: seat {view.get('dealer')}"]
    if view.get("faceup"):
        lines.append(f"明牌 (face-up card): {view['faceup']} drawn by the 庄家")
    partner = view.get("partner")
    if view.get("phase") == "play" or view.get("over"):
        who = "unknown (A♠ not shown)" if partner is None else \
            "庄家 plays alone" if partner == "alone" else f"seat {partner} holds A♠"
        lines.append(f"partner: {who}" + (f"   your side: {view['side']}" if view.get("side") else ""))
    if view.get("previous"):
        p = view["previous"]
        lines.append(f"previous hand: order {p['order']}, 庄家 {p['dealer']}, A♠ {p['partner']}")
        for it in view.get("tribute", []):
            lines.append(f"  seat {it['seat']} got {' '.join(it.get('cards', []))} ({it.get('note', '')})")
        if view.get("pool"):
            pool = view["pool"]
            lines.append(f"  pool from seat {pool['from']}: {' '.join(pool['cards'])}; "
                         f"pickers {pool['pickers']}")
    sizes = view.get("hand_sizes", [0] * n)
    lines.append("cards left: " + "  ".join(f"{s}: {k}" for s, k in enumerate(sizes)))
    if view.get("finish_order"):
        lines.append(f"gone out: {view['finish_order']}")
    if view.get("top"):
        lines.append(f"table: {' '.join(view['top'])}  ({view.get('top_kind')}, by seat "
                     f"{view.get('last_player')})   passed: {view.get('passed')}")
    elif view.get("phase") == "play":
        lines.append("table: empty (new round)")
    if view.get("hand") is not None:
        lines.append("your hand: " + " ".join(view["hand"]))
    if view.get("over"):
        lines.append(f"winning side: {view.get('winning_side')}")
        for s, cs in view.get("remaining", {}).items():
            lines.append(f"  seat {s} kept: {' '.join(cs)}")
    return "\n".join(lines)
