"""A plain-text table for the command line: only what the view holds."""

from __future__ import annotations

from typing import Any

from ...cards import RANKS, SUITS
from ...i18n import _


def render(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    variant = view.get("options", {}).get("variant", "plain")
    title = {"plain": "憋负分", "dai2k": "带2、K憋负分", "daiwang": "带王憋负分"}.get(variant, "憋负分")
    lines = [_("{title} — spectator", title=title) if seat is None
             else _("{title} — seat {seat}", title=title, seat=seat)]
    chains = view.get("chains", {})
    for s in view.get("suits", list(SUITS)):
        if s in chains:
            lo, hi = chains[s]
            lines.append(f"  {s}: {' '.join(RANKS[RANKS.index(lo):RANKS.index(hi) + 1])}")
        else:
            lines.append("  " + _("{suit}: (7 not down)", suit=s))
    if view.get("dead"):
        lines.append(_("dead cards: {cards}",
                       cards=", ".join(f"{p} ×{m}" for p, m in view["dead"].items())))
    lines.append(_("cards held: {counts}", counts="  ".join(
        f"{s}: {n}" for s, n in enumerate(view.get("hand_sizes", [])))))
    lines.append(_("face down:  {counts}", counts="  ".join(
        f"{s}: {n}" for s, n in enumerate(view.get("pile_sizes", [])))))
    if view.get("hand") is not None:
        lines.append(_("your hand: {cards}", cards=" ".join(view["hand"])))
        lines.append(_("your 扣 pile: {cards}", cards=" ".join(view.get("pile", [])) or "-"))
    if view.get("over"):
        for s, p in enumerate(view.get("piles", [])):
            lines.append(_("seat {seat} face down: {cards}", seat=s, cards=" ".join(p) or "-"))
        if view.get("scores") is not None:
            lines.append(_("deal score: {scores}", scores="  ".join(
                f"{s}: {v:+d}" for s, v in enumerate(view["scores"]))))
    return "\n".join(lines)
