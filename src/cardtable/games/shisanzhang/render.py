"""A plain-text table for the command line (``render(view)``): only what the view holds."""

from __future__ import annotations

from typing import Any

from ...i18n import N_, _
from .specials import BY_ID

ROW_LABELS = (N_("头道 first "), N_("中道 second"), N_("尾道 third "))


def render(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    players = int(view.get("players", 0))
    lines = [_("十三张 Chinese Poker — spectator") if seat is None
             else _("十三张 Chinese Poker — seat {seat}", seat=seat)]
    if view.get("hand") is not None:
        lines.append(_("your hand:  {cards}", cards=" ".join(view["hand"])))
        if view.get("specials"):
            names = ", ".join(f"{s} ({BY_ID[s].chinese} {BY_ID[s].points})" for s in view["specials"])
            lines.append(_("specials:   {specials}", specials=names))
        if view.get("my_submission"):
            lines.append(_("your move:  {move}", move=view["my_submission"]))
    done = view.get("submitted", [])
    lines.append(_("submitted:  {seats}", seats="  ".join(
        _("{seat}: yes", seat=s) if d else _("{seat}: no", seat=s) for s, d in enumerate(done))))
    for show in view.get("showdown", []):
        s = show["seat"]
        if show.get("special"):
            sp = BY_ID[show["special"]]
            lines.append(_("seat {seat}: declared {chinese} ({special}, {points})", seat=s,
                           chinese=sp.chinese, special=sp.id, points=sp.points))
            continue
        lines.append(_("seat {seat}:   — fouled (倒水)", seat=s) if show.get("fouled")
                     else _("seat {seat}:", seat=s))
        for label, row in zip(ROW_LABELS, show.get("rows", []), strict=False):
            lines.append(f"    {_(label)}  {' '.join(row)}")
    if view.get("scores") is not None and players:
        lines.append(_("deal score: {scores}", scores="  ".join(
            f"{s}: {v:+d}" for s, v in enumerate(view["scores"]))))
    return "\n".join(lines)
