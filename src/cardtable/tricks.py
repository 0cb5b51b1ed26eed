"""Mechanics shared by trick-taking games (四百分, 最后胜利, 议将夺墩算分 ...).

Everything here works on card codes (``cards.py``: ``copy * 64 + base``) and integer
bitmasks of them; per-game facts come in one small frozen object, :class:`TrickRules`.

API
---
``TrickRules(trump, follow, suit_of, power)``
    ``suit_of[base]`` is a card's *effective* suit (0..3 for ♠♥♦♣; a game may map jokers,
    or trump-rank cards, into the trump suit, or give jokers a suit of their own such as
    ``JOKER_SUIT``); ``power[base]`` its strength inside that suit (higher wins).
    ``trump`` is the effective trump suit, or ``None`` (no trump).  ``follow`` says what a
    player who cannot follow suit must do:

    * ``"free"``          — follow suit if able, otherwise play anything (四百分 §3.6);
    * ``"must_trump"``    — follow suit if able, otherwise trump if able, otherwise anything;
    * ``"must_overtrump"`` — as ``must_trump``, and the trump must beat the trick's highest
      trump if the player can (otherwise any trump).

    Build one with :func:`standard_rules` (A high … 2 low; jokers as top trumps or as a
    suit of their own) or directly from tables.
``rules.suit_mask(suit, copies=1)``   the bitmask of every card of an effective suit.
``legal_plays(hand, led, rules) -> mask``   playable cards of ``hand`` (a mask) given the
    cards already in the trick (``led``, in play order; empty: a lead, all cards legal).
``why_not_playable(hand, led, card, rules) -> str | None``   the reason, for a person.
``winning_index(cards, rules) -> int``   which play takes the trick: the highest trump if any
    was played, else the highest card of the led suit; equal cards (two-pack copies): the
    first played wins.
``Trick``   one trick: ``leader``, ``plays`` [(seat, card)], ``winner`` (None until complete),
    ``led_suit``, ``cards``, ``mask``; ``Trick.play(seat, card)``, ``Trick.settle(rules)``.
``points(cards, table) -> int``   sum of a per-base point table over cards or a mask.
``void_evidence(trick, rules) -> [(seat, suit_mask)]``   what a trick proves about hands: a
    player who did not follow the led suit holds none of it (and under ``must_trump`` no
    trump either, if he did not trump).  Games use it for hidden-card sampling.
``Auction(players, first, minimum, step, maximum, pass_is_final=False)``   a rising-number
    auction (四百分, 议将夺墩算分): ``why_not(seat, value)`` (``value`` None = pass),
    ``act(seat, value)``, ``turn``, ``high`` (bid, seat), ``bids`` [(seat, value|None)],
    ``done``, ``all_passed``.  A bid must be a multiple of ``step`` in [minimum, maximum] above
    the current one; a bid followed by passes of all other players wins (passes are not
    final unless ``pass_is_final``: then passed players are skipped, and a bid made when
    all the others have passed wins at once); a bid of ``maximum`` wins at once;
    ``players`` passes without a bid end it with ``all_passed``.
``assign_hidden(cards, forbidden, rules, rng) -> list | None``   a random assignment of
    ``cards`` to slots (``forbidden[i]`` = suit mask slot ``i`` may not take), consistent with
    every void shown, or None when impossible.  A game's ``sample_hidden`` maps each hidden
    card to the card its slot gets.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from .cards import BJ, COPY_STRIDE, JK, LJ, Card, iter_bits
from .errors import CardtableError
from .i18n import _

if TYPE_CHECKING:
    from .game import State

FollowRule = Literal["free", "must_trump", "must_overtrump"]
FOLLOW_RULES: tuple[str, ...] = ("free", "must_trump", "must_overtrump")
JOKER_SUIT = 4          # the effective suit of jokers that are not trumps
SUIT_COUNT = 5
# A K Q J 10 ... 2: power of rank number 1..13 (A=1) with the ace high
ACE_HIGH_POWER: tuple[int, ...] = (0, 14, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)


@dataclass(frozen=True)
class TrickRules:
    """Per-game trick facts: trump suit, the following rule, effective suits and strengths.

    ``suit_of`` and ``power`` are indexed by a card's base code (0..63).
    """

    trump: int | None
    follow: str
    suit_of: tuple[int, ...]
    power: tuple[int, ...]
    _masks: dict[tuple[int, int], int] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.follow not in FOLLOW_RULES:
            raise ValueError(f"follow rule {self.follow!r} unknown; valid: {', '.join(FOLLOW_RULES)}")
        if len(self.suit_of) < COPY_STRIDE or len(self.power) < COPY_STRIDE:
            raise ValueError("suit_of and power need an entry for every base code 0..63")

    def suit(self, card: int) -> int:
        return self.suit_of[card % COPY_STRIDE]

    def strength(self, card: int) -> int:
        return self.power[card % COPY_STRIDE]

    def suit_mask(self, suit: int, copies: int = 2) -> int:
        """Every card code of effective suit ``suit`` in the first ``copies`` packs."""
        key = (suit, copies)
        m = self._masks.get(key)
        if m is None:
            base = 0
            for b in range(COPY_STRIDE):
                if self.suit_of[b] == suit:
                    base |= 1 << b
            m = 0
            for k in range(copies):
                m |= base << (k * COPY_STRIDE)
            self._masks[key] = m
        return m


def standard_rules(trump: int | None, follow: str = "free", jokers: str = "top_trumps",
                   rank_power: Sequence[int] = ACE_HIGH_POWER) -> TrickRules:
    """Natural suits, ``rank_power`` (default A high … 2 low).

    ``jokers``: ``"top_trumps"`` — BJ > LJ > every other trump, both in the trump suit (with
    ``trump=None`` they form the trump suit ``JOKER_SUIT`` alone: 无将, only jokers trump; in
    a pack without jokers nothing trumps then);
    ``"own_suit"`` — jokers are a plain suit ``JOKER_SUIT`` (BJ > LJ > JK) that is never trump.
    """
    suit_of = [-1] * COPY_STRIDE
    power = [0] * COPY_STRIDE
    for b in range(52):
        suit_of[b] = b // 13
        power[b] = rank_power[b % 13 + 1]
    top = max(rank_power) + 1
    eff_trump = trump
    for j, p in ((JK, 0), (LJ, 1), (BJ, 2)):
        if jokers == "top_trumps":
            if trump is None:
                eff_trump = JOKER_SUIT
            suit_of[j] = JOKER_SUIT if trump is None else trump
            power[j] = top + p
        elif jokers == "own_suit":
            suit_of[j] = JOKER_SUIT
            power[j] = p
        else:
            raise ValueError(f"jokers {jokers!r} unknown; valid: top_trumps, own_suit")
    return TrickRules(eff_trump, follow, tuple(suit_of), tuple(power))


def _cards_mask(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def winning_index(cards: Sequence[int], rules: TrickRules) -> int:
    """Index in ``cards`` (play order) of the card that takes the trick."""
    if not cards:
        raise ValueError("an empty trick has no winner")
    led = rules.suit(cards[0])
    best = 0
    best_key = (rules.suit(cards[0]) == rules.trump, rules.strength(cards[0]))
    for i in range(1, len(cards)):
        s = rules.suit(cards[i])
        if s != led and s != rules.trump:
            continue
        key = (s == rules.trump, rules.strength(cards[i]))
        if key > best_key:
            best, best_key = i, key
    return best


def legal_plays(hand: int, led: Sequence[int], rules: TrickRules) -> int:
    """The mask of cards of ``hand`` that may be played to a trick holding ``led``."""
    if not led or not hand:
        return hand
    copies = hand.bit_length() // COPY_STRIDE + 1
    same = hand & rules.suit_mask(rules.suit(led[0]), copies)
    if same:
        return same
    if rules.follow == "free" or rules.trump is None:
        return hand
    trumps = hand & rules.suit_mask(rules.trump, copies)
    if not trumps:
        return hand
    if rules.follow == "must_overtrump":
        top = max((rules.strength(c) for c in led if rules.suit(c) == rules.trump), default=None)
        if top is not None:
            over = _cards_mask(c for c in iter_bits(trumps) if rules.strength(c) > top)
            if over:
                return over
    return trumps


_SUIT_NAMES = ("♠", "♥", "♦", "♣", "jokers")


def suit_name(suit: int | None) -> str:
    return "no suit" if suit is None or not 0 <= suit < len(_SUIT_NAMES) else _SUIT_NAMES[suit]


def _suit_shown(suit: int | None) -> str:
    """A suit inside a sentence: its symbol, or the words for jokers / no suit."""
    if suit is None or not 0 <= suit < len(_SUIT_NAMES):
        return _("no suit")
    return _("jokers") if suit == len(_SUIT_NAMES) - 1 else _SUIT_NAMES[suit]


def why_not_playable(hand: int, led: Sequence[int], card: int, rules: TrickRules) -> str | None:
    """None if ``card`` may be played from ``hand`` now, else why not."""
    from .cards import card_str
    if not hand >> card & 1:
        return _("{card} is not in your hand", card=card_str(card))
    if legal_plays(hand, led, rules) >> card & 1:
        return None
    lead_suit = rules.suit(led[0])
    copies = hand.bit_length() // COPY_STRIDE + 1
    if hand & rules.suit_mask(lead_suit, copies):
        return _("you must follow suit: {card} led {suit} and you hold {suit}",
                 card=card_str(led[0]), suit=_suit_shown(lead_suit))
    if rules.follow == "must_overtrump" and rules.suit(card) == rules.trump:
        return _("you must beat the highest trump in the trick when you can")
    return _("you cannot follow {suit}, so you must trump ({trump})",
             suit=_suit_shown(lead_suit), trump=_suit_shown(rules.trump))


@dataclass
class Trick:
    """One trick: who led, the plays in order, and (once settled) who took it."""

    leader: int
    plays: list[tuple[int, Card]] = field(default_factory=list)
    winner: int | None = None

    @property
    def cards(self) -> list[Card]:
        return [c for _, c in self.plays]

    @property
    def mask(self) -> int:
        return _cards_mask(self.cards)

    def copy(self) -> Trick:
        return Trick(self.leader, self.plays.copy(), self.winner)

    def led_suit(self, rules: TrickRules) -> int | None:
        return rules.suit(self.plays[0][1]) if self.plays else None

    def play(self, seat: int, card: int) -> None:
        self.plays.append((seat, Card(card)))

    def settle(self, rules: TrickRules) -> int:
        """Set and return the winner's seat."""
        self.winner = self.plays[winning_index(self.cards, rules)][0]
        return self.winner

    def to_json(self) -> dict[str, object]:
        from .cards import card_str
        return {"leader": self.leader, "plays": [[s, card_str(c)] for s, c in self.plays],
                "winner": self.winner}


def points(cards: Iterable[int] | int, table: Sequence[int]) -> int:
    """Sum of ``table[base]`` over ``cards`` (a list of codes or a bitmask)."""
    it = iter_bits(cards) if isinstance(cards, int) else cards
    return sum(table[c % COPY_STRIDE] for c in it)


def void_evidence(trick: Trick, rules: TrickRules) -> list[tuple[int, int]]:
    """(seat, mask of effective suits that seat is proven not to hold) for each revoke."""
    if not trick.plays:
        return []
    led = rules.suit(trick.plays[0][1])
    out = []
    for seat, card in trick.plays[1:]:
        s = rules.suit(card)
        if s == led:
            continue
        gone = 1 << led
        if rules.follow != "free" and rules.trump is not None and s != rules.trump:
            gone |= 1 << rules.trump
        # (must_overtrump: an under-trump shows no higher trump, which no suit mask says)
        out.append((seat, gone))
    return out


def assign_hidden(cards: Sequence[int], forbidden: Sequence[int], rules: TrickRules,
                  rng: random.Random) -> list[int] | None:
    """Randomly give each slot ``i`` one of ``cards`` whose effective suit is not in
    ``forbidden[i]`` (a mask of suits), every card used once; None if impossible.

    Slots are filled in random order; each choice keeps Hall's condition over the (at most
    five) suits, so the fill never dead-ends.
    """
    n = len(cards)
    if len(forbidden) != n:
        raise ValueError("one forbidden mask per card")
    by_suit: dict[int, list[int]] = {}
    for c in cards:
        by_suit.setdefault(rules.suit(c), []).append(int(c))
    for lst in by_suit.values():
        rng.shuffle(lst)
    suits = sorted(by_suit)
    slots_left = list(range(n))
    rng.shuffle(slots_left)

    k = len(suits)
    suit_bits = [0] * (1 << k)        # subset of suits (by index) -> its mask of suit numbers
    for sub in range(1, 1 << k):
        low = (sub & -sub).bit_length() - 1
        suit_bits[sub] = suit_bits[sub & (sub - 1)] | 1 << suits[low]

    def feasible(slots: list[int]) -> bool:
        """Hall's condition: every set of suits has at least as many slots that may take it
        as it has cards left.  Slots are counted by their (few distinct) forbidden masks."""
        by_mask: dict[int, int] = {}
        for i in slots:
            f = forbidden[i]
            by_mask[f] = by_mask.get(f, 0) + 1
        masks = list(by_mask.items())
        sizes = [len(by_suit[x]) for x in suits]
        need = [0] * (1 << k)
        for sub in range(1, 1 << k):
            low = (sub & -sub).bit_length() - 1
            n_sub = need[sub] = need[sub & (sub - 1)] + sizes[low]
            if n_sub:
                smask = suit_bits[sub]
                room = 0
                for f, c in masks:
                    if smask & ~f:
                        room += c
                if n_sub > room:
                    return False
        return True

    if not feasible(slots_left):
        return None
    out = [0] * n
    while slots_left:
        slot = slots_left.pop()
        options = [s for s in suits if by_suit[s] and not forbidden[slot] >> s & 1]
        rng.shuffle(options)
        # weight by how many cards of each suit remain, so the fill is close to uniform
        options.sort(key=lambda s: -len(by_suit[s]) * rng.random())
        for s in options:
            card = by_suit[s].pop()
            if feasible(slots_left):
                out[slot] = card
                break
            by_suit[s].append(card)
        else:  # pragma: no cover - Hall's condition guarantees a choice
            return None
    return out


@dataclass
class Auction:
    """A rising-number auction with optional non-final passes (see the module docstring)."""

    players: int
    first: int
    minimum: int
    step: int
    maximum: int
    pass_is_final: bool = False
    turn: int = -1
    high: tuple[int, int] | None = None
    bids: list[tuple[int, int | None]] = field(default_factory=list)
    passed: set[int] = field(default_factory=set)
    passes_since: int = 0
    done: bool = False
    all_passed: bool = False

    def __post_init__(self) -> None:
        if self.turn < 0:
            self.turn = self.first

    def copy(self) -> Auction:
        c = copy.copy(self)
        c.bids = self.bids.copy()
        c.passed = self.passed.copy()
        return c

    def min_bid(self) -> int:
        return self.minimum if self.high is None else self.high[0] + self.step

    def legal_bids(self) -> list[int]:
        return list(range(self.min_bid(), self.maximum + 1, self.step))

    def why_not(self, seat: int, value: int | None) -> str | None:
        if self.done:
            return _("the auction is over")
        if seat != self.turn:
            return _("it is seat {seat}'s turn to bid", seat=self.turn + 1)
        if value is None:
            return None
        if (value - self.minimum) % self.step or not self.minimum <= value <= self.maximum:
            return _("bids are multiples of {step} from {lowest} to {highest}", step=self.step,
                     lowest=self.minimum, highest=self.maximum)
        if value < self.min_bid():
            return _("a bid must exceed the current bid of {bid}; the lowest now is {lowest}",
                     bid=self.high[0] if self.high else 0, lowest=self.min_bid())
        return None

    def act(self, seat: int, value: int | None) -> None:
        """Record a bid (``value``) or a pass (None) already checked by ``why_not``."""
        self.bids.append((seat, value))
        n = self.players
        if value is None:
            self.passed.add(seat)
            self.passes_since += 1
            if self.high is None:
                if (len(self.passed) if self.pass_is_final else self.passes_since) >= n:
                    self.done = self.all_passed = True
                    return
            elif (len(self.passed - {self.high[1]}) if self.pass_is_final
                  else self.passes_since) >= n - 1:
                self.done = True
                return
        else:
            self.high = (value, seat)
            self.passes_since = 0
            if value >= self.maximum:
                self.done = True
                return
            if self.pass_is_final and len(self.passed - {seat}) >= n - 1:
                # every other player has already (finally) passed: nobody is left to outbid
                # him, so the bid stands at once (the bidder may not raise his own bid)
                self.done = True
                return
        nxt = (seat + 1) % n
        if self.pass_is_final:
            while nxt in self.passed and nxt != seat:
                nxt = (nxt + 1) % n
        self.turn = nxt


def resample_hidden(state: State, forbidden: dict[int, int], rules: TrickRules,
                    rng: random.Random) -> State:
    """``state`` with its hidden cards dealt anew, each to a place allowed by the voids shown.

    ``forbidden`` maps every hidden card (the viewer's ``secret_cards``) to the suit mask
    its current place may not hold.  The original deal and the history are relabelled card
    for card and replayed (as ``State.sample_hidden`` does), so the sample looks the same to
    the viewer.
    """
    cards = sorted(forbidden)
    if len(cards) < 2:
        return state.clone()
    new = assign_hidden(cards, [forbidden[c] for c in cards], rules, rng)
    if new is None:
        # the real deal satisfies every shown void, so this means inconsistent evidence; a
        # copy of the true state would hand the hidden cards to the caller
        raise CardtableError("the voids shown leave no place for the hidden cards")
    mapping = {a: b for a, b in zip(cards, new, strict=True) if a != b}
    return state.replay_relabelled(mapping)


__all__ = ["ACE_HIGH_POWER", "Auction", "FOLLOW_RULES", "JOKER_SUIT", "FollowRule", "Trick", "TrickRules",
           "assign_hidden", "legal_plays", "points", "resample_hidden", "standard_rules", "suit_name",
           "void_evidence", "why_not_playable", "winning_index"]
