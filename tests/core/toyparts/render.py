"""A plain-text table for the command line (the ``render`` part): only what the view holds."""

from __future__ import annotations

from typing import Any

from cardtable.i18n import _

from . import pile


def render(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    lines = [_("High card — spectator") if seat is None else _("High card — seat {seat}", seat=seat)]
    lines.append(_("pile: {cards}", cards="  ".join(f"{s}:{c}" for s, c in pile(view)) or "—"))
    lines.append(_("cards held: {counts}", counts="  ".join(
        f"{s}: {n}" for s, n in enumerate(view.get("hand_sizes") or []))))
    if view.get("hand") is not None:
        lines.append(_("your hand: {cards}", cards=" ".join(view["hand"]) or "—"))
    if view.get("over") and view.get("scores") is not None:
        lines.append(_("deal score: {scores}", scores="  ".join(
            f"{s}: {v:+d}" for s, v in enumerate(view["scores"]))))
    return "\n".join(lines)
