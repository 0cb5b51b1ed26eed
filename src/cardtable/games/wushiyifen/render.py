"""A plain-text table for ``cardtable play wushiyifen``: only what the view holds."""

from __future__ import annotations

from typing import Any

from ...i18n import _


def render(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    phase, stock = view.get("phase"), view.get("stock")
    lines = [_("五十一分 Fifty-One — spectator   phase: {phase}   stock: {stock}", phase=phase, stock=stock)
             if seat is None else
             _("五十一分 Fifty-One — seat {seat}   phase: {phase}   stock: {stock}", seat=seat, phase=phase,
               stock=stock)]
    for s, pile in enumerate(view.get("thrown", [])):
        cards = " ".join(pile) or "-"
        lines.append(_("seat {seat} (you) thrown: {cards}", seat=s, cards=cards) if s == seat
                     else _("seat {seat} thrown: {cards}", seat=s, cards=cards))
    if view.get("last_throw"):
        lines.append(_("last throw (may be taken by the next seat): {card}", card=view["last_throw"]))
    if view.get("hand") is not None:
        value = view.get("my_value")
        if not value:
            state = (_("{value} (not one suit) pure", value=value) if view.get("my_pure")
                     else _("{value} (not one suit)", value=value))
        else:
            state = _("{value} pure", value=value) if view.get("my_pure") else f"{value}"
        lines.append(_("your hand: {cards}   value {value}", cards=" ".join(view["hand"]), value=state))
    dec = view.get("declaration")
    if dec:
        lines.append(_("seat {seat} declared 明亮 open", seat=dec["seat"]) if dec["kind"] == "open"
                     else _("seat {seat} declared 暗亮 hidden", seat=dec["seat"]))
    for s, info in view.get("revealed", {}).items():
        cards = " ".join(info["cards"])
        lines.append(_("seat {seat} shows {cards} = {value} pure", seat=s, cards=cards, value=info["value"])
                     if info["pure"] else
                     _("seat {seat} shows {cards} = {value}", seat=s, cards=cards, value=info["value"]))
    if view.get("void"):
        lines.append(_("the stock ran out with no declaration: the deal is void (§5.6)"))
    if view.get("scores") is not None:
        lines.append(_("deal score: {scores}", scores="  ".join(
            f"{s}: {v}" for s, v in enumerate(view["scores"]))))
    return "\n".join(lines)
