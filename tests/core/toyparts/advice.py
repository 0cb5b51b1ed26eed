"""Hints and warnings for a person playing the toy (``Advice``, used by ``cardtable.advice``):
from the seat's view and legal moves only, so a hint cannot leak a hidden card."""

from __future__ import annotations

from typing import Any

from cardtable.i18n import _
from cardtable.moves import Move
from cardtable.parts.hints import Hint, hint_line, pick_by_bot

from . import own_total, played_totals
from .bots import HighFirstBot


def advise(view: dict[str, Any], legal: list[Move]) -> Hint | None:
    """The bot's move (seeded, so a position always gets the same hint), with why."""
    total = own_total(view)
    if total is None or not legal:
        return None
    move = pick_by_bot(HighFirstBot(), view, legal)
    if len(legal) == 1:
        return Hint(move, _("your last card"))
    return Hint(move, _("every card is played in the end, so your total is {total} whatever the "
                        "order: any card will do", total=total))


def warn(view: dict[str, Any], move: Move) -> str | None:
    """Playing the last card settles the deal for this seat: say so when it already lost
    (another seat has put more on the pile than this seat's whole total)."""
    seat, hand, total = view.get("seat"), view.get("hand"), own_total(view)
    if not isinstance(seat, int) or not isinstance(hand, list) or len(hand) != 1 or total is None:
        return None
    best = max((t for s, t in enumerate(played_totals(view)) if s != seat), default=0)
    if best <= total:
        return None
    return _("your last card: your total stays {total}, below the {best} another seat has played, "
             "so you lose {total}", total=total, best=best)


def move_text(move: Move) -> str:
    return str(move)


def hint(view: dict[str, Any], legal: list[Move]) -> str | None:
    """The hint as one line, for text screens (the terminal's ``?hint``)."""
    return hint_line(advise(view, legal), move_text)

