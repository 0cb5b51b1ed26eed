"""One deal of Remik (remik.md §B.4–B.9): turn phases, checks and effects of every move.

A turn has two phases: ``draw`` (``draw``, ``take``, or ``take meld`` = take the top discard
and open with it) and ``play`` (``meld``, ``lay``, ``swap`` any number of times, then
``discard``; or go out by melding/laying the last card).  Hands are bitmasks of physical
cards.  Legality lives in :meth:`RemikState.why_illegal`, effects in :meth:`RemikState._play`;
the bounded move lists are in ``moves.py``.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ...cards import COPY_STRIDE, JK, Card, card_str, cards_json, cards_of
from ...deal import Deal
from ...errors import IllegalMove
from ...game import Game, State
from ...i18n import _
from ...moves import Move
from ...scoring import ScoreItem
from . import notation
from .melds import MeldInfo, Slot, analyse, is_joker, meld_shown
from .rules import RemikOptions
from .scoring import deal_items, hand_value


@dataclass
class TableMeld:
    """A meld on the table; ``id`` is shown as ``m<id>`` and named by lay-offs and swaps."""

    id: int
    owner: int
    kind: str
    slots: list[Slot] = field(default_factory=list)

    @property
    def name(self) -> str:
        return f"m{self.id}"

    def copy(self) -> TableMeld:
        return TableMeld(self.id, self.owner, self.kind, self.slots.copy())


def _bit(c: int) -> int:
    return 1 << c


def _face(code: int) -> int:
    b = code % COPY_STRIDE
    return JK if b >= 52 else b


@lru_cache(maxsize=4096)
def _copies_by_face(hand: int, extra: int, for_discard: bool,
                    first: int | tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """The physical copies of each face in the order :meth:`RemikState.resolve` uses them;
    ``first`` is the taken card for a discard (used last), else the cards used first, in
    their order of preference (the others follow by code)."""
    pool = cards_of(hand) + ([Card(extra)] if extra >= 0 else [])
    if for_discard:
        pool.sort(key=lambda c: (c == first, int(c)))
    else:
        assert isinstance(first, tuple)
        rank = {c: i for i, c in enumerate(first)}
        pool.sort(key=lambda c: (rank.get(int(c), len(first)), int(c)))
    by_face: dict[int, list[int]] = {}
    for c in pool:
        by_face.setdefault(_face(c), []).append(int(c))
    return {f: tuple(v) for f, v in by_face.items()}


@lru_cache(maxsize=64)
def _options_dict(opts: RemikOptions) -> dict[str, Any]:
    """The (frozen) options as a view shows them, built once rather than on every view."""
    return opts.to_dict()


class RemikState(State):
    """One Remik deal; see the module docstring."""

    _fast_clone = True
    log_entries_final = True        # its log texts are move texts

    options: RemikOptions

    def _clone_nested(self, d: dict[str, Any]) -> None:
        d["melds"] = [m.copy() for m in self.melds]     # lay-offs and swaps change a meld

    def __init__(self, game: Game[Any], options: RemikOptions, players: int, deal: Deal,
                 starter: int) -> None:
        super().__init__(game, options, players, deal)
        self.opts = options
        self.starter = starter
        self.dealer = (starter - 1) % players
        self.hands = [sum(_bit(c) for c in h) for h in deal.hands]
        self.stock: list[int] = [int(c) for c in reversed(deal.stock)]   # top card last
        self.discard_pile: list[int] = [int(c) for c in deal.discard]   # top card last
        self.stock_public = False      # after the pile is turned over, its order is known
        self.melds: list[TableMeld] = []
        self.next_id = 1
        self.opened_turn = [-1] * players
        self.known = [0] * players     # cards publicly known to be in a hand
        self.turn = 1
        self.current = starter
        self.phase = "play" if options.deal_mode == "starter14" else "draw"
        self.taken = -1                # the card taken from the discard pile this turn
        self.pending: list[int] = []   # jokers taken by exchange, to be used this turn (rule 24)
        self.over = False
        self.blocked = False
        self.remik_z_reki = False
        self.deal_winners: list[int] = []
        self._items: list[ScoreItem] = []
        if self.phase == "draw" and not self.stock:
            self._end_blocked()

    # --- small helpers -----------------------------------------------------------------------

    def opened(self, seat: int) -> bool:
        return self.opened_turn[seat] >= 0

    def top(self) -> int:
        return self.discard_pile[-1] if self.discard_pile else -1

    def resolve(self, seat: int, faces: Sequence[int], *, for_discard: bool = False,
                extra: int = -1) -> list[int] | None:
        """Physical cards for written faces (JK or base): the canonical copy choice.

        For a play to the table the jokers taken by exchange are used first (rule 24: they
        must reach the table this turn), then the card taken this turn (or the top discard in
        ``take meld``: rule 18, it may not be discarded), then the lowest code; for a discard
        the taken card is used last.  So when the card taken from the pile is a joker too, a
        play of one joker uses the exchanged one (docs/games/remik.md, RM-15 note) — unless
        that would leave only the taken joker in hand, which could then not be discarded:
        there the taken joker goes and the exchanged one stays, to be used by the next move.
        None when the hand lacks a face.
        """
        # listing moves resolves every candidate twice (make_move, then why_illegal) on the
        # same hand: the copy order depends only on this key, so it is worked out once
        first: int | tuple[int, ...]
        if for_discard:
            first = self.taken
        else:
            # the exchanged jokers (lowest code first), then the taken card or top discard
            first = tuple(dict.fromkeys(c for c in (*sorted(self.pending), self.taken, extra) if c >= 0))
        by_face = _copies_by_face(self.hands[seat], extra, for_discard, first)
        out = []
        taken_of: dict[int, int] = {}
        for f in faces:
            lst = by_face.get(f, ())
            k = taken_of.get(f, 0)
            if k >= len(lst):
                return None
            out.append(lst[k])
            taken_of[f] = k + 1
        t = self.taken
        if self.pending and not for_discard and t >= 0 and _face(t) == JK and t not in out:
            exchanged = [i for i, c in enumerate(out) if c in self.pending]
            if exchanged and self.hands[seat] & ~sum(_bit(c) for c in out) == _bit(t):
                out[exchanged[-1]] = t      # keep an exchanged joker rather than the taken one
        return out

    def make_move(self, verb: str, seat: int, groups: Sequence[Sequence[notation.Face]],
                  mid: str | None = None, text: str = "") -> Move:
        """Build the canonical Move for written faces (raises IllegalMove if not held)."""
        if verb in ("draw", "take"):
            return Move(verb)
        faces = [f for g in groups for f in g]
        extra = self.top() if verb == "takemeld" else -1
        phys = self.resolve(seat, [f for f, _ in faces], for_discard=verb == "discard", extra=extra)
        if phys is None:
            missing = self._missing(seat, [f for f, _ in faces], extra)
            raise IllegalMove(text or verb, _("you do not hold {cards}", cards=missing), seat)
        return notation.build_move(verb, groups, mid, phys)

    def _missing(self, seat: int, faces: Sequence[int], extra: int) -> str:
        have: dict[int, int] = {}
        for c in cards_of(self.hands[seat]) + ([Card(extra)] if extra >= 0 else []):
            have[_face(c)] = have.get(_face(c), 0) + 1
        for f in faces:
            if have.get(f, 0) <= 0:
                n = sum(1 for g in faces if g == f)
                what = _("enough jokers") if f == JK else card_str(f)
                return _("{cards} ({n} named)", cards=what, n=n) if n > 1 else what
            have[f] -= 1
        return _("those cards")

    def find_meld(self, mid: str | None) -> TableMeld | None:
        for m in self.melds:
            if m.name == mid:
                return m
        return None

    # --- the contract ------------------------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        return () if self.over else (self.current,)

    @property
    def is_over(self) -> bool:
        return self.over

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        from .moves import legal_moves
        if seat is None:
            seat = self.current
        return legal_moves(self, seat)

    def parse_move(self, text: str, seat: int) -> Move:
        verb, groups, mid = notation.parse_text(text)
        return self.make_move(verb, seat, groups, mid, text)

    def move_text(self, move: Move) -> str:
        try:
            return notation.move_text(move)
        except Exception:  # a malformed Move (fuzzing) still prints
            return str(move)

    def why_illegal(self, seat: int, move: Move) -> str | None:
        from .checks import why_illegal
        return why_illegal(self, seat, move)

    # --- effects -----------------------------------------------------------------------------

    def _play(self, seat: int, move: Move) -> None:
        v = move.verb
        reps = notation.reps_of(move)
        if v == "draw":
            c = self.stock.pop()
            self.hands[seat] |= _bit(c)
            if self.stock_public:
                self.known[seat] |= _bit(c)
            self.phase = "play"
        elif v in ("take", "takemeld"):
            c = self.discard_pile.pop()
            self.hands[seat] |= _bit(c)
            self.known[seat] |= _bit(c)
            self.taken = c
            self.phase = "play"
            if v == "takemeld":
                self._lay_melds(seat, move.groups, reps)
        elif v == "meld":
            self._lay_melds(seat, move.groups, reps)
        elif v == "lay":
            m = self.find_meld(notation.meld_id(move))
            assert m is not None
            new = self.slots_for(move.cards, reps)
            m.slots = list(self.analyse(m.slots + new).slots)
            self._remove(seat, move.cards)
            self._after_table_play(seat)
        elif v == "swap":
            m = self.find_meld(notation.meld_id(move))
            assert m is not None
            card = int(move.cards[0])
            i = next(i for i, (c, r) in enumerate(m.slots) if is_joker(c) and r == card % COPY_STRIDE)
            joker = m.slots[i][0]
            m.slots[i] = (card, card % COPY_STRIDE)
            self._remove(seat, (card,))
            self.hands[seat] |= _bit(joker)
            self.known[seat] |= _bit(joker)
            if self.opts.joker_swap_use_same_turn:
                self.pending = self.pending + [joker]
        elif v == "discard":
            c = int(move.cards[0])
            self._remove(seat, (c,))
            self.discard_pile.append(c)
            if self.hands[seat] == 0:
                self._end_out(seat)
            else:
                self._next_turn()

    def slots_for(self, cards: Sequence[int], reps: Sequence[int], k: int = 0) -> list[Slot]:
        out: list[Slot] = []
        for c in cards:
            if is_joker(c):
                out.append((int(c), reps[k]))
                k += 1
            else:
                out.append((int(c), int(c) % COPY_STRIDE))
        return out

    def analyse(self, slots: Sequence[Slot]) -> MeldInfo:
        return analyse(slots, joker_minority=self.opts.joker_minority,
                       no_adjacent_jokers=self.opts.no_adjacent_jokers)

    def _lay_melds(self, seat: int, groups: Sequence[Sequence[int]], reps: Sequence[int]) -> None:
        k = 0
        for g in groups:
            slots = self.slots_for(g, reps, k)
            k += sum(1 for c in g if is_joker(c))
            info = self.analyse(slots)
            self.melds.append(TableMeld(self.next_id, seat, info.kind, list(info.slots)))
            self.next_id += 1
            self._remove(seat, g)
        if not self.opened(seat):
            self.opened_turn[seat] = self.turn
        self._after_table_play(seat)

    def _remove(self, seat: int, cards: Sequence[int]) -> None:
        for c in cards:
            self.hands[seat] &= ~_bit(int(c))
            self.known[seat] &= ~_bit(int(c))
            if int(c) in self.pending:
                self.pending = [j for j in self.pending if j != int(c)]

    def _after_table_play(self, seat: int) -> None:
        """remik.md rules 19 and 25: melding or laying off the last card goes out."""
        if self.hands[seat] == 0:
            self._end_out(seat)

    def _next_turn(self) -> None:
        """Pass the turn on; remik.md rule 27 / Clarification: an empty stock blocks the deal."""
        self.current = (self.current + 1) % self.players
        self.turn += 1
        self.phase = "draw"
        self.taken = -1
        self.pending = []
        if not self.stock:
            if self.opts.on_stock_empty == "reshuffle" and len(self.discard_pile) > 1:
                # Decision: the pile (but its top card) is turned over, not shuffled
                self.stock = self.discard_pile[-2::-1]
                self.stock_public = True
                self.discard_pile = self.discard_pile[-1:]
            else:
                self._end_blocked()

    def _end_out(self, seat: int) -> None:
        """remik.md rules 25–26: the deal ends; remik z ręki if he opened this turn and
        no opponent had opened."""
        self.over = True
        self.deal_winners = [seat]
        self.remik_z_reki = (self.opened_turn[seat] == self.turn
                             and all(not self.opened(s) for s in range(self.players) if s != seat))
        self._settle()

    def _end_blocked(self) -> None:
        """remik.md rule 27: the lowest raw hand value wins; ties all win (Decision)."""
        self.over = True
        self.blocked = True
        values = [hand_value(cards_of(h), self.opts) for h in self.hands]
        low = min(values)
        self.deal_winners = [s for s, v in enumerate(values) if v == low]
        self._settle()

    def _settle(self) -> None:
        self._items = deal_items(self.hands, [self.opened(s) for s in range(self.players)],
                                 self.deal_winners, self.blocked, self.remik_z_reki, self.turn,
                                 self.opts)

    # --- results and views -------------------------------------------------------------------

    def score_items(self) -> list[ScoreItem]:
        return list(self._items)

    def winners(self) -> list[int]:
        """The deal's winner: who went out, or the lowest hand(s) of a blocked deal."""
        return list(self.deal_winners) if self.over else []

    def _hand_list(self, seat: int) -> list[str]:
        return cards_json(sorted(cards_of(self.hands[seat]), key=lambda c: (c % COPY_STRIDE, c)))

    def _table_entry(self, m: TableMeld) -> dict[str, Any]:
        cards, value = meld_shown(tuple(m.slots), self.opts.joker_minority, self.opts.no_adjacent_jokers)
        return {"id": m.name, "owner": m.owner, "kind": m.kind, "cards": list(cards), "value": value}

    def _view(self, seat: int | None) -> dict[str, Any]:
        d: dict[str, Any] = {
            "dealer": self.dealer, "starter": self.starter, "turn": self.turn,
            "current": None if self.over else self.current, "phase": None if self.over else self.phase,
            "stock": len(self.stock), "discard": cards_json(self.discard_pile),
            "table": [self._table_entry(m) for m in self.melds],
            "hand_sizes": [h.bit_count() for h in self.hands],
            "opened": [self.opened(s) for s in range(self.players)],
            "taken": card_str(self.taken) if self.taken >= 0 else None,
            "must_use_joker": bool(self.pending),
            "opening_min": self.opts.opening_min,
            "threshold": self.opts.threshold(self.players),
            # public rules: what a player's warnings need; every value is a scalar, so a
            # shallow copy of the options' dict is as independent as a fresh one
            "options": dict(_options_dict(self.opts)),
        }
        if seat is not None:
            d["hand"] = self._hand_list(seat)
        if self.over:
            d["hands"] = [self._hand_list(s) for s in range(self.players)]
            d["result"] = {"winners": self.deal_winners, "blocked": self.blocked,
                           "remik_z_reki": self.remik_z_reki}
        return d

    def secret_cards(self, seat: int | None) -> list[Card]:
        out = [] if self.stock_public else [Card(c) for c in self.stock]
        if not self.over:
            for s in range(self.players):
                if s != seat:
                    out += cards_of(self.hands[s] & ~self.known[s])
        return out

    def card_places(self) -> dict[str, list[Card]]:
        places = {f"hand {s}": cards_of(h) for s, h in enumerate(self.hands)}
        places["stock"] = [Card(c) for c in reversed(self.stock)]
        places["discard"] = [Card(c) for c in self.discard_pile]
        places["table"] = [Card(c) for m in self.melds for c, _ in m.slots]
        return places

    def light_copy(self) -> RemikState:
        """A copy for look-ahead checks (no history; melds copied, piles shared read-only)."""
        other = copy.copy(self)
        other.hands = list(self.hands)
        other.known = list(self.known)
        other.opened_turn = list(self.opened_turn)
        other.melds = [TableMeld(m.id, m.owner, m.kind, list(m.slots)) for m in self.melds]
        other.stock = list(self.stock)
        other.discard_pile = list(self.discard_pile)
        other.pending = list(self.pending)
        other.history = []
        return other

