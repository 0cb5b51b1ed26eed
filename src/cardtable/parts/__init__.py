"""A game's parts beyond its rules and state, declared as one typed value.

Each game package exports ``PARTS = GameParts(...)`` beside ``GAME``; the registry's
:func:`cardtable.registry.game_parts` is the one place that loads it, and every outer layer
(the presentation, the score explanations, the advice, the terminal, the research API, the
bots) asks that value instead of looking for modules or names.  A part a game does not have
is ``None`` (or empty), and the layer that would use it says so or falls back to a generic
drawing.

The parts are built from what this package and the core give (the words in
:mod:`.screen`, :class:`.hints.Hint`, the observation fields of :mod:`.obsfields`, the
:class:`.encoding.Encoding` declaration, the bots' base in :mod:`.botbase`), so a game never
imports a layer above it.  Standard library only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from ..moves import Move
from .felt import Felt, Target
from .hints import Hint
from .referee import Referee
from .screen import ExplainContext, Zone
from .stats import Stat, Stats
from .tally import Tally

if TYPE_CHECKING:
    from ..game import Game
    from .encoding import Encoding

View = dict[str, Any]


#: a bot class (or factory) of a game: called with the game id, gives a bot
BotFactory = Callable[..., Any]


class PlayingBot(Protocol):
    name: str

    def choose(self, view: View, legal: list[Move], rng: random.Random) -> Move: ...


@dataclass(frozen=True)
class Layout:
    """How a seat's table screen shows the game (``cardtable.presentation`` draws it).

    ``zones(view, names)`` gives the public zones (melds, trick, pile …) in the order a
    player reads them; ``phases`` words the view's internal phase names (marked ``N_``);
    ``ace_low`` sorts the ace below the two in hands; ``by_rank`` (a rank order such as
    ``"3 4 … A 2"``) groups the hand by rank instead of by suit; ``hand(view)`` finds the
    seat's own cards where the view does not keep them under ``hand``; ``move_note(view,
    legal)`` is one line shown above the moves; ``hidden_verbs`` are verbs whose moves are
    not listed (they can still be typed).

    ``move_words()`` says the shapes of the game's move texts (``move_text``, ``log_text``,
    a verb alone as a heading) in the current language: one message per shape, written in the
    notation with named placeholders, ``[pgettext("dummy move", "layoff {cards} on {card}"),
    …]``; called in English it gives the shapes themselves (:mod:`cardtable.movewords`).
    ``move_terms(value)`` words a placeholder's value that is a word of the notation
    (十三张's special ids), None to keep it as written.  A game without them is said with the
    shared words of :mod:`cardtable.movewords`, else as its text."""

    zones: Callable[[View, Sequence[str]], list[Zone]]
    phases: Mapping[str, str] = field(default_factory=dict)
    ace_low: bool = False
    by_rank: str | None = None
    hand: Callable[[View], list[str] | None] | None = None
    move_note: Callable[[View, list[str]], str | None] | None = None
    hidden_verbs: tuple[str, ...] = ()
    move_words: Callable[[], Sequence[str]] | None = None
    move_terms: Callable[[str], str | None] | None = None


@dataclass(frozen=True)
class Explanation:
    """Score items said in words (``cardtable.explanation``).

    ``explain(item, ctx)`` words one item (its JSON form), ``None`` hiding an item worth 0
    that tells nothing; ``scoring_note`` is shown above the scores (marked ``N_``);
    ``deal_note(view)`` says what happened to a deal without score items."""

    explain: Callable[[dict[str, Any], ExplainContext], str | None]
    scoring_note: str = ""
    deal_note: Callable[[View], str | None] | None = None


@dataclass(frozen=True)
class Advice:
    """Hints and warnings from a seat's view and legal moves only (``cardtable.advice``).

    ``advise`` gives a legal move and why; ``warn`` why a legal move is costly; ``line``
    the hint as one line of text in the game's notation, for text screens."""

    advise: Callable[[View, list[Move]], Hint | None]
    warn: Callable[[View, Move], str | None] | None = None
    line: Callable[[View, list[Move]], str | None] | None = None


class RowsInfo(Protocol):
    """What a rows assistant says of rows being built (see :class:`RowsAssist`)."""

    @property
    def rows(self) -> Sequence[Any]: ...
    @property
    def fouled(self) -> bool: ...
    @property
    def foul_reason(self) -> str | None: ...
    @property
    def complete(self) -> bool: ...
    def move_text(self) -> str: ...


@dataclass(frozen=True)
class RowsAssist:
    """Help for a move made by sorting the hand into rows (十三张's 头道/中道/尾道): what the
    terminal's arranger and the browser's arrangement board use, from the seat's view only.

    ``row_sizes`` and ``row_titles`` (marked ``N_``) name the rows; ``numbered_hand(view)``
    lists the hand in the order numbers refer to; ``auto_rows(view)`` is the game's own
    split; ``check(view, rows)`` says each full row's kind and whether the rows foul;
    ``specials(view)`` the declarations the hand allows as (move text, words);
    ``special_id(name)`` the move word of a special named any way; ``rows_json(rows,
    options)`` the check as JSON for the browser (errors name a malformed request)."""

    row_sizes: tuple[int, ...]
    row_titles: tuple[str, ...]
    numbered_hand: Callable[[View], list[str]]
    auto_rows: Callable[[View], Sequence[list[str]]]
    check: Callable[[View, Sequence[Sequence[str]]], RowsInfo]
    specials: Callable[[View], list[tuple[str, str]]]
    special_id: Callable[[str], str | None]
    rows_json: Callable[[Any, dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class EncodingPart:
    """The research API's encoding of a game: ``build(game, players, options)`` declares its
    action vocabulary and observation fields; ``doc`` says in prose what they mean."""

    build: Callable[[Game[Any], int, Any], Encoding]
    doc: str = ""


@dataclass(frozen=True)
class GameParts:
    """Everything a game supplies besides its rules and state.

    ``bots``: the game's own bots by name, strongest first; ``default_bot``: the one
    ``play``, the server and timeouts use (else ``heuristic``, else the first);
    ``render(view)``: the terminal's own drawing of the table (text); ``referee``: the
    table-irregularity tools of a game that has them (gin's laws), see
    :mod:`.referee`; ``felt``: the browser card table's picture of a view and where each
    move is made on it, see :mod:`.felt`; ``stats``: the figures a player's page counts for
    that game, see :mod:`.stats`; ``tally``: a deal's score from its end as people describe
    it (the scorekeeper), see :mod:`.tally`."""

    layout: Layout | None = None
    explanation: Explanation | None = None
    advice: Advice | None = None
    encoding: EncodingPart | None = None
    bots: Mapping[str, BotFactory] = field(default_factory=dict)
    default_bot: str | None = None
    render: Callable[[View], str] | None = None
    assist: RowsAssist | None = None
    referee: Referee | None = None
    felt: Felt | None = None
    stats: Stats | None = None
    tally: Tally | None = None


#: the parts of a game that declares none (a toy game, a game of another distribution)
NO_PARTS = GameParts()

__all__ = ["Advice", "BotFactory", "EncodingPart", "Explanation", "ExplainContext", "Felt", "GameParts", "Hint",
           "Layout", "NO_PARTS", "PlayingBot", "Referee", "RowsAssist", "RowsInfo", "Stat", "Stats", "Tally", "Target",
           "View", "Zone"]
