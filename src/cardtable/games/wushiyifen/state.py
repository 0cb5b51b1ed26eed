"""五十一分 state: one deal (wushiyifen.md §5.2 turns, §5.4 declarations, §5.6 void deal).

Moves (docs/games/wushiyifen.md "Move notation"):
``draw`` | ``take`` | ``throw 9♠`` | ``throw 9♠ open`` | ``throw 9♠ hidden`` |
``declare open`` | ``declare hidden`` (only with ``may_declare_before_draw``) |
``show`` | ``pass`` | ``challenge``.
"""

from __future__ import annotations

import itertools
import random
from functools import lru_cache
from typing import Any

from ...cards import Card, card_str, cards_of, iter_bits, mask_json, mask_of, parse_card
from ...deal import Deal
from ...errors import CardtableError, IllegalMove
from ...game import Game, State
from ...i18n import _
from ...moves import Move
from ...scoring import ScoreItem
from .rules import HAND_SIZE, WushiyifenOptions
from .scoring import JOKER_MASK, Rating, card_value, compare, qualifies, rate

START, THROW, OPEN_RESPOND, HIDDEN_RESPOND, OVER = range(5)
# a hand is rated at every decision (each throw tries every card, every view rates its own
# hand): the same few masks again and again, and a Rating is frozen
_rate = lru_cache(maxsize=1 << 14)(rate)
PHASE_NAMES = ("draw", "throw", "open_response", "hidden_response", "over")
KINDS = ("open", "hidden")
# the moves legal_moves() lists, as fixed objects (a declaring throw is made when listed): the
# research API maps them to actions by identity (encoding.fast_actions)
_THROWS = tuple(Move("throw", (Card(c),)) for c in range(54))     # one pack: codes 0..53
DRAW, TAKE, SHOW, PASS, CHALLENGE = (Move(v) for v in ("draw", "take", "show", "pass", "challenge"))
DECLARES = tuple(Move("declare", target=k) for k in KINDS)
FIXED_MOVES = (DRAW, TAKE, SHOW, PASS, CHALLENGE, *DECLARES, *_THROWS)
_ALIASES = {"mingliang": "open", "明亮": "open", "anliang": "hidden", "暗亮": "hidden",
            "ding": "challenge", "顶": "challenge"}
RULE = "wushiyifen:5.4"


def open_items(shown: list[int], ratings: dict[int, Rating], hands: list[int], turn: int | None = None,
               ) -> list[ScoreItem]:
    """§5.4 明亮: of the hands ``shown`` (the declarer's first), the best records its value;
    tied best hands each record theirs."""
    best = shown[0]
    for s in shown[1:]:
        if compare(ratings[s], ratings[best]) > 0:
            best = s
    top = ratings[best]
    tied = sum(1 for t in shown if compare(ratings[t], top) == 0) > 1
    note = "明亮: tied best hand records its value" if tied else "明亮: best hand records its value"
    return [ScoreItem(s, ratings[s].value, RULE, tuple(cards_of(hands[s])), note, turn)
            for s in shown if compare(ratings[s], top) == 0]


def hidden_items(d: int, c: int, rd: Rating, rc: Rating, hands: list[int], turn: int | None = None,
                 ) -> list[ScoreItem]:
    """§5.4 暗亮 with a challenger (顶) ``c`` against the declarer ``d``."""
    def item(seat: int, points: int, note: str) -> ScoreItem:
        return ScoreItem(seat, points, RULE, tuple(cards_of(hands[seat])), note, turn)

    cmp = compare(rc, rd)
    if cmp > 0:
        return [item(c, 2 * rc.value, "暗亮: the challenger is higher and scores twice his value")]
    if cmp < 0:
        return [item(d, rd.value + rc.value, f"暗亮: the declarer beats the challenger: {rd.value} + {rc.value}")]
    return [item(d, rd.value, "暗亮 tie: each records his own value"),
            item(c, rc.value, "暗亮 tie: each records his own value")]


class WushiyifenState(State):
    _fast_clone = True
    log_entries_final = True        # its log texts are move texts
    options: WushiyifenOptions

    _clone_shared = State._clone_shared | {"_fills_cache"}   # replaced whole, never changed in place

    def _clone_nested(self, d: dict[str, Any]) -> None:
        d["thrown"] = [p.copy() for p in self.thrown]

    def __init__(self, game: Game[Any], options: WushiyifenOptions, players: int, deal: Deal) -> None:
        super().__init__(game, options, players, deal)
        self.dealer: int = int(deal.extra.get("dealer", 0))
        self.hands = [mask_of(h) for h in deal.hands]
        self.known = [0] * players          # cards in a hand that everyone knows (taken throws)
        self.stock = [int(c) for c in deal.stock]
        self.stock_pos = 0
        self.thrown: list[list[int]] = [[] for _ in range(players)]   # face up in front of each seat
        self.aside: list[int] = []          # piles of 5 set aside (§5.2 bookkeeping)
        self.turn = self.dealer
        self.phase = START
        self.last_throw = -1                # the card the 上家 has just thrown (takeable)
        self.picked = -1                    # the card taken this turn
        self.declarer = -1
        self.kind = ""
        self.responders: list[int] = []
        self.shown: list[int] = []
        self.challenger = -1
        self.revealed = [False] * players
        self.void = False
        self.items: list[ScoreItem] = []
        # sample_hidden's declarable fills for a pending 暗亮 (computed once per position)
        self._fills_cache: tuple[tuple[int, tuple[int, ...], int], list[tuple[int, ...]]] | None = None

    # --- ratings -------------------------------------------------------------------------

    def rating(self, seat: int) -> Rating:
        o = self.options
        return _rate(self.hands[seat], o.nonflush_variant, o.nonflush_value)

    def _rate_mask(self, hand: int) -> Rating:
        o = self.options
        return _rate(hand, o.nonflush_variant, o.nonflush_value)

    def may_declare(self, hand: int) -> bool:
        """§5.4: a hand worth at least ``declare_threshold`` (a flush in the base game)."""
        return qualifies(self._rate_mask(hand), self.options.declare_threshold)

    # --- turn structure ------------------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        if self.phase in (START, THROW):
            return (self.turn,)
        if self.phase in (OPEN_RESPOND, HIDDEN_RESPOND):
            return (self.responders[0],)
        return ()

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        movers = self.to_move()
        seat = movers[0] if seat is None and movers else seat
        if seat is None or seat not in movers:
            return []
        out: list[Move] = []
        hand = self.hands[seat]
        if self.phase == START:
            out.append(DRAW)
            if self.last_throw >= 0:
                out.append(TAKE)
            if self.options.may_declare_before_draw and self.may_declare(hand):
                out += DECLARES
        elif self.phase == THROW:
            # base game: only a flush is declared (§5.3), and a hand of three suits or more
            # keeps two whichever card goes: no declaring throw, no rating needed
            nat = hand & ~JOKER_MASK
            suits = sum(1 for s in range(4) if nat >> 13 * s & 0x1FFF)
            declarable = self.options.nonflush_variant or suits <= 2
            for c in iter_bits(hand):
                if c == self.picked and not self.options.may_rethrow_pickup:
                    continue
                out.append(_THROWS[c] if c < len(_THROWS) else Move("throw", (Card(c),)))
                if declarable and self.may_declare(hand & ~(1 << c)):
                    out += [Move("throw", (Card(c),), target=k) for k in KINDS]
        elif self.phase == OPEN_RESPOND:
            if self._may_show(seat):
                out.append(SHOW)
            out.append(PASS)
        elif self.phase == HIDDEN_RESPOND:
            out += [CHALLENGE, PASS]
        return out

    def _may_show(self, seat: int) -> bool:
        """§5.4 明亮: a qualifying hand that beats (or, Decision, ties) the declarer's."""
        r = self.rating(seat)
        return qualifies(r, self.options.declare_threshold) and compare(r, self.rating(self.declarer)) >= 0

    def why_illegal(self, seat: int, move: Move) -> str | None:
        if seat not in self.to_move():
            return _("it is not your turn") if not self.is_over else _("the deal is over")
        v, phase = move.verb, self.phase
        if move.groups:
            return _("五十一分 moves take no card groups")
        if v in ("draw", "take", "show", "pass", "challenge") and (move.cards or move.target is not None):
            return _("'{verb}' takes no card or choice", verb=v)
        if v == "draw":
            return None if phase == START else self._phase_says()
        if v == "take":
            if phase != START:
                return self._phase_says()
            if self.last_throw < 0:
                if self.history and self.history[-1][1].verb == "throw":
                    return _("your 上家's throw completed a pile of 5, which is set aside and "
                             "cannot be taken (§5.2)")
                return _("there is no card thrown by your 上家 on the last turn to take")
            return None
        if v == "declare":
            if phase != START:
                return self._phase_says()
            if not self.options.may_declare_before_draw:
                return _("you may declare only after throwing ('throw <card> open|hidden'); "
                         "option may_declare_before_draw is off")
            if move.cards or move.target not in KINDS:
                return _("write 'declare open' or 'declare hidden'")
            if not self.may_declare(self.hands[seat]):
                return self._not_enough(self.hands[seat])
            return None
        if v == "throw":
            if phase != THROW:
                return self._phase_says()
            if len(move.cards) != 1:
                return _("throw exactly one card")
            c = int(move.cards[0])
            if not self.hands[seat] >> c & 1:
                return _("{card} is not in your hand", card=card_str(c))
            if c == self.picked and not self.options.may_rethrow_pickup:
                return _("{card} was picked up this turn and may not be thrown again (§5.2)",
                         card=card_str(c))
            if move.target is not None:
                if move.target not in KINDS:
                    return _("unknown declaration {kind}; write open or hidden", kind=repr(move.target))
                if not self.may_declare(self.hands[seat] & ~(1 << c)):
                    return self._not_enough(self.hands[seat] & ~(1 << c))
            return None
        if v == "show":
            if phase != OPEN_RESPOND:
                return _("you may show only in answer to an open declaration (明亮)")
            if not self._may_show(seat):
                return _("your hand does not qualify or does not beat the declared hand")
            return None
        if v == "pass":
            return None if phase in (OPEN_RESPOND, HIDDEN_RESPOND) else _("nothing to pass on now")
        if v == "challenge":
            return None if phase == HIDDEN_RESPOND else _("you may challenge only a hidden declaration (暗亮)")
        return _("unknown move {verb}; moves: draw, take, throw <card> [open|hidden], show, pass, "
                 "challenge", verb=repr(v))

    def _phase_says(self) -> str:
        return {START: _("you must first draw or take (draw | take)"),
                THROW: _("you must throw a card (throw <card> [open|hidden])"),
                OPEN_RESPOND: _("answer the open declaration (show | pass)"),
                HIDDEN_RESPOND: _("answer the hidden declaration (challenge | pass)")}.get(
                    self.phase, _("the deal is over"))

    def _not_enough(self, hand: int) -> str:
        r = self._rate_mask(hand)
        if not r.counts:
            return _("the hand left is not of one suit, so it cannot be declared (§5.3)")
        return _("the hand left is worth {value}, less than {threshold} (§5.4)", value=r.value,
                 threshold=self.options.declare_threshold)

    # --- carrying out moves --------------------------------------------------------------

    def _play(self, seat: int, move: Move) -> None:
        v = move.verb
        if v == "draw":
            c = self.stock[self.stock_pos]
            self.stock_pos += 1
            self.hands[seat] |= 1 << c
            self._after_pickup()
            self.phase = THROW
        elif v == "take":
            c = self.last_throw
            up = (seat - 1) % self.players
            self.thrown[up].remove(c)
            self.hands[seat] |= 1 << c
            self.known[seat] |= 1 << c
            self.picked = c
            self._after_pickup()
            self.phase = THROW
        elif v == "declare":
            self._declare(seat, str(move.target))
        elif v == "throw":
            c = int(move.cards[0])
            self.hands[seat] &= ~(1 << c)
            self.known[seat] &= ~(1 << c)
            self.thrown[seat].append(c)
            self.last_throw = c
            self.picked = -1
            if len(self.thrown[seat]) >= HAND_SIZE and not self.options.fifth_throw_takeable:
                # §5.2 [seed]: a pile that reaches 5 is set aside at once, its 5th card too
                self.aside += self.thrown[seat]
                self.thrown[seat] = []
                self.last_throw = -1
            if move.target is not None:
                self._declare(seat, move.target)
            elif self.stock_pos >= len(self.stock):
                self._void()
            else:
                self.turn = (seat + 1) % self.players
                self.phase = START
        elif v == "show":
            self.shown.append(seat)
            self.revealed[seat] = True
            self._next_responder()
        elif v == "pass":
            self._next_responder()
        elif v == "challenge":
            self.challenger = seat
            self.revealed[seat] = True
            self.revealed[self.declarer] = True
            self._settle_hidden()

    def _after_pickup(self) -> None:
        """§5.2 [seed]: piles of 5 thrown cards are set aside once no longer takeable."""
        self.last_throw = -1
        for pile in self.thrown:
            if len(pile) >= HAND_SIZE:
                self.aside += pile
                pile.clear()

    def _declare(self, seat: int, kind: str) -> None:
        """§5.4: 明亮 spreads the hand; 暗亮 lays it face down; answers go round from the 下家."""
        self.declarer = seat
        self.kind = kind
        self.responders = [(seat + k) % self.players for k in range(1, self.players)]
        if kind == "open":
            self.revealed[seat] = True
            self.phase = OPEN_RESPOND
        else:
            self.phase = HIDDEN_RESPOND

    def _next_responder(self) -> None:
        self.responders.pop(0)
        if self.responders:
            return
        if self.kind == "open":
            self._settle_open()
        else:
            self.revealed[self.declarer] = True
            d = self.declarer
            self._item(d, self.rating(d).value, "暗亮 not challenged: the declarer records his value")
            self._finish()

    def _item(self, seat: int, points: int, note: str) -> None:
        self.items.append(ScoreItem(seat, points, RULE, tuple(cards_of(self.hands[seat])), note,
                                    len(self.history)))

    def _settle_open(self) -> None:
        """§5.4 明亮: the best shown hand records its value; tied best hands each record theirs."""
        shown = [self.declarer] + self.shown
        self.items += open_items(shown, {s: self.rating(s) for s in shown}, self.hands, len(self.history))
        self._finish()

    def _settle_hidden(self) -> None:
        """§5.4 暗亮 with a challenger (顶)."""
        d, c = self.declarer, self.challenger
        self.items += hidden_items(d, c, self.rating(d), self.rating(c), self.hands, len(self.history))
        self._finish()

    def _void(self) -> None:
        """§5.6: the stock is drawn and nobody declared: the deal is void (no score)."""
        self.void = True
        self._finish()

    def _finish(self) -> None:
        self.phase = OVER
        self.responders = []

    # --- results -------------------------------------------------------------------------

    def score_items(self) -> list[ScoreItem]:
        return list(self.items)

    def winners(self) -> list[int]:
        """The one seat that won the deal.  §5.4 ties [seed: 两人不分胜负，各自计分]: equal hands
        of the same purity each record their own value and nobody wins, so a deal that scored
        more than one seat has no winner."""
        if not self.is_over or self.void:
            return []
        scorers = {i.seat for i in self.items if i.points}
        return sorted(scorers) if len(scorers) == 1 else []

    # --- information ---------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {
            "dealer": self.dealer, "phase": PHASE_NAMES[self.phase], "turn": self.turn,
            "stock": len(self.stock) - self.stock_pos,
            "thrown": [[card_str(c) for c in p] for p in self.thrown],
            "set_aside": [card_str(c) for c in self.aside],
            "last_throw": card_str(self.last_throw) if self.last_throw >= 0 else None,
            "picked": card_str(self.picked) if self.picked >= 0 else None,
            "hand_sizes": [h.bit_count() for h in self.hands],
            "known": [mask_json(k) for k in self.known],
            "threshold": self.options.declare_threshold,
            "void": self.void,
            "options": {"nonflush_variant": self.options.nonflush_variant,
                        "nonflush_value": self.options.nonflush_value},
        }
        if seat is not None:
            v["hand"] = mask_json(self.hands[seat])
            r = self.rating(seat)
            v["my_value"] = r.value
            v["my_pure"] = r.pure
        if self.declarer >= 0:
            v["declaration"] = {"seat": self.declarer, "kind": self.kind,
                                "responders": list(self.responders), "shown": list(self.shown),
                                "challenger": self.challenger if self.challenger >= 0 else None}
        v["revealed"] = {str(s): {"cards": mask_json(self.hands[s]), "value": self.rating(s).value,
                                  "pure": self.rating(s).pure}
                         for s in range(self.players) if self.revealed[s]}
        return v

    def secret_cards(self, seat: int | None) -> list[Card]:
        m = mask_of(self.stock[self.stock_pos:])
        for s in range(self.players):
            if s != seat and not self.revealed[s]:
                m |= self.hands[s] & ~self.known[s]
        return cards_of(m)

    def card_places(self) -> dict[str, list[Card]]:
        out = {f"hand {s}": cards_of(h) for s, h in enumerate(self.hands)}
        out["stock"] = [Card(c) for c in self.stock[self.stock_pos:]]
        for s, p in enumerate(self.thrown):
            out[f"thrown {s}"] = [Card(c) for c in p]
        out["set aside"] = [Card(c) for c in self.aside]
        return out

    def sample_hidden(self, seat: int | None, rng: random.Random, tries: int = 100) -> State:
        """A pending 暗亮 hand is hidden but known to qualify: deal the declarer a random
        qualifying hand from the secret cards, and the rest of them at random elsewhere."""
        if self.phase != HIDDEN_RESPOND or seat == self.declarer:
            return super().sample_hidden(seat, rng, tries)
        secret = sorted(int(c) for c in self.secret_cards(seat))
        d = self.declarer
        d_secret = [c for c in secret if self.hands[d] >> c & 1]
        d_known = self.hands[d] & ~mask_of(d_secret)
        last: Exception | None = None
        for _try in range(tries):
            chosen = list(self._declarer_fill(d_known, secret, len(d_secret), rng))
            rng.shuffle(chosen)
            rest_src = [c for c in secret if c not in set(d_secret)]
            rest_dst = [c for c in secret if c not in set(chosen)]
            rng.shuffle(rest_dst)
            mapping = dict(zip(d_secret, chosen, strict=True)) | dict(zip(rest_src, rest_dst, strict=True))
            mapping = {a: b for a, b in mapping.items() if a != b}
            try:
                return self.replay_relabelled(mapping)
            except IllegalMove as e:
                last = e
        raise CardtableError(f"could not resample the hidden cards of seat {seat}: {last}")

    def _declarer_fill(self, known: int, pool: list[int], k: int,
                       rng: random.Random) -> tuple[int, ...]:
        """A random set of ``k`` pool cards that with ``known`` makes a declarable hand,
        uniform over such sets.  Never the declarer's true cards by construction: the base
        game enumerates every flush fill (cached per position); the §5.5 variant samples
        k-sets until one is worth enough, then, failing that, raises a random k-set's value
        card by card (the top-valued k-set qualifies whenever the true hand does)."""
        if not self.options.nonflush_variant:
            key = (known, tuple(pool), k)
            if self._fills_cache is None or self._fills_cache[0] != key:
                self._fills_cache = (key, self._flush_fills(known, pool, k))
            return rng.choice(self._fills_cache[1])
        for _try in range(2000):
            combo = tuple(rng.sample(pool, k))
            if self.may_declare(known | mask_of(combo)):
                return combo
        chosen = rng.sample(pool, k)
        by_value = sorted(pool, key=lambda c: (-card_value(c), rng.random()))
        for c in by_value:
            if self.may_declare(known | mask_of(chosen)):
                break
            low = min(chosen, key=card_value)
            if c not in chosen and card_value(c) > card_value(low):
                chosen[chosen.index(low)] = c
        return tuple(chosen)

    def _flush_fills(self, known: int, pool: list[int], k: int) -> list[tuple[int, ...]]:
        """Every set of ``k`` pool cards that with ``known`` makes a declarable flush (each
        set once, even an all-joker fill that suits every suit)."""
        out: set[tuple[int, ...]] = set()
        jokers = [c for c in pool if c >= 52]
        for suit in range(4):
            cands = [c for c in pool if c < 52 and c // 13 == suit] + jokers
            for combo in itertools.combinations(sorted(cands), k):
                if self.may_declare(known | mask_of(combo)):
                    out.add(combo)
        if not out:
            raise CardtableError("no declarable hand can be made from the secret cards")
        return sorted(out)

    # --- notation ------------------------------------------------------------------------

    def parse_move(self, text: str, seat: int) -> Move:
        return parse_move(text)

    def move_text(self, move: Move) -> str:
        return move_text(move)




def parse_move(text: str) -> Move:
    """``draw``, ``take``, ``throw 9♠ [open|hidden]``, ``declare open|hidden``, ``show``,
    ``pass``, ``challenge``; Chinese/pinyin aliases 明亮/mingliang, 暗亮/anliang, 顶/ding."""
    words = text.split()
    if not words:
        raise IllegalMove(text, _("empty move; moves: draw, take, throw <card> [open|hidden], "
                                  "show, pass, challenge"))
    verb = _ALIASES.get(words[0].lower(), words[0].lower())
    if verb in ("draw", "take", "show", "pass", "challenge"):
        if len(words) > 1:
            raise IllegalMove(text, _("'{verb}' takes nothing after it", verb=verb))
        return Move(verb)
    if verb == "declare":
        kind = _ALIASES.get(words[1].lower(), words[1].lower()) if len(words) == 2 else ""
        if kind not in KINDS:
            raise IllegalMove(text, _("write 'declare open' or 'declare hidden'"))
        return Move("declare", target=kind)
    if verb == "throw":
        if len(words) not in (2, 3):
            raise IllegalMove(text, _("write 'throw <card>' and optionally 'open' or 'hidden'"))
        card = parse_card(words[1])
        target = None
        if len(words) == 3:
            target = _ALIASES.get(words[2].lower(), words[2].lower())
            if target not in KINDS:
                raise IllegalMove(text, _("unknown declaration {kind}; write open or hidden",
                                          kind=repr(words[2])))
        return Move("throw", (card,), target=target)
    raise IllegalMove(text, _("unknown move {verb}; moves: draw, take, throw <card> [open|hidden], "
                              "declare open|hidden, show, pass, challenge", verb=repr(verb)))


def move_text(move: Move) -> str:
    if move.verb == "throw":
        base = "throw " + " ".join(card_str(c) for c in move.cards)
        return base + (f" {move.target}" if move.target else "")
    if move.verb == "declare":
        return f"declare {move.target}"
    return move.verb
