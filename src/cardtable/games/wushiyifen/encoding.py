"""五十一分 for the research API (cardtable.rl).

Whole actions: ``draw``, ``take``, ``show``, ``pass``, ``challenge``, ``declare open|hidden``
and ``throw <card>``; a throw that also declares (``throw 9♠ open``) takes sub-steps:
``throw``, the card, the declaration, commit."""

from __future__ import annotations

from typing import Any

from ...cards import COPY_STRIDE
from ...parts import obsfields as o
from ...parts.encoding import Encoding
from .state import FIXED_MOVES, PHASE_NAMES

KINDS = ("open", "hidden")


def encoding(game: Any, players: int, options: Any) -> Encoding:
    p = players
    return Encoding(
        verbs=("draw", "take", "throw", "declare", "show", "pass", "challenge"),
        card_verbs=("throw",),
        flat_targets={"declare": KINDS},
        target_tokens=KINDS,
        fields=[
            o.cards("hand", "own hand"),
            o.choice("phase", PHASE_NAMES, "phase one-hot: " + ", ".join(PHASE_NAMES)),
            o.seat("dealer", p, "dealer (relative)"),
            o.seat("turn", p, "seat to move (relative)"),
            o.num("stock", 54.0, "stock size / 54"),
            o.per_seat_cards("thrown", p, doc="cards each seat threw"),
            o.cards("set_aside", "cards set aside"),
            o.cards("last_throw", "the last card thrown"),
            o.cards("picked", "the card picked up"),
            o.per_seat_num("hand_sizes", p, 6.0, doc="hand sizes per seat / 6"),
            o.per_seat_cards("known", p, doc="cards known to be in each hand"),
            o.num("threshold", 51.0, "the threshold / 51"),
            o.num("void", 1.0, "1 when the deal is void"),
            o.num("my_value", 51.0, "own hand value / 51"),
            o.num("my_pure", 1.0, "1 when the own hand is pure (one suit)"),
            o.per_seat_cards("revealed", p, doc="hands revealed by a declaration"),
        ],
        reward_scale=10.0,
        reward_doc="deal points; normalised: minus the mean, / 10",
        fast_fields=fast_fields,
        fast_actions=fast_actions,
    )


def fast_actions(st: Any, seat: int, codec: Any) -> list[int] | None:
    """The sorted actions of a decision whose moves are all whole actions: the engine's list
    is made of fixed move objects (``state.FIXED_MOVES``), mapped to actions by identity, so
    the codec skips hashing and sorting out each move.  A declaring throw (sub-steps) is a
    new object: the general path (tests check both at every decision)."""
    ids = codec.scratch.get("wushiyifen.ids")
    if ids is None:
        ids = codec.scratch["wushiyifen.ids"] = {id(m): codec.flat_action(m) for m in FIXED_MOVES}
    try:
        return sorted({ids[id(m)] for m in st.legal_moves(seat)})
    except KeyError:
        return None


def fast_fields(st: Any, seat: int, out: Any, layout: Any) -> None:
    """The fields above straight from the state, as they read ``_view`` (which prints every
    card of the table and rates each revealed hand twice); tests check they agree."""
    (hand, phase, dealer, turn, stock, thrown, aside, last, picked, sizes, known, threshold, void,
     value, pure, revealed) = layout.field_starts
    p = st.players
    nb = o.NBASE
    o.flag_mask(out, hand, st.hands[seat])     # one pack: each card block written once
    if 0 <= st.phase < len(PHASE_NAMES):
        out[phase + st.phase] = 1.0
    if 0 <= st.dealer < p:
        out[dealer + (st.dealer - seat) % p] = 1.0
    if 0 <= st.turn < p:
        out[turn + (st.turn - seat) % p] = 1.0
    out[stock] = (len(st.stock) - st.stock_pos) / 54.0
    # one pack (codes 0..53 are the bases): a card lies in one pile at a time, once
    for t in range(p):
        r = (t - seat) % p
        at = thrown + r * nb
        for c in st.thrown[t]:
            out[at + c] = 1.0
        out[sizes + r] = st.hands[t].bit_count() / 6.0
        if st.known[t]:
            o.flag_mask(out, known + r * nb, st.known[t])
        if st.revealed[t]:
            o.flag_mask(out, revealed + r * nb, st.hands[t])
    for c in st.aside:
        out[aside + c] = 1.0
    if st.last_throw >= 0:
        out[last + st.last_throw % COPY_STRIDE] += 1.0
    if st.picked >= 0:
        out[picked + st.picked % COPY_STRIDE] += 1.0
    out[threshold] = st.options.declare_threshold / 51.0
    out[void] = 1.0 if st.void else 0.0
    r = st.rating(seat)
    out[value] = r.value / 51.0
    out[pure] = 1.0 if r.pure else 0.0
