"""Score lines of Remik for a person: penalty points, the hand added up (remik.md 28–32).

The sentences are built from the item's rule, points and cards, the final view (the deal's
result, the threshold) and the options, never from the English note (data), so they can be
translated."""

from __future__ import annotations

from typing import Any

from ...cards import parse_card
from ...i18n import N_, _
from ...parts.screen import ExplainContext

SCORING_NOTE = N_("Remik counts penalty points: lower is better. Cards left in hand cost "
                  "their value (joker 20, A 11, J Q K 10, 2–10 their pips); once a total reaches "
                  "the threshold the lowest total wins.")


def _value(card: str, points: int, cards: list[str]) -> int:
    c = parse_card(card)
    if c.is_joker:
        return 20
    return 11 if c.rank == 1 else min(c.rank, 10)


def _cap(ctx: ExplainContext) -> int:
    """remik.md rule 30: the cap on a never-opened loser (``unopened_cap_for``)."""
    opts = ctx.options
    cap = int(opts.get("unopened_cap", 100))
    threshold = (ctx.view or {}).get("threshold")
    if opts.get("unopened_cap_half_threshold", True) and threshold is not None:
        cap = min(cap, int(threshold) // 2)
    return cap


def explain(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    rule = item.get("rule")
    cards = list(item.get("cards") or [])
    shown = " ".join(cards)
    if rule == "remik:28":
        result = (ctx.view or {}).get("result") or {}
        return _("went out: no penalty (remik z ręki)") if result.get("remik_z_reki") else _("went out: no penalty")
    if rule == "remik:32":
        return _("lowest hand in a blocked deal ({cards}): no penalty", cards=shown)
    if rule == "remik:31":
        return (_("remik z ręki: flat penalty whatever the hand: {cards}", cards=shown) if cards
                else _("remik z ręki: flat penalty whatever the hand"))
    values = [_value(c, 0, cards) for c in cards]
    arithmetic = " + ".join(f"{c} {v}" for c, v in zip(cards, values, strict=True))
    joker = int(ctx.options.get("joker_hand_value", 20))
    hand = sum(joker if parse_card(c).is_joker else v for c, v in zip(cards, values, strict=True))
    if rule == "remik:29":
        if sum(values) == item["points"]:
            return _("cards left in hand: {sum} = {points}", sum=arithmetic, points=item["points"])
        return _("cards left in hand ({cards}): hand value {points}", cards=shown, points=item["points"])
    if rule == "remik:30":
        return _("never opened; hand {sum}: hand {value} + {surcharge}, capped at {cap}", sum=arithmetic,
                 value=hand, surcharge=ctx.options.get("unopened_surcharge", 25), cap=_cap(ctx))
    note = ctx.words(str(item.get("note", "")))
    if cards and not all(c in note for c in cards):
        note += ": " + " ".join(cards)
    return note
