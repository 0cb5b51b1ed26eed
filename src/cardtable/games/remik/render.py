"""Plain-text rendering of a Remik view and a one-line hint, for the CLI (uses only the view)."""

from __future__ import annotations

from typing import Any

from ...i18n import _


def render(view: dict[str, Any]) -> str:
    from .layout import held, how_ended

    seat = view.get("seat")
    lines = [_("Remik — turn {turn}, stock {stock}, threshold {threshold}, opening ≥ {minimum}",
               turn=view["turn"], stock=view["stock"], threshold=view["threshold"], minimum=view["opening_min"])]
    pile = view["discard"]
    shown_pile = " ".join(pile[-8:]) if pile else "—"
    if len(pile) > 8:
        shown_pile += "  " + _("(+{n} below)", n=len(pile) - 8)
    lines.append(_("discard pile (top last): {cards}", cards=shown_pile))
    if view["table"]:
        lines.append(_("table:"))
        for m in view["table"]:
            kind = _("set") if m["kind"] == "set" else _("run") if m["kind"] == "run" else m["kind"]
            mid, kind = str(m["id"]).rjust(4), kind.ljust(3)
            lines.append("  " + _("{id} seat {seat} {kind} {cards}", id=mid, seat=m["owner"], kind=kind,
                                  cards=" ".join(m["cards"])))
    else:
        lines.append(_("table: —"))
    hands = view.get("hands")
    for s, n in enumerate(view["hand_sizes"]):
        cards = " ".join(hands[s]) if hands else (" ".join(view["hand"]) if s == seat else "")
        shown = held(n, bool(view["opened"][s])) + (f": {cards}" if cards else "")
        lines.append(_("seat {seat} (you): {hand}", seat=s, hand=shown) if s == seat
                     else _("seat {seat}: {hand}", seat=s, hand=shown))
    if view.get("phase") and not view.get("over"):
        turn = [_("seat {seat} to draw", seat=view["current"]) if view["phase"] == "draw"
                else _("seat {seat} to play", seat=view["current"])]
        if view.get("taken"):
            turn.append(_("took {cards}", cards=view["taken"]))
        if view.get("must_use_joker"):
            turn.append(_("must use the joker taken by exchange"))
        lines.append("; ".join(turn))
    if view.get("result"):
        r = view["result"]
        lines.append(_("deal over: {how}; winner(s) {seats}", how=how_ended(r),
                       seats=", ".join(map(str, r["winners"]))))
    return "\n".join(lines)
