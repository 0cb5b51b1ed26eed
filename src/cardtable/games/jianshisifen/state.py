"""捡十四分 state: one deal (jianshisifen.md §6.3 picking, §6.4 end and scoring).

Moves (docs/games/jianshisifen.md "Move notation"): ``pick J♥ 3♦`` (hand card, then the
table card it picks), ``draw`` (cannot or will not pick: draw one), ``put 7♣`` (lay a hand
card face up on the table).
"""

from __future__ import annotations

import random
from typing import Any

from ...cards import Card, card_str, cards_of, iter_bits, mask_json, mask_of, parse_card
from ...deal import Deal
from ...errors import CardtableError, IllegalMove
from ...game import Game, State
from ...i18n import _
from ...moves import Move
from ...scoring import ScoreItem
from .rules import JianshisifenOptions, team_of
from .sampling import sample_assignment
from .scoring import card_points, is_pair, pick_value

START, PUT, OVER = range(3)
PHASE_NAMES = ("pick_or_draw", "put", "over")
RULE = "jianshisifen:6.4"


def pair_items(pairs: list[list[tuple[int, int]]], options: JianshisifenOptions) -> list[ScoreItem]:
    """§6.4: one item per picked pair (its cards' suit points) for the picker and, with teams,
    each partner."""
    jp, teams, players = options.joker_suit_points, options.teams, len(pairs)
    out: list[ScoreItem] = []
    for s in range(players):
        for h, t in pairs[s]:
            pts = card_points(h, jp) + card_points(t, jp)
            for m in range(players):
                if team_of(m, teams) == team_of(s, teams):
                    note = "picked pair" if m == s else f"partner seat {s}'s picked pair"
                    out.append(ScoreItem(m, pts, RULE, (Card(h), Card(t)), note))
    return out


class JianshisifenState(State):
    _fast_clone = True
    log_entries_final = True        # its log texts are move texts
    options: JianshisifenOptions

    def _clone_nested(self, d: dict[str, Any]) -> None:
        d["pairs"] = [p.copy() for p in self.pairs]

    def __init__(self, game: Game[Any], options: JianshisifenOptions, players: int, deal: Deal) -> None:
        super().__init__(game, options, players, deal)
        self.dealer: int = int(deal.extra.get("dealer", 0))
        self.hands = [mask_of(h) for h in deal.hands]
        self.table: list[int] = [int(c) for c in deal.extra.get("table", [])]
        self.stock = [int(c) for c in deal.stock]
        self.stock_pos = 0
        self.pairs: list[list[tuple[int, int]]] = [[] for _ in range(players)]
        self.turn = self.dealer
        self.phase = START
        # what each no-pick turn told the table (must_pick): (seat, move index, mask of pick
        # values the seat held none of); and when each hand card arrived (-1: dealt)
        self.no_pick: list[tuple[int, int, int]] = []
        self.arrived: dict[int, int] = {}

    # --- rules helpers -------------------------------------------------------------------

    @property
    def stock_left(self) -> int:
        return len(self.stock) - self.stock_pos

    def picks(self, seat: int) -> list[Move]:
        """§6.3: every (hand card, table card) pair whose pick values add up to 14."""
        return [Move("pick", (Card(h), Card(t))) for h in iter_bits(self.hands[seat])
                for t in self.table if is_pair(h, t)]

    def _complement_mask(self) -> int:
        """Bit v set for every pick value v that would make 14 with a table card."""
        m = 0
        for t in self.table:
            m |= 1 << (14 - pick_value(t))
        return m

    def _can_pick(self, seat: int) -> bool:
        hand_values = {pick_value(h) for h in iter_bits(self.hands[seat])}
        return any(14 - pick_value(t) in hand_values for t in self.table)

    # --- turn structure ------------------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.turn,)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        if self.phase == OVER or (seat is not None and seat != self.turn):
            return []
        seat = self.turn
        hand = self.hands[seat]
        if self.phase == PUT:
            return [Move("put", (Card(c),)) for c in iter_bits(hand)]
        out = self.picks(seat)
        if not out or not self.options.must_pick:
            if self.stock_left:
                out.append(Move("draw"))
            else:       # play-out after the stock (option): lay a card without drawing
                out += [Move("put", (Card(c),)) for c in iter_bits(hand)]
        return out

    def why_illegal(self, seat: int, move: Move) -> str | None:
        if self.phase == OVER:
            return _("the deal is over")
        if seat != self.turn:
            return _("it is not your turn")
        if move.groups or move.target is not None:
            return _("捡十四分 moves take only cards")
        hand = self.hands[seat]
        v = move.verb
        if v == "pick":
            if self.phase != START:
                return _("you have picked already; put a card on the table (put <card>)")
            if len(move.cards) != 2:
                return _("write 'pick <hand card> <table card>'")
            h, t = int(move.cards[0]), int(move.cards[1])
            if not hand >> h & 1:
                return _("{card} is not in your hand", card=card_str(h))
            if t not in self.table:
                return _("{card} is not on the table", card=card_str(t))
            if not is_pair(h, t):
                return _("{card} + {table_card} = {value} + {table_value} = {sum}, not 14 (§6.3)",
                         card=card_str(h), table_card=card_str(t), value=pick_value(h),
                         table_value=pick_value(t), sum=pick_value(h) + pick_value(t))
            return None
        if v == "draw":
            if move.cards:
                return _("'draw' takes no card")
            if self.phase != START:
                return _("put a card on the table now (put <card>)")
            if not self.stock_left:
                return _("the stock is used up; put a card on the table (put <card>)")
            if self.options.must_pick and self._can_pick(seat):
                return _("you can make 14, so you must pick (§6.3 must_pick)")
            return None
        if v == "put":
            if len(move.cards) != 1:
                return _("put exactly one card")
            c = int(move.cards[0])
            if not hand >> c & 1:
                return _("{card} is not in your hand", card=card_str(c))
            if self.phase == START:
                if self.stock_left:
                    return _("first pick or draw (pick <hand card> <table card> | draw)")
                if self.options.must_pick and self._can_pick(seat):
                    return _("you can make 14, so you must pick (§6.3 must_pick)")
            return None
        return _("unknown move {verb}; moves: pick <hand card> <table card>, draw, put <card>",
                 verb=repr(v))

    # --- carrying out moves --------------------------------------------------------------

    def _draw(self, seat: int, n: int) -> None:
        """§6.4 Decision: if fewer cards remain than are due, take what is left."""
        for _card in range(min(n, self.stock_left)):
            self.hands[seat] |= 1 << self.stock[self.stock_pos]
            self.arrived[self.stock[self.stock_pos]] = len(self.history)
            self.stock_pos += 1

    def _play(self, seat: int, move: Move) -> None:
        v = move.verb
        if self.options.must_pick and self.phase == START and v in ("draw", "put"):
            # everyone now knows this hand held no card making 14 with any table card
            self.no_pick.append((seat, len(self.history), self._complement_mask()))
        if v == "pick":
            h, t = int(move.cards[0]), int(move.cards[1])
            self.hands[seat] &= ~(1 << h)
            self.table.remove(t)
            self.pairs[seat].append((h, t))
            if self.stock_left:
                self._draw(seat, 2)          # §6.3: after a pick draw 2 ...
            self.phase = PUT if self.hands[seat] else START
            if self.phase == START:
                self._end_turn(seat)
        elif v == "draw":
            self._draw(seat, 1)              # §6.3: no pick: draw 1 ...
            self.phase = PUT
        elif v == "put":
            c = int(move.cards[0])
            self.hands[seat] &= ~(1 << c)    # ... then put 1 face up on the table
            self.table.append(c)
            self._end_turn(seat)

    def _end_turn(self, seat: int) -> None:
        """§6.4: the deal ends with the turn in which the stock is used up (or, with
        ``play_out_after_stock``, when every hand is empty)."""
        self.phase = START
        if not self.stock_left:
            if not self.options.play_out_after_stock or not any(self.hands):
                self.phase = OVER
                return
        for k in range(1, self.players + 1):
            nxt = (seat + k) % self.players
            if self.hands[nxt]:
                self.turn = nxt
                return
        self.phase = OVER

    # --- results -------------------------------------------------------------------------

    def pile_points(self, seat: int) -> int:
        """§6.4: the suit points of the cards in a seat's own picked pairs."""
        jp = self.options.joker_suit_points
        return sum(card_points(h, jp) + card_points(t, jp) for h, t in self.pairs[seat])

    def team_members(self, seat: int) -> list[int]:
        teams = self.options.teams
        return [s for s in range(self.players) if team_of(s, teams) == team_of(seat, teams)]

    def score_items(self) -> list[ScoreItem]:
        """One item per picked pair for the picker and (teams) each partner (§6.4)."""
        if self.phase != OVER:
            return []
        return pair_items(self.pairs, self.options)

    def winners(self) -> list[int]:
        """§6.4: the highest total wins (a team's seats all share its total)."""
        if self.phase != OVER:
            return []
        sc = self.scores
        if len(set(sc)) == 1:
            return []
        best = max(sc)
        return [s for s, v in enumerate(sc) if v == best]

    # --- information ---------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {
            "dealer": self.dealer, "phase": PHASE_NAMES[self.phase], "turn": self.turn,
            "stock": self.stock_left, "table": [card_str(c) for c in self.table],
            "hand_sizes": [h.bit_count() for h in self.hands],
            "pairs": [[[card_str(h), card_str(t)] for h, t in p] for p in self.pairs],
            "pile_points": [self.pile_points(s) for s in range(self.players)],
            "teams": self.options.teams,
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
        out["table"] = [Card(c) for c in self.table]
        for s, p in enumerate(self.pairs):
            out[f"pairs {s}"] = [Card(c) for pair in p for c in pair]
        return out

    def sample_hidden(self, seat: int | None, rng: random.Random, tries: int = 100) -> State:
        """Deal the secret cards anew, consistent with what every no-pick turn showed.

        With ``must_pick`` each ``draw`` tells the table that the drawer held no card making
        14 with a table card.  Each secret hand card's place gets the pick values it cannot
        have (its holder's no-pick turns since it arrived); :func:`sampling.sample_assignment`
        deals the secret cards so that every place gets an allowed value (rejection sampling,
        else a constructive matching plus random swaps).  The history is then replayed with
        every rule on, so the sample is a world the viewer cannot tell from the real one.
        """
        secret = sorted(int(c) for c in self.secret_cards(seat))
        if len(secret) < 2:
            return self.clone()
        forbidden = {c: self._forbidden_values(c) for c in secret}
        try:
            mapping = sample_assignment(secret, forbidden, rng, tries)
            return self.replay_relabelled(mapping)
        except (ValueError, IllegalMove) as e:   # cannot happen: the real deal is consistent
            raise CardtableError(f"could not resample the hidden cards of seat {seat}: {e}") from e

    def _forbidden_values(self, card: int) -> int:
        """Pick values the holder of ``card``'s place cannot have had (0 for the stock)."""
        owner = next((s for s in range(self.players) if self.hands[s] >> card & 1), -1)
        if owner < 0:
            return 0
        since = self.arrived.get(card, -1)
        m = 0
        for s, t, mask in self.no_pick:
            if s == owner and t > since:
                m |= mask
        return m

    # --- notation ------------------------------------------------------------------------

    def parse_move(self, text: str, seat: int) -> Move:
        return parse_move(text)

    def move_text(self, move: Move) -> str:
        return " ".join([move.verb] + [card_str(c) for c in move.cards])


def parse_move(text: str) -> Move:
    """``pick J♥ 3♦`` | ``draw`` | ``put 7♣`` (also 捡 = pick, 抓/摸 = draw, 打/出 = put)."""
    words = text.replace("+", " ").split()
    if not words:
        raise IllegalMove(text, _("empty move; moves: pick <hand card> <table card>, draw, "
                                  "put <card>"))
    verb = {"捡": "pick", "抓": "draw", "摸": "draw", "打": "put", "出": "put"}.get(words[0], words[0].lower())
    if verb not in ("pick", "draw", "put"):
        raise IllegalMove(text, _("unknown move {verb}; moves: pick <hand card> <table card>, "
                                  "draw, put <card>", verb=repr(words[0])))
    want = {"pick": 2, "draw": 0, "put": 1}[verb]
    if len(words) - 1 != want:
        raise IllegalMove(text, {"pick": _("write 'pick <hand card> <table card>'"),
                                 "draw": _("write 'draw'"),
                                 "put": _("write 'put <card>'")}[verb])
    return Move(verb, tuple(parse_card(w) for w in words[1:]))
