"""One deal of 最后胜利 (zuihoushengli.md §7.2–§7.6).

The only move is ``play K♠`` (a bare card is read as a play).  The trump card is turned at
the start (§7.3); after each trick its winner alone draws the stock's top card (§7.4),
automatically.  Players whose hands run out go bankrupt (破产户) in order; the last player
holding cards survives (§7.5).
"""

from __future__ import annotations

import random
from typing import Any

from ...cards import Card, card_str, cards_json, cards_of, iter_bits, mask_of, parse_cards
from ...deal import Deal
from ...errors import IllegalMove
from ...game import State
from ...i18n import _
from ...moves import Move
from ...scoring import ScoreItem
from ...tricks import (
    Trick,
    TrickRules,
    legal_plays,
    resample_hidden,
    standard_rules,
    suit_name,
    void_evidence,
    why_not_playable,
)
from .rules import ZuihoushengliOptions


def sort_hand(mask: int, rules: TrickRules) -> list[Card]:
    return sorted(cards_of(mask), key=lambda c: (rules.suit(c), -rules.strength(c)))


def bankrupt_points(place: int) -> int:
    """§7.6: the first bankrupt −40, second −30, third −20, fourth −10, fifth 0."""
    return -40 + 10 * place


def order_items(bankrupt: list[int], survivor: int) -> list[ScoreItem]:
    """§7.6: the survivor +20, the bankrupt (破产户) by the order they went out."""
    out = [ScoreItem(survivor, 20, "zuihoushengli:7.6", note="last player holding cards")]
    for i, s in enumerate(bankrupt):
        out.append(ScoreItem(s, bankrupt_points(i), "zuihoushengli:7.6", note=f"破产户 #{i + 1} (bankrupt {i + 1})"))
    return out


class ZuihoushengliState(State):
    _fast_clone = True
    log_entries_final = True        # its log texts are move texts
    options: ZuihoushengliOptions

    _clone_shared_items = frozenset(("tricks",))

    def __init__(self, game: Any, options: ZuihoushengliOptions, players: int, deal: Deal) -> None:
        super().__init__(game, options, players, deal)
        self.dealer: int = deal.extra.get("dealer", 0)
        self.hands: list[int] = [mask_of(h) for h in deal.hands]
        self.stock: list[Card] = list(deal.stock)
        self.turned: list[Card] = []          # turned cards lying face up out of play (§7.3)
        self.public: set[int] = set()         # cards in stock/hands whose place all know
        self.arrived: dict[int, int] = {}     # card -> trick index it was drawn after
        self.trump: int | None = None
        self._turn_trump()
        self.rules = standard_rules(
            self.trump, "must_trump" if options.void_rule == "must_trump" else "free",
            "top_trumps" if options.joker_rank == "top_trumps" else "own_suit")
        self.tricks: list[Trick] = []
        self.trick = Trick(self.dealer)        # §7.4 甲 leads the first trick
        self.order: list[int] = []             # seats to play this trick, in order
        self.bankrupt: list[int] = []          # §7.5 in order: first = worst
        self.survivor: int | None = None
        self.played: list[Card] = []           # completed tricks, in play order
        self.recycled: list[Card] = []
        self._start_trick(self.dealer)

    def _turn_trump(self) -> None:
        """§7.3: the top card of the stock is turned; its suit is trump."""
        while self.stock:
            card = self.stock.pop(0)
            self.turned.append(card)
            if not card.is_joker:
                self.trump = card.suit
                break
            if self.options.joker_turned == "no_trump" or not self.stock:
                self.trump = None
                break
        if self.options.trump_card == "bottom_of_stock":
            self.stock += self.turned
            self.public |= {int(c) for c in self.turned}
            self.turned = []

    @property
    def active(self) -> list[int]:
        return [s for s in range(self.players) if self.hands[s]]

    def _start_trick(self, leader: int) -> None:
        self.trick = Trick(leader)
        self.order = [(leader + k) % self.players for k in range(self.players)
                      if self.hands[(leader + k) % self.players]]

    # --- turn -----------------------------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        if self.survivor is not None:
            return ()
        return (self.order[len(self.trick.plays)],)

    @property
    def is_over(self) -> bool:
        return self.survivor is not None

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        movers = self.to_move()
        if seat is None and movers:
            seat = movers[0]
        if seat not in movers or seat is None:
            return []
        mask = legal_plays(self.hands[seat], self.trick.cards, self.rules)
        return [Move("play", (c,)) for c in sort_hand(mask, self.rules)]

    def why_illegal(self, seat: int, move: Move) -> str | None:
        if self.is_over:
            return _("the deal is over")
        if seat not in self.to_move():
            return _("it is seat {seat}'s turn", seat=self.to_move()[0] + 1)
        if move.verb != "play" or len(move.cards) != 1 or move.groups or move.target is not None:
            return _("play one card, e.g. 'play K♠'")
        return why_not_playable(self.hands[seat], self.trick.cards, move.cards[0], self.rules)

    def _play(self, seat: int, move: Move) -> None:
        card = move.cards[0]
        self.hands[seat] &= ~(1 << card)
        self.public.discard(int(card))
        self.trick.play(seat, card)
        if len(self.trick.plays) < len(self.order):
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        """§7.4 the winner alone draws one card; §7.5 emptied hands go bankrupt in play order."""
        winner = self.trick.settle(self.rules)
        self.tricks.append(self.trick)
        self.played += self.trick.cards
        if not self.stock and self.options.recycle_stock and self.played:
            # Decision recycle_stock: the played cards, face up in play order, become the stock
            self.stock, self.played = self.played, []
            self.recycled += self.stock
            self.public |= {int(c) for c in self.stock}
        if self.stock:
            card = self.stock.pop(0)
            self.hands[winner] |= 1 << card
            self.arrived[int(card)] = len(self.tricks)
        emptied = [s for s, _ in self.trick.plays if not self.hands[s]]
        left = self.active
        if not left:
            # Decision §7.5: all emptied in one trick: the trick's winner survives
            emptied.remove(winner)
            left = [winner]
        self.bankrupt += emptied
        if len(left) == 1:
            self.survivor = left[0]
            self.trick = Trick(left[0])
            self.order = [left[0]]
            return
        leader = winner
        while not self.hands[leader]:       # Decision §7.5: lead passes to the next active player
            leader = (leader + 1) % self.players
        self._start_trick(leader)

    # --- scoring --------------------------------------------------------------------------

    def score_items(self) -> list[ScoreItem]:
        """§7.6: survivor +20; bankrupts −40, −30, −20, −10, 0 in order."""
        if self.survivor is None:
            return []
        return order_items(self.bankrupt, self.survivor)

    def winners(self) -> list[int]:
        return [] if self.survivor is None else [self.survivor]

    # --- information ----------------------------------------------------------------------

    def secret_cards(self, seat: int | None) -> list[Card]:
        out = [c for c in self.stock if int(c) not in self.public]
        for s in range(self.players):
            if s != seat:
                out += [c for c in cards_of(self.hands[s]) if int(c) not in self.public]
        return out

    def card_places(self) -> dict[str, list[Card]]:
        places = {f"hand{s}": cards_of(self.hands[s]) for s in range(self.players)}
        places["stock"] = list(self.stock)
        places["turned"] = list(self.turned)
        places["played"] = list(self.played) + self.trick.cards
        return places

    def _view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {
            "dealer": self.dealer,
            "turned": cards_json(self.turned),
            "trump": suit_name(self.trump) if self.trump is not None else None,
            "stock_size": len(self.stock),
            "stock_known": [card_str(c) if int(c) in self.public else "?" for c in self.stock]
            if self.public else [],
            "hand_sizes": [self.hands[s].bit_count() for s in range(self.players)],
            "known_in_hands": {str(s): cards_json(c for c in cards_of(self.hands[s]) if int(c) in self.public)
                               for s in range(self.players) if s != seat
                               and any(int(c) in self.public for c in cards_of(self.hands[s]))},
            "trick": {"leader": self.trick.leader, "plays": [[s, card_str(c)] for s, c in self.trick.plays]},
            "tricks": [t.to_json() for t in self.tricks],
            "bankrupt": list(self.bankrupt), "survivor": self.survivor,
            "options": self.options.to_dict(),
        }
        if seat is not None and 0 <= seat < self.players:
            v["hand"] = cards_json(sort_hand(self.hands[seat], self.rules))
        return v

    def sample_hidden(self, seat: int | None, rng: random.Random, tries: int = 100) -> State:
        """Deal the secret cards anew, keeping every void a player has shown since each card arrived."""
        events = [(i, s, m) for i, t in enumerate(self.tricks + [self.trick])
                  for s, m in void_evidence(t, self.rules)]
        forbidden: dict[int, int] = {int(c): 0 for c in self.secret_cards(seat)}
        for s in range(self.players):
            if s == seat:
                continue
            for c in iter_bits(self.hands[s]):
                if c in forbidden:
                    since = self.arrived.get(c, 0)
                    for i, who, m in events:
                        if who == s and i >= since:
                            forbidden[c] |= m
        return resample_hidden(self, forbidden, self.rules, rng)

    # --- notation -------------------------------------------------------------------------

    def parse_move(self, text: str, seat: int) -> Move:
        words = text.strip().split()
        if words and words[0].lower() == "play":
            words = words[1:]
            if len(words) != 1:
                raise IllegalMove(text, _("play one card, e.g. 'play K♠'"), seat)
        if len(words) != 1:
            raise IllegalMove(text, _("unknown move; the move is 'play CARD' (e.g. 'play K♠')"),
                              seat)
        return Move("play", tuple(parse_cards(words)))

    def move_text(self, move: Move) -> str:
        return " ".join([move.verb, *(card_str(c) for c in move.cards)])
