"""The toy's table screen (``Layout``, drawn by ``cardtable.presentation.table_layout``).

Zones are public facts only, in the order a player reads them: the face-up pile, what each
seat has played so far, how many cards each seat holds.  The seat's own hand is the view's
``hand`` key, which the presentation finds and sorts by itself, so ``Layout.hand`` stays
unset; the toy has one verb, so no ``hidden_verbs`` and no ``by_rank`` grouping; its one
move shape, ``play {cards}``, is among the shared move words (``cardtable.movewords``), so
no ``move_words`` either.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.i18n import N_, _
from cardtable.parts.screen import Zone, per_seat, zone

from . import own_total, pile, played_totals

#: the ace counts 1 in the toy, so hands sort it below the two
ACE_LOW = True

#: the view's ``phase`` names in words; marked N_ so the catalogs pick them up, translated
#: where they are shown (``presentation.phase_words``)
PHASES = {"play": N_("play a card onto the pile"), "done": N_("every card is on the pile")}


def zones(view: dict[str, Any], names: Sequence[str]) -> list[Zone]:
    return [
        zone(_("pile"), [card for _seat, card in pile(view)]),
        zone(_("played so far"), text=per_seat(played_totals(view), names)),
        zone(_("cards held"), text=per_seat(view.get("hand_sizes") or [], names)),
    ]


def move_note(view: dict[str, Any], legal: list[str]) -> str | None:
    """One line above the moves: the order of play never changes a seat's total."""
    total = own_total(view)
    return None if total is None else _("Your total is {total} whatever you play first.", total=total)
