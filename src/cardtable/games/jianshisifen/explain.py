"""Score lines of 捡十四分 for a person: each picked pair with its suit points (§6.4)."""

from __future__ import annotations

import re
from typing import Any

from ...cards import parse_card
from ...i18n import N_, _
from ...parts.screen import ExplainContext
from .scoring import card_points

SCORING_NOTE = N_("Each card in the pairs you picked scores by its suit: ♠ 4, ♥ 3, ♦ 2, ♣ 1; "
                  "the highest total wins.")

_PARTNER_NOTE = re.compile(r"partner seat (\d+)'s")


def _is_you(ctx: ExplainContext, seat: int) -> bool:
    """The seat the screen belongs to (its name is "You" in English, translated elsewhere)."""
    return ctx.names[seat] == "You" or (ctx.view is not None and ctx.view.get("seat") == seat)


def _picker(item: dict[str, Any], ctx: ExplainContext) -> int:
    """Who picked the pair: the seat whose picked pairs hold it in the final view (a partner's
    item carries the pair too); without a view, the seat the engine's note names."""
    pair = list(item.get("cards") or [])
    for s, pairs in enumerate((ctx.view or {}).get("pairs") or []):
        if pair in [list(p) for p in pairs]:
            return s
    m = _PARTNER_NOTE.search(str(item.get("note", "")))
    return int(m.group(1)) if m else int(item["seat"])


def explain(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    cards = list(item.get("cards") or [])
    points = int(item["points"])
    seat = int(item["seat"])
    values = [card_points(parse_card(c), 0) for c in cards]
    jokers = [i for i, c in enumerate(cards) if parse_card(c).is_joker]
    if jokers:      # a joker's points are an option; what is left of the total is theirs
        each = (points - sum(values)) // len(jokers)
        for i in jokers:
            values[i] = each
    pair = " + ".join(cards)
    picker = _picker(item, ctx)
    shown = sum(values) == points and cards
    total = " + ".join(f"{c} {v}" for c, v in zip(cards, values, strict=True)) if shown else ""
    if picker == seat:
        if _is_you(ctx, seat):
            return (_("pair {pair} picked by you: {sum}", pair=pair, sum=total) if shown
                    else _("pair {pair} picked by you", pair=pair))
        return (_("pair {pair} picked: {sum}", pair=pair, sum=total) if shown
                else _("pair {pair} picked", pair=pair))
    if _is_you(ctx, seat):
        return (_("pair {pair} picked by your partner {partner}: {sum}", pair=pair,
                  partner=ctx.name(picker), sum=total) if shown
                else _("pair {pair} picked by your partner {partner}", pair=pair,
                       partner=ctx.name(picker)))
    if _is_you(ctx, picker):
        return (_("pair {pair} picked by you, as this player's partner: {sum}", pair=pair,
                  sum=total) if shown
                else _("pair {pair} picked by you, as this player's partner", pair=pair))
    return (_("pair {pair} picked by partner {partner}: {sum}", pair=pair,
              partner=ctx.name(picker), sum=total) if shown
            else _("pair {pair} picked by partner {partner}", pair=pair, partner=ctx.name(picker)))
