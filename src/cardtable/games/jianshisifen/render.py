"""A plain-text table for ``cardtable play jianshisifen``: only what the view holds."""

from __future__ import annotations

from typing import Any

from ...i18n import _


def render(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    phase, stock = view.get("phase"), view.get("stock")
    lines = [_("捡十四分 Pick Fourteen — spectator   phase: {phase}   stock: {stock}",
               phase=phase, stock=stock) if seat is None else
             _("捡十四分 Pick Fourteen — seat {seat}   phase: {phase}   stock: {stock}",
               seat=seat, phase=phase, stock=stock)]
    lines.append(_("table: {cards}", cards=" ".join(view.get("table", [])) or "-"))
    for s, pairs in enumerate(view.get("pairs", [])):
        shown = "  ".join("+".join(p) for p in pairs) or "-"
        n, points = view["hand_sizes"][s], view["pile_points"][s]
        lines.append(_("seat {seat} (you): {n} cards, pairs {pairs}  ({points} points)", seat=s,
                       n=n, pairs=shown, points=points) if s == seat else
                     _("seat {seat}: {n} cards, pairs {pairs}  ({points} points)", seat=s, n=n,
                       pairs=shown, points=points))
    if view.get("hand") is not None:
        lines.append(_("your hand: {cards}", cards=" ".join(view["hand"])))
    if view.get("scores") is not None:
        lines.append(_("deal score: {scores}",
                       scores="  ".join(f"{s}: {v}" for s, v in enumerate(view["scores"]))))
    return "\n".join(lines)
