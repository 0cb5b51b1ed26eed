"""Terminal rendering of a gin view and a one-line hint (uses only the view, never the state)."""

from __future__ import annotations

from typing import Any

from ...cards import cards_of, cards_str, mask_of, parse_cards
from ...i18n import N_, _
from ...melds import GIN


def _mask(cards: list[str]) -> int:
    return mask_of(parse_cards(cards))


PHASE_WORDS = {"offer": N_("offer"), "offer_dealer": N_("offer dealer"), "first_draw": N_("first draw"),
               "draw": N_("draw"), "discard": N_("discard"), "fifty": N_("fifty"),
               "defend": N_("defend"), "over": N_("over")}


def _arranged(cards: list[str]) -> str:
    """Melds in brackets, then the deadwood and its points (minimum-deadwood arrangement)."""
    part = GIN.best_partition(_mask(cards))
    melds = " ".join("[" + cards_str(cards_of(m)) + "]" for m in part.melds)
    dead = cards_str(cards_of(part.deadwood_mask))
    points = _("(deadwood {points})", points=part.deadwood)
    return f"{melds}  {dead}  {points}".strip()


def render(view: dict[str, Any]) -> str:
    from .layout import held_text, knock_kind, knock_text

    seat = view.get("seat")
    phase = view["phase"]
    head = [_("Gin Rummy — dealer seat {dealer}, {phase}; stock {stock}; knock limit {limit}",
              dealer=view["dealer"], phase=_(PHASE_WORDS[phase]) if phase in PHASE_WORDS
              else phase.replace("_", " "), stock=view["stock"], limit=view["knock_limit"])]
    if view.get("gin_only"):
        head.append(_("gin only"))
    if view.get("multiplier", 1) != 1:
        head.append(_("scores ×{multiplier}", multiplier=view["multiplier"]))
    lines = ["; ".join(head)]
    pile = view["discard"]
    shown_pile = " ".join(pile[-10:]) if pile else "—"
    if len(pile) > 10:
        shown_pile += "  " + _("(+{n} below)", n=len(pile) - 10)
    lines.append(_("discard pile (top last): {cards}", cards=shown_pile))
    for s, n in enumerate(view["hand_sizes"]):
        known = view["known"][s]
        if view.get("hands"):
            shown = _arranged(view["hands"][s])
        elif s == seat:
            shown = _arranged(view["hand"])
        else:
            shown = held_text(n, known)
        lines.append(_("seat {seat} (you): {hand}", seat=s, hand=shown) if s == seat
                     else _("seat {seat}: {hand}", seat=s, hand=shown))
    knock = view.get("knock")
    if knock and knock.get("seat") is not None:
        melds = dict(knock, layoffs=[])
        lines.append(_("seat {seat} {kind}: {melds}", seat=knock["seat"], kind=knock_kind(knock),
                       melds=knock_text(melds)))
        if knock["layoffs"]:
            lines.append("  " + _("laid off: {cards}", cards=", ".join(c for c, _i in knock["layoffs"])))
    return "\n".join(lines)
