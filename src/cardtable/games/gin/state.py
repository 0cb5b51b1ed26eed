"""One deal of Gin Rummy (gin.md Part A rules 10–36).

Hands are 52-bit masks over card codes (``suit * 13 + rank_index``); the stock is a list
with its top card at the *end*; the discard pile is bottom first.  Phases:

* ``OFFER``        non-dealer takes the upcard or passes (rule 11)
* ``OFFER_DEALER`` dealer takes it or passes (rule 12)
* ``FIRST_DRAW``   both passed: the non-dealer must draw from the stock (rule 14)
* ``DRAW``         draw the stock or take the top discard (rules 15–16)
* ``DISCARD``      discard, knock, gin or big gin (rules 15, 17, 19–24)
* ``FIFTY``        50th-card pickup: take the discard only to knock, or pass (rule 36)
* ``DEFEND``       manual defender: meld / layoff / done (rules 25–28, ``defender_auto=False``)
* ``OVER``

See docs/games/gin.md, "Building on GinState", for how to build on this class.
"""

from __future__ import annotations

from typing import Any

from ...cards import Card, card_str, cards_of, mask_json
from ...deal import Deal
from ...game import Game, State
from ...i18n import N_, _
from ...melds import GIN, Defence, MeldTable, Partition, bits
from ...moves import Move
from ...scoring import ScoreItem
from . import notation as nt
from .rules import GinOptions
from .scoring import HandResult, dead_hand, settle_knock

OFFER, OFFER_DEALER, FIRST_DRAW, DRAW, DISCARD, FIFTY, DEFEND, OVER = range(8)
PHASE_NAMES = ("offer", "offer_dealer", "first_draw", "draw", "discard", "fifty", "defend", "over")
_TO_MOVE = ((0,), (1,))
# why_illegal's two halves, each a whole clause: "cannot draw now" + ": " + "seat 1 must discard or knock"
_CANNOT = {"draw": N_("cannot draw now"), "take": N_("cannot take now"), "pass": N_("cannot pass now"),
           "discard": N_("cannot discard now"), "knock": N_("cannot knock now"),
           "gin": N_("cannot gin now"), "go big gin": N_("cannot go big gin now"),
           "meld": N_("cannot meld now"), "layoff": N_("cannot layoff now"),
           "done": N_("cannot done now")}
_NEED = {OFFER: N_("seat {seat} must take the upcard or pass"),
         OFFER_DEALER: N_("seat {seat} must take the upcard or pass"),
         FIRST_DRAW: N_("seat {seat} must draw from the stock"),
         DRAW: N_("seat {seat} must draw from the stock or take the top discard"),
         DISCARD: N_("seat {seat} must discard or knock"),
         FIFTY: N_("seat {seat} must take the discard to knock, or pass"),
         DEFEND: N_("seat {seat} must meld, lay off or say done")}
_SPADES = 0


def deal_limit(opts: GinOptions, upcard: int, table: MeldTable = GIN) -> tuple[int, bool]:
    """(the knock limit, whether a knock other than gin is allowed) of a deal with this
    upcard (rule 19; Oklahoma rules 42–43)."""
    if not opts.oklahoma:
        return opts.knock_limit, opts.knock_limit > 0
    if upcard % 13 == 0:
        return (0, False) if opts.oklahoma_ace == "gin_only" else (1, True)
    return table.VALUE[upcard], True


def group_mask(group: tuple[int, ...]) -> int:
    """The mask of a card group; -1 when it names a card twice or a card outside the pack."""
    m = 0
    for c in group:
        if not 0 <= c < 52 or (m >> c) & 1:
            return -1
        m |= 1 << c
    return m


class GinState(State):
    """A gin deal.  Attributes (all plain, copied by :meth:`clone`):

    ``hands[seat]`` mask; ``stock`` list (top at the end); ``pile`` discard pile (bottom
    first); ``dealer``; ``cur`` seat to move; ``phase``; ``taken`` card taken from the pile
    this turn or -1 (rule 17); ``must_knock`` (rule 36 pickup); ``known[seat]`` cards known
    to both to be in that hand (taken from the pile); ``limit`` this deal's knock limit and
    ``knock_ok`` (Oklahoma, rules 42–43); ``mult`` score multiplier (rule 44).  After a knock:
    ``knocker``, ``knock_discard`` (-1 for big gin), ``k_melds`` (list of masks, grown by
    layoffs), ``k_dead`` (mask), ``k_points``, ``gin``, ``big_gin``; the defender's
    ``d_melds``, ``d_layoffs`` [(card, meld index)], ``d_rest`` (cards not melded or laid
    off).  ``result`` (HandResult) once over; ``hand_winner``.
    """

    _fast_clone = True

    table = GIN

    def __init__(self, game: Game[Any], options: GinOptions, players: int, deal: Deal) -> None:
        super().__init__(game, options, players, deal)
        self.opts = options
        self.dealer = int(deal.extra.get("dealer", 0))
        self.hands = [sum(1 << c for c in h) for h in deal.hands]
        self.stock = [int(c) for c in reversed(deal.stock)]
        self.pile = [int(c) for c in deal.discard]
        self.upcard = self.pile[0]
        self.cur = 1 - self.dealer
        self.phase = OFFER
        self.taken = -1
        self.must_knock = False
        self.known = [0, 0]
        self.limit, self.knock_ok = self._deal_limit()
        self.mult = 2 if (options.oklahoma and options.oklahoma_spade_double
                          and self.upcard // 13 == _SPADES) else 1
        self.knocker = -1
        self.knock_discard = -1
        self.knock_discard_public = False   # it was known (taken from the pile) before
        self.k_melds: list[int] = []
        self.k_dead = 0
        self.k_points = 0
        self.gin = False
        self.big_gin = False
        self.d_melds: list[int] = []
        self.d_layoffs: list[tuple[int, int]] = []
        self.d_rest = 0
        self.dead = False
        self.result: HandResult | None = None
        self.hand_winner: int | None = None

    def _deal_limit(self) -> tuple[int, bool]:
        """The knock limit of this deal (rule 19; Oklahoma rules 42–43)."""
        return deal_limit(self.opts, self.upcard, self.table)

    # --- contract --------------------------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        return () if self.phase == OVER else _TO_MOVE[self.cur]

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        ph = self.phase
        if ph == OVER or (seat is not None and seat != self.cur):
            return []
        if ph == DRAW:
            return [nt.DRAW, nt.TAKE]
        if ph == DISCARD:
            return self._turn_end_moves()
        if ph == OFFER or ph == OFFER_DEALER:
            return [nt.TAKE, nt.PASS]
        if ph == FIRST_DRAW:
            return [nt.DRAW]
        if ph == FIFTY:
            return [nt.TAKE, nt.PASS] if self._fifty_take_ok() else [nt.PASS]
        return self._defend_moves()

    def _turn_end_moves(self) -> list[Move]:
        """Discards, knocks, gins and big gin after a draw."""
        h = self.hands[self.cur]
        ban = -1 if self.opts.allow_rediscard_taken else self.taken
        knocks, gins = self.knock_options()
        out: list[Move] = []
        big = self.big_gin_possible()
        if self.opts.force_gin and (gins or big):
            knocks = []
        elif not self.must_knock:
            rows = nt.DISCARD_ROWS
            out = list(rows[0][h & 0x1FFF] + rows[1][(h >> 13) & 0x1FFF] + rows[2][(h >> 26) & 0x1FFF]
                       + rows[3][h >> 39])
            if ban >= 0 and (h >> ban) & 1:
                banned = nt.DISCARD_MOVES[ban]
                out = [m for m in out if m is not banned]
        km, gm = nt.KNOCK_MOVES, nt.GIN_MOVES
        out += [km[c] for c in knocks]
        out += [gm[c] for c in gins]
        if big:
            out.append(nt.BIGGIN)
        return out

    def knock_options(self, seat: int | None = None) -> tuple[list[int], list[int]]:
        """(cards whose discard leaves a legal knock, cards whose discard leaves gin) for the
        seat to move, after its draw (rules 17, 19, 23; bound-first, see melds.py)."""
        s = self.cur if seat is None else seat
        h = self.hands[s]
        lim = self.limit if self.knock_ok and self._knock_barred(s) is None else 0
        opts = self.table.discard_options(h, lim)
        if not opts:
            return [], []
        ban = -1 if self.opts.allow_rediscard_taken else self.taken
        knocks = [c for c, d in opts if d and c != ban]
        gins = [c for c, d in opts if not d and c != ban]
        return knocks, gins

    def big_gin_possible(self, seat: int | None = None) -> bool:
        """All 11 cards meld (rule 24), with ``big_gin`` on."""
        if not self.opts.big_gin:
            return False
        h = self.hands[self.cur if seat is None else seat]
        return self.table.coverage(h) == h and self.table.deadwood(h) == 0

    def _knock_barred(self, seat: int) -> str | None:
        """Hook for a referee: a reason why ``seat`` may not knock (gin excepted) now."""
        return None

    def _fifty_take_ok(self) -> bool:
        """May the player take the 50th-card discard, i.e. knock or go gin at once (rule 36)?"""
        top = self.pile[-1]
        h = self.hands[self.cur] | (1 << top)
        lim = self.limit if self.knock_ok and self._knock_barred(self.cur) is None else 0
        ban = -1 if self.opts.allow_rediscard_taken else top
        if any(c != ban for c, _ in self.table.discard_options(h, lim)):
            return True
        return self.opts.big_gin and self.table.deadwood(h) == 0

    def _defend_moves(self) -> list[Move]:
        rest = self.d_rest
        out = [Move("meld", tuple(cards_of(m))) for m in self.table.melds_in(rest)]
        if not self.gin:
            for meld in self.k_melds:
                group = (tuple(cards_of(meld)),)
                for c in bits(self.table.layoff_targets(meld, rest)):
                    if self.table.can_lay_off(c, meld):
                        out.append(Move("layoff", (Card(c),), group))
        out.append(nt.DONE)
        return out

    # --- legality ----------------------------------------------------------------------------

    def canonical_move(self, move: Move) -> Move:
        """Rule 23: gin is a knock with 0 deadwood, so ``knock X`` whose arrangement (named, or
        else the best one) leaves no deadwood is kept as ``gin X``; anything else is unchanged
        (and judged by :meth:`why_illegal`)."""
        if move.verb != "knock" or self.phase != DISCARD or len(move.cards) != 1 or move.target is not None:
            return move
        c = move.cards[0]
        h = self.hands[self.cur]
        if not 0 <= c < 52 or not (h >> c) & 1:
            return move
        rest = h ^ (1 << c)
        if move.groups:
            groups = [group_mask(grp) for grp in move.groups]
            if -1 in groups or self.table.check_arrangement(rest, groups):
                return move
            used = 0
            for g in groups:
                used |= g
            dw = self.table.value(rest & ~used)
        else:
            dw = self.table.deadwood(rest)
        return Move("gin", move.cards, move.groups) if dw == 0 else move

    def why_illegal(self, seat: int, move: Move) -> str | None:
        ph = self.phase
        if ph == OVER:
            return _("the deal is over")
        if seat != self.cur:
            return _("it is seat {seat}'s turn", seat=self.cur + 1)
        v = move.verb
        if move.target is not None:
            return _("gin moves take no '@' target")
        if v == "discard":
            return self._why_discard(move)
        if v == "draw":
            if move.cards or move.groups:
                return _("'draw' names no cards")
            if ph == DRAW or ph == FIRST_DRAW:
                return None
            return self._phase_says("draw")
        if v == "take":
            if move.cards or move.groups:
                return _("'take' names no cards: it takes the top discard")
            if ph == DRAW or ph == OFFER or ph == OFFER_DEALER:
                return None
            if ph == FIFTY:
                return None if self._fifty_take_ok() else (
                    _("the 50th-card discard may be taken only to knock or go gin at once (rule 36)"))
            if ph == FIRST_DRAW:
                return _("both players passed the upcard: the non-dealer must draw from the stock "
                         "(rule 14)")
            return self._phase_says("take")
        if v == "pass":
            if move.cards or move.groups:
                return _("'pass' names no cards")
            if ph in (OFFER, OFFER_DEALER, FIFTY):
                return None
            return self._phase_says("pass")
        if v in ("knock", "gin"):
            return self._why_knock(move)
        if v == "biggin":
            return self._why_biggin(move)
        if v in ("meld", "layoff", "done"):
            return self._why_defend(move)
        return _("unknown move {verb}; gin moves: {verbs}", verb=repr(v), verbs=", ".join(nt.VERBS))

    def _phase_says(self, verb: str) -> str:
        return _(_CANNOT[verb]) + ": " + _(_NEED[self.phase], seat=self.cur + 1)

    def _why_discard(self, move: Move) -> str | None:
        if self.phase != DISCARD:
            return self._phase_says("discard")
        if len(move.cards) != 1 or move.groups:
            return _("discard exactly one card: 'discard K♠'")
        c = move.cards[0]
        if not 0 <= c < 52 or not (self.hands[self.cur] >> c) & 1:
            return _("{card} is not in your hand", card=card_str(c))
        if c == self.taken and not self.opts.allow_rediscard_taken:
            return _("{card} was just taken from the discard pile and may not be discarded this "
                     "turn (rule 17)", card=card_str(c))
        if self.must_knock:
            return _("the 50th-card discard was taken only to knock or go gin (rule 36)")
        if self.opts.force_gin and self._gin_available():
            return _("force_gin: you can go gin, so you must (rule 21)")
        return None

    def _gin_available(self) -> bool:
        return bool(self.knock_options()[1]) or self.big_gin_possible()

    def _why_knock(self, move: Move) -> str | None:
        """Knock or gin legality (rules 17, 19–23, 42–43)."""
        v = move.verb
        if self.phase != DISCARD:
            return self._phase_says(v)
        if len(move.cards) != 1:
            return _("name the card to discard face down: '{move}'", move=v + " 4♠")
        c = move.cards[0]
        h = self.hands[self.cur]
        if not 0 <= c < 52 or not (h >> c) & 1:
            return _("{card} is not in your hand", card=card_str(c))
        if c == self.taken and not self.opts.allow_rediscard_taken:
            return _("{card} was just taken from the discard pile and may not be the knock "
                     "discard either (rule 17)", card=card_str(c))
        rest = h ^ (1 << c)
        if move.groups:
            groups = [group_mask(grp) for grp in move.groups]
            if -1 in groups:
                return _("a meld names a card twice")
            bad = self.table.check_arrangement(rest, groups)
            if bad:
                return bad
            used = 0
            for g in groups:
                used |= g
            dw = self.table.value(rest & ~used)
        else:
            dw = self.table.deadwood(rest)
        if v == "gin":
            if dw:
                return (_("not gin: {points} deadwood is left", points=dw) if move.groups
                        else _("not gin: {points} deadwood is left (rule 23)", points=dw))
            return None
        if dw == 0:
            return None     # rule 23: a knock with 0 deadwood is gin (canonical_move stores it so)
        if not self.knock_ok:
            return (_("only gin may end this hand (Oklahoma ace upcard, rule 43)") if self.opts.oklahoma
                    else _("knock_limit is 0: only gin ends a hand"))
        barred = self._knock_barred(self.cur)
        if barred:
            return barred
        if dw > self.limit:
            return _("deadwood {points} is over the knock limit {limit} (rule 19)", points=dw,
                     limit=self.limit)
        if self.opts.force_gin and self._gin_available():
            return _("force_gin: you can go gin, so you must (rule 21)")
        return None

    def _why_biggin(self, move: Move) -> str | None:
        if not self.opts.big_gin:
            return _("big gin is not played (option big_gin=false)")
        if self.phase != DISCARD:
            return self._phase_says("go big gin")
        if move.cards:
            return _("big gin discards nothing: write 'biggin'")
        h = self.hands[self.cur]
        if move.groups:
            groups = [group_mask(grp) for grp in move.groups]
            if -1 in groups:
                return _("a meld names a card twice")
            bad = self.table.check_arrangement(h, groups)
            if bad:
                return bad
            used = 0
            for g in groups:
                used |= g
            if used != h:
                return _("big gin melds all 11 cards")
            return None
        if self.table.deadwood(h):
            return _("not big gin: your 11 cards do not all meld (rule 24)")
        return None

    def _why_defend(self, move: Move) -> str | None:
        """Manual defender moves (rules 25–28)."""
        if self.phase != DEFEND:
            return self._phase_says(move.verb)
        v = move.verb
        if v == "done":
            return None if not (move.cards or move.groups) else _("'done' names no cards")
        if v == "meld":
            if move.groups or not move.cards:
                return _("write the meld's cards: 'meld K♠ K♦ K♥'")
            m = group_mask(move.cards)
            if m < 0 or m & ~self.d_rest:
                return _("a meld card is not in your unmelded hand")
            if not self.table.is_meld(m):
                return _("not a meld: a set is 3–4 cards of one rank, a run 3+ cards in suit sequence")
            return None
        if self.gin:
            return _("no layoffs against gin (rule 27)")
        if len(move.cards) != 1 or len(move.groups) != 1:
            return _("write 'layoff 9♠ [6♠ 7♠ 8♠]' naming the knocker's meld")
        c = move.cards[0]
        if not 0 <= c < 52 or not (self.d_rest >> c) & 1:
            return _("{card} is not in your unmelded hand", card=card_str(c))
        i = self.meld_index(move.groups[0])
        if i < 0:
            return _("no meld of the knocker holds those cards")
        if not self.table.can_lay_off(c, self.k_melds[i]):
            return _("{card} does not extend that meld (rule 25)", card=card_str(c))
        return None

    def meld_index(self, group: tuple[int, ...]) -> int:
        """The knocker's meld that holds every card of ``group`` (-1 if none)."""
        g = group_mask(group)
        if g <= 0:
            return -1
        for i, m in enumerate(self.k_melds):
            if g & m == g:
                return i
        return -1

    # --- playing -------------------------------------------------------------------------------

    def _play(self, seat: int, move: Move) -> None:
        v = move.verb
        if v == "discard":
            self._discard(move.cards[0])
        elif v == "draw":
            self._draw()
        elif v == "take":
            self._take()
        elif v == "pass":
            self._pass()
        elif v in ("knock", "gin", "biggin"):
            self._knock(move)
        elif v == "meld":
            m = group_mask(move.cards)
            self.d_melds.append(m)
            self.d_rest ^= m
        elif v == "layoff":
            c = move.cards[0]
            i = self.meld_index(move.groups[0])
            self.k_melds[i] |= 1 << c
            self.d_layoffs.append((c, i))
            self.d_rest ^= 1 << c
        else:  # done
            self._finish_knock()

    def _take(self) -> None:
        """Take the upcard / top discard (rules 11–13, 15–16, 36)."""
        c = self.pile.pop()
        bit = 1 << c
        s = self.cur
        self.hands[s] |= bit
        self.known[s] |= bit
        self.taken = c
        if self.phase == FIFTY:
            self.must_knock = True
        self.phase = DISCARD

    def _draw(self) -> None:
        """Draw the top stock card (rules 14–15)."""
        self.hands[self.cur] |= 1 << self.stock.pop()
        self.taken = -1
        self.phase = DISCARD

    def _pass(self) -> None:
        """Decline the upcard (rules 11–12, 14) or the 50th-card discard (rule 36)."""
        if self.phase == OFFER:
            self.phase = OFFER_DEALER
            self.cur = self.dealer
        elif self.phase == OFFER_DEALER:
            self.phase = FIRST_DRAW
            self.cur = 1 - self.dealer
        else:
            self._end_dead()

    def _discard(self, c: int) -> None:
        """Discard face up, then the turn passes or the hand dies (rules 15, 35–36)."""
        bit = 1 << c
        s = self.cur
        self.hands[s] ^= bit
        self.known[s] &= ~bit
        self.pile.append(c)
        self.taken = -1
        self.cur = 1 - s
        if len(self.stock) <= 2:
            if self.opts.fiftieth_card_pickup:
                self.phase = FIFTY
            else:
                self._end_dead()
        else:
            self.phase = DRAW

    def _end_dead(self) -> None:
        """Dead hand (rule 35)."""
        self.dead = True
        self._finish(dead_hand(len(self.history)))

    def arrangement_for(self, move: Move) -> Partition:
        """The knocker's arrangement for a knock/gin/biggin move: the one named, else the
        minimum-deadwood one of :meth:`MeldTable.best_partition` (rule 20, Clarifications)."""
        h = self.hands[self.cur]
        if move.verb != "biggin":
            h ^= 1 << move.cards[0]
        if not move.groups:
            return self.table.best_partition(h)
        melds = tuple(group_mask(g) for g in move.groups)
        used = 0
        for m in melds:
            used |= m
        return Partition(self.table.value(h & ~used), melds, h & ~used)

    def propose_knock(self, seat: int | None = None) -> tuple[int, Partition] | None:
        """The helper of rule 20: the discard and arrangement with the least deadwood
        (None when no knock or gin is legal now)."""
        knocks, gins = self.knock_options(seat)
        cands = gins or knocks
        if not cands:
            return None
        h = self.hands[self.cur if seat is None else seat]
        best = min(cands, key=lambda c: (self.table.deadwood(h ^ (1 << c)), -self.table.VALUE[c], c))
        return best, self.table.best_partition(h ^ (1 << best))

    def _knock(self, move: Move) -> None:
        """Lay out the knocker's hand (rules 19–24) and let the defender respond."""
        part = self.arrangement_for(move)
        s = self.cur
        if move.verb != "biggin":
            c = move.cards[0]
            self.knock_discard_public = bool((self.known[s] >> c) & 1)
            self.hands[s] ^= 1 << c
            self.known[s] &= ~(1 << c)
            self.knock_discard = c
        self.knocker = s
        self.k_melds = list(part.melds)
        self.k_dead = part.deadwood_mask
        self.k_points = part.deadwood
        self.gin = part.deadwood == 0
        self.big_gin = move.verb == "biggin"
        d = 1 - s
        self.d_rest = self.hands[d]
        self.cur = d
        if self.opts.defender_auto:
            self._auto_defend()
            self._finish_knock()
        else:
            self.phase = DEFEND

    def propose_defence(self) -> Defence:
        """The defender's best melds and layoffs from where he stands now (rules 25–29);
        the automatic defender plays it, a manual defender may follow it."""
        return self.table.best_defence(self.d_rest, self.k_melds, layoffs=not self.gin)

    def _auto_defend(self) -> None:
        """The defender's best melds and layoffs (rules 25–29), computed."""
        best = self.propose_defence()
        for c, i in best.layoffs:
            self.k_melds[i] |= 1 << c
        self.d_layoffs = list(best.layoffs)
        self.d_melds = list(best.melds)
        self.d_rest = best.deadwood_mask

    def _finish_knock(self) -> None:
        d_points = self.table.value(self.d_rest)
        self._finish(settle_knock(self.opts, self.knocker, self.k_points, self.k_dead, d_points,
                                  self.d_rest, self.gin, self.big_gin, self.mult, len(self.history)))

    def _finish(self, result: HandResult) -> None:
        self.result = result
        self.hand_winner = result.winner
        self.phase = OVER

    # --- results and views ----------------------------------------------------------------------

    def score_items(self) -> list[ScoreItem]:
        return list(self.result.items) if self.result is not None else []

    def winners(self) -> list[int]:
        return [self.hand_winner] if self.hand_winner is not None and self.phase == OVER else []

    def hands_public(self) -> bool:
        """Both hands are face up once a knock has been made (rules 19, 25)."""
        return self.knocker >= 0

    def _view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {
            "dealer": self.dealer, "phase": PHASE_NAMES[self.phase],
            "hand_sizes": [h.bit_count() for h in self.hands],
            "known": [mask_json(k) for k in self.known],
            "discard": [card_str(c) for c in self.pile], "stock": len(self.stock),
            "upcard": card_str(self.upcard),
            "knock_limit": self.limit if self.knock_ok else 0, "gin_only": not self.knock_ok,
            "multiplier": self.mult,
            "taken": card_str(self.taken) if self.taken >= 0 else None,
            "must_knock": self.must_knock,
        }
        if seat is not None:
            v["hand"] = mask_json(self.hands[seat])
        if self.hands_public():
            v["hands"] = [mask_json(h) for h in self.hands]
            v["knock"] = {
                "seat": self.knocker, "gin": self.gin, "big_gin": self.big_gin,
                "melds": [mask_json(m) for m in self.k_melds], "deadwood": mask_json(self.k_dead),
                "deadwood_points": self.k_points,
                "layoffs": [[card_str(c), i] for c, i in self.d_layoffs],
            }
            v["defender"] = {"melds": [mask_json(m) for m in self.d_melds], "unmelded": mask_json(self.d_rest),
                             "deadwood_points": self.table.value(self.d_rest)}
            if self.knock_discard >= 0 and (seat == self.knocker or self.knock_discard_public):
                v["knock_discard"] = card_str(self.knock_discard)
        return v

    def secret_cards(self, seat: int | None) -> list[Card]:
        m = 0
        for c in self.stock:
            m |= 1 << c
        if self.knock_discard >= 0 and seat != self.knocker and not self.knock_discard_public:
            m |= 1 << self.knock_discard
        if not self.hands_public():
            for s in (0, 1):
                if s != seat:
                    m |= self.hands[s] & ~self.known[s]
        return cards_of(m)

    def card_places(self) -> dict[str, list[Card]]:
        out = {"hand 0": cards_of(self.hands[0]), "hand 1": cards_of(self.hands[1]),
               "stock": [Card(c) for c in reversed(self.stock)], "discard": [Card(c) for c in self.pile]}
        if self.knock_discard >= 0:
            out["knock discard"] = [Card(self.knock_discard)]
        return out

    def parse_move(self, text: str, seat: int) -> Move:
        return nt.parse_move(text, seat)

    def move_text(self, move: Move) -> str:
        return nt.move_text(move)

    def _discard_was_known(self, move: Move) -> bool:
        return self.knocker >= 0 and move.cards[0] == self.knock_discard and self.knock_discard_public

    def log_text(self, viewer: int | None, seat: int, move: Move) -> str:
        """The knock discard is face down: others see the knock without its card (rule 19)."""
        if move.verb in ("knock", "gin") and viewer != seat and not self._discard_was_known(move):
            groups = " ".join("[" + " ".join(card_str(c) for c in g) + "]" for g in move.groups)
            return f"{move.verb} (face down){' ' + groups if groups else ''}"
        return nt.move_text(move)
