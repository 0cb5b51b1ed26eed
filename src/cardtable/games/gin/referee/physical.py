"""The gin referee at a real table: a deal recorded as its cards become known (gin.md A.14).

At a physical table the scorekeeper never sees the shuffle. :class:`PhysicalDeal` records a
deal from what is seen: the upcard, the cards a player draws and shows (``draw 7♦`` when the
recorder sees his draw), every face-up discard, a knock's spread, the defender's spread, and
the referee's reports (``1: report R6 7♦``).  Cards nobody has named stay unknown.

How unknown cards are kept without changing the engine: the deal is held as an ordinary
table-mode deal (``GinTableState``) whose unknown places hold *placeholder* cards.  When a
card is named, it is swapped with the placeholder at the place the entry says it is (the top
of the stock for ``draw 7♦``, the mover's hand for ``discard 7♦``, some place that makes a
report possible), in the written deal, and the whole deal is replayed.  Two cards that were
never named are interchangeable for every earlier move (no earlier move names them), so the
replay always holds; every ruling R1–R13 then works on the real state exactly as in table
mode.  Everything shown (``view``, the log) replaces placeholder cards by ``?``, and a knock
is scored only when both hands are known, so a placeholder never reaches a score.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import Any

from ....cards import card_str, cards_str, make_pack, parse_cards, shuffled
from ....errors import BadCard, CardtableError, IllegalMove
from ....i18n import N_, _, ngettext
from ....moves import split_seat_prefix
from ....scoring import ScoreItem
from ..state import OVER
from .rulings import said, worded
from .tablestate import GinTableState

#: options that would let a placeholder decide a legal move (they read cards nobody named)
UNSUPPORTED = {"force_gin": False, "fiftieth_card_pickup": False}
HAND_VERBS = ("discard", "knock", "gin", "biggin", "meld", "layoff")
UNKNOWN = "?"


def _holds(st: GinTableState, seat: int, c: int) -> bool:
    """Does ``seat`` hold card ``c`` in ``st``?"""
    return bool((st.hands[seat] >> c) & 1)


class PhysicalDeal:
    """One gin deal entered card by card at a real table (see the module doc).

    ``enter(text)`` takes one line: ``upcard 7♦`` (first), ``hand 0 A♠ 2♠ …`` / ``show 1 …``
    (cards seen in a hand), a move with its seat when needed (``draw``, ``draw 7♦``, ``take``,
    ``pass``, ``discard 7♦``, ``knock 4♠ [A♠ 2♠ 3♠] …``, ``gin …``, ``meld …``, ``layoff …``,
    ``done``) or a referee entry (``report R6 7♦``, ``choose continue``, ``accept``,
    ``take 7♦`` for an exposed card).  A bad line raises :class:`IllegalMove` or
    :class:`BadCard` naming the problem and changes nothing.

    The lines name seats as the engine does, from 0 (``hand 0``, ``1: report …``), like the
    record's moves; its reasons count seats from 1, as people count (``cardtable referee gin
    --physical`` takes seats from 1 and converts them).
    """

    def __init__(self, dealer: int = 1, rules: dict[str, Any] | None = None, seed: int = 0,
                 sizes: tuple[int, int] = (10, 10)) -> None:
        rules = dict(rules or {})
        for key, value in UNSUPPORTED.items():
            if rules.get(key, value) != value:
                raise IllegalMove(f"{key}={rules[key]}", _("{key} is not available in physical mode: "
                                    "it decides legal moves from cards nobody has seen", key=key))
        self.rules = {**rules, **UNSUPPORTED, "table_mode": True}
        if dealer not in (0, 1):
            raise IllegalMove(f"dealer {dealer}", _("the dealer is seat 0 or 1"))
        # placeholders: a shuffle of its own; nothing in it is ever shown as a card
        cards = shuffled(make_pack(), random.Random(seed))
        a, b = sizes
        self.deal: dict[str, Any] = {"hands": [cards[:a], cards[a:a + b]],
                                     "discard": [cards[a + b]], "stock": cards[a + b + 1:],
                                     "dealer": dealer}
        self.known: dict[int, str] = {}     # card -> where it was first entered
        self.moves: list[str] = []
        self.upcard_entered = False
        self.state = self._replay(self.deal, self.moves)

    # --- replay --------------------------------------------------------------------------------

    def _deal_json(self, deal: dict[str, Any]) -> dict[str, Any]:
        return {"hands": [[card_str(c) for c in h] for h in deal["hands"]],
                "discard": [card_str(c) for c in deal["discard"]],
                "stock": [card_str(c) for c in deal["stock"]], "dealer": deal["dealer"]}

    def _replay(self, deal: dict[str, Any], moves: list[str]) -> GinTableState:
        import cardtable
        st = cardtable.new_game("gin", rules=self.rules, deal=self._deal_json(deal))
        assert isinstance(st, GinTableState)
        for m in moves:
            st.apply(m)
        return st

    @staticmethod
    def _swapped(deal: dict[str, Any], c: int, d: int) -> dict[str, Any]:
        def sw(x: int) -> int:
            return d if x == c else c if x == d else x
        return {"hands": [[sw(x) for x in h] for h in deal["hands"]],
                "discard": [sw(x) for x in deal["discard"]], "stock": [sw(x) for x in deal["stock"]],
                "dealer": deal["dealer"]}

    def _place(self, deal: dict[str, Any], c: int, ok: Callable[[GinTableState], bool],
               where: str, keep: frozenset[int] = frozenset()) -> tuple[dict[str, Any], GinTableState]:
        """A deal in which the not yet named card ``c`` is where ``ok`` wants it: ``c`` itself,
        or ``c`` swapped with some other unnamed card (not one of ``keep``, placed by the
        same entry); an error if no such deal exists."""
        st = self._replay(deal, self.moves)
        if ok(st):
            return deal, st
        for d in self._unknown_places(st):
            if d in keep or d == c:
                continue
            trial = self._swapped(deal, c, d)
            try:
                st2 = self._replay(trial, self.moves)
            except CardtableError:      # cannot happen for two unnamed cards; be safe anyway
                continue
            if ok(st2):
                return trial, st2
        raise IllegalMove(card_str(c), _("{card} cannot be {place}: every such place holds a card already "
                                         "entered", card=card_str(c), place=said(where)))

    def _unknown_places(self, st: GinTableState) -> list[int]:
        """The unnamed cards in the order their places are tried: stock from the top, then the
        hands."""
        order = list(reversed(st.stock)) + [c for s in (0, 1) for c in st.cards_in(st.hands[s])]
        return [int(c) % 64 for c in order if int(c) % 64 not in self.known and int(c) < 64]

    # --- entering ------------------------------------------------------------------------------

    def enter(self, text: str) -> str:
        """Record one line (see the class doc); returns what was recorded, as text."""
        line = " ".join(text.split())
        if not line:
            raise IllegalMove(text, _("nothing entered"))
        prefix, body = split_seat_prefix(line)
        words = body.split()
        verb = words[0].lower()
        if verb == "upcard":
            return self._enter_upcard(body, words)
        if verb in ("hand", "show"):
            return self._enter_show(body, words)
        if self.state.is_over and verb != "report":
            raise IllegalMove(line, _("the deal is over"))
        if not self.upcard_entered:
            raise IllegalMove(line, _("enter the upcard first: 'upcard 7♦'"))
        return self._enter_move(line, prefix, body, words)

    def _enter_upcard(self, body: str, words: list[str]) -> str:
        if self.moves or self.upcard_entered:
            raise IllegalMove(body, _("the upcard is entered once, before the first move"))
        cards = self._cards(body, words[1:], exactly=1)
        c = cards[0]
        deal = self._swapped(self.deal, c, self.deal["discard"][0])
        self._commit(deal, self._replay(deal, self.moves), {c: worded(N_("the upcard"))})
        self.upcard_entered = True
        return f"upcard {card_str(c)}"

    def _enter_show(self, body: str, words: list[str]) -> str:
        if len(words) < 3 or words[1] not in ("0", "1"):
            raise IllegalMove(body, _("write the seat and the cards: 'show 1 7♦ 8♦ 9♦'"))
        seat = int(words[1])
        cards = self._cards(body, words[2:])
        deal, st = self._in_hand(self.deal, seat, cards, body)
        self._commit(deal, st, {c: worded(N_("entered in seat {seat}'s hand"), seat=seat) for c in cards})
        return f"seat {seat} holds {cards_str(cards)}"

    def _enter_move(self, line: str, prefix: int | None, body: str, words: list[str]) -> str:
        st = self.state
        verb = words[0].lower()
        seat = prefix if prefix is not None else (st.to_move()[0] if len(st.to_move()) == 1 else None)
        if verb == "draw" and len(words) > 1:           # the recorder saw the card drawn
            cards = self._cards(body, words[1:], exactly=1)
            c = cards[0]
            deal, _placed = self._on_stock_top(c, body)
            move = f"{prefix}: draw" if prefix is not None else "draw"
            return self._apply(deal, move, {c: worded(N_("drawn from the stock"))})
        if seat is None:
            raise IllegalMove(line, _("write the seat first, e.g. '1: report R6 7♦'"))
        try:
            mv = st.parse_move(body, seat)
        except BadCard as e:
            raise IllegalMove(body, str(e), seat) from None
        if mv.verb == "report" and (mv.target or "").split()[:1] == ["R7"] and not mv.cards:
            raise IllegalMove(body, _("name the card that was seen: 'report R7 7♦' (at a real table "
                                      "the record does not know the top stock card)"), seat)
        named = [int(c) % 64 for c in (*mv.cards, *(c for g in mv.groups for c in g))]
        new = [c for c in dict.fromkeys(named) if c not in self.known]
        deal = self.deal
        if verb in HAND_VERBS and new:
            mover = st.cur
            deal, _placed = self._in_hand(deal, mover, new, body)
        elif new:                                          # a report: wherever it can be true
            for c in new:
                deal, _placed = self._place(deal, c, partial(self._legal_with, line=line, c=c),
                                            worded(N_("where this report says")))
        self._check_spread(deal, line, verb, new)
        where = worded(N_("named by '{move}'"), move=body)
        return self._apply(deal, line, {c: where for c in new})

    def _legal_with(self, st: GinTableState, line: str, c: int) -> bool:
        try:
            st.clone().apply(line)
        except CardtableError:
            return False
        return True

    def _on_stock_top(self, c: int, body: str) -> tuple[dict[str, Any], GinTableState]:
        st = self.state
        if not st.stock:
            raise IllegalMove(body, _("the stock is empty"))
        top = int(st.stock[-1]) % 64
        if top == c:
            return self.deal, st
        if c in self.known:
            raise IllegalMove(body, _("{card} was {place}, not on top of the stock", card=card_str(c),
                                      place=said(self.known[c])))
        if top in self.known:
            raise IllegalMove(body, _("the top of the stock is known to be {card}", card=card_str(top)))
        deal = self._swapped(self.deal, c, top)
        return deal, self._replay(deal, self.moves)

    def _in_hand(self, deal: dict[str, Any], seat: int, cards: list[int],
                 body: str) -> tuple[dict[str, Any], GinTableState]:
        placed: set[int] = set()
        for c in cards:
            if c in self.known:
                if not (self.state.hands[seat] >> c) & 1:
                    raise IllegalMove(body, _("{card} was {place}, not in seat {seat}'s hand", card=card_str(c),
                                              place=said(self.known[c]), seat=seat + 1))
                continue
            deal, _placed = self._place(deal, c, partial(_holds, seat=seat, c=c),
                                        worded(N_("in seat {seat}'s hand"), seat=seat), frozenset(placed))
            placed.add(c)
        return deal, self._replay(deal, self.moves)

    def _check_spread(self, deal: dict[str, Any], line: str, verb: str, new: list[int]) -> None:
        """A knock spreads the knocker's hand: every card of it must have been entered."""
        if verb not in ("knock", "gin", "biggin"):
            return
        st = self._replay(deal, self.moves)
        self._require_known(st, (st.cur,), line, new)

    def _require_known(self, st: GinTableState, seats: tuple[int, ...], line: str,
                       new: list[int]) -> None:
        for s in seats:
            unknown = [c for c in st.cards_in(st.hands[s]) if int(c) % 64 not in self.known
                       and int(c) % 64 not in new]
            if unknown:
                raise IllegalMove(line, _("seat {seat}'s hand has {n} card(s) not entered yet: "
                                          "enter them first with 'show {seat} <cards>'", seat=s + 1,
                                          n=len(unknown)))

    def _apply(self, deal: dict[str, Any], move: str, named: dict[int, str]) -> str:
        st = self._replay(deal, self.moves)
        mv = st.apply(move)                 # raises with the engine's reason; nothing is kept
        if st.phase == OVER and st.knocker >= 0 and st.voided is None:
            # the hand is scored from both spreads: no placeholder may be counted
            self._require_known(st, (0, 1), move, list(named))
        self.moves.append(self._seated(st, move))
        self._commit(deal, st, named)
        return self.log_line(len(self.moves) - 1, mv)

    @staticmethod
    def _seated(st: GinTableState, move: str) -> str:
        prefix, body = split_seat_prefix(move)
        seat = st.history[-1][0]
        return f"{seat}: {body}"

    def _commit(self, deal: dict[str, Any], st: GinTableState, named: dict[int, str]) -> None:
        self.deal = deal
        self.state = st
        for c, where in named.items():
            self.known.setdefault(c, where)

    def _cards(self, body: str, words: list[str], exactly: int | None = None) -> list[int]:
        try:
            cards = [int(c) % 64 for c in parse_cards(" ".join(words))]
        except BadCard as e:
            raise IllegalMove(body, str(e)) from None
        if exactly is not None and len(cards) != exactly:
            raise IllegalMove(body, ngettext("name {n} card", "name {n} cards", exactly))
        if not cards:
            raise IllegalMove(body, _("name the cards"))
        if len(set(cards)) != len(cards):
            raise IllegalMove(body, _("a card is named twice"))
        return cards

    # --- what the record shows ----------------------------------------------------------------

    def _mask(self, value: Any) -> Any:
        """``value`` with every card nobody has named replaced by ``?``."""
        if isinstance(value, str):
            return value if value in self._named_strs or value not in self._all_strs else UNKNOWN
        if isinstance(value, list):
            return [self._mask(v) for v in value]
        if isinstance(value, dict):
            return {k: self._mask(v) for k, v in value.items()}
        return value

    @property
    def _all_strs(self) -> set[str]:
        return {card_str(c) for c in range(52)}

    @property
    def _named_strs(self) -> set[str]:
        return {card_str(c) for c in self.known}

    def view(self) -> dict[str, Any]:
        """What the record knows: the public table, each hand's entered cards and how many are
        not known, the referee's rulings; unknown cards appear as ``?``."""
        st = self.state
        v = self._mask(st.view(None))
        v["hands_known"] = [[card_str(c) for c in st.cards_in(st.hands[s]) if int(c) % 64 in self.known]
                            for s in (0, 1)]
        v["hands_unknown"] = [sum(1 for c in st.cards_in(st.hands[s]) if int(c) % 64 not in self.known)
                              for s in (0, 1)]
        return v

    def log_line(self, i: int, mv: Any = None) -> str:
        seat, move = self.state.history[i]
        return f"{seat}: {self.state.log_text(None, seat, move)}"

    def score_items(self) -> list[ScoreItem]:
        """The deal's score items and rulings (every card in them has been entered)."""
        return self.state.score_items()

    @property
    def scores(self) -> list[int]:
        return self.state.scores

    @property
    def is_over(self) -> bool:
        return self.state.phase == OVER

    def to_json(self) -> dict[str, Any]:
        """The record as a table-mode scenario: once the deal is over and every scored card is
        known it replays with ``cardtable replay``.  Unknown cards are written as they are held
        (placeholders), so it is a record of *a* deal consistent with everything seen."""
        return {"game": "gin", "players": 2, "rules": self.rules, "deal": self._deal_json(self.deal),
                "moves": list(self.moves)}
