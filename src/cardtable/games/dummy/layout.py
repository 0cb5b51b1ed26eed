"""The Thai Dummy (ดัมมี่) table for a player: head card, pile, melds, hands."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...i18n import N_, _, ngettext, pgettext
from ...parts.screen import Zone, name_of, name_seats, signed, zone
from .explain import penalty_text

PHASES = {"take": N_("draw or pick up from the pile"), "play": N_("meld, lay off, then discard")}


def hand(view: dict[str, Any]) -> list[str] | None:
    seat = view.get("seat")
    hands = view.get("hands") or []
    if seat is not None and seat < len(hands) and isinstance(hands[seat], list):
        return list(hands[seat])
    return None


def zones(view: dict[str, Any], names: Sequence[str]) -> list[Zone]:
    out = [zone(_("head card"), [view["head"]] if view.get("head") else None,
                None if view.get("head") else "—"),
           zone(_("stock"), text=ngettext("{n} card", "{n} cards", int(view.get("stock_count") or 0))),
           zone(_("pile (bottom → top)"), view.get("discard_pile", []))]
    for i, m in enumerate(view.get("melds", [])):
        out.append(zone(_("meld {n} ({owner})", n=i + 1, owner=name_of(m["owner"], names)), m["cards"]))
    seat = view.get("seat")
    for s, h in enumerate(view.get("hands", [])):
        if s == seat:
            continue
        name = name_of(s, names)
        title = _("{name} (born)", name=name) if view.get("born", [False] * 8)[s] else name
        if isinstance(h, list):
            out.append(zone(title, h))
        elif h.get("known"):
            out.append(zone(title, text=ngettext("{n} card, known {cards}", "{n} cards, known {cards}",
                                                 int(h["count"]), cards=" ".join(h["known"]))))
        else:
            out.append(zone(title, text=ngettext("{n} card", "{n} cards", int(h["count"]))))
    for p in [] if view.get("over") else view.get("penalties", []):
        said = penalty_text(p, names) or name_seats(p.get("note", ""), names)
        out.append(zone(_("penalty"), text=f"{name_of(p['seat'], names)} {signed(p['points'])}: {said}"))
    if view.get("must_knock") and not view.get("over"):
        out.append(zone(_("note"), text=_("this turn must end in a knock")))
    return out


def move_words() -> list[str]:
    """The shapes of dummy's move texts in words (:attr:`cardtable.parts.Layout.move_words`): the
    Thai seed's words (จั่ว, เก็บ, ฝาก, น็อค …); a table meld is named by one of its cards."""
    return [
        pgettext("dummy move", "draw"),
        pgettext("dummy move", "pass"),
        pgettext("dummy move", "show"),
        pgettext("dummy move", "take"),
        pgettext("dummy move", "take {card} meld {cards}"),
        pgettext("dummy move", "take {card} on {target}"),
        pgettext("dummy move", "meld"),
        pgettext("dummy move", "meld {cards}"),
        pgettext("dummy move", "layoff"),
        pgettext("dummy move", "layoff {cards} on {target}"),
        pgettext("dummy move", "discard"),
        pgettext("dummy move", "discard {card}"),
        pgettext("dummy move", "knock"),
        pgettext("dummy move", "knock {card}"),
    ]
