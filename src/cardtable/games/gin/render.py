"""Terminal rendering of a gin view and a one-line hint (uses only the view, never the state)."""

from __future__ import annotations

from typing import Any

from ...cards import cards_of, cards_str, mask_of, parse_cards
from ...melds import GIN
from ...moves import Move
from .notation import move_text


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


def hint(view: dict[str, Any], legal: list[Move]) -> str | None:
    """The least-deadwood discard (and whether it knocks), or whether the top discard helps."""
    if view.get("seat") is None or view.get("over") or "hand" not in view:
        return None
    hand = _mask(view["hand"])
    verbs = {m.verb for m in legal}
    if "discard" in verbs or "knock" in verbs or "gin" in verbs:
        options = [(GIN.deadwood(hand & ~(1 << int(m.cards[0] % 64))), m) for m in legal
                   if m.verb == "discard"]
        finishing = [m for m in legal if m.verb in ("gin", "biggin")] or [m for m in legal if m.verb == "knock"]
        if finishing:
            return f"you can go out: '{_text(finishing[0])}'"
        if options:
            dw, best = min(options, key=lambda o: (o[0], -GIN.VALUE[int(o[1].cards[0] % 64)]))
            return f"'{_text(best)}' leaves deadwood {dw}"
    if "take" in verbs and view["discard"]:
        top = parse_cards(view["discard"][-1:])[0]
        now = GIN.deadwood(hand)
        with_top = min(GIN.deadwood((hand | 1 << top) & ~(1 << c)) for c in cards_of(hand | 1 << top) if c != top)
        if with_top < now:
            return f"taking {view['discard'][-1]} would bring your deadwood from {now} to {with_top}"
        return f"the top discard does not lower your deadwood ({now}); draw from the stock"
    return None


def _text(move: Move) -> str:
    return move_text(move)
