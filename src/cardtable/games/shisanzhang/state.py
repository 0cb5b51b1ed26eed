"""One deal of 十三张: a single simultaneous, hidden decision per seat (shisanzhang.md §1.2–§1.5).

Every seat submits once, in any order: ``arrange`` three rows or ``declare`` a special hand.
Until every seat has submitted, a seat sees its own hand and submission and only *whether*
the others have submitted (``view``/``log_text``/``secret_cards``); then all is revealed
(§1.3 "all players reveal simultaneously") and the deal is settled pairwise (scoring.py).

``legal_moves`` cannot list all 72,072 splits of a hand (every split is a legal move: a
fouling arrangement is legal and is punished when scored, §1.2).  It returns a deterministic
bounded list — every special the hand fits, the auto-arranger's split, the strongest-rows
split and up to ``LEGAL_SAMPLE`` other distinct splits drawn from a generator seeded by the
hand — while
``why_illegal`` accepts *every* split of the seat's 13 cards (docs: Decision "legal_moves").
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, cast

from ...cards import Card, card_str, cards_json, make_pack, mask_of
from ...deal import Deal
from ...errors import CardtableError, IllegalMove
from ...game import State
from ...i18n import _, ngettext
from ...moves import Move
from ...scoring import ScoreItem
from . import notation
from .arrange import best_arrangement, greedy_arrangement
from .handeval import rank_of, suit_of
from .rules import ShisanzhangOptions
from .scoring import Showing, describe_showing, settle, show_rows
from .specials import BY_ID, fitting_specials, special_id
from .words import ROW_NAMES

LEGAL_SAMPLE = 24
HIDDEN_TEXT = "submit (hidden)"
ROW_SIZES = (3, 5, 5)


def display_order(cards: Sequence[int]) -> tuple[Card, ...]:
    """Cards high to low (A … 2), ♠ ♥ ♦ ♣ within a rank: how rows and hands are shown."""
    return tuple(Card(c) for c in sorted(cards, key=lambda c: (-rank_of(c), suit_of(c))))


class ShisanzhangState(State):
    _fast_clone = True
    options: ShisanzhangOptions

    _clone_shared_items = frozenset(("fits", "_legal"))

    def __init__(self, game: Any, options: ShisanzhangOptions, players: int, deal: Deal) -> None:
        super().__init__(game, options, players, deal)
        self.hands: list[tuple[Card, ...]] = [display_order(h) for h in deal.hands]
        dealt = {c for h in self.hands for c in h}
        self.out_of_play: list[Card] = [c for c in make_pack() if c not in dealt]
        self.submissions: list[Move | None] = [None] * players
        self.fits: list[list[str]] = [
            fitting_specials(h, options.all_big_min, options.all_small_max) for h in self.hands]
        self._legal: dict[int, list[Move]] = {}
        self._items: list[ScoreItem] | None = None

    # --- whose decision -----------------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        """Every seat that has not submitted yet (a simultaneous decision, §1.2/§1.3)."""
        return tuple(s for s in range(self.players) if self.submissions[s] is None)

    @property
    def is_over(self) -> bool:
        return all(m is not None for m in self.submissions)

    def must_declare(self, seat: int) -> bool:
        """§1.5 config ``auto_declare_special``: a special hand is declared, not arranged."""
        return self.options.auto_declare_special and bool(self.fits[seat])

    # --- moves -----------------------------------------------------------------------------

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        if seat is None:
            movers = self.to_move()
            if len(movers) != 1:
                raise IllegalMove("legal_moves", _("several seats may act; name the seat") if movers
                                  else _("the deal is over"))
            seat = movers[0]
        if seat not in self.to_move():
            return []
        if seat not in self._legal:
            self._legal[seat] = self._bounded_legal(seat)
        return list(self._legal[seat])

    def legal_moves_head(self, seat: int) -> list[Move]:
        """The declarations and the auto-arranger's split: the bots (bots.py) read no
        more, and the samples after them cost about as much again as the arranger."""
        if seat in self._legal or seat not in self.to_move():
            return self.legal_moves(seat)
        out = [Move("declare", target=sid) for sid in self.fits[seat]]
        if self.must_declare(seat):
            return out
        a = best_arrangement(self.hands[seat], self.options.wheel_rank, self.options.strict_ordering)
        return out + [Move("arrange", groups=(display_order(a.front), display_order(a.middle),
                                              display_order(a.back)))]

    def _bounded_legal(self, seat: int) -> list[Move]:
        out = [Move("declare", target=sid) for sid in self.fits[seat]]
        if self.must_declare(seat):
            return out
        hand = self.hands[seat]
        # rows as masks of positions in the hand: the hand is in display order, so a row
        # in display order is its positions in order
        pos: dict[int, int] = {c: i for i, c in enumerate(hand)}
        moves: list[tuple[tuple[Card, ...], ...]] = []
        seen: set[tuple[int, int]] = set()
        for arr in (best_arrangement(hand, self.options.wheel_rank, self.options.strict_ordering),
                    greedy_arrangement(hand, self.options.wheel_rank)):
            key = (sum(1 << pos[c] for c in arr.front), sum(1 << pos[c] for c in arr.middle))
            if key not in seen:
                seen.add(key)
                moves.append((display_order(arr.front), display_order(arr.middle), display_order(arr.back)))
        # random_split(hand, rng) shuffles a copy of the hand; shuffling the positions
        # draws the same numbers and gives the same split
        rng = random.Random(mask_of(hand) * 8 + seat)
        positions = list(range(13))
        shuffle = rng.shuffle
        for _try in range(LEGAL_SAMPLE * 4):
            if len(moves) >= LEGAL_SAMPLE + 2:
                break
            order = positions[:]
            shuffle(order)
            a, b, c, d, e, f, g, h, i, j, k, n, m = order
            key = ((1 << a) | (1 << b) | (1 << c), (1 << d) | (1 << e) | (1 << f) | (1 << g) | (1 << h))
            if key not in seen:
                seen.add(key)
                moves.append((tuple(hand[x] for x in sorted((a, b, c))),
                              tuple(hand[x] for x in sorted((d, e, f, g, h))),
                              tuple(hand[x] for x in sorted((i, j, k, n, m)))))
        return out + [Move("arrange", groups=rows) for rows in moves]

    def _first_legal(self, seat: int) -> Move:
        """``legal_moves(seat)[0]`` without building the rest of the list (resampling)."""
        if seat in self._legal:
            return self._legal[seat][0]
        if self.fits[seat]:
            return Move("declare", target=self.fits[seat][0])
        a = best_arrangement(self.hands[seat], self.options.wheel_rank, self.options.strict_ordering)
        return Move("arrange", groups=(display_order(a.front), display_order(a.middle), display_order(a.back)))

    def why_illegal(self, seat: int, move: Move) -> str | None:
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            return _("there is no seat {seat}", seat=repr(seat))
        if self.is_over:
            return _("the deal is over")
        if self.submissions[seat] is not None:
            return _("seat {seat} has already submitted", seat=seat + 1)
        if move.verb == "arrange":
            return self._why_bad_arrangement(seat, move)
        if move.verb == "declare":
            return self._why_bad_declaration(seat, move)
        return _("unknown move {verb}; moves: 'arrange <3 cards> | <5 cards> | <5 cards>' or "
                 "'declare [special]'", verb=repr(move.verb))

    def _why_bad_arrangement(self, seat: int, move: Move) -> str | None:
        """§1.2: three rows of 3, 5 and 5 cards that are exactly the seat's hand."""
        if move.cards or move.target is not None:
            return _("an arrangement names only its rows: arrange <3 cards> | <5 cards> | <5 cards>")
        if len(move.groups) != 3:
            return _("an arrangement has 3 rows, not {n}", n=len(move.groups))
        sizes = tuple(len(g) for g in move.groups)
        for name, size, want in zip(ROW_NAMES, sizes, ROW_SIZES, strict=True):
            if size != want:
                return ngettext("the {row} holds {n} card, not {want}: the rows must hold 3, 5 and "
                                "5 cards, not {a}, {b} and {c}",
                                "the {row} holds {n} cards, not {want}: the rows must hold 3, 5 and "
                                "5 cards, not {a}, {b} and {c}", size, row=_(name), want=want,
                                a=sizes[0], b=sizes[1], c=sizes[2])
        hand = set(self.hands[seat])
        seen: dict[int, str] = {}
        for name, row in zip(ROW_NAMES, move.groups, strict=True):
            for c in row:
                if c in seen:
                    if seen[c] == name:
                        return _("{card} is named twice (in the {row})", card=card_str(c), row=_(name))
                    return _("{card} is named twice (in the {row} and the {other})", card=card_str(c),
                             row=_(seen[c]), other=_(name))
                seen[c] = name
                if c not in hand:
                    return _("{card} in the {row} is not in your hand", card=card_str(c), row=_(name))
        if self.must_declare(seat):
            names = ", ".join(self.fits[seat])
            return _("this hand is a special hand ({names}) and auto_declare_special is on: declare it",
                     names=names)
        return None

    def _why_bad_declaration(self, seat: int, move: Move) -> str | None:
        """§1.5 + Clarifications: ``declare`` names a special the hand fits (or none)."""
        if move.cards or move.groups:
            return _("declare takes only the name of a special hand, e.g. 'declare liuduiban'")
        fits = self.fits[seat]
        sid = special_id(move.target) if isinstance(move.target, str) else None
        if move.target is not None and sid is None:
            valid = ", ".join(f"{s.id} ({s.chinese})" for s in BY_ID.values())
            return _("unknown special hand {name}; specials: {valid}", name=repr(move.target), valid=valid)
        if not fits:
            return _("this hand fits no special hand (报到); arrange it in three rows")
        if sid is None:
            return None
        if sid not in fits:
            sp = BY_ID[sid]
            return _("the hand is not {special} ({chinese}); it fits: {fits}", special=sp.id,
                     chinese=sp.chinese, fits=", ".join(fits))
        return None

    def _play(self, seat: int, move: Move) -> None:
        self.submissions[seat] = move
        self._legal.pop(seat, None)
        self._items = None

    # --- the showdown ------------------------------------------------------------------

    def showing(self, seat: int) -> Showing:
        """What ``seat`` reveals: a declared special scores as the highest it fits (§1.5)."""
        move = self.submissions[seat]
        if move is None:
            raise CardtableError(f"seat {seat} has not submitted")
        if move.verb == "declare":
            return Showing(seat, special=self.fits[seat][0])
        return show_rows(seat, move.groups, self.options)

    def score_items(self) -> list[ScoreItem]:
        if not self.is_over:
            return []
        if self._items is None:
            self._items = settle([self.showing(s) for s in range(self.players)], self.options)
        return list(self._items)

    # --- what each seat may know ---------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {"submitted": [m is not None for m in self.submissions]}
        if seat is not None:
            own = self.submissions[seat]
            v["hand"] = cards_json(self.hands[seat])
            v["my_submission"] = self.move_text(own) if own is not None else None
            v["specials"] = list(self.fits[seat])
            v["options"] = {"wheel_rank": self.options.wheel_rank,
                            "strict_ordering": self.options.strict_ordering}
        if self.is_over:
            shows = [self.showing(s) for s in range(self.players)]
            v["hands"] = [cards_json(h) for h in self.hands]
            v["showdown"] = [{
                "seat": s.seat, "special": s.special,
                "rows": [cards_json(r) for r in s.rows], "fouled": s.fouled,
                "text": describe_showing(s)} for s in shows]
        return v

    def secret_cards(self, seat: int | None) -> list[Card]:
        """Before the reveal: every card but the seat's own hand; after it: the undealt cards."""
        if self.is_over:
            return list(self.out_of_play)
        own = set(self.hands[seat]) if seat is not None else set()
        return [c for c in self.out_of_play] + [c for h in self.hands for c in h if c not in own]

    def card_places(self) -> dict[str, list[Card]]:
        places = {f"hand {s}": list(h) for s, h in enumerate(self.hands)}
        places["out_of_play"] = list(self.out_of_play)
        return places

    def parse_move(self, text: str, seat: int) -> Move:
        return notation.parse(text, seat)

    def move_text(self, move: Move) -> str:
        return notation.text(move)

    def log_text(self, viewer: int | None, seat: int, move: Move) -> str:
        """Other seats' submissions read as 'submit (hidden)' until everyone has submitted."""
        if self.is_over or viewer == seat:
            return self.move_text(move)
        return HIDDEN_TEXT

    def sample_hidden(self, seat: int | None, rng: random.Random, tries: int = 100) -> State:
        """Deal the secret cards anew and replay.  Before the reveal every other seat's hidden
        submission is replaced by the first listed legal move of its new hand (a fitting special, else the
        auto-arranger's split): the viewer sees only 'submit (hidden)', so the sample is
        consistent with its view, and it carries nothing of what the other seats really chose
        (a relabelled true move would tell a search bot "declared a special" or the shape of
        the rows)."""
        secret = sorted(self.secret_cards(seat))
        if len(secret) < 2:
            return self.clone()
        perm = secret[:]
        rng.shuffle(perm)
        mapping: dict[int, int] = {a: b for a, b in zip(secret, perm, strict=True) if a != b}
        # the game's start() builds a ShisanzhangState (rules.py), typed State on the base Game
        state = cast(ShisanzhangState, self.game.start(self.players, self.options, self.deal.relabel(mapping)))
        hidden = not self.is_over  # once all have submitted, every row is public
        for s, m in self.history:
            m2 = Move(m.verb, m.cards, tuple(tuple(Card(mapping.get(c, c)) for c in g) for g in m.groups),
                      m.target)
            if s != seat and (hidden or state.why_illegal(s, m2) is not None):
                m2 = state._first_legal(s)
            state.apply(m2, s)
        return state
