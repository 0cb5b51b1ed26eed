"""The gin referee: reports of table irregularities and the rulings they give (gin.md A.14).

A *report* is a move any seat may make at any time in table mode (``GinTableState``):
``report R6 7♦``, ``1: report R9``.  Each report is checked against the state (is the
irregularity possible now, are the named cards where the law needs them) and yields a
:class:`Ruling`: a fixed remedy applied at once, or options for the player the law gives
the choice to, answered by ``choose <option>``.  Rulings become 0-point score items
``gin:R1`` … ``gin:R13`` with a sentence a person can read (gin.md Clarifications).

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

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...cards import Card, card_str, cards_str, parse_card
from ...deal import Deal
from ...errors import BadCard, IllegalMove, ScenarioError
from ...i18n import _
from ...moves import Move
from ...scoring import ScoreItem
from .state import DEFEND, DISCARD, DRAW, FIFTY, FIRST_DRAW, OFFER, OFFER_DEALER, OVER, GinState

if TYPE_CHECKING:
    from .table import GinTableState

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
        """:meth:`sentence` in the player's language (the English one is the data)."""
        s = said(self.text)
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



# The rulings' and bars' sentences are data (score items' notes, the view) and stay English;
# the words of each (its message and parameters) are remembered by its English text so that
# a screen can show it in the player's language (``said``, ``ruling_of_note``).
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


def said(text: str) -> str:
    """A sentence made by :func:`worded`, in the player's language (others as they are)."""
    got = _WORDS.get(text)
    return _(got[0], **got[1]) if got else text


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


def _in_stock(st: GinTableState, cards: tuple[int, ...]) -> str | None:
    for c in cards:
        if c not in st.stock:
            return _("{card} is not in the stock", card=card_str(c))
    return None


def knock_made(st: GinTableState) -> bool:
    return st.window is not None or st.knocker >= 0


def counts_said(st: GinTableState) -> str:
    """``counts_text`` in the player's language."""
    return ", ".join(_("seat {seat} holds {n} (should hold {want})", seat=s, n=st.hands[s].bit_count(),
                       want=expected_count(st, s)) for s in (0, 1))


def counts_text(st: GinTableState) -> str:
    return ", ".join(f"seat {s} holds {st.hands[s].bit_count()} (should hold "
                     f"{expected_count(st, s)})" for s in (0, 1))


# --- legality of reports ---------------------------------------------------------------------

def why_report(st: GinTableState, seat: int, move: Move) -> str | None:
    """None if the report can be ruled now, else why not (for a person to read)."""
    rule, flags = report_parts(move)
    if rule not in RULES:
        return _("unknown rule {rule}; the referee rules R1–R13", rule=repr(rule))
    if st.pending >= 0:
        r = st.rulings[st.pending]
        return _("first seat {seat} must answer the {rule} ruling: {choices}", seat=r.chooser,
                 rule=r.rule, choices=or_list(f"'choose {o}'" for o in r.options))
    if st.voided is not None:
        return _("the deal was voided; a new deal follows")
    why = _WHY[rule](st, seat, move.cards, flags)
    return why


def _no_more(cards: tuple[int, ...], flags: list[str], ncards: tuple[int, ...] = (0,),
             allowed: tuple[str, ...] = (), rule: str = "") -> str | None:
    if len(cards) not in ncards:
        lo, hi = ncards[0], ncards[-1]
        n = len(cards)
        if hi == 0:
            why = _("this report names no card, not {n}", n=n)
        elif lo == hi:
            why = _("this report names {want} card(s), not {n}", want=lo, n=n)
        else:
            why = _("this report names {lo} to {hi} card(s), not {n}", lo=lo, hi=hi, n=n)
    else:
        bad = [f for f in flags if f not in allowed]
        if not bad:
            return None
        why = _("this report takes no word {word}", word=repr(bad[0]))
    return _("{reason}: write {usage}", reason=why, usage=repr(USAGE[rule])) if rule else why


def _during_play(st: GinTableState) -> str | None:
    if st.phase == OVER:
        return _("the deal is over")
    if st.window is not None:
        return _("a knock is on the table: rule it first (accept, or report R9/R10/R11/R12)")
    if st.knocker >= 0:
        return _("the knock has been made")
    return None


def _why_r1(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> str | None:
    """gin.md R1: misdeal grounds (a)–(d)."""
    grounds = [f for f in flags if f in R1_GROUNDS]
    if len(grounds) != 1 or cards or any(f not in (*R1_GROUNDS, "dealing") for f in flags):
        return _("write 'report R1 a|b|c|d' (add 'dealing' if found before the upcard was turned)")
    bad = _during_play(st)
    if bad:
        return bad
    if "dealing" in flags and game_moves(st):
        return _("'dealing' means found before the upcard was turned, but play has begun")
    if grounds[0] == "d":
        if first_draw_done(st):
            return _("after the first draw a wrong count is ruled by R2: write 'report R2'")
        if not wrong_seats(st):
            return _("both hands hold the right number of cards ({counts})", counts=counts_said(st))
    return None


def _why_r2(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> str | None:
    """gin.md R2: wrong count after the first draw, before any knock."""
    bad = _no_more(cards, flags, rule="R2") or _during_play(st)
    if bad:
        return bad
    if not first_draw_done(st):
        return _("before the first draw a wrong count is a misdeal: write 'report R1 d'")
    wrong = wrong_seats(st)
    if not wrong:
        return _("both hands hold the right number of cards ({counts})", counts=counts_said(st))
    if all(s in st.corrections for s in wrong):
        return _("that hand is already being corrected")
    return None


def _why_r3(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> str | None:
    """gin.md R3: the defender's hand is wrong when a knock is made."""
    bad = _no_more(cards, flags, rule="R3")
    if bad:
        return bad
    if st.window is None:
        if st.knocker >= 0 and any(r.rule == "R3" for r in st.rulings):
            return _("R3 was already ruled when the knock was scored")
        if st.knocker >= 0:
            return _("the defender held {n} cards: his hand was right", n=st.defender_count())
        return _("R3 rules a knock; before a knock a wrong count is R1 or R2")
    if any(r.rule == "R3" for r in st.rulings):
        return _("R3 was already ruled for this knock")
    n = st.hands[1 - st.window.knocker].bit_count()
    if n == 10:
        return _("the defender holds 10 cards: his hand is right")
    return None


def _why_r4(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> str | None:
    """gin.md R4: a card of another pack in the stock; ``hand``: in a hand (R4 Decision: before
    the knock that is R1(a), a new deal; after it the result stands).  A card in a hand is
    not in the engine's deal (a written deal puts ``foreign`` cards in the stock only): the
    report is the record of that fact, like R5–R7."""
    bad = _no_more(cards, flags, (1,), ("hand",), rule="R4")
    if bad:
        return bad
    if flags:
        if st.window is not None:
            return _("a knock is on the table: rule it first (accept, or report R9/R10/R11/R12)")
        return None
    if st.foreign_in_stock(cards[0]) is None:
        return _("no {card} of another pack is in the stock (a deal lists such cards under "
                 "'foreign')", card=card_str(cards[0]))
    return None


def _why_r5(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> str | None:
    """gin.md R5: the player not to move drew from the stock too early."""
    bad = _no_more(cards, flags, rule="R5") or _during_play(st)
    if bad:
        return bad
    if st.phase not in (OFFER_DEALER, DISCARD):
        return _("a premature draw is one made before the dealer answers the upcard, or before "
                 "the opponent has discarded")
    off = 1 - st.cur
    if off in st.premature:
        return _("seat {seat} has already drawn for his next turn", seat=off)
    if len(st.stock) < 3:
        return _("the stock is down to two cards and is not drawn")
    if st.stock[-1] >= 64:
        return _("the top stock card has another back: report R4 first")
    return None


def _why_r6(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> str | None:
    """gin.md R6: the player drawing saw a card he was not entitled to see."""
    bad = _no_more(cards, flags, (1, 2, 3), rule="R6") or _during_play(st)
    if bad:
        return bad
    if st.phase not in (FIRST_DRAW, DRAW, DISCARD, FIFTY):
        return _("R6 rules a card seen while drawing; no one is drawing now")
    return _in_stock(st, cards)


def _why_r7(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> str | None:
    """gin.md R7: a draw out of turn that shows a card."""
    bad = _no_more(cards, flags, (0, 1), rule="R7") or _during_play(st)
    if bad:
        return bad
    if len(st.stock) < 3:
        return _("the stock is down to two cards and is not drawn")
    if not cards and st.stock[-1] >= 64:
        return _("the top stock card has another back: report R4 first")
    return _in_stock(st, cards)


def _why_r8(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> str | None:
    """gin.md R8: an exposed card (in the stock, from a hand, or shown as a discard)."""
    where = [f for f in flags if f in R8_WHERE]
    if len(cards) != 1 or len(where) != 1 or len(flags) != 1:
        return _("write 'report R8 7♦ stock|hand|discard'")
    bad = _during_play(st)
    if bad:
        return bad
    c = cards[0]
    if where[0] == "stock":
        return _in_stock(st, cards)
    holder = st.holder_of(c)
    if holder is None:
        return _("{card} is in no hand", card=card_str(c))
    if where[0] == "discard":
        if holder != st.cur or st.phase != DISCARD:
            return _("{card} counts for a discard only when its holder is to discard", card=card_str(c))
        return GinState._why_discard(st, Move("discard", (Card(c),)))
    return None


def _why_knock_report(st: GinTableState, rule: str, cards: tuple[int, ...],
                      flags: list[str]) -> str | None:
    bad = _no_more(cards, flags, rule=rule)
    if bad:
        return bad
    w = st.window
    if w is None and rule == "R10" and late_r10_open(st):
        w = st.accepted
    if w is None:
        if st.knocker >= 0:
            return _("the knock has been accepted: an illegal knock found after the defender "
                     "has laid off (or once the engine scored it) stands (late_illegal_knock)")
        return _("no knock is on the table")
    if rule == "R11":
        if not w.wrong_count:
            return _("the knocker's spread holds 10 cards")
        return None
    if not w.over_limit:
        if w.wrong_count:
            return _("the knock is within the limit; the knocker holds {n} cards: that is R11",
                     n=w.count)
        return _("the knock is within the limit ({points})", points=w.points)
    return None


def late_r10_open(st: GinTableState) -> bool:
    """R10 after ``accept``: the manual defender has spread but laid off nothing yet (spec
    Decision: only a discovery after the layoffs leaves the knock standing)."""
    return (st.accepted is not None and st.knocker >= 0 and st.phase == DEFEND
            and not st.d_layoffs)


def _why_r9(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> str | None:
    """gin.md R9."""
    return _why_knock_report(st, "R9", cards, flags)


def _why_r10(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> str | None:
    """gin.md R10."""
    return _why_knock_report(st, "R10", cards, flags)


def _why_r11(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> str | None:
    """gin.md R11."""
    return _why_knock_report(st, "R11", cards, flags)


def _why_r12(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> str | None:
    """gin.md R12: the knocker may swap an accidental knock discard (until layoffs begin)."""
    bad = _no_more(cards, flags, (1,), rule="R12")
    if bad:
        return bad
    c = cards[0]
    k = st.window.knocker if st.window is not None else st.knocker
    if k >= 0 and seat != k:
        # the swap is the knocker's right ("он может ее заменить"); a check run for another
        # seat would also tell him about the face-down card (the deadwood it leaves)
        return _("only the knocker, seat {seat}, may swap his knock discard (R12)", seat=k)
    if st.window is not None:
        if not (st.hands[st.window.knocker] >> c) & 1:
            return _("{card} is not among the knocker's cards", card=card_str(c))
        if c == st.taken and not st.opts.allow_rediscard_taken:
            return _("{card} was just taken from the discard pile and may not be the knock "
                     "discard (rule 17)", card=card_str(c))
        return None
    if st.knocker < 0 or st.pre_knock is None or st.big_gin:
        return _("no knock discard to swap")
    if st.d_layoffs and not st.opts.defender_auto:
        return _("the defender has begun to lay off; the knock discard stands")
    return st.why_swap(c)


def _why_r13(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> str | None:
    """gin.md R13: a wrong card taken from the discard pile is put back."""
    bad = _no_more(cards, flags, (1, 2), rule="R13") or _during_play(st)
    if bad:
        return bad
    if st.phase not in (OFFER, OFFER_DEALER, DRAW, DISCARD, FIFTY):
        return _("R13 rules a draw from the discard pile; no one may take from it now")
    if st.phase == DISCARD and st.taken < 0:
        return _("seat {seat} drew from the stock this turn, not from the discard pile", seat=st.cur)
    for c in cards:
        if c not in st.pile:
            return _("{card} is not in the discard pile", card=card_str(c))
    if len(cards) == 1 and st.pile[-1] == cards[0] and st.phase != DISCARD:
        return _("{card} is the top discard: taking it is a legal draw", card=card_str(cards[0]))
    return None


_WHY = {"R1": _why_r1, "R2": _why_r2, "R3": _why_r3, "R4": _why_r4, "R5": _why_r5,
        "R6": _why_r6, "R7": _why_r7, "R8": _why_r8, "R9": _why_r9, "R10": _why_r10,
        "R11": _why_r11, "R12": _why_r12, "R13": _why_r13}


def why_choose(st: GinTableState, seat: int, move: Move) -> str | None:
    if st.pending < 0:
        return _("no ruling is waiting for a choice")
    r = st.rulings[st.pending]
    if seat != r.chooser:
        return _("seat {seat} makes this choice", seat=r.chooser)
    if move.target not in r.options:
        return _("the {rule} options are {options}", rule=r.rule, options=or_list(r.options))
    return None


def possible_reports(st: GinTableState, seat: int) -> list[str]:
    """The report texts ``seat`` could make now without naming cards (for a CLI's help)."""
    out = []
    probes = ["report R1 a dealing", "report R1 c", "report R1 d", "report R2", "report R3",
              "report R5", "report R7", "report R9", "report R10", "report R11"]
    for text in probes:
        mv = parse_table_move(text)
        if why_report(st, seat, mv) is None:
            out.append(text)
    return out


def describe(st: GinTableState) -> list[str]:
    """The rulings so far as sentences."""
    return [f"{r.label}: {r.sentence()}" for r in st.rulings]


__all__ = ["CHOICES", "RULES", "Ruling", "parse_table_move", "possible_reports", "table_move_text",
           "why_report"]

