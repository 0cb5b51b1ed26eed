"""Plain-text rendering of a dummy view for the CLI."""

from __future__ import annotations

from typing import Any


def render(view: dict[str, Any]) -> str:
    lines = [f"turn {view['turn']}  stock {view['stock_count']}  head {view['head']}"
             + ("" if view["head_in_pile"] else " (taken)"),
             "pile (bottom→top): " + " ".join(view["discard_pile"])]
    for i, m in enumerate(view["melds"]):
        lines.append(f"meld {i + 1} (seat {m['owner']}): " + " ".join(m["cards"]))
    for s, h in enumerate(view["hands"]):
        shown = " ".join(h) if isinstance(h, list) else f"{h['count']} card{'' if h['count'] == 1 else 's'}" + (
            f", known {' '.join(h['known'])}" if h["known"] else "")
        lines.append(f"seat {s}{' (born)' if view['born'][s] else ''}: {shown}")
    for p in view.get("penalties", []):
        lines.append(f"penalty: seat {p['seat']} {p['points']} {p['rule']} "
                     f"{' '.join(p.get('cards', []))} (turn {p.get('turn')}) {p.get('note', '')}")
    if view.get("must_knock"):
        lines.append("this turn must end in a knock")
    return "\n".join(lines)
