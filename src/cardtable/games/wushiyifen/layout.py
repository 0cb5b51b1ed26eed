"""The 五十一分 table for a player: each seat's thrown cards, the last throw, declarations."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...i18n import N_, _, pgettext
from ...parts.screen import Zone, name_of, zone

PHASES = {"draw": N_("draw from the stock or take the last throw"),
          "throw": N_("throw a card (or declare)"),
          "open_response": N_("answer the 明亮 open declaration"),
          "hidden_response": N_("answer the 暗亮 hidden declaration: challenge (顶) or not"),
          "over": N_("over")}


def _value(value: Any, pure: bool) -> str:
    if not value:
        return _("{value} (not one suit)", value=value)
    if pure:
        return _("{value} — pure (纯花色, no joker)", value=value)
    return f"{value}"


def zones(view: dict[str, Any], names: Sequence[str]) -> list[Zone]:
    out = [zone(_("stock"), text=_("{n} cards   a hand needs ≥ {threshold} to declare",
                                   n=view.get("stock"), threshold=view.get("threshold")))]
    if view.get("hand") is not None:
        out.append(zone(_("your hand's value"), text=_value(view.get("my_value"), bool(view.get("my_pure")))))
    for s, pile in enumerate(view.get("thrown", [])):
        out.append(zone(_("{name} threw", name=name_of(s, names)), pile))
    if view.get("last_throw"):
        out.append(zone(_("last throw (the next seat may take it)"), [view["last_throw"]]))
    dec = view.get("declaration")
    if dec:
        who = name_of(dec["seat"], names)
        out.append(zone(_("declaration"), text=_("{name} declared 明亮 open", name=who) if dec["kind"] == "open"
                        else _("{name} declared 暗亮 hidden", name=who)))
    for s, info in (view.get("revealed") or {}).items():
        text = f"{' '.join(info['cards'])} = {info['value']}"
        if info.get("pure") and info["value"]:
            text = _("{cards} = {value} — pure (纯花色, no joker)", cards=" ".join(info["cards"]),
                     value=info["value"])
        out.append(zone(_("shown by {name}", name=name_of(s, names)), text=text))
    if view.get("void"):
        out.append(zone(_("void deal"), text=_("the stock ran out with no declaration: nobody scores")))
    return out


def move_words() -> list[str]:
    """The shapes of 五十一分's move texts in words (:attr:`cardtable.parts.Layout.move_words`):
    明亮 (open) and 暗亮 (hidden) declarations, 顶 (challenge)."""
    return [
        pgettext("wushiyifen move", "draw"),
        pgettext("wushiyifen move", "take"),
        pgettext("wushiyifen move", "throw"),
        pgettext("wushiyifen move", "throw {card}"),
        pgettext("wushiyifen move", "throw {card} open"),
        pgettext("wushiyifen move", "throw {card} hidden"),
        pgettext("wushiyifen move", "declare"),
        pgettext("wushiyifen move", "declare open"),
        pgettext("wushiyifen move", "declare hidden"),
        pgettext("wushiyifen move", "show"),
        pgettext("wushiyifen move", "challenge"),
        pgettext("wushiyifen move", "pass"),
    ]
