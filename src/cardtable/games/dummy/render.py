"""Plain-text rendering of a dummy view for the CLI."""

from __future__ import annotations

from typing import Any

from ...i18n import _, ngettext


def render(view: dict[str, Any]) -> str:
    head = (_("turn {turn}  stock {stock}  head {head}", turn=view["turn"], stock=view["stock_count"],
              head=view["head"]) if view["head_in_pile"] else
            _("turn {turn}  stock {stock}  head {head} (taken)", turn=view["turn"], stock=view["stock_count"],
              head=view["head"]))
    lines = [head, _("pile (bottom→top): {cards}", cards=" ".join(view["discard_pile"]))]
    for i, m in enumerate(view["melds"]):
        lines.append(_("meld {n} (seat {seat}): {cards}", n=i + 1, seat=m["owner"], cards=" ".join(m["cards"])))
    for s, h in enumerate(view["hands"]):
        if isinstance(h, list):
            shown = " ".join(h)
        elif h["known"]:
            shown = ngettext("{n} card, known {cards}", "{n} cards, known {cards}", h["count"],
                             cards=" ".join(h["known"]))
        else:
            shown = ngettext("{n} card", "{n} cards", h["count"])
        lines.append(_("seat {seat} (born): {hand}", seat=s, hand=shown) if view["born"][s]
                     else _("seat {seat}: {hand}", seat=s, hand=shown))
    for p in view.get("penalties", []):
        lines.append(_("penalty: seat {seat} {points} {rule} {cards} (turn {turn}) {note}", seat=p["seat"],
                       points=p["points"], rule=p["rule"], cards=" ".join(p.get("cards", [])),
                       turn=p.get("turn"), note=p.get("note", "")))
    if view.get("must_knock"):
        lines.append(_("this turn must end in a knock"))
    return "\n".join(lines)
