"""One hand of Thai Dummy: the turn of dummy.md B11–B17, knocks B18–B22, stock-out B27–B28,
and the penalty bookkeeping of §5 (C3, C4).

Phases of a turn: ``take`` (draw / pick up / final-turn pass / S8 show) then ``play`` (meld,
lay off, then discard or knock).  B13 is enforced by a ``must_knock`` flag: once an unborn
drawer tables a card (or a final-turn player picks up, B27), discarding is refused with a
reason, and every tabling move is offered only if the turn can still end in a knock
(``meldlogic.can_cover``), so such a turn is never stuck.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from ...cards import Card, card_str, cards_json, iter_bits, mask_of
from ...deal import Deal
from ...errors import ScenarioError
from ...game import State
from ...i18n import _
from ...moves import Move
from ...scoring import ScoreItem
from . import notation, sampling
from .meldlogic import SPETO_MASK, MeldTables, can_cover, meld_tables, sort_key
from .penalties import DiscardEvent, in_window, pee_hua, pee_speto, speto_laid_on, ti_on, ting_mee, ting_tem
from .rules import DummyOptions
from .scoring import hand_items
from .tablemelds import TableMeld, anchor_of, is_layoff, meld_layoffs, open_ends


def _sorted(mask: int) -> tuple[Card, ...]:
    return tuple(Card(c) for c in sorted(iter_bits(mask), key=sort_key))


_DISCARDS = tuple(Move("discard", (Card(c),)) for c in range(52))    # one pack: a Move per card
SHOW, PASS, DRAW = Move("show"), Move("pass"), Move("draw")


class DummyState(State):
    _fast_clone = True
    log_entries_final = True        # its log texts are move texts
    options: DummyOptions

    _clone_shared = State._clone_shared | {"_cache"}     # replaced whole, never changed in place

    def _clone_nested(self, d: dict[str, Any]) -> None:
        d["melds"] = [m.copy() for m in self.melds]     # lay-offs grow a meld's mask

    def __init__(self, game: Any, options: DummyOptions, players: int, deal: Deal) -> None:
        super().__init__(game, options, players, deal)
        o = options
        self.tables: MeldTables = meld_tables(o.ace_low_allowed)
        self.hands = [mask_of(h) for h in deal.hands]
        self.known = [0] * players            # cards every seat knows are in that hand
        self.stock = [int(c) for c in reversed(deal.stock)]   # top card last
        self.public_stock = 0                 # recycled cards (B27 reshuffle option) are public
        self.pile = [int(c) for c in deal.discard]
        self.head = self.pile[0]
        self.melds: list[TableMeld] = []
        self.meld_of: dict[int, int] = {}
        self.placed_by: dict[int, int] = {}
        self.tabled = [0] * players
        self.own_meld = [False] * players
        self.born = [False] * players
        self.events: list[DiscardEvent] = []
        self.penalties: list[ScoreItem] = []
        self.bonuses: list[ScoreItem] = []
        self.acted = [False] * players
        self.starter = int(deal.extra.get("starter", 0))
        if not 0 <= self.starter < players:
            raise ScenarioError("deal.starter", f"must be a seat 0..{players - 1}")
        self._setup_table(deal)
        self.cur = self.starter
        self.turn = 1
        self.recycled = False
        self.final_turn = False
        self.over = False
        self.end_reason = ""
        self.knocker: int | None = None
        self.knock_card: int | None = None
        self.knock_dark = False
        self._version = 0
        self._cache: tuple[int, list[Move]] | None = None
        self._start_turn()

    def _setup_table(self, deal: Deal) -> None:
        """Scenario deal keys ``table`` + ``melds`` (pre-placed melds) and ``born``."""
        table = [int(c) for c in deal.extra.get("table", [])]
        specs = deal.extra.get("melds", [])
        if not isinstance(specs, list):
            raise ScenarioError("deal.melds", "must be a list of {seat, count}")
        pos = 0
        for i, sp in enumerate(specs):
            try:
                seat, count = int(sp["seat"]), int(sp["count"])
            except (KeyError, TypeError, ValueError):
                raise ScenarioError(f"deal.melds[{i}]", "must be {\"seat\": s, \"count\": k}") from None
            m = mask_of(table[pos:pos + count])
            pos += count
            if count < 3 or not self.tables.is_meld(m) or not 0 <= seat < self.players:
                raise ScenarioError(f"deal.melds[{i}]", "is not a valid meld of a seat")
            self._new_meld(seat, m, 0)
            self.born[seat] = True        # a seat with a meld on the table has been born
        if pos != len(table):
            raise ScenarioError("deal.table", "the melds do not use exactly the table cards")
        for s in deal.extra.get("born", []):
            if not isinstance(s, int) or not 0 <= s < self.players:
                raise ScenarioError("deal.born", "must list seats")
            self.born[s] = True

    # --- turn bookkeeping ---------------------------------------------------------------

    def _start_turn(self) -> None:
        self.phase = "take"
        self.drew = False
        self.took = False
        self.target: int | None = None
        self.taken = 0
        self.new_melds: list[int] = []
        self.laid_on: list[int] = []
        self.must_knock = False
        self.dark_at_start = self.tabled[self.cur] == 0
        if not self.stock:
            o = self.options
            if o.reshuffle_on_stock_out and not self.recycled and len(self.pile) >= 2:
                self._recycle()
            elif o.final_turn_mode == "pickup_knock_only" and self.pile and not self.final_turn:
                self.final_turn = True
                self.must_knock = True
            else:
                self._end("stock")

    def _recycle(self) -> None:
        """B27 option: the pile but its top card is turned over (no shuffle: chance is only
        in the deal) and becomes a public stock, head drawn first.  Once per hand."""
        self.recycled = True
        rest, self.pile = self.pile[:-1], self.pile[-1:]
        self.stock = list(reversed(rest))
        self.public_stock = mask_of(rest)

    def _end(self, reason: str) -> None:
        self.over = True
        self.phase = "over"
        self.end_reason = reason

    def _next_turn(self) -> None:
        self.cur = (self.cur + 1) % self.players
        self.turn += 1
        self._start_turn()

    def _new_meld(self, seat: int, m: int, turn: int) -> None:
        idx = len(self.melds)
        self.melds.append(TableMeld(seat, m, m, turn, anchor_of(m)))
        for c in iter_bits(m):
            self.meld_of[c] = idx
            self.placed_by[c] = seat
        self.tabled[seat] |= m
        self.own_meld[seat] = True

    # --- contract -----------------------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        return () if self.over else (self.cur,)

    @property
    def is_over(self) -> bool:
        return self.over

    def _gated(self, seat: int) -> tuple[bool, bool]:
        """B13: (may meld from hand, may lay off) freely; False = only towards a knock."""
        o = self.options
        born = self.born[seat]
        return (born or not o.hand_melds_require_born, born or not o.layoff_requires_born)

    def _dark_allowed(self) -> bool:
        """B13/B20: an unborn drawer may table only if the turn ends in a knock."""
        return self.must_knock or (self.drew and self.options.allow_stock_dark_knock)

    def _ends(self, extra: int = 0, extended: tuple[int, int] | None = None) -> list[Any]:
        out = []
        chain = self.options.layoff_chain_allowed
        for i, m in enumerate(self.melds):
            if extended is not None and extended[0] == i:
                m = TableMeld(m.creator, m.mask | extended[1], m.original, m.turn, m.anchor)
            shape = self.tables.shapes[m.mask]
            lo, hi = open_ends(m, shape, chain)
            out.append((shape, lo, hi))
        if extra:
            out.append((self.tables.shapes[extra], True, True))
        return out

    def _can_finish(self, hand: int, new_meld: int = 0, extended: tuple[int, int] | None = None,
                    own: bool | None = None) -> bool:
        own_now = self.own_meld[self.cur] if own is None else own
        need = self.options.knock_requires_own_meld and not own_now
        return can_cover(hand, self.tables, self._ends(new_meld, extended), need)

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        if self.over:
            return []
        if seat is None:
            seat = self.cur
        if seat != self.cur:
            return []
        if self._cache is None or self._cache[0] != self._version:
            self._cache = (self._version, self._take_moves() if self.phase == "take" else self._play_moves())
        return list(self._cache[1])

    def _take_moves(self) -> list[Move]:
        seat = self.cur
        return [*self.draw_moves(seat), *self.pickup_moves(seat)]

    def draw_moves(self, seat: int) -> list[Move]:
        """The take phase's whole moves: show (S8), then the final turn's pass or a draw."""
        out: list[Move] = []
        if self._may_show(seat):
            out.append(SHOW)
        if self.final_turn:
            out.append(PASS)
        elif self.stock:
            out.append(DRAW)
        return out

    def pickup_moves(self, seat: int) -> Iterator[Move]:
        """The current seat's pickups (B11), from the top of the pile down."""
        o = self.options
        no_head = self.turn == 1 and not o.first_turn_may_pick_head      # B5 option
        hand = self.hands[seat]
        taken = 0
        for i in range(len(self.pile) - 1, -1, -1):
            t = self.pile[i]
            taken |= 1 << t
            if no_head and t == self.head:
                continue
            pool = hand | taken
            # a meld with t needs a card from hand among t's partners: most pile cards have none
            for m in self.tables.with_card[t] if self.tables.partners[t] & hand else ():
                if m & pool != m or not m & hand:
                    continue
                left = pool & ~m
                if not left:
                    continue
                if self.final_turn and not self._can_finish(left, new_meld=m, own=True):
                    continue
                yield Move("take", (Card(t),), (_sorted(m),))
            if o.allow_pickup_for_layoff:
                yield from self._take_layoffs(t, pool)

    def _take_layoffs(self, t: int, pool: int) -> list[Move]:
        """B11 option: the target is laid off instead (born players, or towards a knock)."""
        seat = self.cur
        out = []
        left = pool & ~(1 << t)
        for i, m in enumerate(self.melds):
            if not is_layoff(m, self.tables, 1 << t, self.options.layoff_chain_allowed):
                continue
            knock_only = self.final_turn or not self.born[seat]
            if knock_only and not self._can_finish(left, extended=(i, 1 << t)):
                continue
            if left.bit_count() == 1 and not knock_only and not self.own_meld[seat] \
                    and self.options.knock_requires_own_meld:
                continue
            out.append(Move("take", (Card(t),), ((Card(m.anchor),),), "on"))
        return out

    def _play_moves(self) -> list[Move]:
        seat = self.cur
        return [*self.meld_moves(seat), *self.layoff_moves(seat), *self.turn_end_moves(seat)]

    # The play phase's moves in three parts, in the order the list holds them: the research
    # API's first step (encoding.py) asks only whether a meld or a lay-off exists.

    def meld_moves(self, seat: int) -> Iterator[Move]:
        """The current seat's melds from hand (B13 gates them: born, or towards a knock)."""
        hand = self.hands[seat]
        free_meld = self._gated(seat)[0]
        if free_meld or self._dark_allowed():
            check = self.must_knock or not free_meld
            n = hand.bit_count()
            for m in self.tables.melds_within(hand):
                if n - m.bit_count() >= 1:
                    if check and not self._can_finish(hand & ~m, new_meld=m, own=True):
                        continue
                    yield Move("meld", _sorted(m))

    def layoff_moves(self, seat: int) -> Iterator[Move]:
        """The current seat's lay-offs (B13, B14)."""
        hand = self.hands[seat]
        o = self.options
        free_lay = self._gated(seat)[1]
        if free_lay or self._dark_allowed():
            check = self.must_knock or not free_lay
            need_own = o.knock_requires_own_meld and not self.own_meld[seat]
            for i, meld in enumerate(self.melds):
                for g in meld_layoffs(meld, self.tables, hand, o.layoff_chain_allowed):
                    left = hand & ~g
                    if not left:
                        continue
                    if check:
                        if not self._can_finish(left, extended=(i, g)):
                            continue
                    elif left.bit_count() == 1 and need_own:
                        continue
                    yield Move("layoff", _sorted(g), ((Card(meld.anchor),),))

    def turn_end_moves(self, seat: int, ordered: bool = True) -> list[Move]:
        """The discards (not while the turn must knock) and the knock with the last card;
        ``ordered=False``: the discards in card code order (a set of moves is wanted)."""
        hand = self.hands[seat]
        n = hand.bit_count()
        out: list[Move] = []
        if not self.must_knock and n >= 2:
            out += [_DISCARDS[c] for c in (sorted(iter_bits(hand), key=sort_key) if ordered else iter_bits(hand))]
        if n == 1 and (self.own_meld[seat] or not self.options.knock_requires_own_meld):
            out.append(Move("knock", (Card(hand.bit_length() - 1),)))
        return out

    def _may_show(self, seat: int) -> bool:
        """S8: a player holding both spetos may show them before their first action."""
        return (self.options.show_speto_bonus > 0 and not self.acted[seat]
                and self.hands[seat] & SPETO_MASK == SPETO_MASK)

    def why_illegal(self, seat: int, move: Move) -> str | None:
        if self.over:
            return _("the hand is over")
        if seat != self.cur:
            return _("it is seat {seat}'s turn", seat=self.cur + 1)
        why = notation.precheck(self, seat, move)
        if why is not None:
            return why
        if move in self.legal_moves(seat):
            return None
        return notation.explain(self, seat, move)

    # --- carrying out moves -------------------------------------------------------------

    def _play(self, seat: int, move: Move) -> None:
        self._version += 1
        v = move.verb
        if v == "show":
            self.bonuses.append(ScoreItem(seat, self.options.show_speto_bonus, "dummy:S8",
                                          _sorted(self.hands[seat] & SPETO_MASK),
                                          "showed both spetos before the first action", self.turn))
            self.known[seat] |= SPETO_MASK        # shown cards are public from now on
        self.acted[seat] = True
        if v == "show":
            return
        if v == "draw":
            c = self.stock.pop()
            self.hands[seat] |= 1 << c
            if self.public_stock >> c & 1:
                self.known[seat] |= 1 << c
            self.drew = True
            self.phase = "play"
        elif v == "pass":
            self._end("stock")
        elif v == "take":
            self._take(seat, move)
        elif v == "meld":
            m = mask_of(move.cards)
            self.hands[seat] &= ~m
            self.known[seat] &= ~m
            self._new_meld(seat, m, self.turn)
            self.new_melds.append(m)
            if not self.born[seat]:
                if self._gated(seat)[0]:
                    self.born[seat] = True       # Decision: melding from hand (when allowed) births
                else:
                    self.must_knock = True
        elif v == "layoff":
            idx = self.meld_of[int(move.groups[0][0])]
            g = mask_of(move.cards)
            self._layoff(seat, idx, g)
            if not self._gated(seat)[1]:
                self.must_knock = True
        elif v == "discard":
            self._discard(seat, int(move.cards[0]))
        elif v == "knock":
            self._knock(seat, int(move.cards[0]))

    def _take(self, seat: int, move: Move) -> None:
        t = int(move.cards[0])
        i = self.pile.index(t)
        taken_list, self.pile = self.pile[i:], self.pile[:i]
        taken = mask_of(taken_list)
        self.took, self.target, self.taken = True, t, taken
        self.hands[seat] |= taken
        self.known[seat] |= taken
        self.phase = "play"
        if move.target == "on":
            idx = self.meld_of[int(move.groups[0][0])]
            self._layoff(seat, idx, 1 << t)
            if not self.born[seat]:
                self.must_knock = True
            return
        m = mask_of(move.groups[0])
        self.hands[seat] &= ~m
        self.known[seat] &= ~m
        self._new_meld(seat, m, self.turn)
        self.new_melds.append(m)
        self.born[seat] = True

    def _layoff(self, seat: int, idx: int, g: int) -> None:
        meld = self.melds[idx]
        shape = self.tables.shapes[meld.mask]
        amount = self.options.opt_speto_laid_on_you
        if amount:
            hit = speto_laid_on(meld, shape.kind == "set", g, self.placed_by, self.options.ace_low_allowed)
            if hit is not None and hit[0] != seat:
                self.penalties.append(ScoreItem(
                    hit[0], -amount, "dummy:O9", (Card(hit[1]),),
                    f"seat {seat} laid {card_str(hit[1])} off next to a card seat {hit[0]} placed",
                    self.turn))
        meld.mask |= g
        self.hands[seat] &= ~g
        self.known[seat] &= ~g
        for c in iter_bits(g):
            self.meld_of[c] = idx
            self.placed_by[c] = seat
        self.tabled[seat] |= g
        self.laid_on.append(idx)

    def _discard(self, seat: int, c: int) -> None:
        """B16; O3 and O4 are charged at once (C3)."""
        o = self.options
        pile_before = mask_of(self.pile)
        if o.opt_ting_mee and ting_mee(c, self.melds, self.tables, o.layoff_chain_allowed):
            self.penalties.append(ScoreItem(seat, -o.opt_ting_mee, "dummy:O3", (Card(c),),
                                            "discarded a card that could be laid off", self.turn))
        if o.opt_ting_tem and ting_tem(c, pile_before, self.tables):
            self.penalties.append(ScoreItem(seat, -o.opt_ting_tem, "dummy:O4", (Card(c),),
                                            "discarded a card that melds with two pile cards", self.turn))
        self.hands[seat] &= ~(1 << c)
        self.known[seat] &= ~(1 << c)
        self.pile.append(c)
        self.events.append(DiscardEvent(c, seat, self.turn, pile_before))
        self._assess_pickup(seat)
        self._next_turn()

    def _knock(self, seat: int, c: int) -> None:
        """B18: the last card goes face down and the hand ends; P1 and O6–O8 are assessed."""
        o = self.options
        self.hands[seat] = 0
        self.known[seat] = 0
        self.knocker, self.knock_card = seat, c
        self.knock_dark = self.dark_at_start
        if self.took and o.fool_discard_penalty:
            prev = [e for e in self.events if e.turn == self.turn - 1]
            if prev and prev[0].seat != seat:
                e = prev[0]
                if o.fool_mode == "any_pickup" or self.target == e.card:
                    self.penalties.append(ScoreItem(
                        e.seat, -o.fool_discard_penalty, "dummy:P1", (Card(e.card),),
                        f"seat {seat} picked up after this discard and knocked", e.turn))
        self._assess_pickup(seat)
        self._end("knock")

    def _assess_pickup(self, seat: int) -> None:
        """C5: at the end of a pickup turn, test O6, then O7, then O8 for every discard whose
        window holds this turn (one pickup may charge several discarders, C2)."""
        if not self.took:
            return
        o = self.options
        al = o.ace_low_allowed
        groups = list(self.new_melds)
        if o.pee_counts_layoffs:
            groups += [self.melds[i].mask for i in self.laid_on]
        for e in self.events:
            if e.seat == seat or not in_window(e, self.turn, self.players):
                continue
            cards = (Card(e.card),)
            if o.opt_pee_hua and pee_hua(e, self.head, self.taken, groups, al):
                self.penalties.append(ScoreItem(e.seat, -o.opt_pee_hua, "dummy:O6", cards,
                                                f"fed the head {card_str(self.head)}; seat {seat} "
                                                f"melded them in turn {self.turn}", e.turn))
            fired7 = pee_speto(e, self.taken, groups, al)
            if fired7 and o.opt_pee_speto:
                self.penalties.append(ScoreItem(e.seat, -o.opt_pee_speto, "dummy:O7", cards,
                                                f"speto feed; seat {seat} melded it in turn {self.turn}",
                                                e.turn))
            if not fired7 and o.opt_ti_on and ti_on(e, self.taken, groups, al, o.ti_on_mode == "strict_first",
                                                   o.penalize_lone_speto_feed):
                self.penalties.append(ScoreItem(e.seat, -o.opt_ti_on, "dummy:O8", cards,
                                                f"lone speto-connector feed; seat {seat} melded it in "
                                                f"turn {self.turn}", e.turn))

    # --- scores and views ---------------------------------------------------------------

    def winners(self) -> list[int]:
        """B30: the knocker wins; after stock exhaustion the highest hand score."""
        if self.over and self.knocker is not None:
            return [self.knocker]
        return super().winners()

    def score_items(self) -> list[ScoreItem]:
        out = list(self.bonuses)
        if self.over:
            out += hand_items(self)
        return out + self.penalties

    def secret_cards(self, seat: int | None) -> list[Card]:
        hidden = mask_of(self.stock) & ~self.public_stock
        if not self.over:
            for s in range(self.players):
                if s != seat:
                    hidden |= self.hands[s] & ~self.known[s]
        return [Card(c) for c in iter_bits(hidden)]

    def sample_hidden(self, seat: int | None, rng: random.Random, tries: int = 100) -> State:
        """As ``State.sample_hidden``; in a turn bound to end in a knock (B13, B27) the mover's
        hidden cards are redrawn among the cards ``seat`` cannot place, subject to the hand
        still being tableable down to one card (``sampling.py``; docs Decision 13)."""
        return sampling.sample_hidden(self, seat, rng, tries)

    def card_places(self) -> dict[str, list[Card]]:
        out = {f"hand{s}": [Card(c) for c in iter_bits(h)] for s, h in enumerate(self.hands)}
        out["stock"] = [Card(c) for c in self.stock]
        out["pile"] = [Card(c) for c in self.pile]
        out["table"] = [Card(c) for m in self.melds for c in iter_bits(m.mask)]
        out["knock"] = [Card(self.knock_card)] if self.knock_card is not None else []
        return out

    def _view(self, seat: int | None) -> dict[str, Any]:
        hands: list[Any] = []
        for s in range(self.players):
            if self.over or s == seat:
                hands.append(cards_json(_sorted(self.hands[s])))
            else:
                hands.append({"count": self.hands[s].bit_count(),
                              "known": cards_json(_sorted(self.known[s]))})
        v: dict[str, Any] = {
            "starter": self.starter, "turn": self.turn, "phase": self.phase,
            "stock_count": len(self.stock), "head": card_str(self.head),
            "head_in_pile": self.head in self.pile,
            "discard_pile": cards_json(self.pile), "hands": hands,
            "melds": [{"owner": m.creator, "cards": cards_json(m.cards()),
                       "placed_by": [self.placed_by[c] for c in m.cards()]} for m in self.melds],
            "born": list(self.born), "discards": [
                {"card": card_str(e.card), "seat": e.seat, "turn": e.turn} for e in self.events],
            "must_knock": self.must_knock, "final_turn": self.final_turn,
            "penalties": [p.to_json() for p in self.penalties],
            "options": self.options.to_dict(),   # public rules: what a player's warnings need
        }
        if self.public_stock:
            v["stock_public"] = cards_json(reversed(self.stock))
        if self.over:
            v["end"] = self.end_reason
            if self.knock_card is not None:
                v["knocker"] = self.knocker
                v["knock_card"] = card_str(self.knock_card)
        return v

    def parse_move(self, text: str, seat: int) -> Move:
        return notation.parse(self, text, seat)

    def move_text(self, move: Move) -> str:
        return notation.text(move)

    def log_text(self, viewer: int | None, seat: int, move: Move) -> str:
        return notation.text(move)
