"""Plain-text rendering of a Remik view and a one-line hint, for the CLI (uses only the view)."""

from __future__ import annotations

from typing import Any


def render(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    lines = [f"Remik — turn {view['turn']}, stock {view['stock']}, "
             f"threshold {view['threshold']}, opening ≥ {view['opening_min']}"]
    pile = view["discard"]
    lines.append("discard pile (top last): " + (" ".join(pile[-8:]) if pile else "—")
                 + (f"  (+{len(pile) - 8} below)" if len(pile) > 8 else ""))
    if view["table"]:
        lines.append("table:")
        for m in view["table"]:
            lines.append(f"  {m['id']:>4} seat {m['owner']} {m['kind']:<3} {' '.join(m['cards'])}")
    else:
        lines.append("table: —")
    hands = view.get("hands")
    for s, n in enumerate(view["hand_sizes"]):
        who = " (you)" if s == seat else ""
        opened = "opened" if view["opened"][s] else "not opened"
        cards = " ".join(hands[s]) if hands else (" ".join(view["hand"]) if s == seat else "")
        lines.append(f"seat {s}{who}: {n} card{'' if n == 1 else 's'}, {opened}" + (f": {cards}" if cards else ""))
    if view.get("phase") and not view.get("over"):
        lines.append(f"seat {view['current']} to {'draw' if view['phase'] == 'draw' else 'play'}"
                     + (f"; took {view['taken']}" if view.get("taken") else "")
                     + ("; must use the joker taken by exchange" if view.get("must_use_joker") else ""))
    if view.get("result"):
        r = view["result"]
        how = "blocked deal" if r["blocked"] else ("remik z ręki" if r["remik_z_reki"] else "went out")
        lines.append(f"deal over: {how}; winner(s) {', '.join(map(str, r['winners']))}")
    return "\n".join(lines)
