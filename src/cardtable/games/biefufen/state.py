"""One deal of 憋负分 (biefufen.md §8.2–§8.6): connecting, opening 7s, 扣 face down, wilds.

Moves (docs/games/biefufen.md "Move notation"): ``play 8♠``; ``play 2♥ for ♠6`` (a wild, §8.5
/§8.6, standing for a position, written suit first because it names a place, not a card);
``kou 9♦`` (扣: lay a card face down, also written ``扣 9♦``).

Hidden information: hands and face-down piles are secret (a seat sees its own pile) until the
deal ends.  A 扣 or a 7 opened without connecting tells the table that the seat held no
connecting card then; resampling keeps that (``forb``, :meth:`BiefufenState.sample_hidden`).
"""

from __future__ import annotations

import random
from typing import Any

from ...cards import BJ, LJ, Card, card_str, cards_json, cards_of, parse_card
from ...deal import Deal
from ...errors import BadCard, CardtableError, IllegalMove, ScenarioError
from ...game import State
from ...i18n import _
from ...moves import Move
from ...scoring import ScoreItem
from ...suitchains import SuitChains, constrained_permutation, parse_position, position_str, seven_distance
from .rules import BiefufenOptions

S7 = 6  # 7♠


def card_value(card: int) -> int:
    """§8.4: 7 → 7, 6/8 → 6, ... A/K → 1, jokers → 0 (scored as minus points)."""
    card %= 64
    return 0 if card >= 52 else 7 - seven_distance(card)


def pile_items(piles: list[int], dead: dict[int, int], team: list[int]) -> list[ScoreItem]:
    """§8.4: each face-down card of ``piles`` scores minus its value, ×2 / ×3 when ``dead``
    says a wild (§8.5) or a joker (§8.6) stood for it; every member of the owner's ``team``
    carries it."""
    out = []
    players = len(piles)
    for owner in range(players):
        members = [s for s in range(players) if team[s] == team[owner]]
        for c in cards_of(piles[owner]):
            mult = dead.get(int(c), 1)
            rule = {1: "biefufen:8.4", 2: "biefufen:8.5", 3: "biefufen:8.6"}[mult]
            note = f"face down by seat {owner}" + (f", dead card ×{mult}" if mult > 1 else "")
            for s in members:
                out.append(ScoreItem(s, -mult * card_value(c), rule, (c,), note))
    return out


class BiefufenState(State):
    _fast_clone = True
    options: BiefufenOptions

    def __init__(self, game: Any, options: BiefufenOptions, players: int, deal: Deal) -> None:
        super().__init__(game, options, players, deal)
        if deal.stock or deal.discard:
            raise ScenarioError("deal", "憋负分 deals every card to the hands (no stock, no discard)")
        self.suits = options.suits_in_play(players)
        self.hands = [sum(1 << c for c in h) for h in deal.hands]
        self.piles = [0] * players
        self.chains = SuitChains()
        self.table: list[tuple[int, int]] = []
        self.dead: dict[int, int] = {}           # dead card -> multiplier (2: 2/K, 3: joker)
        self.wilds = 0
        if options.variant != "plain":
            self.wilds = sum(1 << (s * 13 + r) for s in self.suits for r in (1, 12))
        if options.variant == "daiwang":
            self.wilds |= (1 << LJ) | (1 << BJ)
        holder = [s for s in range(players) if self.hands[s] >> S7 & 1]
        if not holder:
            raise ScenarioError("deal.hands", "nobody holds 7♠, which opens the deal (§8.2)")
        self.turn = holder[0]
        self.forb: dict[int, int] = {}
        if options.teams == "alternate":
            half = players // 2
            self.team = [s % half for s in range(players)]
        else:
            self.team = list(range(players))

    # --- rules helpers --------------------------------------------------------------------

    @property
    def dead_mask(self) -> int:
        return sum(1 << c for c in self.dead)

    def connectors(self, seat: int) -> int:
        """§8.3: natural cards that continue a chain at either end."""
        return self.hands[seat] & self.chains.attach_mask() if self.table else 0

    def sevens(self, seat: int) -> int:
        return self.hands[seat] & self.chains.opener_mask(self.suits) if self.table else 0

    def may_open_seven(self, seat: int) -> bool:
        """§8.3 出7: only without a connecting card, unless ``seven_anytime``."""
        return self.options.seven_anytime or not self.connectors(seat)

    def positions(self, seat: int) -> int:
        """Positions a wild may fill now (§8.5 Decision): a chain end, or a 7 when one may be
        opened."""
        if not self.table:
            return 0
        m = self.chains.attach_mask()
        if self.may_open_seven(seat):
            m |= self.chains.opener_mask(self.suits)
        return m

    def usable_wilds(self, seat: int) -> int:
        return self.hands[seat] & self.wilds & ~self.dead_mask

    def _must_play_mask(self) -> int:
        """Cards whose presence in hand forbids 扣 now (§8.3/§8.5 and their config keys)."""
        o = self.options
        m = self.chains.attach_mask()
        if o.seven_anytime or o.must_play_seven_if_no_connect:
            m |= self.chains.opener_mask(self.suits)
        if o.wild_counts_as_playable and self.chains.playable_mask(self.suits):
            m |= self.wilds & ~self.dead_mask
        return m

    def must_play(self, seat: int) -> bool:
        return bool(self.hands[seat] & self._must_play_mask()) if self.table else True

    def natural_plays(self, seat: int) -> int:
        if not self.table:
            return self.hands[seat] & (1 << S7)
        m = self.connectors(seat)
        if self.may_open_seven(seat):
            m |= self.sevens(seat)
        return m

    # --- whose turn ----------------------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        return () if self.is_over else (self.turn,)

    @property
    def is_over(self) -> bool:
        return not any(self.hands)

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        movers = self.to_move()
        if seat is None:
            if not movers:
                return []
            seat = movers[0]
        if seat not in movers:
            return []
        out = [Move("play", (c,)) for c in cards_of(self.natural_plays(seat))]
        pos = self.positions(seat)
        for w in cards_of(self.usable_wilds(seat)):
            out += [Move("play", (w,), target=position_str(p)) for p in cards_of(pos) if p != w]
        if self.table and not self.must_play(seat):
            out += [Move("kou", (c,)) for c in cards_of(self.hands[seat])]
        return out

    def why_illegal(self, seat: int, move: Move) -> str | None:
        if self.is_over:
            return _("the deal is over")
        if seat not in self.to_move():
            return _("it is not seat {seat}'s turn", seat=seat + 1)
        if move.verb not in ("play", "kou"):
            return _("unknown move {verb}; moves are play <card>, play <wild> for <position>, "
                     "kou <card>", verb=repr(move.verb))
        if len(move.cards) != 1 or move.groups:
            return (_("play exactly one card") if move.verb == "play"
                    else _("kou exactly one card"))
        c = move.cards[0]
        hand = self.hands[seat]
        if not hand >> c & 1:
            return _("{card} is not in your hand", card=card_str(c))
        if not self.table:
            if move.verb == "play" and move.target is None and c == S7:
                return None
            return _("the first card must be 7♠, laid by its holder (§8.2)")
        if move.verb == "kou":
            if move.target is not None:
                return _("write 扣 as 'kou <card>'")
            if self.must_play(seat):
                if self.connectors(seat):
                    return _("you can connect, so you must (§8.3); 扣 only without a connecting card")
                if self.hands[seat] & self.chains.opener_mask(self.suits):
                    return _("you hold a 7 that must be played (seven_anytime / "
                             "must_play_seven_if_no_connect, §8.3)")
                return _("a wild counts as playable (wild_counts_as_playable, §8.5): play it")
            return None
        if c in self.dead:
            return _("{card} is dead: a wild took its place (§8.5); it can only be laid face down",
                     card=card_str(c))
        if move.target is not None:
            if not self.wilds >> c & 1:
                return _("{card} is not a wild; wilds are 2s and Ks (带2、K) and jokers (带王) "
                         "(§8.5/§8.6)", card=card_str(c))
            try:
                pos = parse_position(move.target)
            except BadCard as e:
                return str(e)
            if pos // 13 not in self.suits:
                return _("{position} is not in play", position=position_str(pos))
            if pos == c % 64:
                return _("play {card} as itself: 'play {card}'", card=card_str(c))
            if not self.positions(seat) >> pos & 1:
                if self.chains.opener_mask(self.suits) >> pos & 1:
                    return _("a 7 may not be opened while you can connect (§8.3): {position}",
                             position=position_str(pos))
                return _("{position} is not the next card at a chain end (§8.5)",
                         position=position_str(pos))
            return None
        if c >= 52:
            return _("say which card the joker stands for, e.g. 'play BJ for ♦8' (§8.6)")
        if not self.chains.can_place(c):
            return _("{card} neither continues a chain at either end nor opens a suit (§8.3)",
                     card=card_str(c))
        if c % 13 == 6 and not self.may_open_seven(seat):
            return _("you can connect, so you may not open {card} now (§8.3 Decision)",
                     card=card_str(c))
        return None

    # --- carrying out ----------------------------------------------------------------------

    def _note_event(self, seat: int, forbid: int) -> None:
        for c in cards_of(self.hands[seat]):
            self.forb[c] = self.forb.get(c, 0) | forbid

    def _play(self, seat: int, move: Move) -> None:
        c = int(move.cards[0])
        if move.verb == "kou":
            self._note_event(seat, self._must_play_mask())
            self.hands[seat] &= ~(1 << c)
            self.piles[seat] |= 1 << c
        else:
            pos = parse_position(move.target) if move.target is not None else c
            if self.table and pos % 13 == 6 and not self.options.seven_anytime:
                self._note_event(seat, self.chains.attach_mask())   # opened: could not connect
            self.hands[seat] &= ~(1 << c)
            self.chains.place(pos)
            self.table.append((c, pos))
            # the real card dies (also one already face down: it counts for its holder,
            # §8.5), unless it is a wild already on the table as a stand-in
            if move.target is not None and any((h | p) >> pos & 1
                                               for h, p in zip(self.hands, self.piles, strict=True)):
                self.dead[pos] = 3 if c >= 52 else 2
        n = self.players
        for k in range(1, n + 1):
            nxt = (seat + k) % n
            if self.hands[nxt]:
                self.turn = nxt
                break

    # --- results ---------------------------------------------------------------------------

    def score_items(self) -> list[ScoreItem]:
        """§8.4: each face-down card scores minus its value; §8.5/§8.6: a dead card ×2 / ×3.
        With teams every member carries the team's cards."""
        return pile_items(self.piles, self.dead, self.team)

    def losers(self) -> list[int]:
        if not self.is_over:
            return []
        sc = self.scores
        if len(set(sc)) == 1:
            return []
        return [s for s, v in enumerate(sc) if v == min(sc)]

    # --- hidden information --------------------------------------------------------------

    def secret_cards(self, seat: int | None) -> list[Card]:
        if self.is_over:
            return []
        m = 0
        for s in range(self.players):
            if s != seat:
                m |= self.hands[s] | self.piles[s]
        return cards_of(m & ~(1 << S7))     # the 7♠ holder is public: he must open

    def card_places(self) -> dict[str, list[Card]]:
        out = {f"hand{s}": cards_of(h) for s, h in enumerate(self.hands)}
        out |= {f"pile{s}": cards_of(p) for s, p in enumerate(self.piles)}
        out["table"] = [Card(c) for c, _ in self.table]
        return out

    def _view(self, seat: int | None) -> dict[str, Any]:
        o = self.options
        v: dict[str, Any] = {
            "options": {"variant": o.variant, "teams": o.teams, "seven_anytime": o.seven_anytime,
                        "must_play_seven_if_no_connect": o.must_play_seven_if_no_connect,
                        "wild_counts_as_playable": o.wild_counts_as_playable},
            "suits": [position_str(s * 13)[0] for s in self.suits],
            "hand_sizes": [h.bit_count() for h in self.hands],
            "pile_sizes": [p.bit_count() for p in self.piles],
            "chains": self.chains.to_json(),
            "table": [card_str(c) if c == p else f"{card_str(c)}={position_str(p)}"
                      for c, p in self.table],
            "dead": {position_str(c): m for c, m in self.dead.items()},
            "turn": self.turn,
        }
        if o.teams != "none":
            v["teams"] = self.team
        if seat is not None:
            v["hand"] = cards_json(cards_of(self.hands[seat]))
            v["pile"] = cards_json(cards_of(self.piles[seat]))
        if self.is_over:
            v["piles"] = [cards_json(cards_of(p)) for p in self.piles]
            v["losers"] = self.losers()
        return v

    def log_text(self, viewer: int | None, seat: int, move: Move) -> str:
        if move.verb == "kou" and viewer != seat and not self.is_over:
            return "kou (face down)"
        return self.move_text(move)

    def sample_hidden(self, seat: int | None, rng: random.Random, tries: int = 100) -> State:
        """A world consistent with ``view(seat)``: secret cards permuted among their places so
        that every 扣 and every 7 opened without connecting stays legal."""
        secret = [int(c) for c in self.secret_cards(seat)]
        if len(secret) < 2:
            return self.clone()
        smask = sum(1 << c for c in secret)
        forbidden = {c: self.forb.get(c, 0) & smask for c in secret}
        last: Exception | None = None
        for _try in range(tries):
            perm = constrained_permutation(secret, forbidden, rng)
            if perm is None:
                break
            mapping = {a: b for a, b in perm.items() if a != b}
            try:
                return self.replay_relabelled(mapping)
            except IllegalMove as e:
                last = e
        raise CardtableError(f"could not resample the hidden cards of seat {seat}: {last}")

    # --- notation ----------------------------------------------------------------------------

    def parse_move(self, text: str, seat: int) -> Move:
        words = text.replace(",", " ").split()
        if not words:
            raise IllegalMove(text, _("empty move; moves are play <card>, play <wild> for "
                                      "<position>, kou <card>"), seat)
        verb = words[0].lower()
        if verb == "扣":
            verb = "kou"
        if verb == "play" and len(words) == 2 and "=" in words[1]:
            a, b = words[1].split("=", 1)
            words = ["play", a, "for", b]
        if verb in ("play", "kou") and len(words) == 2:
            return Move(verb, (parse_card(words[1]),))
        if verb == "play" and len(words) == 4 and words[2].lower() in ("for", "as"):
            return Move("play", (parse_card(words[1]),), target=position_str(parse_position(words[3])))
        raise IllegalMove(text, _("moves are 'play <card>', 'play <wild> for <position>' and "
                                  "'kou <card>' (扣)"), seat)

    def move_text(self, move: Move) -> str:
        if move.verb == "play" and move.target is not None and move.cards:
            return f"play {card_str(move.cards[0])} for {move.target}"
        return " ".join([move.verb, *(card_str(c) for c in move.cards)])




__all__ = ["BiefufenState", "card_value", "parse_card"]
