"""A plain-text table for ``cardtable play sibaifen``: only what the view holds."""

from __future__ import annotations

from typing import Any

from ...i18n import _


def render(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    dealer = view.get("dealer")
    lines = [_("四百分 Four Hundred Points — spectator  (dealer {dealer}, partners 0+2 / 1+3)",
               dealer=dealer) if seat is None
             else _("四百分 Four Hundred Points — seat {seat}  (dealer {dealer}, partners 0+2 / 1+3)",
                    seat=seat, dealer=dealer)]
    if view.get("bids"):
        lines.append(_("auction:   {bids}", bids=", ".join(view["bids"])))
    if view.get("declarer") is not None:
        lines.append(_("contract:  {contract} by seat {seat}   trump: {suit}", contract=view.get("contract"),
                       seat=view["declarer"], suit=view["trump"]) if view.get("trump")
                     else _("contract:  {contract} by seat {seat}   trump: (not named yet)",
                            contract=view.get("contract"), seat=view["declarer"]))
    if view.get("buried"):
        lines.append(_("buried:    {cards}", cards=" ".join(view["buried"])))
    if view.get("hand") is not None:
        lines.append(_("your hand: {cards}", cards=" ".join(view["hand"])))
    lines.append(_("cards:     {counts}", counts="  ".join(
        f"{s}: {n}" for s, n in enumerate(view.get("hand_sizes", [])))))
    if view.get("tricks"):
        last = view["tricks"][-1]
        lines.append(_("last trick: {plays}  → seat {seat}", plays=" ".join(
            f"{s}:{c}" for s, c in last["plays"]), seat=last["winner"]))
    trick = view.get("trick", {})
    if trick.get("plays"):
        lines.append(_("trick:     {plays}", plays=" ".join(f"{s}:{c}" for s, c in trick["plays"])))
    pts = view.get("points", [0, 0])
    lines.append(_("points:    side 0+2: {a}   side 1+3: {b}", a=pts[0], b=pts[1]))
    if view.get("kitty") is not None:
        lines.append(_("kitty:     {cards}", cards=" ".join(view["kitty"])))
    if view.get("scores") is not None:
        lines.append(_("deal score: {scores}", scores="  ".join(
            f"{s}: {v:+d}" for s, v in enumerate(view["scores"]))))
    return "\n".join(lines)
