"""捉黑A: one hand — tribute (§2.3), then 争上游 play (§2.0) with the hidden A♠ partner (§2.1).

Phases: ``give`` (each giver sets aside his tribute, in finishing order), ``return`` (each
receiver returns as many cards, in finishing order), ``pick`` (the payers pick from that pool),
``play``, ``over``.  Moves: ``play <cards>``, ``pass``, ``give <cards>``, ``return <cards>``,
``pick <card>``, ``reveal`` (docs/games/zhuoheia.md).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations, permutations, product
from typing import Any

from ...cards import COPY_STRIDE, Card, card_str, cards_json, cards_of, mask_of, parse_card
from ...climbing import Combo, beats, classify, climb_rank, plays, why_not_beats
from ...deal import Deal
from ...errors import IllegalMove
from ...game import Game, State
from ...i18n import _, ngettext
from ...moves import Move, default_move_text, parse_default_move
from ...scoring import ScoreItem
from . import tribute as tb
from .rules import ZhuoheiaOptions

SA = parse_card("A♠")
H3 = parse_card("3♥")
VERBS = ("play", "pass", "give", "return", "pick", "reveal")
RULE_TRIBUTE = "zhuoheia:2.3"
RULE_END = "zhuoheia:2.4"


# climbing order, then code, for every code of up to four packs, built once: views and move
# lists sort hands at every decision of a playout, and the key was a third of that cost
_KEYS = tuple(climb_rank(c) * 4 * COPY_STRIDE + c for c in range(4 * COPY_STRIDE))
_CARDS = tuple(Card(c) for c in range(4 * COPY_STRIDE))


def _sorted(cards: Sequence[int]) -> list[Card]:
    try:
        return [_CARDS[c] for c in sorted(cards, key=_KEYS.__getitem__)]
    except IndexError:          # a code beyond four packs
        return [Card(c) for c in sorted(cards, key=lambda c: (climb_rank(c), c))]


def hand_end_items(order: list[int], dealer: int, partner: int, score_per_hand: int) -> list[ScoreItem]:
    """§2.4: every seat's place in the finishing ``order``; the side of the first finisher (the
    庄家 with the A♠ holder ``partner``, or the others) wins, ``score_per_hand`` each (0: no
    points, the items only record the places)."""
    def team(s: int) -> int:
        return 0 if s in (dealer, partner) else 1

    win = {s for s in order if team(s) == team(order[0])}
    k = score_per_hand
    alone = partner == dealer
    items = []
    for place, s in enumerate(order):
        side = "庄家 side" if team(s) == 0 else "opponents"
        role = ("庄家 (alone)" if alone else "庄家") if s == dealer else ("A♠ partner" if s == partner else "opponent")
        pts = (k if s in win else -k) if k else 0
        items.append(ScoreItem(s, pts, RULE_END, (), f"finished {place + 1}, {role}, "
                               f"{side} {'win' if s in win else 'lose'}"))
    return items


class ZhuoheiaState(State):
    _fast_clone = True
    log_entries_final = True        # its log texts are move texts
    def _clone_nested(self, d: dict[str, Any]) -> None:
        for name in ("aside", "payers", "owed"):      # seat -> list, sorted in place
            if name in d:
                d[name] = {k: v.copy() for k, v in d[name].items()}

    def __init__(self, game: Game[Any], options: ZhuoheiaOptions, players: int, deal: Deal) -> None:
        super().__init__(game, options, players, deal)
        self.opts = options
        self.crules = options.climb_rules()
        self.hands = [mask_of(h) for h in deal.hands]
        ex = deal.extra
        self.dealer: int = ex["dealer"]
        self.faceup: Card | None = parse_card(ex["faceup"]) if "faceup" in ex else None
        self.public = mask_of([self.faceup]) if self.faceup is not None else 0  # placed cards all know
        self.played = 0
        self.played_by: list[int] = [0] * players
        self.items: list[ScoreItem] = []
        self.partner: int = -1            # A♠ holder when play starts (== dealer: alone)
        self.finish_order: list[int] = []
        self.top: Combo | None = None
        self.top_cards: tuple[Card, ...] = ()
        self.last_player = -1
        self.passed: set[int] = set()
        self.turn = -1
        self.revealed = False
        # tribute
        self.phase = "play"
        self.aside: dict[int, list[Card]] = {}
        self.tribute_got: list[int] = [0] * players      # tribute cards received (masks)
        self.queue: list[int] = []                       # givers, then receivers, in order
        self.payers: dict[int, list[int]] = {}
        self.pool: list[Card] = []
        self.pool_from = -1
        self.pickers: list[int] = []
        if "prev_order" in ex:
            self.prev_order: list[int] = list(ex["prev_order"])
            self.prev_side = tb.sides(players, ex["prev_dealer"], ex["prev_partner"])
            self.owed = tb.owed(self.prev_order, self.prev_side, options.tribute_model)
            self.queue = [q for q in self.prev_order if q in self.owed]
        if self.queue:
            self.phase = "give"
        else:
            self._start_play()

    # --- flow -----------------------------------------------------------------------------

    def _holder(self, card: int) -> int:
        bit = 1 << card
        return next((s for s in range(self.players) if self.hands[s] & bit), -1)

    def _start_play(self) -> None:
        """§2.1: the sides are fixed by who holds A♠ when play begins; §2.2 first lead."""
        self.phase = "play"
        self.partner = self._holder(SA)
        if self.opts.first_lead == "holder_of_H3":
            self.turn = self._holder(H3)
            self.public |= 1 << H3
        else:
            self.turn = self.dealer

    def _active(self) -> list[int]:
        return [s for s in range(self.players) if self.hands[s]]

    def sides_public(self) -> bool:
        return bool(self.public & (1 << SA)) or bool(self.played & (1 << SA))

    def _team(self, s: int) -> int:
        return 0 if s in (self.dealer, self.partner) else 1

    def _successor(self, out: int) -> int:
        """接风 (§2.0): the lead after a player who went out ends a round."""
        act = [(out + i) % self.players for i in range(1, self.players)]
        act = [s for s in act if self.hands[s]]
        if self.opts.lead_after_out == "partner" and self.sides_public():
            mates = [s for s in act if self._team(s) == self._team(out)]
            if mates and not (self.dealer == self.partner and out == self.dealer):
                return mates[0]
        return act[0]

    def _advance(self, seat: int) -> None:
        active = self._active()
        others = [s for s in active if s != self.last_player]
        if all(s in self.passed for s in others):
            lead = self.last_player if self.hands[self.last_player] else self._successor(self.last_player)
            self.top, self.top_cards, self.passed = None, (), set()
            self.turn = lead
            return
        for i in range(1, self.players + 1):
            s = (seat + i) % self.players
            if self.hands[s] and s not in self.passed:
                self.turn = s
                return

    # --- contract ---------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def to_move(self) -> tuple[int, ...]:
        if self.phase == "over":
            return ()
        if self.phase in ("give", "return"):
            return (self.queue[0],)
        if self.phase == "pick":
            return (self.pickers[0],)
        return (self.turn,)

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        movers = self.to_move()
        seat = movers[0] if seat is None and movers else seat
        if seat not in movers:
            return []
        hand = _sorted(cards_of(self.hands[seat]))
        if self.phase == "give":
            return [Move("give", tuple(cs)) for cs in self._give_choices(seat, hand)]
        if self.phase == "return":
            n = len(self.payers[seat])
            ok = [c for c in hand if self.opts.may_return_tribute or not self.tribute_got[seat] >> c & 1]
            return [Move("return", tuple(cs)) for cs in combinations(ok, n)]
        if self.phase == "pick":
            return [Move("pick", (c,)) for c in _sorted(tuple(self.pool))]
        out = [Move("play", tuple(_sorted(cs))) for _, cs in plays(hand, self.crules, self.top)]
        if self.top is not None:
            out.append(Move("pass"))
        if self._may_reveal(seat):
            out.append(Move("reveal"))
        return out

    def _give_choices(self, seat: int, hand: list[Card]) -> list[list[Card]]:
        k = tb.give_count(self.owed[seat], self.opts.tribute_model)
        ranks = tb.top_ranks(hand, k)
        need: dict[int, int] = {}
        for r in ranks:
            need[r] = need.get(r, 0) + 1
        parts = [list(permutations([c for c in hand if climb_rank(c) == r], n))
                 for r, n in sorted(need.items(), reverse=True)]
        return [[c for part in pick for c in part] for pick in product(*parts)]

    def _may_reveal(self, seat: int) -> bool:
        return (self.opts.allow_voluntary_reveal and not self.revealed
                and bool(self.hands[seat] >> SA & 1))

    def why_illegal(self, seat: int, move: Move) -> str | None:
        if move.verb not in VERBS:
            return _("unknown move {verb}; moves are {verbs}", verb=repr(move.verb), verbs=", ".join(VERBS))
        if self.phase == "over":
            return _("the hand is over")
        want = {"give": "give", "return": "return", "pick": "pick"}.get(self.phase)
        if want is not None and move.verb != want:
            return _("now is the tribute ({phase} phase): the move is '{verb} <cards>'", phase=self.phase,
                     verb=want)
        if want is None and move.verb not in ("play", "pass", "reveal"):
            return _("'{verb}' is a tribute move and no tribute is under way: play cards or pass",
                     verb=move.verb)
        if move.groups or move.target is not None:
            return _("this move takes only a list of cards")
        cards = move.cards
        if len(set(cards)) != len(cards):
            return _("a card is named twice")
        hand = self.hands[seat]
        if move.verb == "pick":
            if len(cards) != 1:
                return _("pick exactly one card of the pool")
            if cards[0] not in self.pool:
                return _("{card} is not in the pool ({pool})", card=card_str(cards[0]),
                         pool=" ".join(cards_json(self.pool)))
            return None
        for c in cards:
            if not hand >> c & 1:
                return _("{card} is not in your hand", card=card_str(c))
        if move.verb == "give":
            return self._why_give(seat, cards)
        if move.verb == "return":
            n = len(self.payers[seat])
            if len(cards) != n:
                return ngettext("return exactly {n} card (you received {n})",
                                "return exactly {n} cards (you received {n})", n)
            if not self.opts.may_return_tribute:
                bad = [card_str(c) for c in cards if self.tribute_got[seat] >> c & 1]
                if bad:
                    return _("{cards} came to you as tribute and may not be returned (§2.3)",
                             cards=" ".join(bad))
            return None
        if move.verb == "reveal":
            if cards:
                return _("'reveal' names no cards (it shows A♠)")
            if not self.opts.allow_voluntary_reveal:
                return _("voluntary reveal is off (config allow_voluntary_reveal): play A♠ to show it")
            if not hand >> SA & 1:
                return _("only the holder of A♠ can reveal it")
            if self.revealed:
                return _("A♠ is already shown")
            return None
        if move.verb == "pass":
            if cards:
                return _("'pass' names no cards")
            if self.top is None:
                return _("you lead this round: play a combination (the leader cannot pass)")
            return None
        if not cards:
            return _("name the cards to play, e.g. 'play 7♠ 7♥', or 'pass'")
        combo = classify(cards, self.crules)
        if combo is None:
            return _("{cards} is not a combination (§2.0)", cards=" ".join(cards_json(_sorted(cards))))
        if self.top is not None and not beats(combo, self.top):
            return why_not_beats(combo, self.top)
        return None

    def _why_give(self, seat: int, cards: tuple[Card, ...]) -> str | None:
        k = tb.give_count(self.owed[seat], self.opts.tribute_model)
        if len(cards) != k:
            return ngettext("give exactly {n} card: your {n} largest (§2.3)",
                            "give exactly {n} cards: your {n} largest (§2.3)", k)
        hand = [Card(c) for c in cards_of(self.hands[seat])]
        if sorted((climb_rank(c) for c in cards), reverse=True) != tb.top_ranks(hand, k):
            return ngettext("tribute is your {n} largest card (§2.3 step 1)",
                            "tribute is your {n} largest cards (§2.3 step 1)", k)
        return None

    def _play(self, seat: int, move: Move) -> None:
        v = move.verb
        turn_no = len(self.history)
        if v == "give":
            self.hands[seat] &= ~mask_of(move.cards)
            self.aside[seat] = list(move.cards)
            self.public |= mask_of(move.cards)
            self.queue.pop(0)
            if not self.queue:
                self._distribute(turn_no)
        elif v == "return":
            self.hands[seat] &= ~mask_of(move.cards)
            self.public |= mask_of(move.cards)
            self.pool = list(move.cards)
            self.pool_from = seat
            self.pickers = list(self.payers[seat])
            self.queue.pop(0)
            self.phase = "pick"
            self._auto_pick(turn_no)
        elif v == "pick":
            self._take(seat, move.cards[0], turn_no)
            self._auto_pick(turn_no)
        elif v == "reveal":
            self.revealed = True
            self.public |= 1 << SA
        elif v == "pass":
            self.passed.add(seat)
            self._advance(seat)
        else:
            m = mask_of(move.cards)
            self.hands[seat] &= ~m
            self.played |= m
            self.played_by[seat] |= m
            self.top = classify(move.cards, self.crules)
            self.top_cards = tuple(_sorted(move.cards))
            self.last_player = seat
            if not self.opts.pass_is_final_for_round:
                self.passed = set()
            if not self.hands[seat]:
                self.finish_order.append(seat)
                active = self._active()
                if len(active) <= 1:
                    self.finish_order += active
                    self.phase = "over"
                    return
            self._advance(seat)

    def _distribute(self, turn: int) -> None:
        """§2.3 step 2: every set-aside card goes to its receiver (after all have given)."""
        moves = tb.assign(self.prev_order, self.prev_side, self.opts.tribute_model, self.aside)
        for q, r, c in moves:
            self.hands[r] |= 1 << c
            self.tribute_got[r] |= 1 << c
            self.payers.setdefault(r, []).append(q)
            self.items.append(ScoreItem(r, 0, RULE_TRIBUTE, (Card(c),), f"tribute from seat {q}", turn))
        pos = {s: i for i, s in enumerate(self.prev_order)}
        for r in self.payers:
            self.payers[r].sort(key=pos.__getitem__)
        self.aside = {}
        self.queue = [r for r in self.prev_order if r in self.payers]
        self.phase = "return" if self.queue else "play"
        if not self.queue:
            self._start_play()

    def _take(self, seat: int, card: Card, turn: int) -> None:
        self.pool.remove(card)
        self.pickers.remove(seat)
        self.hands[seat] |= 1 << card
        self.items.append(ScoreItem(seat, 0, RULE_TRIBUTE, (Card(card),),
                                    f"returned by seat {self.pool_from}", turn))

    def _auto_pick(self, turn: int) -> None:
        """The last payer takes the last card of the pool (no choice left)."""
        if len(self.pickers) == 1:
            self._take(self.pickers[0], self.pool[0], turn)
        if not self.pickers:
            self.pool, self.pool_from = [], -1
            self.phase = "return" if self.queue else "play"
            if not self.queue:
                self._start_play()

    # --- scores --------------------------------------------------------------------------

    def winning_side(self) -> list[int]:
        if not self.is_over:
            return []
        t = self._team(self.finish_order[0])
        return [s for s in range(self.players) if self._team(s) == t]

    def winners(self) -> list[int]:
        """§2.4: the side of the first finisher wins the hand."""
        return self.winning_side()

    def score_items(self) -> list[ScoreItem]:
        items = list(self.items)
        if not self.is_over:
            return items
        return items + hand_end_items(self.finish_order, self.dealer, self.partner, self.opts.score_per_hand)

    # --- hidden information ------------------------------------------------------------------

    def secret_cards(self, seat: int | None) -> list[Card]:
        if self.is_over:
            return []
        out: list[Card] = []
        for s in range(self.players):
            if s != seat:
                out += [Card(c) for c in cards_of(self.hands[s] & ~self.public)]
        return out

    def card_places(self) -> dict[str, list[Card]]:
        places = {f"hand {s}": [Card(c) for c in cards_of(self.hands[s])] for s in range(self.players)}
        places["played"] = [Card(c) for c in cards_of(self.played)]
        for s, cs in self.aside.items():
            places[f"aside {s}"] = list(cs)
        places["pool"] = list(self.pool)
        return places

    def partner_known(self, seat: int | None) -> bool:
        """Does ``seat`` know who holds A♠ (§2.1)?  Only its holder, or all once it is shown."""
        if self.phase != "play" and not self.is_over:
            return False
        return self.is_over or self.sides_public() or (seat is not None and self.partner == seat)

    def _view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {
            "options": self.opts.to_dict(), "phase": self.phase, "dealer": self.dealer,
            "hand_sizes": [h.bit_count() for h in self.hands],
            "finish_order": list(self.finish_order),
            "played": {str(s): cards_json(_sorted(cards_of(self.played_by[s])))
                       for s in range(self.players) if self.played_by[s]},
        }
        if seat is not None:
            v["hand"] = cards_json(_sorted(cards_of(self.hands[seat])))
        if self.faceup is not None:
            v["faceup"] = card_str(self.faceup)
            v["first_drawer"] = self.deal.extra.get("first_drawer")
        if hasattr(self, "prev_order"):
            v["previous"] = {"order": self.prev_order, "dealer": self.deal.extra["prev_dealer"],
                             "partner": self.deal.extra["prev_partner"]}
            v["tribute"] = [it.to_json() for it in self.items]
            if self.aside:
                v["aside"] = {str(s): cards_json(cs) for s, cs in self.aside.items()}
            if self.pool:
                v["pool"] = {"from": self.pool_from, "cards": cards_json(self.pool),
                             "pickers": list(self.pickers)}
        if self.phase == "play" or self.is_over:
            v["top"] = cards_json(self.top_cards) if self.top is not None else None
            v["top_kind"] = self.top.describe() if self.top is not None else None
            v["last_player"] = self.last_player
            v["passed"] = sorted(self.passed)
            known = self.partner_known(seat)
            v["partner"] = (("alone" if self.partner == self.dealer else self.partner)
                            if known else None)
            if seat is not None:
                # a seat always knows its own side: only the A♠ holder is the 庄家's partner
                v["side"] = ("zhuangjia" if seat == self.dealer else
                             "partner" if seat == self.partner else "opponent")
        if self.is_over:
            v["remaining"] = {str(s): cards_json(_sorted(cards_of(h)))
                              for s, h in enumerate(self.hands) if h}
            v["winning_side"] = self.winning_side()
        return v

    def sample_hidden(self, seat: int | None, rng: random.Random, tries: int = 100) -> State:
        """Deal the secret cards anew among their holders' original hands, keeping what the
        table knows: a tribute giver held nothing above the tribute he gave (§2.3 step 1)."""
        secret = set(self.secret_cards(seat))
        if len(secret) < 2:
            return self.clone()
        caps: dict[int, int] = {}
        for s, m in self.history:
            if m.verb == "give":
                caps[s] = min(climb_rank(c) for c in m.cards)
        free: dict[int, list[int]] = {}
        for s, hand in enumerate(self.deal.hands):
            slots: list[int] = [int(c) for c in hand if c in secret]
            rng.shuffle(slots)
            if slots:
                free[s] = slots
        cards: list[int] = sorted(secret)
        rng.shuffle(cards)
        cards.sort(key=lambda c: -climb_rank(c))
        mapping: dict[int, int] = {}
        for c in cards:
            allowed = [s for s in free if free[s] and caps.get(s, 99) >= climb_rank(c)]
            weights = [len(free[s]) for s in allowed]
            s = rng.choices(allowed, weights)[0]
            mapping[free[s].pop()] = c
        mapping = {a: b for a, b in mapping.items() if a != b}
        return self.replay_relabelled(mapping)

    # --- notation ------------------------------------------------------------------------

    def parse_move(self, text: str, seat: int) -> Move:
        m = parse_default_move(text)
        if m.verb not in VERBS:
            raise IllegalMove(text, _("unknown move {verb}; moves are {verbs}", verb=repr(m.verb),
                                      verbs=", ".join(VERBS)), seat)
        return m

    def canonical_move(self, move: Move) -> Move:
        """The order of the cards means nothing in a play or a return: one text per move."""
        if move.verb in ("play", "return"):
            return Move(move.verb, tuple(_sorted(move.cards)), move.groups, move.target)
        return move

    def move_text(self, move: Move) -> str:
        return default_move_text(move)


