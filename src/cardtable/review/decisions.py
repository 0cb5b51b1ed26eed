"""The decisions of one seat in a saved match or a scenario file, rebuilt move by move.

A decision is a moment where the seat acted: the state just before its move (the true
state: the review samples worlds from it through the seat's honest sampler, and the
hindsight judgement plays on it), the move it played, and where that move is in the file
(the deal's 0-based index and the move's 0-based index in that deal's ``moves``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import scenario
from ..errors import CardtableError, ScenarioError
from ..game import State
from ..i18n import _
from ..moves import Move


class ReviewError(CardtableError):
    """A file or a seat that cannot be reviewed; the message names the problem and ``field``
    where it is (``seat``, ``budget``, ``seed``, a scenario field such as ``deals[1].moves``,
    or ``(file)``)."""

    def __init__(self, message: str, field: str = "(file)") -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Decision:
    """One move of the reviewed seat and the state it was played in."""

    deal: int           # the deal's index in the file, from 0
    index: int          # the move's index in that deal's ``moves``, from 0
    seat: int
    state: State        # the true state before the move (never shown to the seat)
    played: Move


@dataclass(frozen=True)
class DealRecord:
    """A deal of the file: its final (or last) state and whether it ended."""

    index: int
    final: State

    @property
    def over(self) -> bool:
        return self.final.is_over


def load(source: str | Path | dict[str, Any]) -> scenario.Replay:
    """Replay a file for review; a malformed file or an illegal move is a ReviewError."""
    try:
        result = scenario.replay(source)
    except ScenarioError as e:
        raise ReviewError(str(e), e.field) from None
    err = result.error
    if err is not None:
        field = f"deals[{err.deal}].moves[{err.index}]" if err.deal is not None else f"moves[{err.index}]"
        raise ReviewError(_("the file cannot be reviewed: its move {field} ({move!r}) is illegal: {why}",
                            field=field, move=err.move, why=err.why), field)
    return result


def deals_of(result: scenario.Replay) -> list[DealRecord]:
    """The file's deals in order, the last one possibly unfinished."""
    states = list(result.match.deals) if result.match is not None else []
    if result.state not in states:
        states.append(result.state)
    return [DealRecord(i, s) for i, s in enumerate(states)]


def check_seat(result: scenario.Replay, seat: int) -> None:
    players = result.state.players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ReviewError(_("there is no seat {seat} at this {players}-player table; seats are "
                            "1–{players}", seat=seat + 1 if isinstance(seat, int) else repr(seat),
                            players=players), "seat")


def decisions_of(deal: DealRecord, seat: int) -> list[Decision]:
    """Every move ``seat`` made in ``deal``, each with the state before it."""
    final = deal.final
    state = final.game.start(final.players, final.options, final.deal)
    out = []
    for index, (mover, move) in enumerate(final.history):
        if mover == seat:
            out.append(Decision(deal.index, index, seat, state.clone(), move))
        state.apply(move, mover)
    return out
