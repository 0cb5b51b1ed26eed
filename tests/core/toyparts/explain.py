"""The toy's score items in words (``Explanation``, used by ``cardtable.explanation``).

A deal has one item per seat, all ``toy:1``: the seat with the highest total of ranks wins
the others' totals, every other seat loses its own.  The sentence is rebuilt from the final
view's pile (public by then), so it shows the arithmetic, not only the number.
"""

from __future__ import annotations

from typing import Any

from cardtable.cards import Card
from cardtable.i18n import N_, _
from cardtable.parts.screen import ExplainContext, card_sum

from . import pile, played_totals

SCORING_NOTE = N_("Every card is played; a seat's total is the sum of its ranks (A = 1 … K = 13). "
                  "The highest total wins the others' totals; every other seat loses its own.")


def explain(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    view = ctx.view or {}
    if item.get("rule") != "toy:1" or not pile(view):
        # toy:2 (the match bonus) carries its own note; a toy:1 item without the final pile
        # is left to the generic wording (its note)
        return ctx.words(str(item.get("note") or "")) or None
    seat, points = int(item["seat"]), int(item.get("points", 0))
    totals = played_totals(view)
    if points < 0:
        sums, total = card_sum([c for s, c in pile(view) if s == seat], lambda c: Card(c).rank)
        return _("loses its own total: {sums} = {total}", sums=sums, total=total)
    others = " + ".join(f"{ctx.name(s)} {t}" for s, t in enumerate(totals) if s != seat)
    return _("highest total ({total}) wins the others' totals: {others} = {points}",
             total=totals[seat], others=others, points=points)
