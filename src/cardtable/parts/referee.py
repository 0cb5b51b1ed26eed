"""A game's referee: what ``cardtable referee GAME`` (the terminal's scorekeeper for a table
played with real cards) and the browser's referee page (``/referee``) need from a game whose
laws rule table irregularities.

A game declares a :class:`Referee` as its parts' ``referee`` (gin does: the reports R1–R13
and their rulings of gin.md A.14).  The scorekeeper asks
``cardtable.registry.game_parts(game).referee`` and never imports the game; a game without
one has no referee.  Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..game import State
    from ..scoring import ScoreItem


class RulingText(Protocol):
    """A ruling as the scorekeeper shows it: its label (``R6``) and its sentence."""

    @property
    def label(self) -> str: ...
    def sentence(self) -> str: ...


class PhysicalRecord(Protocol):
    """One deal recorded at a real table as its cards become known (physical mode).

    ``enter(text)`` takes one line (a card seen, a move, a report) and says what it recorded,
    raising a :class:`cardtable.errors.CardtableError` that names a bad line; ``state`` is the
    deal as recorded so far (unknown cards held by placeholders), ``view()`` what the record
    knows (unknown cards as ``?``), ``deal`` the written deal (its ``dealer``), ``to_json()``
    the record as a scenario file."""

    @property
    def deal(self) -> dict[str, Any]: ...
    @property
    def state(self) -> State: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def scores(self) -> list[int]: ...
    def enter(self, text: str) -> str: ...
    def view(self) -> dict[str, Any]: ...
    def score_items(self) -> list[ScoreItem]: ...
    def to_json(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Law:
    """One law of the referee, for a menu of reports: ``rule`` (``R8``), its short ``name`` and
    its ``remedy`` (English, marked for translation: a screen says them with ``_()``), where it
    is written (``cite``: ``gin.md A.14 R8``), the report's notation (``form``), how many cards
    the report names (``cards``: ``none``, ``one``, ``some``; ``optional`` for a card it may
    name) and the words it takes: groups of ``(word, what it means)``, one word of a group of
    several to be chosen, a group of one an optional word."""

    rule: str
    name: str
    remedy: str
    cite: str
    form: str
    cards: str = "none"
    words: tuple[tuple[tuple[str, str], ...], ...] = ()


@dataclass(frozen=True)
class RefereeScreen:
    """What a screen shows of a physical record beyond its view (the browser's referee page):
    ``laws()``, the laws a report may cite, in order; ``said(ruling)``, a ruling in the
    reader's language, its seats counted from 1; ``notes(view)``, the referee's facts of a
    view (cards exposed, bars to a knock, hands face up …) in the reader's language, seats
    from 1; ``choices(record)``, what may be typed next, as typed lines (seats from 1): the
    moves whose cards are all known, the places where a card is to be named, the reports
    possible now and the answers to a ruling (each ``{"kind", "line", "seat", …}``);
    ``missing(state)``, for each seat the cards a scored knock found missing from its hand
    (each charged 10 points)."""

    laws: Callable[[], Sequence[Law]]
    said: Callable[[RulingText], str]
    notes: Callable[[dict[str, Any]], list[str]]
    choices: Callable[[PhysicalRecord], list[dict[str, Any]]]
    missing: Callable[[State], list[int]]


@dataclass(frozen=True)
class Referee:
    """The referee of a game (see the module doc).

    ``table_rules``: the rule overrides that put a match in the referee's mode (gin:
    ``table_mode=true``), on top of the person's preset and rules; ``possible_reports(state,
    seat)``: the report texts ``seat`` could make now without naming cards, for the
    scorekeeper's ``reports`` command; ``physical(dealer, rules)``: a new record of one deal
    played with real cards (``--physical``), ``dealer`` dealing, under ``rules`` (the
    options' differences from the defaults); ``rulings(state)``: the rulings given so far
    in a deal, oldest first (none outside the referee's mode); ``screen``: what a screen
    shows of a physical record beyond its view (:class:`RefereeScreen`), None for a referee
    of the terminal only."""

    table_rules: Mapping[str, Any]
    possible_reports: Callable[[State, int], list[str]]
    physical: Callable[[int, dict[str, Any]], PhysicalRecord]
    rulings: Callable[[State], Sequence[RulingText]]
    screen: RefereeScreen | None = None


__all__ = ["Law", "PhysicalRecord", "Referee", "RefereeScreen", "RulingText"]
