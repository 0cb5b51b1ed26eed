"""The gin referee (gin.md A.14, docs/games/gin-referee.md): a deal as it happened at a
physical table, the reports of its irregularities (R1–R13) and the rulings they give.

Modules:

* ``tablestate`` — :class:`~.tablestate.GinTableState`, the table-mode state (the gin option
  ``table_mode``), built on ``knocks`` (:class:`~.knocks.KnockTable`: a knock over the limit
  or with a wrong count, and the referee's knock scoring);
* ``rulings`` — :class:`~.rulings.Ruling`, the report notation and the facts the rulings
  share; ``checks`` — whether a report or a choice can be ruled now; ``remedies`` — what
  each ruling does to the state;
* ``physical`` — :class:`~.physical.PhysicalDeal`, one deal recorded with real cards as its
  cards become known;
* ``screen`` — what a screen (the browser's referee page) shows beyond a record's view: the
  laws as a menu of reports, rulings and facts in the reader's language, what may be typed
  next.

:data:`REFEREE` is the game's referee part (``cardtable.parts.referee.Referee``), what the
terminal's scorekeeper uses.  Nothing here is loaded with the game: the modules load when a
table-mode deal starts or the referee part is used.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ....parts.referee import Law, PhysicalRecord, Referee, RefereeScreen, RulingText

if TYPE_CHECKING:
    from ....game import State
    from .rulings import Ruling


def possible_reports(st: State, seat: int) -> list[str]:
    """The report texts ``seat`` could make now without naming cards (none outside table mode)."""
    from .checks import possible_reports as reports
    from .tablestate import GinTableState
    return reports(st, seat) if isinstance(st, GinTableState) else []


def rulings_given(st: State) -> list[Ruling]:
    """The rulings given so far in a deal (none outside table mode)."""
    from .tablestate import GinTableState
    return list(st.rulings) if isinstance(st, GinTableState) else []


def physical_deal(dealer: int, rules: dict[str, Any]) -> PhysicalRecord:
    """A new physical-mode record of one deal (:class:`~.physical.PhysicalDeal`)."""
    from .physical import PhysicalDeal
    return PhysicalDeal(dealer=dealer, rules=rules)


def _laws() -> tuple[Law, ...]:
    from .screen import laws
    return laws()


def _said(r: RulingText) -> str:
    from .screen import ruling_said
    return ruling_said(r)


def _notes(view: dict[str, Any]) -> list[str]:
    from .screen import notes
    return notes(view)


def _choices(record: PhysicalRecord) -> list[dict[str, Any]]:
    from .screen import choices
    return choices(record)


def _missing(st: State) -> list[int]:
    from .screen import missing
    return missing(st)


#: the gin referee as the game's parts declare it (cardtable.parts.referee.Referee)
REFEREE = Referee(table_rules=MappingProxyType({"table_mode": True}), possible_reports=possible_reports,
                  physical=physical_deal, rulings=rulings_given,
                  screen=RefereeScreen(laws=_laws, said=_said, notes=_notes, choices=_choices, missing=_missing))

__all__ = ["REFEREE", "physical_deal", "possible_reports", "rulings_given"]
