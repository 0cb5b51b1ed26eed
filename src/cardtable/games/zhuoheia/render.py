"""A plain-text table for the command line (``render(view)``): only what the view holds."""

from __future__ import annotations

import re
from typing import Any

from ...i18n import N_, _
from .layout import kind_words

#: the view's ``side`` values as the plain-text table names them (English: the value itself)
SIDE_WORDS = {"zhuangjia": N_("zhuangjia"), "partner": N_("partner"), "opponent": N_("opponent")}
_FROM = re.compile(r"^(tribute from|returned by) seat (\d+)$")


def _tribute_note(note: str) -> str:
    """A tribute row's note (data: "tribute from seat 2") in words; the seat number is data."""
    m = _FROM.match(note)
    if m is None:
        return note
    if m.group(1) == "tribute from":
        return _("tribute from seat {seat}", seat=m.group(2))
    return _("returned by seat {seat}", seat=m.group(2))


def _partner(view: dict[str, Any]) -> str:
    partner = view.get("partner")
    if partner is None:
        who = _("unknown (A♠ not shown)")
    elif partner == "alone":
        who = _("庄家 plays alone")
    else:
        who = _("seat {seat} holds A♠", seat=partner)
    if view.get("side"):
        side = view["side"]
        return _("partner: {partner}   your side: {side}", partner=who,
                 side=_(SIDE_WORDS[side]) if side in SIDE_WORDS else side)
    return _("partner: {partner}", partner=who)


def render(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    n = int(view.get("players", 0))
    phase, dealer = view.get("phase"), view.get("dealer")
    lines = [_("捉黑A Catch the Black Ace — spectator   phase: {phase}   庄家: seat {dealer}",
               phase=phase, dealer=dealer) if seat is None
             else _("捉黑A Catch the Black Ace — seat {seat}   phase: {phase}   庄家: seat {dealer}",
                    seat=seat, phase=phase, dealer=dealer)]
    if view.get("faceup"):
        lines.append(_("明牌 (face-up card): {card} drawn by the 庄家", card=view["faceup"]))
    if view.get("phase") == "play" or view.get("over"):
        lines.append(_partner(view))
    if view.get("previous"):
        p = view["previous"]
        lines.append(_("previous hand: order {order}, 庄家 {dealer}, A♠ {partner}", order=p["order"],
                       dealer=p["dealer"], partner=p["partner"]))
        for it in view.get("tribute", []):
            lines.append(_("  seat {seat} got {cards} ({note})", seat=it["seat"],
                           cards=" ".join(it.get("cards", [])), note=_tribute_note(str(it.get("note", "")))))
        if view.get("pool"):
            pool = view["pool"]
            lines.append(_("  pool from seat {seat}: {cards}; pickers {pickers}", seat=pool["from"],
                           cards=" ".join(pool["cards"]), pickers=pool["pickers"]))
    sizes = view.get("hand_sizes", [0] * n)
    lines.append(_("cards left: {counts}", counts="  ".join(f"{s}: {k}" for s, k in enumerate(sizes))))
    if view.get("finish_order"):
        lines.append(_("gone out: {order}", order=view["finish_order"]))
    if view.get("top"):
        lines.append(_("table: {cards}  ({kind}, by seat {seat})   passed: {passed}",
                       cards=" ".join(view["top"]), kind=kind_words(view.get("top_kind")),
                       seat=view.get("last_player"), passed=view.get("passed")))
    elif view.get("phase") == "play":
        lines.append(_("table: empty (new round)"))
    if view.get("hand") is not None:
        lines.append(_("your hand: {cards}", cards=" ".join(view["hand"])))
    if view.get("over"):
        lines.append(_("winning side: {seats}", seats=view.get("winning_side")))
        for s, cs in view.get("remaining", {}).items():
            lines.append(_("  seat {seat} kept: {cards}", seat=s, cards=" ".join(cs)))
    return "\n".join(lines)
