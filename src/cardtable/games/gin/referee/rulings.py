"""The gin referee's rulings: reports of table irregularities, their notation and the
rulings they give (gin.md A.14).

A *report* is a move any seat may make at any time in table mode (``GinTableState``,
``tablestate.py``): ``report R6 7♦``, ``1: report R9``.  Each report is checked against the
state (``checks.py``: is the irregularity possible now, are the named cards where the law
needs them) and yields a :class:`Ruling`: a fixed remedy applied at once (``remedies.py``),
or options for the player the law gives the choice to, answered by ``choose <option>``.
Rulings become 0-point score items ``gin:R1`` … ``gin:R13`` with a sentence a person can
read (gin.md Clarifications).

Notation (docs/games/gin-referee.md):

| report | meaning |
|---|---|
| ``report R1 a|b|c|d [dealing]`` | misdeal (R1 grounds a–d); ``dealing``: before the upcard |
| ``report R2`` | a hand holds the wrong number of cards after the first draw |
| ``report R3`` | the defender's hand is wrong at a knock (also ruled automatically) |
| ``report R4 7♦ [hand]`` | a card of another pack found in the stock (a ``foreign`` card of the deal) / in a hand |
| ``report R5`` | the player not to move drew from the stock prematurely |
| ``report R6 7♦`` | the player drawing saw 7♦ illegally |
| ``report R7 [7♦]`` | the player not to move drew out of turn and saw a stock card |
| ``report R8 7♦ stock|hand|discard`` | an exposed card: in the stock / from a hand / a discard |
| ``report R9``, ``R10``, ``R11`` | illegal knock: before / after the defender spread; wrong count |
| ``report R12 4♠`` | the knocker meant to discard 4♠ |
| ``report R13 5♣ [..]`` | the player in turn took a wrong card from the discard pile |
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ....cards import Card, card_str, cards_str, parse_card
from ....deal import Deal
from ....errors import BadCard, IllegalMove, ScenarioError
from ....i18n import _
from ....moves import Move
from ....scoring import ScoreItem
from ..state import DISCARD

if TYPE_CHECKING:
    from .tablestate import GinTableState

RULES: dict[str, str] = {
    "R1": "misdeal",
    "R2": "wrong number of cards after the first draw",
    "R3": "defender's hand wrong at a knock",
    "R4": "card of another pack",
    "R5": "premature draw",
    "R6": "card seen illegally while drawing",
    "R7": "drawing out of turn",
    "R8": "exposed card",
    "R9": "illegal knock, found before the defender showed a card",
    "R10": "illegal knock, found after the defender spread and before any layoff",
    "R11": "knocker holds the wrong number of cards",
    "R12": "wrong discard after a knock",
    "R13": "wrong card taken from the discard pile",
}
USAGE: dict[str, str] = {
    "R1": "report R1 a|b|c|d [dealing]", "R2": "report R2", "R3": "report R3",
    "R4": "report R4 7♦ [hand]", "R5": "report R5", "R6": "report R6 7♦", "R7": "report R7 [7♦]",
    "R8": "report R8 7♦ stock|hand|discard", "R9": "report R9", "R10": "report R10",
    "R11": "report R11", "R12": "report R12 4♠", "R13": "report R13 5♣",
}
TABLE_VERBS = ("report", "choose", "accept")
CHOICES = ("new_deal", "continue", "open_hand", "no_bonus")
R1_GROUNDS = {"a": "the pack is imperfect or a card was found face up in it",
              "b": "a card was exposed while dealing", "c": "the wrong player dealt",
              "d": "a player holds the wrong number of cards"}
R8_WHERE = ("stock", "hand", "discard")
WORDS = frozenset((*R1_GROUNDS, "dealing", *R8_WHERE))
GAME_VERBS = frozenset(("take", "pass", "draw", "discard", "knock", "gin", "biggin", "meld",
                        "layoff", "done"))


@dataclass(frozen=True)
class Ruling:
    """One ruling: the rule, who reported, who offended, the remedy as a sentence and, for a
    choice, the options, the seat that chooses and (once made) the choice."""

    rule: str
    reporter: int
    offender: int | None
    text: str
    options: tuple[str, ...] = ()
    chooser: int | None = None
    choice: str | None = None
    turn: int = 0
    cards: tuple[int, ...] = ()

    @property
    def label(self) -> str:
        return f"gin:{self.rule}"

    @property
    def pending(self) -> bool:
        return bool(self.options) and self.choice is None

    def sentence(self) -> str:
        s = self.text
        if self.options and self.choice is None:
            s += f" Seat {self.chooser} chooses: {' or '.join(self.options)}."
        elif self.choice is not None:
            s += f" Seat {self.chooser} chose {self.choice}."
        return s

    def said(self) -> str:
        """:meth:`sentence` in the player's language (the English one is the data).  Its seats
        are still the record's, from 0, as in the data: the score lines show it as the English
        sentence's words (``gin/explain.py``; ``tests/games/gin/test_i18n.py``)."""
        s = said(self.text, seats_from_1=False)
        if self.options and self.choice is None:
            s += " " + _("Seat {seat} chooses: {options}.", seat=self.chooser, options=or_list(self.options))
        elif self.choice is not None:
            s += " " + _("Seat {seat} chose {choice}.", seat=self.chooser, choice=self.choice)
        return s

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"rule": self.label, "reporter": self.reporter,
                             "offender": self.offender, "text": self.sentence(), "turn": self.turn}
        if self.options:
            d["options"] = list(self.options)
            d["chooser"] = self.chooser
            d["choice"] = self.choice
        if self.cards:
            d["cards"] = [card_str(c) for c in self.cards]
        return d

    def item(self) -> ScoreItem:
        seat = self.offender if self.offender is not None else self.reporter
        note = self.sentence()
        _remember(_BY_NOTE, note, self)
        return ScoreItem(seat, 0, self.label, tuple(Card(c) for c in self.cards), note, self.turn)


@dataclass(frozen=True)
class KnockWindow:
    """A knock that is not regular (over the limit or a wrong count), waiting for the
    defender's ``accept`` or a report (R9–R12).  The discard lies face down."""

    knocker: int
    move: Move
    discard: int
    points: int      # deadwood of the arrangement laid out
    best: int        # least deadwood of the spread cards
    count: int       # cards spread
    limit: int

    @property
    def over_limit(self) -> bool:
        return self.points > self.limit

    @property
    def wrong_count(self) -> bool:
        return self.count != 10


@dataclass(frozen=True)
class Exposure:
    """Cards face up beside the discard pile (R6/R7); ``holder`` may take them now."""

    cards: tuple[int, ...]
    offender: int
    rule: str
    holder: int



# The rulings' and bars' sentences are data (score items' notes, the view) and stay English,
# with the engine's seat numbers (from 0); the words of each (its message and parameters) are
# remembered by its English text so that a screen can show it in the player's language, its
# seats counted from 1 as people count (``said``, ``ruling_of_note``).
_WORDS: dict[str, tuple[str, dict[str, Any]]] = {}
_BY_NOTE: dict[str, Ruling] = {}
_REMEMBERED = 20_000


def _remember(table: dict[str, Any], key: str, value: Any) -> None:
    if len(table) >= _REMEMBERED:
        table.clear()
    table[key] = value


def worded(message: str, **params: Any) -> str:
    """The English sentence of ``message`` (marked ``N_``) with ``params``: the text a ruling
    or a bar keeps; :func:`said` gives it in the player's language."""
    text = message.format(**params)
    _remember(_WORDS, text, (message, params))
    return text


#: the parameters of :func:`worded` sentences that are seats (the engine's numbers, from 0)
SEAT_PARAMS = frozenset(("seat", "other", "dealer"))
_SEAT_WORD = re.compile(r"\b([Ss]eat) (\d+)\b")


def said(text: str, seats_from_1: bool = True) -> str:
    """A sentence made by :func:`worded`, in the player's language, for a person to read: its
    seats counted from 1 as people count (``seats_from_1``; the English text, the data, keeps
    the engine's seats from 0).  A text not made by :func:`worded` (no longer remembered) is said
    as it is, its English "seat 0" counted from 1 too."""
    got = _WORDS.get(text)
    if got is None:
        return _SEAT_WORD.sub(lambda m: f"{m.group(1)} {int(m.group(2)) + 1}", text) if seats_from_1 else text
    message, params = got
    if seats_from_1:
        params = {k: v + 1 if k in SEAT_PARAMS and isinstance(v, int) else v for k, v in params.items()}
    return _(message, **params)


def ruling_of_note(note: str) -> Ruling | None:
    """The ruling whose score item has this note (for the score lines)."""
    return _BY_NOTE.get(note)


def or_list(items: Any) -> str:
    """'a' or 'b' or 'c', joined by the language's "or"."""
    out = ""
    for x in items:
        out = x if not out else _("{first} or {second}", first=out, second=x)
    return out


# --- notation --------------------------------------------------------------------------------

def parse_table_move(text: str, seat: int | None = None) -> Move:
    """``report R6 7♦`` / ``choose new_deal`` / ``accept`` → Move (BadCard for a bad card)."""
    words = text.split()
    verb = words[0].lower() if words else ""
    if verb == "accept":
        if len(words) > 1:
            raise IllegalMove(text, _("'accept' takes nothing more"), seat)
        return Move("accept")
    if verb == "choose":
        if len(words) != 2 or words[1].lower() not in CHOICES:
            raise IllegalMove(text, _("write 'choose <option>'; options are {options}",
                                      options=", ".join(CHOICES)), seat)
        return Move("choose", target=words[1].lower())
    if len(words) < 2:
        raise IllegalMove(text, _("write 'report <rule> ...', e.g. 'report R6 7♦' (rules R1–R13)"), seat)
    rule = words[1].upper()
    if rule not in RULES:
        raise IllegalMove(text, _("unknown rule {rule}; the referee rules R1–R13", rule=repr(words[1])), seat)
    cards: list[Card] = []
    flags: list[str] = []
    for w in words[2:]:
        if w.lower() in WORDS:
            flags.append(w.lower())
            continue
        try:
            cards.append(parse_card(w))
        except BadCard as e:
            raise IllegalMove(text, _("{word} is neither a card nor a word of this report ({error}); "
                                      "write {usage}", word=repr(w), error=e, usage=repr(USAGE[rule])),
                              seat) from None
    return Move("report", tuple(cards), (), " ".join([rule, *flags]))


def table_move_text(move: Move) -> str:
    if move.verb == "choose":
        return f"choose {move.target}"
    if move.verb == "accept":
        return "accept"
    rule, *flags = (move.target or "").split()
    parts = ["report", rule]
    if move.cards:
        parts.append(cards_str(move.cards))
    return " ".join(parts + flags)


def report_parts(move: Move) -> tuple[str, list[str]]:
    rule, *flags = (move.target or "").split()
    return rule, flags


# --- the deal -------------------------------------------------------------------------------

def foreign_cards(deal: Deal) -> list[tuple[int, int]]:
    """The deal's ``foreign`` key: cards of another pack in the stock, as ``[card, n]`` with
    ``n`` the number of stock cards above it (R4).  Returns (code, n) with copy 1."""
    raw = deal.extra.get("foreign", [])
    out = []
    if not isinstance(raw, list):
        raise ScenarioError("deal.foreign", "must be a list of [card, cards above it]")
    for i, item in enumerate(raw):
        if (not isinstance(item, list) or len(item) != 2 or not isinstance(item[0], str)
                or not isinstance(item[1], int) or not 0 <= item[1] <= len(deal.stock)):
            raise ScenarioError(f"deal.foreign[{i}]", "must be [card, number of stock cards above it]")
        try:
            c = parse_card(item[0])
        except BadCard as e:
            raise ScenarioError(f"deal.foreign[{i}]", str(e)) from None
        out.append((64 + int(c), item[1]))
    return out


def check_table_deal(deal: Deal) -> None:
    """A table deal is any deal of the whole pack: hands may hold a wrong count (R1, R2)."""
    dealer = deal.extra.get("dealer", 0)
    if dealer not in (0, 1) or isinstance(dealer, bool):
        raise ScenarioError("deal.dealer", f"must be seat 0 or 1, not {dealer!r}")
    if len(deal.discard) != 1:
        raise ScenarioError("deal.discard", "must hold exactly the upcard")
    if len(deal.stock) < 3:
        raise ScenarioError("deal.stock", "must hold at least 3 cards")
    foreign_cards(deal)



# --- shared facts ----------------------------------------------------------------------------

def game_moves(st: GinTableState) -> list[Move]:
    return [m for _, m in st.history if m.verb in GAME_VERBS]


def first_draw_done(st: GinTableState) -> bool:
    """Has the deal's first draw (stock or discard, or a premature stock draw) been made?"""
    return any(m.verb in ("draw", "take") or (m.verb == "report" and report_parts(m)[0] == "R5")
               for _, m in st.history)


def expected_count(st: GinTableState, seat: int) -> int:
    """How many cards ``seat`` should hold now: 10, one more after his draw (R5: also after
    a premature draw)."""
    n = 10
    if seat == st.cur and st.phase == DISCARD and st.window is None:
        n += 1
    if seat in st.premature:
        n += 1
    return n


def wrong_seats(st: GinTableState) -> list[int]:
    return [s for s in (0, 1) if st.hands[s].bit_count() != expected_count(st, s)]


def knock_made(st: GinTableState) -> bool:
    return st.window is not None or st.knocker >= 0


def counts_said(st: GinTableState) -> str:
    """``counts_text`` in the player's language, the seats counted from 1."""
    return ", ".join(_("seat {seat} holds {n} (should hold {want})", seat=s + 1, n=st.hands[s].bit_count(),
                       want=expected_count(st, s)) for s in (0, 1))


def counts_text(st: GinTableState) -> str:
    return ", ".join(f"seat {s} holds {st.hands[s].bit_count()} (should hold "
                     f"{expected_count(st, s)})" for s in (0, 1))


__all__ = ["CHOICES", "RULES", "Exposure", "KnockWindow", "Ruling", "parse_table_move", "said",
           "table_move_text", "worded"]

