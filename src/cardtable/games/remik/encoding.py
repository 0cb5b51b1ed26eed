"""Remik for the research API (cardtable.rl).

Whole actions: ``draw``, ``take``, ``discard <card>`` (one per physical card of the two
packs).  Sub-steps: ``meld`` and ``takemeld`` (``next group`` before each meld's cards, then
one target token per joker: the card it stands for), ``lay`` (cards, the meld id ``m<k>``,
the jokers' stand-ins), ``swap`` (the card, the meld id).

The codec reaches more than ``legal_moves()`` lists (at most 12 openings, 30 melds with one
joker, one-card lay-offs): every single meld, every lay-off of any number of cards and
jokers, and every opening up to a cap (``reach.py``), each judged by ``why_illegal``; the
mask allows only prefixes of those moves, so every path through it ends in a legal move."""

from __future__ import annotations

from typing import Any

from ...cards import COPY_STRIDE, JK, card_str, iter_bits
from ...moves import Move
from ...parts import obsfields as o
from ...parts.encoding import Encoding
from . import notation
from .lazy import first_step
from .reach import MAX_OPENINGS, reachable_moves

PHASES = ("draw", "play")
MAX_MELD_IDS = 40        # 108 cards make at most 36 melds of three
TABLE_MELDS = 16         # table melds the observation tells apart (by id order)


def split_target(target: str) -> tuple[str, ...]:
    """``"m3=10♥ 4♦"`` → ("m3", "=10♥", "=4♦"); ``"=8♥"`` → ("=8♥",); ``"m2"`` → ("m2",)."""
    meld, _, reps = target.partition("=")
    out = [meld] if meld else []
    out += ["=" + r for r in reps.split()]
    return tuple(out)


def encoding(game: Any, players: int, options: Any) -> Encoding:
    p = players
    tokens = tuple(f"m{k}" for k in range(1, MAX_MELD_IDS + 1)) + tuple("=" + card_str(b) for b in range(52))
    return Encoding(
        verbs=("draw", "take", "takemeld", "meld", "lay", "swap", "discard"),
        card_verbs=("discard",),
        target_tokens=tokens,
        split_target=split_target,
        max_groups=4,
        fields=[
            o.cards("hand", "own hand"),
            o.choice("phase", PHASES, "phase one-hot: " + ", ".join(PHASES)),
            o.seat("dealer", p, "dealer (relative)"),
            o.seat("current", p, "seat to move (relative)"),
            o.num("turn", 100.0, "turn number / 100"),
            o.num("stock", 108.0, "stock size / 108"),
            o.cards("discard", "the discard pile"),
            o.cards("discard.-1", "the top discard"),
            o.items("table", TABLE_MELDS, doc=f"table melds m1..m{TABLE_MELDS}, each its cards (a joker "
                    "counts as JK) × 55"),
            o.owned_cards("table", p, doc="table melds by owner (relative) × 55"),
            o.per_seat_num("hand_sizes", p, 14.0, doc="hand sizes per seat / 14"),
            o.per_seat_num("opened", p, doc="seats that have opened (relative)"),
            o.cards("taken", "the discard taken this turn"),
            o.num("must_use_joker", 1.0, "1 when the taken joker must be used"),
            o.num("opening_min", 100.0, "opening minimum / 100"),
            o.num("threshold", 1000.0, "match threshold / 1000"),
        ],
        reward_scale=100.0,
        reward_sign=-1,
        reward_doc="minus the deal's penalty points (Remik scores count against a seat, a lower "
                   "total wins); normalised: minus the mean, / 100",
        moves=reachable_moves,
        lazy_moves=first_step,
        verb_moves=reachable_moves,
        text_move=text_move,
        fast_fields=fast_fields,
        reach_doc="every move of `legal_moves()` and every other single meld (any jokers, a joker in "
                  "place of a held card), every lay-off of one or more cards and jokers onto any table "
                  "meld, and every opening (`meld` or `take meld`) up to "
                  f"{MAX_OPENINGS:,} per decision, each checked by `why_illegal`",
    )


def text_move(view: dict[str, Any], text: str, seat: int) -> Move:
    """A listed move's text without the hand: each written card is its lowest copy."""
    verb, groups, mid = notation.parse_text(text)
    return notation.build_move(verb, groups, mid, notation.lowest_copies(groups))


_BASE = tuple(JK if c % COPY_STRIDE >= 52 else c % COPY_STRIDE for c in range(8 * COPY_STRIDE))


def _counts(out: Any, start: int, codes: Any) -> None:
    base = _BASE
    for c in codes:
        out[start + base[c]] += 1.0


def fast_fields(st: Any, seat: int, out: Any, layout: Any) -> None:
    """The fields above straight from the state (what ``_view`` prints, without building it:
    the view's options dict alone costs more than the whole observation)."""
    (hand, phase, dealer, current, turn, stock, discard, top, items, owned, sizes, opened, taken,
     must, opening, threshold) = layout.field_starts
    p = st.players
    base = _BASE
    _counts(out, hand, iter_bits(st.hands[seat]))
    if not st.over:
        out[phase + PHASES.index(st.phase)] = 1.0
        out[current + (st.current - seat) % p] = 1.0
    out[dealer + (st.dealer - seat) % p] = 1.0
    out[turn] = st.turn / 100.0
    out[stock] = len(st.stock) / 108.0
    _counts(out, discard, st.discard_pile)
    if st.discard_pile:
        out[top + base[st.discard_pile[-1]]] += 1.0
    nb = o.NBASE
    for i, m in enumerate(st.melds):
        at = items + i * nb if i < TABLE_MELDS else -1
        own = owned + ((m.owner - seat) % p) * nb if 0 <= m.owner < p else -1
        for c, _ in m.slots:
            b = base[c]
            if at >= 0:
                out[at + b] += 1.0
            if own >= 0:
                out[own + b] += 1.0
    opened_turn = st.opened_turn
    for t in range(p):
        r = (t - seat) % p
        out[sizes + r] = st.hands[t].bit_count() / 14.0
        out[opened + r] = 1.0 if opened_turn[t] >= 0 else 0.0
    if st.taken >= 0:
        out[taken + base[st.taken]] += 1.0
    out[must] = 1.0 if st.pending else 0.0
    out[opening] = st.opts.opening_min / 100.0
    th = st.opts.threshold(p)
    out[threshold] = (float(th) if th is not None else 0.0) / 1000.0
