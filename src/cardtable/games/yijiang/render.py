"""A plain-text table for ``cardtable play yijiang``: only what the view holds."""

from __future__ import annotations

from typing import Any

from ...i18n import _


def render(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    facts = {"round": view.get("round"), "rounds": view.get("rounds"), "phase": view.get("phase"),
             "dealer": view.get("dealer")}
    lines = [_("议将夺墩算分 — spectator   round {round}/{rounds}   phase: {phase}   dealer: {dealer}",
               **facts) if seat is None else
             _("议将夺墩算分 — seat {seat}   round {round}/{rounds}   phase: {phase}   dealer: "
               "{dealer}", seat=seat, **facts)]
    if view.get("bids"):
        bids = [_("{seat}: pass", seat=s) if k == "pass" else _("{seat}: bid {bid}", seat=s, bid=k)
                for s, k in view["bids"]]
        lines.append(_("auction: {bids}", bids=", ".join(bids)))
    if view.get("declarer") is not None:
        lines.append(_("declarer: seat {seat}, contract {bid}, trump {trump}", seat=view["declarer"],
                       bid=view.get("high_bid"), trump=view.get("trump") or "-"))
    trick = view.get("trick", {})
    if trick.get("plays"):
        lines.append(_("trick: {plays}", plays="  ".join(f"{s}:{c}" for s, c in trick["plays"])))
    lines.append(_("tricks won: {counts}", counts="  ".join(
        f"{s}: {n}" for s, n in enumerate(view.get("tricks_won", [])))))
    if view.get("hand") is not None:
        lines.append(_("your hand: {cards}", cards=" ".join(view["hand"])))
    lines.append(_("points this deal: {points}", points="  ".join(
        f"{s}: {p}" for s, p in enumerate(view.get("round_scores", [])))))
    return "\n".join(lines)
