"""The 四百分 table for a player: the auction, contract and trump, the trick, side points."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...i18n import N_, _, pgettext
from ...parts.screen import Zone, name_of, plays_text, zone

PHASES = {"bid": N_("bid (200–400 by 5) or pass"), "bury": N_("bury 4 cards"),
          "trump": N_("name trump"), "play": N_("play to the trick"), "over": N_("over")}


def _side(seat: int, names: Sequence[str]) -> str:
    return f"{name_of(seat, names)} + {name_of((seat + 2) % 4, names)}"


def _bid(entry: Any, names: Sequence[str]) -> str:
    s, _sep, bid = str(entry).partition(": ")
    if not s.isdigit():
        return str(entry)
    if bid == "pass":
        return _("{name} pass", name=name_of(int(s), names))
    return f"{name_of(int(s), names)} {bid}"


def zones(view: dict[str, Any], names: Sequence[str]) -> list[Zone]:
    out = [zone(_("partners"), text=_("{side}  against  {other}", side=_side(0, names),
                                      other=_side(1, names))),
           zone(_("dealer"), text=name_of(view.get("dealer"), names))]
    if view.get("bids"):
        out.append(zone(_("auction"), text=", ".join(_bid(b, names) for b in view["bids"])))
    if view.get("declarer") is not None:
        who = name_of(view["declarer"], names)
        text = (_("{contract} by {name}; trump {suit}", contract=view.get("contract"), name=who,
                  suit=view["trump"]) if view.get("trump")
                else _("{contract} by {name}; trump (not named yet)", contract=view.get("contract"),
                       name=who))
        out.append(zone(_("contract"), text=text))
    if view.get("buried"):
        out.append(zone(_("buried"), view["buried"]))
    out.append(zone(_("cards held"), text="   ".join(
        f"{name_of(s, names)} {n}" for s, n in enumerate(view.get("hand_sizes", [])))))
    if view.get("tricks"):
        last = view["tricks"][-1]
        out.append(zone(_("last trick"), text=plays_text(last["plays"], names)
                        + f"  → {name_of(last['winner'], names)}"))
    trick = view.get("trick") or {}
    if trick.get("plays"):
        out.append(zone(_("trick"), text=plays_text(trick["plays"], names)))
    pts = view.get("points", [0, 0])
    out.append(zone(_("card points"), text=f"{_side(0, names)}: {pts[0]}   {_side(1, names)}: {pts[1]}"))
    if view.get("over") and view.get("kitty") is not None:
        out.append(zone(_("kitty (the buried cards)"), view["kitty"]))
    return out


def move_words() -> list[str]:
    """The shapes of 四百分's move texts in words (:attr:`cardtable.parts.Layout.move_words`): 不叫
    and 扣底 (the others read how many cards were buried); ``bid``, ``trump`` and ``play`` are
    the shared words."""
    return [
        pgettext("sibaifen move", "pass"),
        pgettext("sibaifen move", "bury"),
        pgettext("sibaifen move", "bury {cards}"),
        pgettext("sibaifen move", "bury (1 card)"),
        pgettext("sibaifen move", "bury ({n} cards)"),
    ]
