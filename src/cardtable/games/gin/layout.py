"""The Gin Rummy table for a player: discard pile, stock, your best melds, the knock."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...i18n import N_, _, ngettext, pgettext
from ...parts.screen import Zone, name_of, zone
from .render import _arranged

ACE_LOW = True
PHASES = {"offer": N_("take the upcard or pass"), "offer_dealer": N_("dealer: take the upcard or pass"),
          "first_draw": N_("first draw from the stock"),
          "draw": N_("draw from the stock or take the discard"),
          "discard": N_("discard (or knock / gin)"), "fifty": N_("the 50th card"),
          "defend": N_("lay off on the knock"), "over": N_("over")}
KINDS = {"big gin": N_("big gin"), "gin": N_("gin"), "knock": N_("knock")}


def knock_kind(knock: dict[str, Any]) -> str:
    """"big gin", "gin" or "knock" in the player's language."""
    return _(KINDS["big gin" if knock["big_gin"] else "gin" if knock["gin"] else "knock"])


def stock_text(view: dict[str, Any]) -> str:
    """The stock size, the knock limit and the deal's special terms, for a status line."""
    n = int(view.get("stock") or 0)
    parts = [ngettext("{n} card", "{n} cards", n), _("knock limit {limit}", limit=view.get("knock_limit"))]
    if view.get("gin_only"):
        parts.append(_("gin only"))
    if view.get("multiplier", 1) != 1:
        parts.append(_("scores ×{multiplier}", multiplier=view["multiplier"]))
    return "   ".join(parts)


def held_text(n: int, known: Sequence[str]) -> str:
    """An opponent's hand as far as it is known: "10 cards, known to hold A♣"."""
    if known:
        return ngettext("{n} card, known to hold {cards}", "{n} cards, known to hold {cards}", n,
                        cards=" ".join(known))
    return ngettext("{n} card", "{n} cards", n)


def knock_text(knock: dict[str, Any]) -> str:
    """The knocker's melds, deadwood and the cards laid off on them."""
    text = " ".join("[" + " ".join(m) + "]" for m in knock["melds"])
    if knock["deadwood"]:
        text += "  " + _("deadwood {cards} = {points}", cards=" ".join(knock["deadwood"]),
                         points=knock["deadwood_points"])
    if knock.get("layoffs"):
        text += "  " + _("laid off: {cards}", cards=", ".join(c for c, _i in knock["layoffs"]))
    return text


def zones(view: dict[str, Any], names: Sequence[str]) -> list[Zone]:
    seat = view.get("seat")
    pile = view.get("discard") or []
    out = [zone(_("discard pile (top last)"), pile[-10:]),
           zone(_("stock"), text=stock_text(view)),
           zone(_("dealer"), text=name_of(view.get("dealer"), names))]
    if view.get("hand"):
        out.append(zone(_("your best melds"), text=_arranged(view["hand"])))
    for s, n in enumerate(view.get("hand_sizes", [])):
        if s == seat:
            continue
        if view.get("hands"):
            out.append(zone(name_of(s, names), text=_arranged(view["hands"][s])))
        else:
            known = view.get("known", [[]] * 2)[s]
            out.append(zone(name_of(s, names), text=held_text(n, known)))
    knock = view.get("knock")
    if knock and knock.get("seat") is not None:
        out.append(zone(f"{name_of(knock['seat'], names)}: {knock_kind(knock)}", text=knock_text(knock)))
    return out


def move_words() -> list[str]:
    """The shapes of gin's move texts in words (:attr:`cardtable.parts.Layout.move_words`);
    a knock's card is face down to the other seat until the deal ends (its log reads
    "knock (face down)"), groups in brackets are melds."""
    return [
        pgettext("gin move", "take"),
        pgettext("gin move", "pass"),
        pgettext("gin move", "draw"),
        pgettext("gin move", "discard"),
        pgettext("gin move", "discard {card}"),
        pgettext("gin move", "knock"),
        pgettext("gin move", "knock {cards}"),
        pgettext("gin move", "knock (face down)"),
        pgettext("gin move", "knock (face down) {melds}"),
        pgettext("gin move", "gin"),
        pgettext("gin move", "gin {cards}"),
        pgettext("gin move", "gin (face down)"),
        pgettext("gin move", "gin (face down) {melds}"),
        pgettext("gin move", "biggin"),
        pgettext("gin move", "biggin {melds}"),
        pgettext("gin move", "meld"),
        pgettext("gin move", "meld {cards}"),
        pgettext("gin move", "layoff"),
        pgettext("gin move", "layoff {card} {melds}"),
        pgettext("gin move", "done"),
    ]
