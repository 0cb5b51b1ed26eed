"""One deal of 四百分 (sibaifen.md §3.4–§3.7): auction, kitty, trump, 12 tricks, settlement.

Moves (docs/games/sibaifen.md): ``bid 250``, ``pass``, ``bury K♠ 2♥`` (the declarer's 4
discards, one or more at a time), ``trump ♥``, ``play K♠`` (a bare card is read as a play).
The kitty and the buried cards are hidden from everyone but the declarer (after he takes
it) until the deal ends, when the kitty is shown and goes to the last trick's winner.
"""

from __future__ import annotations

import random
from typing import Any

from ...cards import Card, card_str, cards_json, cards_of, iter_bits, mask_of, parse_cards
from ...deal import Deal
from ...errors import IllegalMove
from ...game import State
from ...i18n import _, ngettext
from ...moves import Move
from ...scoring import ScoreItem
from ...tricks import (
    Auction,
    Trick,
    legal_plays,
    points,
    resample_hidden,
    standard_rules,
    void_evidence,
    why_not_playable,
)
from .rules import BID_STEP, KITTY_SIZE, MAX_BID, MIN_BID, SibaifenOptions, side_of

# §3.2: K 25, Q 20, J 15, 10 10, 5 5, 2 25 (rank numbers A=1 … K=13)
_RANK_POINTS = {13: 25, 12: 20, 11: 15, 10: 10, 5: 5, 2: 25}
POINTS: tuple[int, ...] = tuple(
    _RANK_POINTS.get(b % 13 + 1, 0) if b < 52 else 0 for b in range(64))
SUIT_INPUT = {"♠": 0, "s": 0, "♥": 1, "h": 1, "♦": 2, "d": 2, "♣": 3, "c": 3}
SUIT_SYMBOLS = "♠♥♦♣"


def sort_hand(mask: int) -> list[Card]:
    """Cards by suit ♠♥♦♣, then A high … 2 low."""
    return sorted(cards_of(mask), key=lambda c: (c.suit, -(14 if c.rank == 1 else c.rank)))


def contract_items(declarer: int, contract: int, side_points: list[int], options: SibaifenOptions,
                   kitty_note: str = "") -> list[ScoreItem]:
    """§3.7: the contract made (T ≥ C) scores C for each declarer, excess not counted; failed,
    each defender scores the shortfall C − T.  ``side_points``: each side's card points, the
    kitty counted for the side that won the last trick."""
    decl = side_of(declarer)
    total = side_points[decl]
    c = contract
    kitty = f" ({kitty_note})" if kitty_note else ""
    out: list[ScoreItem] = []
    if total >= c:
        for s in (decl, decl + 2):
            out.append(ScoreItem(s, c, "sibaifen:3.7",
                                 note=f"contract {c} made with {total}{kitty}; excess not counted"))
        if options.defenders_score_on_make == "their_points":
            other = side_points[1 - decl]
            for s in (1 - decl, 3 - decl):
                out.append(ScoreItem(s, other, "sibaifen:3.7", note=f"defenders' card points {other}"))
    else:
        for s in (1 - decl, 3 - decl):
            out.append(ScoreItem(s, c - total, "sibaifen:3.7", note=f"contract {c} failed with {total}{kitty}: "
                                 f"shortfall {c - total} to the defenders"))
    return out


class SibaifenState(State):
    _fast_clone = True
    options: SibaifenOptions

    _clone_shared_items = frozenset(("tricks",))

    def _clone_nested(self, d: dict[str, Any]) -> None:
        d["won"] = [w.copy() for w in self.won]

    def __init__(self, game: Any, options: SibaifenOptions, players: int, deal: Deal) -> None:
        super().__init__(game, options, players, deal)
        self.dealer: int = deal.extra.get("dealer", 0)
        self.hands: list[int] = [mask_of(h) for h in deal.hands]
        self.kitty: list[Card] = list(deal.extra["kitty"])
        self.kitty_taken = False
        self.buried: list[Card] = []
        self.phase = "bid"
        self.turn = self.dealer            # §3.5 the dealer bids first
        self.auction = Auction(4, self.dealer, MIN_BID, BID_STEP, MAX_BID, options.pass_is_final)
        self.declarer: int | None = None
        self.contract: int | None = None
        self.trump: int | None = None
        self.rules = standard_rules(None)
        self.tricks: list[Trick] = []
        self.trick = Trick(0)
        self.won: list[list[Card]] = [[], []]     # cards taken per side (§3.6)
        self.thrown_in = False

    # --- turn -----------------------------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        return () if self.phase == "over" else (self.turn,)

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def high(self) -> tuple[int, int] | None:
        """The highest bid so far and its seat."""
        return self.auction.high

    def min_bid(self) -> int:
        return self.auction.min_bid()

    # --- moves ----------------------------------------------------------------------------

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        if seat is None:
            seat = self.turn
        if self.phase == "over" or seat != self.turn:
            return []
        if self.phase == "bid":
            return [Move("pass")] + [Move("bid", target=str(b)) for b in self.auction.legal_bids()]
        if self.phase == "bury":
            return [Move("bury", (c,)) for c in sort_hand(self.hands[seat])]
        if self.phase == "trump":
            return [Move("trump", target=s) for s in SUIT_SYMBOLS]
        mask = legal_plays(self.hands[seat], self.trick.cards, self.rules)
        return [Move("play", (c,)) for c in sort_hand(mask)]

    def why_illegal(self, seat: int, move: Move) -> str | None:
        if self.phase == "over":
            return _("the deal is over")
        if seat != self.turn:
            return _("it is seat {seat}'s turn", seat=self.turn + 1)
        verb = move.verb
        if self.phase == "bid":
            if verb == "pass":
                return None if not (move.cards or move.groups or move.target) else _("a pass names nothing")
            if verb != "bid":
                return _("the auction is on: bid a number (e.g. 'bid 205') or pass")
            if move.cards or move.target is None:
                return _("a bid is a number, e.g. 'bid 205'")
            if move.groups or not move.target.isdigit() or not move.target.isascii():
                return _("bid {bid} is not a number", bid=repr(move.target))
            why = self.auction.why_not(seat, int(move.target))
            return None if why is None else _("{why} (sibaifen.md §3.5)", why=why)
        if self.phase == "bury":
            if verb != "bury":
                left = KITTY_SIZE - len(self.buried)
                return ngettext("the declarer must first bury {n} more card ('bury K♠')",
                                "the declarer must first bury {n} more cards ('bury K♠')", left)
            if not move.cards or move.groups or move.target is not None:
                return _("name the cards to bury, e.g. 'bury 9♣ 3♦'")
            if len(move.cards) > KITTY_SIZE - len(self.buried):
                left = KITTY_SIZE - len(self.buried)
                return ngettext("only {n} more card is buried", "only {n} more cards are buried", left)
            if len(set(move.cards)) != len(move.cards):
                return _("a card is named twice")
            for c in move.cards:
                if not self.hands[seat] >> c & 1:
                    return _("{card} is not in your hand", card=card_str(c))
            return None
        if self.phase == "trump":
            if verb != "trump" or move.cards or move.groups or move.target not in tuple(SUIT_SYMBOLS):
                return _("name the trump suit: 'trump ♠', 'trump ♥', 'trump ♦' or 'trump ♣' (§3.5)")
            return None
        if verb != "play" or len(move.cards) != 1 or move.groups or move.target is not None:
            return _("play one card, e.g. 'play K♠'")
        return why_not_playable(self.hands[seat], self.trick.cards, move.cards[0], self.rules)

    def _play(self, seat: int, move: Move) -> None:
        if self.phase == "bid":
            self._bid(seat, None if move.verb == "pass" else int(move.target or 0))
        elif self.phase == "bury":
            for c in move.cards:
                self.hands[seat] &= ~(1 << c)
                self.buried.append(Card(c))
            if len(self.buried) == KITTY_SIZE:
                self.phase = "trump"
        elif self.phase == "trump":
            self.trump = SUIT_SYMBOLS.index(move.target or "")
            self.rules = standard_rules(self.trump)
            self.phase = "play"
            self.trick = Trick(seat)       # §3.6 the declarer leads the first trick
        else:
            card = move.cards[0]
            self.hands[seat] &= ~(1 << card)
            self.trick.play(seat, card)
            if len(self.trick.plays) < 4:
                self.turn = (seat + 1) % 4
                return
            winner = self.trick.settle(self.rules)
            self.won[side_of(winner)] += self.trick.cards
            self.tricks.append(self.trick)
            self.trick = Trick(winner)
            if len(self.tricks) == 12:
                self.phase = "over"
                return
            self.turn = winner

    def _bid(self, seat: int, value: int | None) -> None:
        """§3.5: the auction ends when a bid is followed by three passes (or a bid of 400);
        four passes without a bid throw the hand in (or force the dealer to 200)."""
        auction = self.auction
        auction.act(seat, value)
        if not auction.done:
            self.turn = auction.turn
        elif auction.all_passed:
            if self.options.all_pass == "dealer_forced_200":
                self._win_auction(self.dealer, MIN_BID)
            else:
                self.thrown_in = True
                self.phase = "over"
        else:
            assert auction.high is not None
            self._win_auction(auction.high[1], auction.high[0])

    def _win_auction(self, seat: int, value: int) -> None:
        """§3.5: the declarer takes the kitty into his hand, then buries 4 cards."""
        self.declarer, self.contract = seat, value
        self.hands[seat] |= mask_of(self.kitty)
        self.kitty_taken = True
        self.phase = "bury"
        self.turn = seat

    # --- scoring --------------------------------------------------------------------------

    def side_points(self) -> list[int]:
        """Card points each side took in tricks, plus the kitty for the last trick's winner (§3.7)."""
        pts = [points(self.won[0], POINTS), points(self.won[1], POINTS)]
        if self.phase == "over" and len(self.tricks) == 12:
            last = self.tricks[-1].winner
            assert last is not None
            pts[side_of(last)] += points(self.buried, POINTS)
        return pts

    def score_items(self) -> list[ScoreItem]:
        """§3.7: made → each declarer scores the contract; failed → each defender the shortfall."""
        if self.phase != "over" or self.thrown_in or self.declarer is None or self.contract is None:
            return []
        last = self.tricks[-1].winner
        kitty_note = f"kitty {points(self.buried, POINTS)} to side of seat {last}"
        return contract_items(self.declarer, self.contract, self.side_points(), self.options, kitty_note)

    def winners(self) -> list[int]:
        """§3.7: the declaring side wins the hand iff the contract is made."""
        if self.phase != "over" or self.thrown_in or self.declarer is None or self.contract is None:
            return []
        decl = side_of(self.declarer)
        side = decl if self.side_points()[decl] >= self.contract else 1 - decl
        return [side, side + 2]

    # --- information ----------------------------------------------------------------------

    def secret_cards(self, seat: int | None) -> list[Card]:
        if self.phase == "over" and not self.thrown_in:
            return []
        out: list[Card] = []
        for s in range(4):
            if s != seat:
                out += cards_of(self.hands[s])
        if not self.kitty_taken:
            out += self.kitty
        elif seat != self.declarer:
            out += self.buried
        return out

    def card_places(self) -> dict[str, list[Card]]:
        places = {f"hand{s}": cards_of(self.hands[s]) for s in range(4)}
        places["kitty"] = [] if self.kitty_taken else list(self.kitty)
        places["buried"] = list(self.buried)
        places["tricks"] = [c for t in self.tricks for c in t.cards] + self.trick.cards
        return places

    def _view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {
            "dealer": self.dealer, "phase": self.phase, "partners": [[0, 2], [1, 3]],
            "hand_sizes": [self.hands[s].bit_count() for s in range(4)],
            "bids": [f"{s}: {'pass' if b is None else b}" for s, b in self.auction.bids],
            "high_bid": None if self.high is None else {"bid": self.high[0], "seat": self.high[1]},
            "declarer": self.declarer, "contract": self.contract,
            "trump": None if self.trump is None else SUIT_SYMBOLS[self.trump],
            "trick": {"leader": self.trick.leader, "plays": [[s, card_str(c)] for s, c in self.trick.plays]},
            "tricks": [t.to_json() for t in self.tricks],
            "points": [points(self.won[0], POINTS), points(self.won[1], POINTS)],
            "buried_count": len(self.buried), "thrown_in": self.thrown_in,
            "options": self.options.to_dict(),
        }
        if seat is not None and 0 <= seat < 4:
            v["hand"] = cards_json(sort_hand(self.hands[seat]))
        if self.phase == "over" and not self.thrown_in:
            v["kitty"] = cards_json(self.buried)
            v["points"] = self.side_points()
        elif seat is not None and seat == self.declarer:
            v["buried"] = cards_json(self.buried)
        return v

    def sample_hidden(self, seat: int | None, rng: random.Random, tries: int = 100) -> State:
        """Deal the secret cards anew, keeping every void a player has shown (§3.6)."""
        forbidden: dict[int, int] = {}
        voids = [0] * 4
        for t in self.tricks + [self.trick]:
            for s, m in void_evidence(t, self.rules):
                voids[s] |= m
        for s in range(4):
            if s != seat:
                for c in iter_bits(self.hands[s]):
                    forbidden[c] = voids[s]
        for c in self.secret_cards(seat):
            forbidden.setdefault(int(c), 0)
        return resample_hidden(self, forbidden, self.rules, rng)

    # --- notation -------------------------------------------------------------------------

    def parse_move(self, text: str, seat: int) -> Move:
        words = text.strip().split()
        if not words:
            raise IllegalMove(text, _("empty move; moves: bid N, pass, bury CARDS, trump SUIT, play CARD"),
                              seat)
        verb = words[0].lower()
        if verb == "pass" and len(words) == 1:
            return Move("pass")
        if verb == "bid" and len(words) == 2:
            return Move("bid", target=words[1])
        if verb == "trump" and len(words) == 2:
            suit = SUIT_INPUT.get(words[1].lower())
            if suit is None:
                raise IllegalMove(text, _("unknown suit {suit}; suits are ♠♥♦♣ or s/h/d/c",
                                          suit=repr(words[1])), seat)
            return Move("trump", target=SUIT_SYMBOLS[suit])
        if verb in ("bury", "play"):
            return Move(verb, tuple(parse_cards(words[1:])))
        if len(words) == 1 and verb not in ("bid", "trump"):
            return Move("play", tuple(parse_cards(words)))
        raise IllegalMove(text, _("unknown move; moves: bid N, pass, bury CARDS, trump SUIT, play CARD"),
                          seat)

    def move_text(self, move: Move) -> str:
        if move.verb in ("bid", "trump"):
            return f"{move.verb} {move.target}"
        if move.verb == "pass":
            return "pass"
        return " ".join([move.verb, *(card_str(c) for c in move.cards)])

    def log_text(self, viewer: int | None, seat: int, move: Move) -> str:
        """The buried cards stay hidden from all but the declarer until the deal ends."""
        if move.verb == "bury" and viewer != seat and not (self.phase == "over" and not self.thrown_in):
            return f"bury ({len(move.cards)} card{'s' if len(move.cards) != 1 else ''})"
        return self.move_text(move)
