"""The Remik table for a player: discard pile, the melds on the table, who has opened."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...i18n import N_, _, ngettext, pgettext
from ...parts.screen import Zone, name_of, zone

PHASES = {"draw": N_("draw from the stock or take the discard"), "play": N_("meld, lay off, then discard")}


def how_ended(result: dict[str, Any]) -> str:
    return (_("blocked deal") if result["blocked"] else _("remik z ręki") if result["remik_z_reki"]
            else _("went out"))


def held(n: int, opened: bool) -> str:
    return (ngettext("{n} card, opened", "{n} cards, opened", n) if opened
            else ngettext("{n} card, not opened", "{n} cards, not opened", n))


def zones(view: dict[str, Any], names: Sequence[str]) -> list[Zone]:
    n_stock = int(view.get("stock") or 0)
    out = [zone(_("discard pile (top last)"), (view.get("discard") or [])[-8:]),
           zone(_("stock"), text=ngettext("{n} card", "{n} cards", n_stock) + "   "
                + _("opening needs ≥ {minimum} points", minimum=view.get("opening_min")) + "   "
                + _("match ends at {threshold}", threshold=view.get("threshold")))]
    for m in view.get("table", []):
        out.append(zone(_("meld {id} ({owner})", id=m["id"], owner=name_of(m["owner"], names)), m["cards"]))
    hands = view.get("hands")
    seat = view.get("seat")
    for s, n in enumerate(view.get("hand_sizes", [])):
        if s == seat and not hands:
            continue
        name = name_of(s, names)
        if hands:
            out.append(zone(_("{name} (opened)", name=name) if view["opened"][s]
                            else _("{name} (not opened)", name=name), hands[s]))
        else:
            out.append(zone(name, text=held(n, bool(view["opened"][s]))))
    if view.get("taken") and not view.get("over"):
        out.append(zone(_("taken this turn"), [view["taken"]] if isinstance(view["taken"], str)
                        else list(view["taken"])))
    if view.get("must_use_joker"):
        out.append(zone(_("note"), text=_("you must use the joker taken by exchange this turn")))
    r = view.get("result")
    if r:
        who = ", ".join(name_of(s, names) for s in r.get("winners", []))
        out.append(zone(_("deal over"), text=how_ended(r) + (f": {who}" if who else "")))
    return out


def move_words() -> list[str]:
    """The shapes of remik's move texts in words (:attr:`cardtable.parts.Layout.move_words`): the
    Polish seed's words; jokers stay ``JK=8♥`` and table melds ``m3``, as the view shows them."""
    return [
        pgettext("remik move", "draw"),
        pgettext("remik move", "take"),
        pgettext("remik move", "take meld {cards}"),
        pgettext("remik move", "meld"),
        pgettext("remik move", "meld {cards}"),
        pgettext("remik move", "lay"),
        pgettext("remik move", "lay {cards} @{meld}"),
        pgettext("remik move", "swap"),
        pgettext("remik move", "swap {card} @{meld}"),
        pgettext("remik move", "discard"),
        pgettext("remik move", "discard {card}"),
    ]
