"""A plain-text table for the command line: only what the view holds."""

from __future__ import annotations

from typing import Any

from ...cards import RANKS, SUITS
from ...i18n import _


def render(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    lines = [_("憋7 Block the Sevens — spectator") if seat is None
             else _("憋7 Block the Sevens — seat {seat}", seat=seat)]
    chains = view.get("chains", {})
    for s in SUITS:
        if s in chains:
            lo, hi = chains[s]
            ranks = RANKS[RANKS.index(lo):RANKS.index(hi) + 1]
            lines.append(f"  {s}: {' '.join(ranks)}")
        else:
            lines.append(_("  {suit}: (7 not down)", suit=s))
    if view.get("dead") not in (None, "joker"):
        lines.append(_("dead card (the joker stands for it): {card}", card=view["dead"]))
    lines.append(_("cards held: {counts}", counts="  ".join(
        f"{s}: {n}" for s, n in enumerate(view.get("hand_sizes", [])))))
    if view.get("borrowing"):
        b = view["borrowing"]
        lines.append(_("seat {borrower} borrows: seat {lender} must lend a card", borrower=b["borrower"],
                       lender=b["lender"]))
    if view.get("hand") is not None:
        lines.append(_("your hand: {cards}", cards=" ".join(view["hand"])))
    for s, cards in view.get("known", {}).items():
        lines.append(_("seat {seat} holds (you lent): {cards}", seat=s, cards=" ".join(cards)))
    if view.get("over"):
        lines.append(_("winners: {winners}  losers: {losers}", winners=view.get("winners"),
                       losers=view.get("losers")))
        if view.get("scores") is not None:
            lines.append(_("deal score: {scores}", scores="  ".join(
                f"{s}: {v:+d}" for s, v in enumerate(view["scores"]))))
    return "\n".join(lines)
