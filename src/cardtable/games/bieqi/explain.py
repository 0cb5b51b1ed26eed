"""Score lines of 憋7 for a person (§4.4–§4.5): one whole sentence per case, from the item's
rule and cards and the final view's winners and losers (the notes are English data)."""

from __future__ import annotations

from typing import Any

from ...i18n import N_, _
from ...parts.screen import ExplainContext

SCORING_NOTE = N_("The first player to play out all cards wins; whoever holds the dead card "
                  "(死牌) at the end loses.")


def explain(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    rule = item.get("rule")
    cards = list(item.get("cards") or [])
    seat = int(item["seat"])
    view = ctx.view or {}
    if cards:
        return _("holds the dead card {card} (死牌, which can never be played) when the deal ended",
                 card=cards[0])
    if "losers" in view:
        lost = seat in (view.get("losers") or [])
        if rule == "bieqi:4.4":
            return (_("borrowed while holding a legal card") if lost
                    else _("another player borrowed while holding a legal card"))
        if rule == "bieqi:4.5" and not lost:
            return _("first to have no cards")
    return ctx.words(str(item.get("note", ""))) or None
