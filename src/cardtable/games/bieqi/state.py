"""One deal of 憋7 (bieqi.md §4.3–§4.7): plays on the suit chains, borrowing and lending.

Moves (docs/games/bieqi.md "Move notation"): ``play 8♠``, ``play BJ for ♦8`` (活王, the joker
standing for a position, written suit first because it names a place, not a card),
``borrow`` (no legal card, §4.4) and ``lend 3♣`` (the 上家's answer to a borrow).

Hidden information: each hand is secret; a lent card is known to lender and borrower.  Each
seat keeps a mask ``known`` of cards it knows to be in another hand (a card it lent, until
the borrower lends in turn).  Resampling respects what the public moves reveal: a seat that
borrowed held no legal card at that moment (``forb``: per card, the cards that could not have
stood in its place), see :meth:`BieqiState.sample_hidden`.
"""

from __future__ import annotations

import random
from typing import Any

from ...cards import Card, card_str, cards_json, cards_of, parse_card
from ...deal import Deal
from ...errors import BadCard, CardtableError, IllegalMove, ScenarioError
from ...game import State, relabel_move
from ...i18n import _
from ...moves import Move
from ...scoring import ScoreItem
from ...suitchains import SuitChains, constrained_permutation, parse_position, position_str, seven_distance
from .rules import BieqiOptions

S7 = 6  # 7♠
ALL52 = (1 << 52) - 1


def end_items(winners: list[int], losers: list[int], end_rule: str, dead: int, score_points: bool) -> list[ScoreItem]:
    """§4.4/§4.5/§4.7: the winners +1 and the losers −1 (0 each without ``score_points``);
    ``end_rule`` says why the hand ended, ``dead`` the card whose holder loses."""
    pts = 1 if score_points else 0
    out = []
    for s in winners:
        note = ("another player borrowed while holding a legal card (§4.4)"
                if end_rule == "bieqi:4.4" else "first to have no cards (§4.5)")
        out.append(ScoreItem(s, pts, "bieqi:4.4" if end_rule == "bieqi:4.4" else "bieqi:4.5", note=note))
    for s in losers:
        if end_rule == "bieqi:4.4":
            out.append(ScoreItem(s, -pts, "bieqi:4.4", note="borrowed while holding a legal card"))
        else:
            out.append(ScoreItem(s, -pts, end_rule, (Card(dead),), note=f"holds the dead card {card_str(dead)}"))
    return out


class BieqiState(State):
    _fast_clone = True
    options: BieqiOptions

    def __init__(self, game: Any, options: BieqiOptions, players: int, deal: Deal) -> None:
        super().__init__(game, options, players, deal)
        if deal.stock or deal.discard:
            raise ScenarioError("deal", "憋7 deals every card to the hands (no stock, no discard)")
        self.hands = [sum(1 << c for c in h) for h in deal.hands]
        self.joker = next(c for c in game.pack(players, options) if c >= 52)
        self.chains = SuitChains()
        self.table: list[tuple[int, int]] = []      # (physical card, position) in play order
        self.dead = -1                               # position replaced by the joker (§4.7)
        self.turn = next(s for s in range(players) if self.hands[s] >> S7 & 1)
        self.lender = -1                             # seat that must lend now, -1 if none
        self.borrower = -1
        self.over = False
        self.winners_: list[int] = []
        self.losers: list[int] = []
        self.end_rule = ""
        self.known = [0] * players
        self.forb: dict[int, int] = {}
        # forced_worst lends as (lent card, lender's hand before the lend), for resampling
        self.lends: list[tuple[int, int]] = []

    # --- rules helpers --------------------------------------------------------------------

    def dead_card(self) -> int:
        """The card whose holder loses: the unplayed joker, or the card it replaced (§4.5/§4.7)."""
        return self.dead if self.dead >= 0 else self.joker

    def joker_positions(self) -> int:
        """§4.7 Decision: positions the joker may stand for now (never the opening 7♠)."""
        if not self.table:
            return 0
        return self.chains.playable_mask()

    def natural_mask(self, seat: int) -> int:
        """§4.3: the seat's cards that open a suit (a 7) or extend a chain at either end."""
        if not self.table:
            return self.hands[seat] & (1 << S7)
        return self.hands[seat] & self.chains.playable_mask() & ~(1 << self.dead if self.dead >= 0 else 0)

    def has_legal(self, seat: int) -> bool:
        """§4.3/§4.7: a natural legal card, or (活王) the joker with a position open."""
        if self.natural_mask(seat):
            return True
        o = self.options
        return (o.live_joker and o.live_joker_counts_as_playable and self.dead < 0
                and bool(self.hands[seat] >> self.joker & 1) and bool(self.joker_positions()))

    def _forbid_now(self) -> int:
        """Cards that would have made a play possible now (for resampling after a borrow)."""
        m = self.chains.playable_mask() if self.table else 1 << S7
        if self.dead >= 0:
            m &= ~(1 << self.dead)
        o = self.options
        if (o.live_joker and o.live_joker_counts_as_playable and self.dead < 0
                and self.joker_positions()):
            m |= 1 << self.joker
        return m

    def lendable(self, seat: int) -> int:
        """§4.4: any card (free), or the joker first, else the cards farthest from 7."""
        hand = self.hands[seat]
        if self.options.lend_policy == "free" or not hand:
            return hand
        if hand >> self.joker & 1:
            return 1 << self.joker
        far = max(seven_distance(c) for c in cards_of(hand))
        return sum(1 << c for c in cards_of(hand) if seven_distance(c) == far)

    # --- whose turn ----------------------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        if self.over:
            return ()
        return (self.lender,) if self.lender >= 0 else (self.turn,)

    @property
    def is_over(self) -> bool:
        return self.over

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        movers = self.to_move()
        if seat is None:
            if not movers:
                return []
            seat = movers[0]
        if seat not in movers:
            return []
        if self.lender >= 0:
            if not self.hands[seat]:
                return [Move("lend")]
            return [Move("lend", (c,)) for c in cards_of(self.lendable(seat))]
        out = [Move("play", (c,)) for c in cards_of(self.natural_mask(seat))]
        o = self.options
        if o.live_joker and self.dead < 0 and self.hands[seat] >> self.joker & 1:
            out += [Move("play", (Card(self.joker),), target=position_str(p))
                    for p in cards_of(self.joker_positions())]
        if not self.has_legal(seat) or o.illegal_borrow == "allow_and_penalise":
            out.append(Move("borrow"))
        return out

    def why_illegal(self, seat: int, move: Move) -> str | None:
        if self.over:
            return _("the deal is over")
        if seat not in self.to_move():
            return _("it is not seat {seat}'s turn", seat=seat + 1)
        hand = self.hands[seat]
        if self.lender >= 0:
            if move.verb != "lend":
                return _("seat {borrower} has borrowed: seat {seat} must lend a card first "
                         "(§4.4), e.g. 'lend <card>'", borrower=self.borrower + 1, seat=seat + 1)
            if move.target is not None or move.groups:
                return _("write a lend as 'lend <card>'")
            if not hand:
                return None if not move.cards else _("you have no card to lend")
            if len(move.cards) != 1:
                return _("lend exactly one card")
            c = move.cards[0]
            if not hand >> c & 1:
                return _("{card} is not in your hand", card=card_str(c))
            if not self.lendable(seat) >> c & 1:
                return _("lend_policy forced_worst: lend the joker if you have it, else a card "
                         "farthest from 7 (§4.4)")
            return None
        if move.verb == "lend":
            return _("nobody has asked to borrow")
        if move.verb == "borrow":
            if move.cards or move.groups or move.target is not None:
                return _("write a borrow as just 'borrow'")
            if self.has_legal(seat) and self.options.illegal_borrow == "forbid":
                if not self.natural_mask(seat):
                    return _("the live joker counts as a legal card: play it for an open position "
                             "(§4.7); borrowing is only for a player with no legal card")
                return _("you hold a legal card and must play it; borrowing is only for a player "
                         "with no legal card (§4.3/§4.4)")
            return None
        if move.verb != "play":
            return _("unknown move {verb}; moves are play, borrow, lend", verb=repr(move.verb))
        if len(move.cards) != 1 or move.groups:
            return _("play exactly one card")
        c = move.cards[0]
        if not hand >> c & 1:
            return _("{card} is not in your hand", card=card_str(c))
        if move.target is not None:
            if c != self.joker or not self.options.live_joker:
                return _("only the joker may stand for another card, and only with live_joker (活王, §4.7)")
            if self.dead >= 0:
                return _("the joker has already been played")
            try:
                pos = parse_position(move.target)
            except BadCard as e:
                return str(e)
            if not self.table:
                return _("the first card must be the real 7♠ (§4.3, §4.7 Decision)")
            if not self.joker_positions() >> pos & 1:
                return _("{position} is not a legal position now (a 7 not yet down or the "
                         "next card at a chain end, §4.7)", position=position_str(pos))
            return None
        if c == self.joker:
            if self.options.live_joker:
                return _("say which card the joker stands for, e.g. 'play BJ for ♦8' (§4.7)")
            return _("the joker is the dead card and can never be played (§4.1)")
        if not self.table and c != S7:
            return _("the holder of 7♠ must open with 7♠ (§4.3)")
        if c == self.dead:
            return _("{card} is dead: the joker took its place (§4.7)", card=card_str(c))
        if not self.chains.can_place(c):
            return _("{card} neither opens a suit nor extends a chain by one (§4.3)", card=card_str(c))
        return None

    # --- carrying out ----------------------------------------------------------------------

    def _play(self, seat: int, move: Move) -> None:
        n = self.players
        if move.verb == "lend":
            self._lend(seat, move)
            return
        if move.verb == "borrow":
            if self.has_legal(seat):           # allow_and_penalise: discovered (§4.4)
                # seed: the offender "is judged the loser" (判为失败); others win only with
                # illegal_borrow_others_win (the spec's reading, Decision D9)
                others = [s for s in range(n) if s != seat]
                self._finish(others if self.options.illegal_borrow_others_win else [], [seat],
                             "bieqi:4.4")
                return
            forbid = self._forbid_now()
            for c in cards_of(self.hands[seat]):
                self.forb[c] = self.forb.get(c, 0) | forbid
            self.borrower, self.lender = seat, (seat - 1) % n
            self._after_move(-1)
            return
        c = move.cards[0]
        pos = parse_position(move.target) if move.target is not None else int(c)
        self.hands[seat] &= ~(1 << c)
        self.chains.place(pos)
        self.table.append((int(c), pos))
        if move.target is not None:
            self.dead = pos
        self._after_move(seat)
        if not self.over:
            self.turn = (seat + 1) % n

    def _lend(self, seat: int, move: Move) -> None:
        n = self.players
        hand_before = self.hands[seat]
        if move.cards:
            c = move.cards[0]
            if self.options.lend_policy == "forced_worst":
                # the lent card was a worst one of this hand: sample_hidden keeps it so
                self.lends.append((int(c), hand_before))
            self.hands[seat] &= ~(1 << c)
            self.hands[self.borrower] |= 1 << c
            for v in range(n):
                self.known[v] &= ~hand_before
            self.known[seat] |= 1 << c
        borrower = self.borrower
        self.lender = self.borrower = -1
        self.turn = (borrower + 1) % n
        if not self.hands[seat] and self.options.out_by_lending_wins:
            self._after_move(seat)
        else:
            self._after_move(-1)

    def _after_move(self, seat: int) -> None:
        """§4.5: the first player with no cards wins; the dead card's holder loses."""
        if seat >= 0 and not self.hands[seat]:
            dead = self.dead_card()
            holder = next((s for s in range(self.players) if self.hands[s] >> dead & 1), None)
            self._finish([seat], [] if holder is None else [holder],
                         "bieqi:4.7" if self.dead >= 0 else "bieqi:4.5")
        elif len(self.history) + 1 >= self.options.max_turns:
            self._finish([], [], "bieqi:4.5")

    def _finish(self, winners: list[int], losers: list[int], rule: str) -> None:
        self.over = True
        self.winners_, self.losers, self.end_rule = winners, losers, rule
        self.lender = self.borrower = -1

    # --- results ---------------------------------------------------------------------------

    def score_items(self) -> list[ScoreItem]:
        if not self.over:
            return []
        return end_items(self.winners_, self.losers, self.end_rule, self.dead_card(), self.options.score_points)

    def winners(self) -> list[int]:
        return list(self.winners_) if self.over else []

    # --- hidden information --------------------------------------------------------------

    def secret_cards(self, seat: int | None) -> list[Card]:
        if self.over:
            return []
        m = 0
        for s in range(self.players):
            if s != seat:
                m |= self.hands[s]
        if seat is not None:
            m &= ~self.known[seat]
        # who holds 7♠ is public: that seat must open (to_move names it, §4.3)
        return cards_of(m & ~(1 << S7))

    def card_places(self) -> dict[str, list[Card]]:
        out = {f"hand{s}": cards_of(h) for s, h in enumerate(self.hands)}
        out["table"] = [Card(c) for c, _ in self.table]
        return out

    def _view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {
            # the joker's name would read as a card token, so it is given as big/little
            "options": {k: v for k, v in self.options.to_dict().items() if k != "joker"},
            "joker": "big" if self.options.joker == "BJ" else "little",
            "hand_sizes": [h.bit_count() for h in self.hands],
            "chains": self.chains.to_json(),
            "table": [card_str(c) if c == p else f"{card_str(c)}={position_str(p)}"
                      for c, p in self.table],
            "dead": position_str(self.dead) if self.dead >= 0 else "joker",
            "turn": self.turn,
        }
        if self.lender >= 0:
            v["borrowing"] = {"borrower": self.borrower, "lender": self.lender}
        if seat is not None:
            v["hand"] = cards_json(cards_of(self.hands[seat]))
            v["known"] = {str(s): cards_json(cards_of(self.hands[s] & self.known[seat]))
                          for s in range(self.players) if s != seat and self.hands[s] & self.known[seat]}
        if self.over:
            v["hands"] = [cards_json(cards_of(h)) for h in self.hands]
            v["winners"], v["losers"] = list(self.winners_), list(self.losers)
        return v

    def log_text(self, viewer: int | None, seat: int, move: Move) -> str:
        """A lent card is shown only to the lender and the borrower (seat + 1), and to them only
        while they know where it is; a third seat never learns which card was lent, not even
        when the card is played later (it cannot tell the borrowed card from his own)."""
        if move.verb == "lend" and move.cards and not self.over:
            if viewer not in (seat, (seat + 1) % self.players) or \
                    move.cards[0] in self.secret_cards(viewer):
                return "lend (a card)"
        return self.move_text(move)

    def sample_hidden(self, seat: int | None, rng: random.Random, tries: int = 100) -> State:
        """A world consistent with ``view(seat)``, in two steps:

        1. :meth:`_reroute_lends`: for every lend the seat did not take part in, the lent card
           is drawn anew among the borrower's cards after the lend, so that the sample does
           not tell which card was lent (also when that card was played later, §4.4);
        2. :meth:`_permute_hidden`: the secret cards are permuted among their places.
        """
        world = self._reroute_lends(seat, rng)
        return world._permute_hidden(seat, rng, tries)

    def _reroute_lends(self, seat: int | None, rng: random.Random) -> BieqiState:
        """Latest first, for each lend unseen by ``seat`` (lent card ``c``, lender L, borrower
        B): draw ``y`` among B's cards just after the lend (``c`` included, meaning no
        change); if ``y != c``, swap ``c`` and ``y`` in the deal and in every move up to and
        including the lend (so L held ``y`` and lent it, B held ``c``; from then on the world
        is the same).  A swap is skipped when ``seat`` saw ``c`` or ``y`` named in a move
        before (a lend it took part in), and kept only if the replay accepts every move."""
        n = self.players
        if self.over:                       # every lend is shown once the deal is over
            return self
        hidden = [i for i, (s, m) in enumerate(self.history)
                  if m.verb == "lend" and m.cards and seat not in (s, (s + 1) % n)]
        world: BieqiState = self
        for i in reversed(hidden):
            lender, move = world.history[i]
            c = int(move.cards[0])
            seen = {int(x) for s, m in world.history[:i] if m.verb == "lend"
                    and seat in (s, (s + 1) % n) for x in m.cards}
            if c in seen:
                continue
            after = world.replay_with(world.deal, world.history[:i + 1])
            assert isinstance(after, BieqiState)
            y = rng.choice(cards_of(after.hands[(lender + 1) % n]))
            if y == c or y in seen:
                continue
            mapping = {c: int(y), int(y): c}
            history = [(s, relabel_move(m, mapping)) for s, m in world.history[:i + 1]]
            try:
                new = world.replay_with(world.deal.relabel(mapping), history + world.history[i + 1:])
            except IllegalMove:
                continue
            assert isinstance(new, BieqiState)
            world = new
        return world

    def _permute_hidden(self, seat: int | None, rng: random.Random, tries: int) -> State:
        """The secret cards are permuted among their places
        (``suitchains.constrained_permutation``) so that every public move stays legal, then the
        history is replayed (which re-checks every move):

        * a seat that borrowed held no card it could have played then (``forb``, §4.4);
        * with ``forced_worst`` every lent card was a worst card of the lender's hand (§4.4).
          A lent card the seat can place keeps its class ``t`` (distance from 7, joker 7) and
          the other secret cards of that hand get classes ≤ t.  For a lent card that is secret
          to the seat, the class ``t`` is *drawn* (a random feasible value, never read from
          the true card): the sample carries no class of any hidden card.
        """
        secret = [int(c) for c in self.secret_cards(seat)]
        if len(secret) < 2:
            return self.clone()
        smask = sum(1 << c for c in secret)
        base = {c: self.forb.get(c, 0) & smask for c in secret}
        by_class = [0] * 8
        for c in secret:
            by_class[seven_distance(c)] |= 1 << c
        above = [sum(by_class[d + 1:]) for d in range(8)]
        lower: dict[int, int] = {}                   # secret lent card -> least feasible class
        groups: dict[int, list[int]] = {}            # secret lent card -> secret co-held cards
        for lent, hand in self.lends:
            others = hand & ~(1 << lent)
            fixed_max = max((seven_distance(c) for c in cards_of(others & ~smask)), default=0)
            if not smask >> lent & 1:
                for h in cards_of(others & smask):
                    base[h] |= above[seven_distance(lent)]
                continue
            lower[lent] = max(lower.get(lent, 0), fixed_max)
            groups.setdefault(lent, []).extend(cards_of(others & smask))
        last: Exception | None = None
        for _try in range(tries):
            forbidden = self._draw_lent_classes(secret, base, smask, by_class, above, lower,
                                                groups, rng)
            if forbidden is None:
                continue
            perm = constrained_permutation(secret, forbidden, rng)
            if perm is None:
                continue
            mapping = {a: b for a, b in perm.items() if a != b}
            try:
                return self.replay_relabelled(mapping)
            except IllegalMove as e:
                last = e
        raise CardtableError(f"could not resample the hidden cards of seat {seat}: {last}")

    @staticmethod
    def _draw_lent_classes(secret: list[int], base: dict[int, int], smask: int,
                           by_class: list[int], above: list[int], lower: dict[int, int],
                           groups: dict[int, list[int]], rng: random.Random) -> dict[int, int] | None:
        """forced_worst: give each secret lent card a random class t (in random order), keeping
        only choices for which a permutation still exists; the lent card then gets a card of
        class t and its co-held secret cards cards of class ≤ t.  None on a dead end."""
        forbidden = dict(base)
        order = list(groups)
        rng.shuffle(order)
        for lent in order:
            classes = [t for t in range(lower[lent], 8) if by_class[t]]
            rng.shuffle(classes)
            for t in classes:
                trial = dict(forbidden)
                trial[lent] |= smask & ~by_class[t]
                for h in groups[lent]:
                    trial[h] |= above[t]
                if constrained_permutation(secret, trial, rng) is not None:
                    forbidden = trial
                    break
            else:
                return None
        return forbidden

    # --- notation ----------------------------------------------------------------------------

    def parse_move(self, text: str, seat: int) -> Move:
        words = text.replace(",", " ").split()
        if not words:
            raise IllegalMove(text, _("empty move; moves are play <card>, borrow, lend <card>"), seat)
        verb = words[0].lower()
        if verb == "borrow" and len(words) == 1:
            return Move("borrow")
        if verb == "lend" and len(words) <= 2:
            return Move("lend", tuple(parse_card(w) for w in words[1:]))
        if verb == "play" and len(words) == 2 and "=" in words[1]:
            words = ["play", *words[1].split("=", 1)]
            words.insert(2, "for")
        if verb == "play" and len(words) == 2:
            return Move("play", (parse_card(words[1]),))
        if verb == "play" and len(words) == 4 and words[2].lower() in ("for", "as"):
            return Move("play", (parse_card(words[1]),), target=position_str(parse_position(words[3])))
        raise IllegalMove(text, _("moves are 'play <card>', 'play <joker> for <position>' (活王), "
                                  "'borrow' and 'lend <card>'"), seat)

    def move_text(self, move: Move) -> str:
        if move.verb == "play" and move.target is not None and move.cards:
            return f"play {card_str(move.cards[0])} for {move.target}"
        if move.verb in ("play", "lend") and move.cards:
            return f"{move.verb} {' '.join(card_str(c) for c in move.cards)}"
        return " ".join([move.verb, *(card_str(c) for c in move.cards)])


