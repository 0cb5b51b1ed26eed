"""Terminal rendering of a gin view and a one-line hint (uses only the view, never the state)."""

from __future__ import annotations

from typing import Any

from ...cards import cards_of, cards_str, mask_of, parse_cards
from ...melds import GIN


def _mask(cards: list[str]) -> int:
    return mask_of(parse_cards(cards))


def _arranged(cards: list[str]) -> str:
    """Melds in brackets, then the deadwood and its points (minimum-deadwood arrangement)."""
    part = GIN.best_partition(_mask(cards))
    melds = " ".join("[" + cards_str(cards_of(m)) + "]" for m in part.melds)
    dead = cards_str(cards_of(part.deadwood_mask))
    return f"{melds}  {dead}  (deadwood {part.deadwood})".strip()


def render(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    lines = [f"Gin Rummy — dealer seat {view['dealer']}, {view['phase'].replace('_', ' ')}; "
             f"stock {view['stock']}; knock limit {view['knock_limit']}"
             + ("; gin only" if view.get("gin_only") else "")
             + (f"; scores ×{view['multiplier']}" if view.get("multiplier", 1) != 1 else "")]
    pile = view["discard"]
    lines.append("discard pile (top last): " + (" ".join(pile[-10:]) if pile else "—")
                 + (f"  (+{len(pile) - 10} below)" if len(pile) > 10 else ""))
    for s, n in enumerate(view["hand_sizes"]):
        who = " (you)" if s == seat else ""
        known = view["known"][s]
        if view.get("hands"):
            shown = _arranged(view["hands"][s])
        elif s == seat:
            shown = _arranged(view["hand"])
        else:
            shown = f"{n} cards" + (f", known to hold {' '.join(known)}" if known else "")
        lines.append(f"seat {s}{who}: {shown}")
    knock = view.get("knock")
    if knock and knock.get("seat") is not None:
        kind = "big gin" if knock["big_gin"] else "gin" if knock["gin"] else "knock"
        lines.append(f"seat {knock['seat']} {kind}: " + " ".join("[" + " ".join(m) + "]" for m in knock["melds"])
                     + (f"  deadwood {' '.join(knock['deadwood'])} = {knock['deadwood_points']}"
                        if knock["deadwood"] else ""))
        if knock["layoffs"]:
            lines.append("  laid off: " + ", ".join(c for c, _ in knock["layoffs"]))
    return "\n".join(lines)
