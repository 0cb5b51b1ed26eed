"""Score lines of 五十一分 for a person: which declaration won and what it records (§5.4–§5.6).

Each line is one whole sentence per case, built from the final view (the declaration, its
challenger, the hands shown) and the item's points and cards; the notes are English data."""

from __future__ import annotations

from typing import Any

from ...i18n import N_, _
from ...parts.screen import ExplainContext, card_sum
from .scoring import card_value

SCORING_NOTE = N_("A hand is worth its cards when they are all of one suit (jokers fill in; "
                  "A 11, J Q K 10, jokers 10, others their pips). Only a declaration scores: 明亮 (open) — "
                  "the best hand shown records its value; 暗亮 (hidden) — a challenger (顶) who is "
                  "higher scores twice his value, else the declarer adds the challenger's value to his own.")
NOTE_VOID = N_("The stock ran out and nobody declared: the deal is void and nobody scores.")


def _value(view: dict[str, Any], seat: Any) -> int | None:
    shown = (view.get("revealed") or {}).get(str(seat))
    return int(shown["value"]) if shown else None


def _line(item: dict[str, Any], ctx: ExplainContext) -> tuple[str, int] | None:
    """The sentence and the hand value it records, or None when the view does not tell."""
    view = ctx.view or {}
    dec = view.get("declaration") or {}
    seat, points = int(item["seat"]), int(item["points"])
    if dec.get("kind") == "open":
        if len(ctx.items) > 1:
            return _("明亮 open declaration: tied best hand, records its value"), points
        return _("明亮 open declaration: best hand shown, records its value"), points
    if dec.get("kind") != "hidden":
        return None
    challenger = dec.get("challenger")
    if challenger is None:
        return _("暗亮 hidden declaration, not challenged: records the hand's value"), points
    own, theirs = _value(view, dec.get("seat")), _value(view, challenger)
    if own is None or theirs is None:
        return None
    if seat == challenger:
        if points == 2 * theirs and len(ctx.items) == 1:
            return (_("challenged (顶) the 暗亮 hidden declaration and was higher: twice the hand's "
                      "value"), theirs)
        return _("暗亮 challenge tied: records the hand's own value"), points
    if points == own + theirs:
        return (_("暗亮 hidden declaration beat the challenger (顶): own value {own} + the "
                  "challenger's {theirs} = {total}", own=own, theirs=theirs, total=own + theirs), own)
    return _("暗亮 challenge tied: records the hand's own value"), points


def explain(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    cards = list(item.get("cards") or [])
    got = _line(item, ctx)
    if got is None:
        text, value = ctx.words(str(item.get("note", ""))), int(item["points"])
    else:
        text, value = got
    if not cards:
        return text
    arithmetic, total = card_sum(cards, card_value)
    hand = f"{arithmetic} = {total}" if total == value else " ".join(cards)
    return _("{line}; hand {hand}", line=text, hand=hand)


def deal_note(view: dict[str, Any]) -> str | None:
    return _(NOTE_VOID) if view.get("void") else None
