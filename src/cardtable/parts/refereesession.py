"""A referee's session, one typed line at a time, without printing anything: what the
terminal's scorekeeper (``cardtable referee gin``, ``--physical``) and the browser's referee
page (``POST /api/referee/gin``) share.

Seats are counted from 1 as people count, in what a person types (``2: report R6 7♦``,
``show 2 …``) and in everything said back (the reasons a line is refused, the rulings' seats);
the engine, its rulings' data, the saved scenario file and the record's own lines keep the
engine's seats, from 0.  The conversions here are the only places that cross:
:func:`engine_line` (typed → the engine's line), :func:`from_1` and :func:`entry_from_1`
(the engine's English data → seats from 1), :func:`refusal` (the engine's reason, naming the
line as it was typed).

:class:`PhysicalLines` is one deal played with real cards (the game's referee part's
``physical`` record) with the lines typed so far: :meth:`PhysicalLines.enter` applies one
line to the record (its rulings and score follow) or raises :class:`BadLine` with the reason
and changes nothing; :meth:`PhysicalLines.replay` rebuilds a session from its lines (the
browser's page keeps them and posts them all each time).  Standard library only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import CardtableError, IllegalMove
from ..i18n import N_, _
from ..moves import split_seat_prefix
from .referee import PhysicalRecord, Referee, RulingText

if TYPE_CHECKING:
    from ..game import State

SEATS = 2
#: a seat in the referee's English data sentences ("seat 0 saw 7♦", "Seat 1 chooses: …")
_SEAT_WORD = re.compile(r"\b([Ss]eat) (\d+)\b")
_CAPITAL_SEAT = re.compile(r"\bSeat (\d+)\b")
NO_SEAT = N_("there is no seat {seat}: seats are counted from 1, so they are 1 and 2")
REPORTER_FIRST = N_("write the reporting seat first, counted from 1: '1: report …' or '2: report …'")


def labels() -> list[str]:
    """The seats' names on the score tables, counted from 1 as people count."""
    return [_("seat {seat}", seat=s + 1) for s in range(SEATS)]


def seat_from_1(seat: Any) -> Any:
    """An engine's seat (from 0) as people count it; anything else as it is."""
    return seat + 1 if isinstance(seat, int) and not isinstance(seat, bool) else seat


def to_move_text(seat: int, phase: Any) -> str:
    """"to move: seat 2 (draw)": the engine's seat ``seat`` counted from 1."""
    return _("to move: seat {seat} ({phase})", seat=seat + 1, phase=phase)


def from_1(text: str) -> str:
    """One of the referee's English data sentences (a ruling, a bar, what the physical record
    says it recorded), its seats ("seat 0", "Seat 1's") counted from 1."""
    return _SEAT_WORD.sub(lambda m: f"{m.group(1)} {int(m.group(2)) + 1}", text)


def entry_from_1(entry: str) -> str:
    """A log entry ``1: report R6 7♦`` (the engine's seat first) with its seat counted from 1,
    as the person types it: ``2: report R6 7♦``."""
    prefix, body = split_seat_prefix(entry)
    return entry if prefix is None else f"{prefix + 1}: {body}"


def items_shown(items: Iterable[Any]) -> list[dict[str, Any]]:
    """Score items for the score table.  The table itself says a note's "seat 0" as the seat's
    label (``name_seats``: lower case only), so only a ruling's "Seat 1 chose …" is counted
    from 1 here."""
    out = []
    for it in items:
        d = it.to_json()
        if isinstance(d.get("note"), str):
            d["note"] = _CAPITAL_SEAT.sub(lambda m: f"Seat {int(m.group(1)) + 1}", d["note"])
        out.append(d)
    return out


def seats_shown(key: str, value: Any) -> Any:
    """A view's ``referee`` entry as the scorekeeper prints it: its seats named as people count
    them ("seat 2"); its English sentences (a bar's reason) counted from 1 too."""
    def name(s: Any) -> Any:
        try:
            return _("seat {seat}", seat=int(s) + 1)
        except (TypeError, ValueError):
            return s

    def sentence(x: Any) -> Any:
        return from_1(x) if isinstance(x, str) else x

    if key in ("knock", "pending") and isinstance(value, dict):
        return {k: name(v) if k in ("seat", "chooser") and v is not None else v for k, v in value.items()}
    if key == "exposed" and isinstance(value, list):
        return [{k: name(v) if k in ("offender", "may_take") else v for k, v in e.items()}
                if isinstance(e, dict) else e for e in value]
    if key in ("face_up", "no_knock", "correcting") and isinstance(value, dict):
        return {name(k): sentence(v) for k, v in value.items()}
    if key in ("drawn_ahead", "no_bonus") and isinstance(value, list):
        return [name(s) for s in value]
    return value


class Refused:
    """A line refused before it reaches the engine, with the reason."""

    def __init__(self, why: str) -> None:
        self.why = why


def engine_line(text: str, state: State, physical: bool = False) -> str | Refused:
    """What the person typed, as the engine reads it: the seat prefix they count from 1
    (``2: report R6 7♦``) becomes the engine's, from 0 (``1: report R6 7♦``), and in physical
    mode the seat of ``hand 1 …`` / ``show 2 …`` too.  A seat that is not at the table, or a
    report without its seat when nobody is to move, is refused with the reason."""
    prefix, body = split_seat_prefix(text)
    if prefix is not None and not 1 <= prefix <= SEATS:
        return Refused(_(NO_SEAT, seat=prefix))
    words = body.split()
    verb = words[0].lower() if words else ""
    if physical and verb in ("hand", "show") and len(words) > 1 and words[1].isdigit():
        seat = int(words[1])
        if not 1 <= seat <= SEATS:
            return Refused(_(NO_SEAT, seat=seat))
        body = " ".join([words[0], str(seat - 1), *words[2:]])
    elif prefix is None and verb == "report" and len(state.to_move()) != 1:
        # the engine would ask for its own prefix, from 0
        return Refused(_(REPORTER_FIRST))
    return body if prefix is None else f"{prefix - 1}: {body}"


def refusal(e: CardtableError, typed: str, sent: str) -> str:
    """Why the engine refused a line, naming the line as the person typed it (the engine names
    the line it was given, whose seats count from 0)."""
    if isinstance(e, IllegalMove) and sent != typed and " ".join(str(e.move).split()) == " ".join(sent.split()):
        return str(IllegalMove(typed, e.why, e.seat))
    return str(e)


# --- one deal with real cards ------------------------------------------------------------------

class BadLine(Exception):
    """A typed line the record refuses: ``why`` (in the reader's language, seats counted from
    1) and, when a whole session is replayed, ``line``, its number counted from 1."""

    def __init__(self, why: str, line: int | None = None) -> None:
        super().__init__(why)
        self.why = why
        self.line = line


@dataclass(frozen=True)
class Entered:
    """What one line did: ``said``, what the record recorded (the engine's log entry, its
    seats counted from 1), and ``rulings``, the rulings the line gave."""

    said: str
    rulings: list[RulingText] = field(default_factory=list)


class PhysicalLines:
    """One deal recorded at a real table (the game's referee part's ``physical`` record) and
    the lines a person typed for it, seats counted from 1 (see the module doc)."""

    def __init__(self, referee: Referee, record: PhysicalRecord) -> None:
        self.referee = referee
        self.record = record
        self.lines: list[str] = []

    @classmethod
    def start(cls, referee: Referee, dealer: int, rules: dict[str, Any]) -> PhysicalLines:
        """A new session: ``dealer`` (the engine's seat, 0 or 1) deals under ``rules``; a bad
        choice raises :class:`BadLine` (no line named)."""
        try:
            return cls(referee, referee.physical(dealer, rules))
        except CardtableError as e:
            raise BadLine(str(e)) from None

    @classmethod
    def replay(cls, referee: Referee, dealer: int, rules: dict[str, Any], lines: Sequence[str]) -> PhysicalLines:
        """The session of these lines, typed one after the other; the first bad one raises
        :class:`BadLine` with its number (from 1)."""
        session = cls.start(referee, dealer, rules)
        for i, text in enumerate(lines, 1):
            try:
                session.enter(text)
            except BadLine as e:
                raise BadLine(e.why, i) from None
        return session

    @property
    def rulings(self) -> Sequence[RulingText]:
        return self.referee.rulings(self.record.state)

    def enter(self, text: str) -> Entered:
        """Apply one typed line (seats from 1) to the record; a bad line raises
        :class:`BadLine` with the reason and changes nothing."""
        line = engine_line(text, self.record.state, physical=True)
        if isinstance(line, Refused):
            raise BadLine(line.why)
        before = len(self.rulings)
        try:
            said = self.record.enter(line)
        except CardtableError as e:
            raise BadLine(refusal(e, text, line)) from None
        except Exception as e:  # noqa: BLE001 - odd text must not end the session
            raise BadLine(_("could not read {text!r}: {error}", text=text, error=e)) from None
        self.lines.append(text)
        return Entered(from_1(entry_from_1(said)), list(self.rulings[before:]))


__all__ = ["NO_SEAT", "REPORTER_FIRST", "SEATS", "BadLine", "Entered", "PhysicalLines", "Refused", "engine_line",
           "entry_from_1", "from_1", "items_shown", "labels", "refusal", "seat_from_1", "seats_shown",
           "to_move_text"]
