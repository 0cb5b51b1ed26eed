"""Score lines of 四百分 for a person: the contract, the card points and the kitty (§3.7).

Each line is one whole sentence per case, built from the final view (contract, declarer,
side points, the buried kitty, the last trick's winner); the items' English notes are data."""

from __future__ import annotations

from typing import Any

from ...i18n import N_, _
from ...parts.screen import ExplainContext, card_sum
from .state import POINTS

SCORING_NOTE = N_("Partners sit opposite. A made contract scores its value for each declarer; "
                  "a failed one gives the shortfall to each defender. Card points: K 25, 2 25, "
                  "Q 20, J 15, 10 10, 5 5; the buried kitty goes to the side that wins the last trick.")
NOTE_THROWN_IN = N_("Everyone passed: the deal is thrown in and nobody scores.")

YOU = "You"


def _is_you(ctx: ExplainContext, seat: int) -> bool:
    # the name core's seat_names gives the person at the screen, in English or translated
    return 0 <= seat < len(ctx.names) and ctx.names[seat] in (YOU, _(YOU))


def _kitty(ctx: ExplainContext, view: dict[str, Any], last: int) -> str:
    buried = list(view.get("kitty") or [])
    kitty_cards, total = card_sum(buried, lambda c: POINTS[c % 64]) if buried else ("", 0)
    counted = [c for c in kitty_cards.split(" + ") if c and not c.endswith(" 0")]
    detail = " + ".join(counted)
    if _is_you(ctx, last):
        if detail:
            return _("kitty {points} to your side: {cards}", points=total, cards=detail)
        return _("kitty {points} to your side", points=total)
    if detail:
        return _("kitty {points} to {name}'s side: {cards}", points=total, name=ctx.name(last),
                 cards=detail)
    return _("kitty {points} to {name}'s side", points=total, name=ctx.name(last))


def explain(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    note = str(item.get("note", ""))
    view = ctx.view or {}
    contract, declarer = view.get("contract"), view.get("declarer")
    tricks = view.get("tricks") or []
    pts = view.get("points") or []
    if contract is None or declarer is None or not tricks or len(pts) != 2 or "kitty" not in view:
        return ctx.words(note)
    seat, points = int(item["seat"]), int(item["points"])
    side = int(declarer) % 2
    took = int(pts[side])
    kitty = _kitty(ctx, view, int(tricks[-1]["winner"]))
    if seat % 2 == side:
        return _("contract {contract} made with {took} card points ({kitty}); the excess does not "
                 "count", contract=contract, took=took, kitty=kitty)
    if took < int(contract) and points == int(contract) - took:
        return _("contract {contract} failed with {took} card points ({kitty}): shortfall "
                 "{shortfall} to each defender", contract=contract, took=took, kitty=kitty,
                 shortfall=points)
    return _("defenders' card points {points}", points=points)


def deal_note(view: dict[str, Any]) -> str | None:
    if view.get("thrown_in") or (view.get("declarer") is None and view.get("over")):
        return _(NOTE_THROWN_IN)
    return None
