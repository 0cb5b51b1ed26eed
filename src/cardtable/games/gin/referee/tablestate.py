"""Gin Rummy in table mode: a deal as it happened at a physical table (gin.md A.14).

``GinTableState`` is :class:`GinState` with the referee on top.  With no report it plays
exactly like the normal mode (same legal moves, views and scores).  On top it records what
the normal mode forbids but a table sees — a deal with a wrong count, a knock over the limit
or with the wrong number of cards (``knocks.py``), a card of another pack in the stock — and
takes ``report`` moves from any seat (``1: report R6 7♦``), ``choose`` answers and the
defender's ``accept`` of a doubtful knock.  The rulings (``rulings.py``, checked by
``checks.py``, applied by ``remedies.py``) change the play for as long as the laws say: a
knock bar, a hand face up, exposed cards either player may take, a hand corrected turn by
turn, bonuses withheld.  Enabled by the gin option ``table_mode``.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from ....cards import Card, card_str, cards_of, mask_json, parse_card
from ....deal import Deal
from ....errors import BadCard, CardtableError, IllegalMove
from ....game import Game
from ....i18n import _
from ....melds import bits
from ....moves import Move, split_seat_prefix
from ....scoring import ScoreItem
from .. import notation as nt
from ..rules import GinOptions
from ..scoring import HandResult
from ..state import DISCARD, DRAW, FIRST_DRAW, OVER, PHASE_NAMES, GinState
from . import checks, remedies
from . import rulings as rf
from .knocks import KnockTable


class GinTableState(KnockTable):
    """A gin deal in table mode (see the module doc and docs/games/gin-referee.md)."""

    def _clone_nested(self, d: dict[str, Any]) -> None:
        if self.pre_knock is not None:
            d["pre_knock"] = {k: (v.copy() if isinstance(v, list) else v)
                              for k, v in self.pre_knock.items()}

    def __init__(self, game: Game[Any], options: GinOptions, players: int, deal: Deal) -> None:
        super().__init__(game, options, players, deal)
        self.rulings = []
        self.pending = -1
        self.window = None
        self.exposures: list[rf.Exposure] = []
        self.bars: dict[int, tuple[str, str, int, bool]] = {}   # seat: rule, why, last turn, gin ok
        self.face_up: dict[int, tuple[str, int]] = {}            # seat: rule, last turn (-1: deal)
        self.corrections: dict[int, str] = {}
        self.premature: dict[int, str] = {}
        self.no_bonus = {}
        self.named: set[int] = set()
        self.removed: list[int] = []
        self.turn_no = 0
        self.voided: str | None = None
        self.next_dealer_override: int | None = None
        self.pre_knock = None
        self.accepted = None           # an irregular knock the defender accepted
        for c, pos in rf.foreign_cards(deal):
            self.stock.insert(len(self.stock) - pos, c)

    # --- who moves, what is legal --------------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        if self.phase == OVER:
            return ()
        if self.pending >= 0:
            chooser = self.rulings[self.pending].chooser
            return (chooser if chooser is not None else 0,)
        if self.window is not None:
            return (1 - self.window.knocker,)
        return super().to_move()

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        movers = self.to_move()
        if not movers or (seat is not None and seat not in movers):
            return []
        if self.pending >= 0:
            return [Move("choose", target=o) for o in self.rulings[self.pending].options]
        if self.window is not None:
            return [Move("accept")]
        out = super().legal_moves(seat)
        s = self.cur
        if s in self.corrections:
            if self.phase in (DRAW, FIRST_DRAW) and self.hands[s].bit_count() > 10:
                return [nt.DISCARD_MOVES[c] for c in bits(self.hands[s])]
            if self.phase == DISCARD:
                out = [m for m in out if m.verb == "discard"]
        bar = self._bar(s)
        if bar is not None and not bar[3]:
            out = [m for m in out if m.verb not in ("gin", "biggin")]
        if self.stock and self.stock[-1] >= 64:
            out = [m for m in out if m.verb != "draw"]
        if self.phase in (DRAW, FIRST_DRAW):
            out += [Move("take", (Card(c),)) for e in self.exposures if e.holder == s
                    for c in e.cards]
        return out

    def why_illegal(self, seat: int, move: Move) -> str | None:
        v = move.verb
        if v == "report":
            return checks.why_report(self, seat, move)
        if self.phase == OVER:
            return _("the deal is over")
        if self.pending >= 0:
            if v == "choose":
                return checks.why_choose(self, seat, move)
            r = self.rulings[self.pending]
            # the reasons count seats from 1, as people count (the state's seats are from 0)
            return _("seat {seat} must first answer the {rule} ruling: {choices}", seat=(r.chooser or 0) + 1,
                     rule=r.rule, choices=rf.or_list(f"'choose {o}'" for o in r.options))
        if v == "choose":
            return _("no ruling is waiting for a choice")
        if self.window is not None:
            d = 1 - self.window.knocker
            if seat != d:
                return _("seat {seat}, the defender, answers the knock", seat=d + 1)
            if v == "accept":
                return None if not (move.cards or move.groups or move.target) else _("'accept' names nothing")
            return _("a knock is on the table: the defender accepts it ('accept') or a player "
                     "reports R9, R10, R11 or R12")
        if v == "accept":
            return _("there is no knock to accept")
        if seat != self.cur:
            return _("it is seat {seat}'s turn", seat=self.cur + 1)
        s = self.cur
        if s in self.corrections:
            why = self._why_correcting(move)
            if why is not None:
                return why or None      # "" : a correcting discard, legal without a draw
        if v == "take" and move.cards:
            return self._why_take_exposed(seat, move)
        if v == "draw" and self.phase in (DRAW, FIRST_DRAW) and self.stock and self.stock[-1] >= 64:
            return _("the top stock card has another back (another pack): report R4 before drawing")
        if v in ("knock", "gin", "biggin"):
            bar = self._bar(s)
            if bar is not None and not bar[3]:
                return rf.said(bar[1])
        if v in ("knock", "gin"):
            return self._why_table_knock(move)
        return super().why_illegal(seat, move)

    def _why_take_exposed(self, seat: int, move: Move) -> str | None:
        """R6.3–4: an exposed card may be taken as a draw by the seat whose right it is."""
        if len(move.cards) != 1 or move.groups:
            return _("write 'take 7♦' naming one exposed card, or 'take' for the top discard")
        c = move.cards[0]
        if self.phase not in (DRAW, FIRST_DRAW):
            return self._phase_says("take")
        for e in self.exposures:
            if c in e.cards:
                if e.holder != seat:
                    return _("{card} lies exposed, but only seat {seat} may take it now ({rule})",
                             card=card_str(c), seat=e.holder + 1, rule=e.rule)
                return None
        return _("{card} is not an exposed card (to take the top discard write 'take')", card=card_str(c))

    def _why_correcting(self, move: Move) -> str | None:
        """R2/R11 corrections: a long hand discards without drawing, a short hand draws
        without discarding, and no knock until the count is right.  None: no objection
        here; "": legal as a correction (a discard without a draw)."""
        s = self.cur
        n = self.hands[s].bit_count()
        rule = self.corrections[s]
        if move.verb in ("knock", "gin", "biggin"):
            return _("seat {seat} is correcting his hand and may not knock until it is right ({rule})",
                     seat=s + 1, rule=rule)
        if self.phase in (DRAW, FIRST_DRAW) and n > 10:
            if move.verb != "discard":
                return _("seat {seat} holds {n} cards and must discard without drawing ({rule})",
                         seat=s + 1, n=n, rule=rule)
            if len(move.cards) != 1 or move.groups or not 0 <= move.cards[0] < 52 or not (
                    self.hands[s] >> move.cards[0]) & 1:
                return _("discard one card of your hand: 'discard K♠'")
            return ""
        return None

    def _why_table_knock(self, move: Move) -> str | None:
        """A knock is legal as in the normal mode; over the knock limit it is accepted as
        what happened at the table (the defender may then report R9/R10)."""
        why = GinState.why_illegal(self, self.cur, move)
        if why is None:
            return None
        saved = (self.limit, self.knock_ok)
        self.limit, self.knock_ok = 10 ** 6, True
        try:
            again = GinState._why_knock(self, move)
        finally:
            self.limit, self.knock_ok = saved
        return why if again is not None else None

    def _bar(self, seat: int) -> tuple[str, str, int, bool] | None:
        b = self.bars.get(seat)
        return b if b is not None and self.turn_no <= b[2] else None

    def _knock_barred(self, seat: int) -> str | None:
        """R6/R8: a seat barred from knocking this turn (gin allowed only under R6)."""
        b = self._bar(seat)
        return rf.said(b[1]) if b is not None else None

    def _no_going_out(self, seat: int) -> bool:
        """May ``seat`` neither knock nor go gin now (R2/R11 correction, R8 bar)?"""
        b = self._bar(seat)
        return seat in self.corrections or (b is not None and not b[3])

    def knock_options(self, seat: int | None = None) -> tuple[list[int], list[int]]:
        """As in gin, but a gin that a ruling forbids is not available: ``force_gin`` then
        does not force it (else the seat would be left without a legal move)."""
        if self._no_going_out(self.cur if seat is None else seat):
            return [], []
        return super().knock_options(seat)

    def big_gin_possible(self, seat: int | None = None) -> bool:
        if self._no_going_out(self.cur if seat is None else seat):
            return False
        return super().big_gin_possible(seat)

    def _fifty_take_ok(self) -> bool:
        """Rule 36 in table mode: the 50th-card discard is taken only to knock at once, so a
        seat that may not knock now (R2/R11 correction; R8 bar; R6 bar unless gin) may not
        take it either (else it would be left without a legal move)."""
        if self._no_going_out(self.cur):
            return False
        return super()._fifty_take_ok()

    # --- playing -------------------------------------------------------------------------------

    def apply(self, move: Move | str, seat: int | None = None) -> Move:
        """As :meth:`State.apply`, but a report may come from any seat at any time; it is
        recorded with its seat (``1: report R6 7♦``)."""
        if isinstance(move, str):
            prefix, text = split_seat_prefix(move)
            if not text.split() or text.split()[0].lower() != "report":
                return super().apply(move, seat)
            if prefix is not None:
                if seat is not None and seat != prefix:
                    raise IllegalMove(move, _("the move names seat {named} but seat {seat} plays it",
                                              named=prefix + 1, seat=seat + 1))
                seat = prefix
            seat = self._reporter(seat, text)
            try:
                mv = self.parse_move(text, seat)
            except BadCard as e:
                raise IllegalMove(text, str(e), seat) from None
        else:
            if move.verb != "report":
                return super().apply(move, seat)
            mv = move
            seat = self._reporter(seat, rf.table_move_text(mv))
        why = self.why_illegal(seat, mv)
        if why is not None:
            raise IllegalMove(self.move_text(mv), why, seat)
        self._simultaneous.add(len(self.history))     # written with its seat: "1: report …"
        self._play(seat, mv)
        self.history.append((seat, mv))
        return mv

    def is_legal(self, move: Move | str, seat: int | None = None) -> bool:
        try:
            self.clone().apply(move, seat)
        except CardtableError:
            return False
        return True

    def _reporter(self, seat: int | None, what: str) -> int:
        if seat is None:
            movers = self.to_move()
            if len(movers) != 1:
                raise IllegalMove(what, _("write the reporting seat first, e.g. '0: report R6 7♦'"))
            return movers[0]
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalMove(what, _("there is no seat {seat} at a {players}-player table",
                                      seat=repr(seat), players=self.players))
        return seat

    def _play(self, seat: int, move: Move) -> None:
        before = self.cur
        v = move.verb
        if v == "report":
            remedies.play_report(self, seat, move)
        elif v == "choose":
            remedies.play_choose(self, seat, move)
        elif v == "accept":
            self.accepted = self.window
            self.stand()
        elif v == "take" and move.cards:
            self._take_exposed(move.cards[0])
        elif v in ("knock", "gin") and self._irregular_knock(move):
            self._open_window(move)
        else:
            self._play_game(seat, move)
        self._after_move(before)

    def _play_game(self, seat: int, move: Move) -> None:
        v = move.verb
        s = self.cur
        correcting_draw = (s in self.corrections and v in ("draw", "take")
                           and self.hands[s].bit_count() < 10)
        if v in ("knock", "gin", "biggin"):
            self._snapshot()
        super()._play(seat, move)
        if v == "draw":
            self._stock_drawn(s)
        if correcting_draw and self.phase == DISCARD and self.cur == s:
            self._end_turn_without_discard(s)

    def _after_move(self, before: int) -> None:
        if self.phase == OVER:
            return
        if self.pending < 0 and self.window is None:
            if self.phase in (DRAW, FIRST_DRAW) and self.cur in self.premature:
                del self.premature[self.cur]
                self.phase = DISCARD
                self.taken = -1
        if self.cur != before:
            self.turn_no += 1
        for s in list(self.corrections):
            if self.hands[s].bit_count() == rf.expected_count(self, s):
                del self.corrections[s]
        for s, b in list(self.bars.items()):
            if self.turn_no > b[2]:
                del self.bars[s]
        for s, (_rule, last) in list(self.face_up.items()):
            if last >= 0 and self.turn_no > last:
                self.known[s] |= self.hands[s]
                del self.face_up[s]

    def _take_exposed(self, c: int) -> None:
        """R6.3–4: take an exposed card as this turn's draw (a correcting short hand's turn
        then ends, as after any of its draws)."""
        s = self.cur
        correcting = s in self.corrections and self.hands[s].bit_count() < 10
        for i, e in enumerate(self.exposures):
            if c in e.cards:
                rest = tuple(x for x in e.cards if x != c)
                if rest:
                    self.exposures[i] = dataclasses.replace(e, cards=rest)
                else:
                    del self.exposures[i]
                break
        self.hands[s] |= 1 << c
        self.known[s] |= 1 << c
        self.taken = c
        self.phase = DISCARD
        if correcting:
            self._end_turn_without_discard(s)

    def _discard(self, c: int) -> None:
        """As in gin, except after an R5(ii) premature draw of the third-last stock card: the
        draw stands, so the offender still finishes his turn (R5: "the opponent finishes his
        discard, then the offender finishes his turn"); the hand dies only if *he* then
        discards without knocking (rule 35)."""
        nxt = 1 - self.cur
        if nxt in self.premature and len(self.stock) <= 2:
            bit = 1 << c
            self.hands[self.cur] ^= bit
            self.known[self.cur] &= ~bit
            self.pile.append(c)
            self.taken = -1
            self.cur = nxt
            self.phase = DRAW          # _after_move turns it into his discard phase
            return
        super()._discard(c)

    def _end_turn_without_discard(self, s: int) -> None:
        """A short hand's correction: the turn ends after the draw (R2).  A draw that leaves
        two stock cards ends the hand as dead, as a discard would (rule 35)."""
        self.taken = -1
        self.cur = 1 - s
        if len(self.stock) <= 2:
            self._end_dead()
        else:
            self.phase = DRAW

    def correction_started(self, s: int) -> None:
        """``continue`` chosen while the short offender has just drawn: that draw corrects."""
        if s == self.cur and self.phase == DISCARD and self.hands[s].bit_count() < rf.expected_count(self, s):
            self._end_turn_without_discard(s)

    def premature_draw(self, s: int) -> None:
        """R5: seat ``s`` draws the top stock card now; it is his next turn's draw."""
        self.hands[s] |= 1 << self.stock.pop()
        self.premature[s] = "R5"
        self._stock_drawn(s)

    # --- exposed cards (R6, R7) ------------------------------------------------------------------

    def expose(self, cards: tuple[int, ...], offender: int, rule: str) -> None:
        for c in cards:
            self.stock.remove(c)
        self.exposures.append(rf.Exposure(tuple(int(c) for c in cards), offender, rule, 1 - offender))

    def _stock_drawn(self, s: int) -> None:
        """Rights over exposed cards end when their holder draws from the stock (R6.3–5)."""
        keep = []
        for e in self.exposures:
            if e.holder != s:
                keep.append(e)
            elif e.holder != e.offender and e.rule == "R6":
                keep.append(dataclasses.replace(e, holder=e.offender))
            else:
                top = self.pile.pop() if self.pile else None
                self.pile.extend(e.cards)
                if top is not None:
                    self.pile.append(top)
        self.exposures = keep

    def bar(self, seat: int, rule: str, reason: str, gin_ok: bool) -> None:
        last = self.turn_no if seat == self.cur else self.turn_no + 1
        self.bars[seat] = (rule, reason, last, gin_ok)

    def reinsert(self, c: int) -> int:
        """R8: a card found face up goes back into the stock at a position drawn from the
        moment (move count and stock size), never from the hidden cards; returns how many
        cards lie above it."""
        self.stock.remove(c)
        rng = random.Random(f"gin-R8:{len(self.history)}:{len(self.stock)}")
        above = rng.randrange(len(self.stock) + 1)
        self.stock.insert(len(self.stock) - above, c)
        return above

    # --- voiding -----------------------------------------------------------------------------------

    def void(self, rule: str, next_dealer: int | None = None) -> None:
        """A new deal (R1, R2, R11): nobody scores, no box."""
        self.window = None
        self.voided = rule
        self.next_dealer_override = next_dealer
        self._finish(HandResult([], None))

    # --- facts for the referee ---------------------------------------------------------------------

    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    @staticmethod
    def cards_in(mask: int) -> list[Card]:
        return cards_of(mask)

    def holder_of(self, c: int) -> int | None:
        for s in (0, 1):
            if (self.hands[s] >> c) & 1:
                return s
        return None

    def foreign_in_stock(self, c: int) -> int | None:
        base = int(c) % 64
        for x in self.stock:
            if x >= 64 and x % 64 == base:
                return x
        return None

    # --- views -------------------------------------------------------------------------------------

    def _public_mask(self) -> int:
        m = 0
        for s in self.face_up:
            m |= self.hands[s]
        if self.window is not None:
            m |= self.hands[self.window.knocker]
        for c in self.named:
            m |= 1 << c
        return m

    def secret_cards(self, seat: int | None) -> list[Card]:
        pub = self._public_mask()
        if self.window is not None and seat == self.window.knocker:
            pub |= 1 << self.window.discard          # his own face-down knock discard
        k = self.window.knocker if self.window is not None else self.knocker
        if k >= 0 and self.knock_discard >= 0 and (self.known[k] >> self.knock_discard) & 1:
            pub |= 1 << self.knock_discard           # a known card put face down: deducible
        return [c for c in super().secret_cards(seat) if c < 64 and not (pub >> c) & 1]

    def card_places(self) -> dict[str, list[Card]]:
        out = super().card_places()
        if self.exposures:
            out["exposed"] = [Card(c) for e in self.exposures for c in e.cards]
        if self.removed:
            out["removed"] = [Card(c) for c in self.removed]
        return out

    def _view(self, seat: int | None) -> dict[str, Any]:
        v = super()._view(seat)
        t: dict[str, Any] = {}
        if self.rulings:
            t["rulings"] = [r.to_json() for r in self.rulings]
        if self.pending >= 0:
            r = self.rulings[self.pending]
            t["pending"] = {"rule": r.label, "chooser": r.chooser, "options": list(r.options)}
        if self.window is not None:
            w = self.window
            t["knock"] = {"seat": w.knocker, "spread": mask_json(self.hands[w.knocker]),
                          "deadwood_points": w.points, "cards": w.count, "limit": w.limit}
            if seat == w.knocker:
                t["knock"]["discard"] = card_str(w.discard)
        if self.exposures:
            t["exposed"] = [{"cards": [card_str(c) for c in e.cards], "rule": f"gin:{e.rule}",
                             "offender": e.offender, "may_take": e.holder} for e in self.exposures]
        if self.face_up:
            t["face_up"] = {str(s): mask_json(self.hands[s]) for s in sorted(self.face_up)}
        bars = {str(s): b[1] for s, b in self.bars.items() if self.turn_no <= b[2]}
        if bars:
            t["no_knock"] = bars
        if self.corrections:
            t["correcting"] = {str(s): f"holds {self.hands[s].bit_count()} cards ({r})"
                               for s, r in self.corrections.items()}
        if self.premature:
            t["drawn_ahead"] = sorted(self.premature)
        if self.no_bonus:
            t["no_bonus"] = sorted(self.no_bonus)
        foreign = [len(self.stock) - 1 - i for i, c in enumerate(self.stock) if c >= 64]
        if foreign:
            t["other_backs_in_stock"] = sorted(foreign)
        if self.removed:
            t["removed"] = [card_str(c) for c in self.removed]
        if t:
            v["referee"] = t
        return v

    def score_items(self) -> list[ScoreItem]:
        return [r.item() for r in self.rulings] + super().score_items()

    # --- notation ----------------------------------------------------------------------------------

    def parse_move(self, text: str, seat: int) -> Move:
        words = text.split()
        verb = words[0].lower() if words else ""
        if verb in rf.TABLE_VERBS:
            return rf.parse_table_move(text, seat)
        if verb in ("take", "pickup") and len(words) == 2 and "[" not in text:
            return Move("take", (parse_card(words[1]),))
        return super().parse_move(text, seat)

    def move_text(self, move: Move) -> str:
        if move.verb in rf.TABLE_VERBS:
            return rf.table_move_text(move)
        return super().move_text(move)

    def log_text(self, viewer: int | None, seat: int, move: Move) -> str:
        """Reports, answers and exposed-card takes are public; the rest as in gin."""
        if move.verb in rf.TABLE_VERBS or (move.verb == "take" and move.cards):
            return self.move_text(move)
        return super().log_text(viewer, seat, move)


# --- the deal ------------------------------------------------------------------------------------

def start_table(game: Game[Any], options: GinOptions, players: int, deal: Deal) -> GinTableState:
    rf.check_table_deal(deal)
    return GinTableState(game, options, players, deal)
