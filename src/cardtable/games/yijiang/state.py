"""议将夺墩算分 state: one deal = the rounds played from one pack (yijiang.md §9.2).

Each round: 5 cards each (§9.1), an auction for the right to name trump (§9.3), trump named
by the declarer, 5 tricks (§9.4, with ``cardtable.tricks``), the round's score (§9.5).

Moves: ``bid 4`` | ``pass`` | ``trump ♠`` | ``play K♥``.
"""

from __future__ import annotations

import random
from typing import Any

from ...cards import SUITS, Card, card_str, cards_of, iter_bits, mask_json, mask_of, parse_card
from ...deal import Deal
from ...errors import IllegalMove
from ...game import Game, State
from ...i18n import _
from ...moves import Move
from ...scoring import ScoreItem
from ...tricks import Trick, TrickRules, legal_plays, resample_hidden, standard_rules, void_evidence, why_not_playable
from .rules import ROUND_CARDS, TRICKS, YijiangOptions, rounds_per_deal, side_of

AUCTION, TRUMP, PLAY, OVER = range(4)
PHASE_NAMES = ("auction", "trump", "play", "over")
RULES_BY_TRUMP: dict[int | None, TrickRules] = {t: standard_rules(t, "free", jokers="own_suit")
                                                for t in (None, 0, 1, 2, 3)}
_SUIT_INPUT = {"♠": 0, "s": 0, "spades": 0, "♥": 1, "h": 1, "hearts": 1, "♦": 2, "d": 2,
               "diamonds": 2, "♣": 3, "c": 3, "clubs": 3, "黑桃": 0, "红心": 1, "红桃": 1,
               "方块": 2, "梅花": 3}
RULE = "yijiang:9.5"


def round_items(rnd: int, declarer: int, contract: int, won: list[int], players: int, options: YijiangOptions,
                turn: int | None = None) -> list[ScoreItem]:
    """§9.5 (reconstruction): one round's items from its contract (0: none, the round was
    played without one) and the tricks each seat ``won``: contract scoring, or one point per
    trick taken by the side."""
    def side(s: int) -> int:
        return side_of(s, players, options)

    side_tricks: dict[int, int] = {}
    for s in range(players):
        side_tricks[side(s)] = side_tricks.get(side(s), 0) + won[s]
    items: list[ScoreItem] = []
    if options.scoring == "one_point_per_trick":
        for s in range(players):
            pts = side_tricks[side(s)]
            if pts:
                items.append(ScoreItem(s, pts, RULE, (), f"round {rnd}: {pts} trick(s) taken by the side", turn))
        return items
    if not contract:
        return items          # all passed, no_trump_round: no contract, no score
    dside = side(declarer)
    t = side_tricks[dside]
    k = contract
    if t >= k:
        for s in range(players):
            if side(s) == dside:
                items.append(ScoreItem(s, k, RULE, (), f"round {rnd}: contract {k} made with {t} tricks", turn))
    else:
        for s in range(players):
            if side(s) != dside:
                items.append(ScoreItem(s, k - t, RULE, (), f"round {rnd}: contract {k} failed "
                                       f"with {t} tricks; shortfall {k - t}", turn))
    return items


class YijiangState(State):
    _fast_clone = True
    log_entries_final = True        # its log texts are move texts
    options: YijiangOptions

    _clone_shared_items = frozenset(("tricks", "history_rounds"))

    def __init__(self, game: Game[Any], options: YijiangOptions, players: int, deal: Deal) -> None:
        super().__init__(game, options, players, deal)
        self.dealer: int = int(deal.extra.get("dealer", 0))
        self.hands = [mask_of(h) for h in deal.hands]
        self.stock = [int(c) for c in deal.stock]
        self.stock_pos = 0
        self.rounds = rounds_per_deal(players, options)
        self.round = 1
        self.items: list[ScoreItem] = []
        self.history_rounds: list[dict[str, Any]] = []   # public summaries of finished rounds
        self.played = 0                                   # mask of cards played in earlier rounds
        self._start_round()

    # --- rounds --------------------------------------------------------------------------

    def _start_round(self) -> None:
        """§9.3: the auction starts with the dealer."""
        self.phase = AUCTION
        self.turn = self.dealer
        self.bids: list[tuple[int, int]] = []     # (seat, bid) or (seat, 0) for a pass
        self.high = 0
        self.declarer = -1
        self.passes_since_bid = 0
        self.trump: int | None = None
        self.contract = 0
        self.tricks: list[Trick] = []
        self.trick = Trick(self.dealer)
        self.won = [0] * self.players

    def _deal_next_round(self) -> None:
        """§9.2 Decision: the next 5 cards each from the same pack, one at a time from the
        dealer's 下家."""
        for _card in range(ROUND_CARDS):
            for k in range(1, self.players + 1):
                seat = (self.dealer + k) % self.players
                self.hands[seat] |= 1 << self.stock[self.stock_pos]
                self.stock_pos += 1

    @property
    def rules(self) -> TrickRules:
        return RULES_BY_TRUMP[self.trump]

    def side(self, seat: int) -> int:
        return side_of(seat, self.players, self.options)

    def members(self, side: int) -> list[int]:
        return [s for s in range(self.players) if self.side(s) == side]

    # --- turn structure ------------------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.turn,)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        if self.phase == OVER or (seat is not None and seat != self.turn):
            return []
        if self.phase == AUCTION:
            lo = max(self.options.min_bid, self.high + 1)
            return [Move("bid", target=str(k)) for k in range(lo, TRICKS + 1)] + [Move("pass")]
        if self.phase == TRUMP:
            return [Move("trump", target=SUITS[s]) for s in range(4)]
        ok = legal_plays(self.hands[self.turn], self.trick.cards, self.rules)
        return [Move("play", (Card(c),)) for c in iter_bits(ok)]

    def why_illegal(self, seat: int, move: Move) -> str | None:
        if self.phase == OVER:
            return _("the deal is over")
        if seat != self.turn:
            return _("it is not your turn")
        if move.groups:
            return _("议将夺墩算分 moves take no card groups")
        v = move.verb
        if v in ("bid", "pass", "trump") and move.cards:
            return {"bid": _("'bid' names no card"), "pass": _("'pass' names no card"),
                    "trump": _("'trump' names no card")}[v]
        if v == "bid":
            if self.phase != AUCTION:
                return _("the auction is over")
            try:
                k = int(move.target or "")
            except ValueError:
                return _("write 'bid <number of tricks>'")
            if str(k) != move.target:
                return _("write 'bid <number of tricks>'")
            if not self.options.min_bid <= k <= TRICKS:
                return _("a bid is {low}–{high} tricks (§9.3 min_bid)", low=self.options.min_bid,
                         high=TRICKS)
            if k <= self.high:
                return _("a bid must be higher than the current bid {bid} (§9.3)", bid=self.high)
            return None
        if v == "pass":
            if move.target is not None:
                return _("'pass' takes nothing after it")
            return None if self.phase == AUCTION else _("passing is only for the auction")
        if v == "trump":
            if self.phase != TRUMP:
                return _("only the declarer names trump, right after the auction")
            if move.target is None or move.target not in tuple(SUITS):
                return _("name a suit: trump ♠, ♥, ♦ or ♣")
            return None
        if v == "play":
            if self.phase != PLAY:
                return (_("the auction or the trump call comes first") if self.phase != OVER
                        else _("the deal is over"))
            if len(move.cards) != 1 or move.target is not None:
                return _("play exactly one card")
            return why_not_playable(self.hands[seat], self.trick.cards, int(move.cards[0]), self.rules)
        return _("unknown move {verb}; moves: bid <n>, pass, trump <suit>, play <card>",
                 verb=repr(v))

    # --- carrying out moves --------------------------------------------------------------

    def _play(self, seat: int, move: Move) -> None:
        v = move.verb
        if v == "bid":
            k = int(str(move.target))
            self.bids.append((seat, k))
            self.high, self.declarer, self.passes_since_bid = k, seat, 0
            if k == TRICKS:        # nobody can bid higher: the auction ends at once (Decision)
                self._auction_won()
            else:
                self.turn = (seat + 1) % self.players
        elif v == "pass":
            self.bids.append((seat, 0))
            self.passes_since_bid += 1
            if self.declarer >= 0 and self.passes_since_bid == self.players - 1:
                self._auction_won()
            elif self.declarer < 0 and self.passes_since_bid == self.players:
                self._all_passed()
            else:
                self.turn = (seat + 1) % self.players
        elif v == "trump":
            self.trump = SUITS.index(str(move.target))
            self._begin_play(self.declarer)
        elif v == "play":
            c = int(move.cards[0])
            self.hands[seat] &= ~(1 << c)
            self.trick.play(seat, c)
            if len(self.trick.plays) < self.players:
                self.turn = (seat + 1) % self.players
            else:
                self._trick_done()

    def _auction_won(self) -> None:
        """§9.3: the highest bidder (定将者) names trump and leads."""
        self.contract = self.high
        self.phase = TRUMP
        self.turn = self.declarer

    def _all_passed(self) -> None:
        """§9.3 ``all_pass``: the dealer is forced to the minimum bid, or the round is played
        without trump and without a contract (the dealer leads)."""
        if self.options.all_pass == "dealer_forced":
            self.high = self.options.min_bid
            self.declarer = self.dealer
            self._auction_won()
        else:
            self.trump = None
            self._begin_play(self.dealer)

    def _begin_play(self, leader: int) -> None:
        self.phase = PLAY
        self.turn = leader
        self.trick = Trick(leader)

    def _trick_done(self) -> None:
        """§9.4: highest trump, else highest of the led suit, takes the trick and leads."""
        winner = self.trick.settle(self.rules)
        self.tricks.append(self.trick)
        self.won[winner] += 1
        self.played |= self.trick.mask
        if len(self.tricks) < TRICKS:
            self.trick = Trick(winner)
            self.turn = winner
            return
        self._score_round()
        if self.round < self.rounds:
            self.round += 1
            self._start_round()
            self._deal_next_round()
        else:
            self.phase = OVER

    def _score_round(self) -> None:
        """§9.5 (reconstruction): contract scoring or one point per trick."""
        summary = {"round": self.round, "declarer": self.declarer if self.contract else None,
                   "contract": self.contract, "trump": SUITS[self.trump] if self.trump is not None else None,
                   "tricks": list(self.won)}
        self.history_rounds.append(summary)
        self.items += round_items(self.round, self.declarer, self.contract, self.won, self.players, self.options,
                                  len(self.history))

    # --- results -------------------------------------------------------------------------

    def score_items(self) -> list[ScoreItem]:
        return list(self.items)

    # --- information ---------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {
            "dealer": self.dealer, "round": self.round, "rounds": self.rounds,
            "phase": PHASE_NAMES[self.phase], "turn": self.turn, "stock": len(self.stock) - self.stock_pos,
            "bids": [[s, k if k else "pass"] for s, k in self.bids],
            "high_bid": self.high, "declarer": self.declarer if self.declarer >= 0 else None,
            "trump": SUITS[self.trump] if self.trump is not None else None,
            "trick": self.trick.to_json(), "tricks_won": list(self.won),
            "last_trick": self.tricks[-1].to_json() if self.tricks else None,
            "hand_sizes": [h.bit_count() for h in self.hands],
            "teams": self.players == 4 and self.options.teams_when_four,
            "finished_rounds": list(self.history_rounds),
            "round_scores": [sum(it.points for it in self.items if it.seat == s) for s in range(self.players)],
        }
        if seat is not None:
            v["hand"] = mask_json(self.hands[seat])
        return v

    def secret_cards(self, seat: int | None) -> list[Card]:
        m = mask_of(self.stock[self.stock_pos:])
        for s in range(self.players):
            if s != seat:
                m |= self.hands[s]
        return cards_of(m)

    def card_places(self) -> dict[str, list[Card]]:
        out = {f"hand {s}": cards_of(h) for s, h in enumerate(self.hands)}
        out["stock"] = [Card(c) for c in self.stock[self.stock_pos:]]
        out["trick"] = list(self.trick.cards) if self.phase == PLAY else []
        out["played"] = cards_of(self.played)
        return out

    def sample_hidden(self, seat: int | None, rng: random.Random, tries: int = 100) -> State:
        """Deal the secret cards anew, keeping every void shown in this round's tricks
        (``tricks.void_evidence``) so the replay stays legal."""
        void = [0] * self.players
        trick_list = self.tricks + ([self.trick] if self.phase == PLAY else [])
        for t in trick_list:
            for s, gone in void_evidence(t, self.rules):
                void[s] |= gone
        forbidden: dict[int, int] = {}
        for c in self.secret_cards(seat):
            owner = next((s for s in range(self.players) if self.hands[s] >> c & 1), -1)
            forbidden[int(c)] = void[owner] if owner >= 0 else 0
        return resample_hidden(self, forbidden, self.rules, rng)

    # --- notation ------------------------------------------------------------------------

    def parse_move(self, text: str, seat: int) -> Move:
        return parse_move(text)

    def move_text(self, move: Move) -> str:
        return move_text(move)


def move_text(move: Move) -> str:
    if move.verb == "play":
        return "play " + " ".join(card_str(c) for c in move.cards)
    if move.verb in ("bid", "trump"):
        return f"{move.verb} {move.target}"
    return move.verb


def parse_move(text: str) -> Move:
    """``bid 4`` | ``pass`` | ``trump ♠`` (also ``trump s``, ``trump spades``, 黑桃) |
    ``play K♥``."""
    words = text.split()
    if not words:
        raise IllegalMove(text, _("empty move; moves: bid <n>, pass, trump <suit>, play <card>"))
    verb = words[0].lower()
    if verb == "pass" and len(words) == 1:
        return Move("pass")
    if verb == "bid" and len(words) == 2:
        if not words[1].isdigit():
            raise IllegalMove(text, _("a bid is a number of tricks, not {word}", word=repr(words[1])))
        return Move("bid", target=str(int(words[1])))
    if verb == "trump" and len(words) == 2:
        suit = _SUIT_INPUT.get(words[1].lower())
        if suit is None:
            raise IllegalMove(text, _("unknown suit {word}; name ♠ ♥ ♦ ♣ (or s h d c)",
                                      word=repr(words[1])))
        return Move("trump", target=SUITS[suit])
    if verb == "play" and len(words) == 2:
        return Move("play", (parse_card(words[1]),))
    if verb in ("pass", "bid", "trump", "play"):
        raise IllegalMove(text, {"pass": _("write 'pass'"), "bid": _("write 'bid <n>'"),
                                 "trump": _("write 'trump <suit>'"),
                                 "play": _("write 'play <card>'")}[verb])
    raise IllegalMove(text, _("unknown move {verb}; moves: bid <n>, pass, trump <suit>, play <card>",
                              verb=repr(words[0])))
