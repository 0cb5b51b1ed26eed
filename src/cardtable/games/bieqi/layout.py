"""The 憋7 table for a player: the suit rows, who holds what, lending."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...cards import RANKS, SUITS
from ...i18n import _, pgettext
from ...parts.screen import Zone, name_of, per_seat, zone

ACE_LOW = True
PHASES: dict[str, str] = {}


def zones(view: dict[str, Any], names: Sequence[str]) -> list[Zone]:
    out = []
    chains = view.get("chains", {})
    for s in SUITS:
        if s in chains:
            lo, hi = chains[s]
            out.append(zone(_("row {suit}", suit=s), [r + s for r in RANKS[RANKS.index(lo):RANKS.index(hi) + 1]]))
        else:
            out.append(zone(_("row {suit}", suit=s), text=_("(the 7 is not down yet)")))
    if view.get("dead") not in (None, "joker"):
        out.append(zone(_("dead card (the joker stands for it)"), [view["dead"]]))
    out.append(zone(_("cards held"), text=per_seat(view.get("hand_sizes", []), names)))
    b = view.get("borrowing")
    if b:
        out.append(zone(_("borrowing"), text=_("{borrower} borrows: {lender} must lend a card",
                                               borrower=name_of(b["borrower"], names),
                                               lender=name_of(b["lender"], names))))
    for s, cards in (view.get("known") or {}).items():
        out.append(zone(_("{name} holds (you lent)", name=name_of(s, names)), cards))
    return out


def move_words() -> list[str]:
    """The shapes of 憋7's move texts in words (:attr:`cardtable.parts.Layout.move_words`): 借牌
    and 给牌; a third seat reads a lend as "lend (a card)"; ``play`` is the shared word."""
    return [
        pgettext("bieqi move", "play {card} for {place}"),
        pgettext("bieqi move", "borrow"),
        pgettext("bieqi move", "lend"),
        pgettext("bieqi move", "lend {card}"),
        pgettext("bieqi move", "lend (a card)"),
    ]
