"""A plain-text table for ``cardtable play zuihoushengli``: only what the view holds."""

from __future__ import annotations

from typing import Any

from ...i18n import _


def render(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    dealer = view.get("dealer")
    lines = [_("最后胜利 Last Victory — spectator  (甲 = seat {dealer})", dealer=dealer)
             if seat is None else
             _("最后胜利 Last Victory — seat {seat}  (甲 = seat {dealer})", seat=seat, dealer=dealer)]
    turned = " ".join(view.get("turned", [])) or "-"
    trump = view.get("trump") or _("none (jokers only)")
    lines.append(_("turned: {cards}   trump: {trump}   stock: {stock}", cards=turned, trump=trump,
                   stock=view.get("stock_size")))
    if view.get("hand") is not None:
        lines.append(_("your hand: {cards}", cards=" ".join(view["hand"])))
    lines.append(_("cards:     {counts}", counts="  ".join(
        f"{s}: {n}" for s, n in enumerate(view.get("hand_sizes", [])))))
    if view.get("tricks"):
        last = view["tricks"][-1]
        lines.append(_("last trick: {plays}  → seat {winner}",
                       plays=" ".join(f"{s}:{c}" for s, c in last["plays"]), winner=last["winner"]))
    trick = view.get("trick", {})
    if trick.get("plays"):
        lines.append(_("trick:     {plays}", plays=" ".join(f"{s}:{c}" for s, c in trick["plays"])))
    if view.get("bankrupt"):
        seats = [_("seat {seat}", seat=s) for s in view["bankrupt"]]
        lines.append(_("破产户:    {seats}", seats=", ".join(seats)))
    if view.get("scores") is not None:
        lines.append(_("deal score: {scores}", scores="  ".join(
            f"{s}: {v:+d}" for s, v in enumerate(view["scores"]))))
    return "\n".join(lines)
