"""捉黑A for the research API (cardtable.rl).

Whole actions: ``pass``, ``reveal``, ``pick <card>`` and one-card ``play``s.  Plays of
several cards (pairs, straights, bombs …), ``give`` and ``return`` take sub-steps: the verb,
the cards one by one (in pack order), commit; the mask allows a card only when some legal
combination holds the cards chosen so far and it."""

from __future__ import annotations

from typing import Any

from ...cards import COPY_STRIDE, Card, cards_of
from ...climbing import (
    BIG,
    BOMB,
    JOKER_BOMB,
    LITTLE,
    NRANKS,
    PAIR,
    SINGLE,
    STRAIGHT,
    TRIPLE,
    Combo,
    beats,
    climb_rank,
    rank_patterns,
)
from ...moves import Move
from ...parts import obsfields as o
from ...parts.encoding import Encoding
from .state import VERBS

PHASES = ("give", "return", "pick", "play", "over")


def encoding(game: Any, players: int, options: Any) -> Encoding:
    p = players
    return Encoding(
        verbs=VERBS,
        card_verbs=("play", "pick"),
        fields=[
            o.cards("hand", "own hand"),
            o.choice("phase", PHASES, "phase one-hot: " + ", ".join(PHASES)),
            o.seat("dealer", p, "dealer (庄家, relative)"),
            o.per_seat_num("hand_sizes", p, 14.0, doc="hand sizes per seat / 14"),
            o.seats("finish_order", p, "seats that went out"),
            o.per_seat_cards("played", p, doc="cards each seat played"),
            o.cards("faceup", "the face-up card"),
            o.seat("first_drawer", p, "first drawer (relative)"),
            o.cards("top", "the combination to beat"),
            o.seat("last_player", p, "who played the combination to beat (relative)"),
            o.seats("passed", p, "seats that passed on it"),
            o.seat("partner", p, "the 庄家's partner once known (relative)"),
            o.choice("partner", ("alone",), "the 庄家 plays alone"),
            o.choice("side", ("zhuangjia", "partner", "opponent"), "own side one-hot"),
            o.per_seat_cards("remaining", p, doc="cards left in hands at the end"),
        ],
        reward_scale=4.0,
        reward_doc="deal points (side result); normalised: minus the mean, / 4",
        fast_fields=fast_fields,
        lazy_moves=first_step,
    )


PASS, REVEAL = Move("pass"), Move("reveal")
_SINGLES = tuple(Combo(SINGLE, 1, r) for r in range(NRANKS))
_SAME_RANK = tuple(tuple(Combo(kind, n, r) for n, kind in ((2, PAIR), (3, TRIPLE), (4, BOMB))) for r in range(NRANKS))
_JOKER_BOMB = Combo(JOKER_BOMB, 2, BIG)
_NO_SEQUENCE = (SINGLE, PAIR, TRIPLE, BOMB, JOKER_BOMB)   # tops no sequence can beat


def first_step(st: Any, seat: int) -> tuple[list[Move], list[str]] | None:
    """The first step of a decision in play (``Encoding.lazy_moves``): the one-card plays
    that beat the table, ``pass``, ``reveal``, and whether any play of several cards does —
    from the hand's rank counts, without listing every pair, straight and bomb with every
    choice of suits (``climbing.plays``), which is done only once ``play`` is chosen.  The
    tribute phases, and a straight that only a straight flush could lift over the table's
    straight (decided card by card), take the general path (None)."""
    if st.phase != "play" or seat != st.turn:
        return None
    by_rank: list[list[Card]] = [[] for _ in range(NRANKS)]
    for c in cards_of(st.hands[seat]):
        by_rank[climb_rank(c)].append(c)
    top = st.top
    whole: list[Move] = []
    for r, cs in enumerate(by_rank):
        if cs and (top is None or beats(_SINGLES[r], top)):
            whole += [_PLAY[c] for c in cs]
    if top is not None:
        whole.append(PASS)
    if st._may_reveal(seat):
        whole.append(REVEAL)
    # pairs, triples and bombs straight from the counts (the usual answer) ...
    for r, cs in enumerate(by_rank):
        if len(cs) >= 2 and (top is None or any(beats(c, top) for c in _SAME_RANK[r][:len(cs) - 1])):
            return whole, ["play"]
    rules = st.crules
    if top is not None and top.kind in _NO_SEQUENCE:
        # ... and above a single, a pair, a triple or a bomb only those or the joker bomb
        jb = rules.joker_pair_bomb and by_rank[LITTLE] and by_rank[BIG] and beats(_JOKER_BOMB, top)
        return whole, (["play"] if jb else [])
    for combo, _need in rank_patterns([len(cs) for cs in by_rank], rules):
        if combo.kind == SINGLE:
            continue
        if top is None or beats(combo, top):
            return whole, ["play"]
        if (combo.kind == STRAIGHT and rules.straight_flush_beats_straight
                and top.kind == STRAIGHT and top.size == combo.size):
            return None
    return whole, []


_PLAY = tuple(Move("play", (Card(c),)) for c in range(COPY_STRIDE))

def fast_fields(st: Any, seat: int, out: Any, layout: Any) -> None:
    """The fields above straight from the state, as they read ``_view``: the view's options
    dict and card texts cost more than the whole observation (tests check they agree)."""
    (hand, phase, dealer, sizes, finish, played, faceup, drawer, top, last, passed, partner, alone,
     side, remaining) = layout.field_starts
    p = st.players
    # one pack (a 54-card pack, jokers included): each card block is written once
    o.flag_mask(out, hand, st.hands[seat])
    out[phase + PHASES.index(st.phase)] = 1.0
    if 0 <= st.dealer < p:
        out[dealer + (st.dealer - seat) % p] = 1.0
    for t in range(p):
        out[sizes + (t - seat) % p] = st.hands[t].bit_count() / 14.0
        if st.played_by[t]:
            o.flag_mask(out, played + ((t - seat) % p) * o.NBASE, st.played_by[t])
    for t in st.finish_order:
        if 0 <= t < p:
            out[finish + (t - seat) % p] = 1.0
    if st.faceup is not None:
        out[faceup + st.faceup % COPY_STRIDE] += 1.0
        d = st.deal.extra.get("first_drawer")
        if isinstance(d, int) and not isinstance(d, bool) and 0 <= d < p:
            out[drawer + (d - seat) % p] = 1.0
    over = st.phase == "over"
    if st.phase == "play" or over:
        if st.top is not None:
            for c in st.top_cards:
                out[top + c % COPY_STRIDE] += 1.0
        if 0 <= st.last_player < p:
            out[last + (st.last_player - seat) % p] = 1.0
        for t in st.passed:
            if 0 <= t < p:
                out[passed + (t - seat) % p] = 1.0
        if st.partner_known(seat):
            if st.partner == st.dealer:
                out[alone] = 1.0
            elif 0 <= st.partner < p:
                out[partner + (st.partner - seat) % p] = 1.0
        out[side + (0 if seat == st.dealer else 1 if seat == st.partner else 2)] = 1.0
    if over:
        for t in range(p):
            if st.hands[t]:
                o.flag_mask(out, remaining + ((t - seat) % p) * o.NBASE, st.hands[t])
