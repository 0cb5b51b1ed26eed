"""Score lines of 捉黑A for a person: finishing places; tribute rows worth nothing are hidden.

A finishing line is one whole sentence per role and result, built from the final view
(finishing order, 庄家, partner, winning side); the items' English notes are data."""

from __future__ import annotations

from typing import Any

from ...i18n import N_, _
from ...parts.screen import ExplainContext

SCORING_NOTE = N_("The side of the first player to go out wins the hand (the 庄家 with the holder "
                  "of the black ace).")

_PLACES = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd")}
#: (role, the seat's side won) → the line; role: dealer, alone, partner, opponent
_END = {
    ("dealer", True): N_("went out {place} as 庄家; the 庄家 side wins"),
    ("dealer", False): N_("went out {place} as 庄家; the 庄家 side loses"),
    ("alone", True): N_("went out {place} as 庄家 (alone); the 庄家 side wins"),
    ("alone", False): N_("went out {place} as 庄家 (alone); the 庄家 side loses"),
    ("partner", True): N_("went out {place} as A♠ partner; the 庄家 side wins"),
    ("partner", False): N_("went out {place} as A♠ partner; the 庄家 side loses"),
    ("opponent", True): N_("went out {place} as opponent; the opponents' side wins"),
    ("opponent", False): N_("went out {place} as opponent; the opponents' side loses"),
}


def place_words(place: int) -> str:
    """An ordinal as the finishing line writes it: "1st", "4th"."""
    return _(_PLACES[place]) if place in _PLACES else _("{n}th", n=place)


def _finish(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    view = ctx.view or {}
    order = list(view.get("finish_order") or [])
    seat = int(item["seat"])
    dealer, partner = view.get("dealer"), view.get("partner")
    if seat not in order or dealer is None or partner is None or "winning_side" not in view:
        return None
    if seat == dealer:
        role = "alone" if partner == "alone" else "dealer"
    else:
        role = "partner" if seat == partner else "opponent"
    won = seat in (view.get("winning_side") or [])
    return _(_END[role, won], place=place_words(order.index(seat) + 1))


def explain(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    note = str(item.get("note", ""))
    if item.get("rule") == "zhuoheia:2.3":
        return None if int(item["points"]) == 0 else ctx.words(note)
    if item.get("rule") == "zhuoheia:2.4":
        text = _finish(item, ctx)
        if text is not None:
            return text
    return ctx.words(note) or None
