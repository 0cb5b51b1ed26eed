"""Thai Dummy for the research API (cardtable.rl).

Whole actions: ``draw``, ``pass``, ``show``, ``discard <card>``, ``knock <card>``.  Sub-steps:
``meld`` (its cards one by one, commit), ``take`` (the pile card, then ``next group`` and the
cards of the meld it makes), ``layoff`` (the cards, ``next group``, the table meld's cards);
cards go in pack order, and the mask allows only prefixes of legal moves."""

from __future__ import annotations

from typing import Any

from ...cards import COPY_STRIDE
from ...moves import Move
from ...parts import obsfields as o
from ...parts.encoding import Encoding
from .notation import VERBS, parse

PHASES = ("take", "play", "over")


def _hands(players: int) -> o.Field:
    """Own hand as cards, the others' known cards; plus every hand's size."""
    def read(view: dict[str, Any], me: int, out: o.FloatArray) -> None:
        for s, h in enumerate(view.get("hands") or ()):
            r = (s - me) % players
            known = h.get("known") if isinstance(h, dict) else h
            o.add_cards(out[r * o.NBASE:(r + 1) * o.NBASE], known)
            n = h.get("count", 0) if isinstance(h, dict) else len(h)
            out[players * o.NBASE + r] = n / 15.0
    return o.custom("hands", players * (o.NBASE + 1), read,
                    "per seat (relative): the cards known in its hand (all of the own hand), × 55; "
                    "then each hand's size / 15")


def encoding(game: Any, players: int, options: Any) -> Encoding:
    p = players
    return Encoding(
        verbs=VERBS,
        card_verbs=("discard", "knock"),
        fields=[
            _hands(p),
            o.choice("phase", PHASES, "phase one-hot: " + ", ".join(PHASES)),
            o.seat("starter", p, "the starting seat (relative)"),
            o.num("turn", 100.0, "turn number / 100"),
            o.num("stock_count", 52.0, "stock size / 52"),
            o.cards("head", "the head card (หัว)"),
            o.num("head_in_pile", 1.0, "1 while the head card is in the pile"),
            o.cards("discard_pile", "the discard pile"),
            o.owned_cards("melds", p, doc="table melds by owner (relative) × 55"),
            o.per_seat_num("born", p, doc="seats that have melded (born), relative"),
            o.num("must_knock", 1.0, "1 when this turn must knock"),
            o.num("final_turn", 1.0, "1 on the final turn"),
        ],
        reward_scale=100.0,
        reward_doc="deal points (tabled cards minus cards in hand, bonuses and penalties); "
                   "normalised: minus the mean, / 100",
        text_move=text_move,
        fast_fields=fast_fields,
        lazy_moves=first_step,
    )


def first_step(st: Any, seat: int) -> tuple[list[Move], list[str]] | None:
    """The first step of a decision (``Encoding.lazy_moves``): its whole moves (show, draw
    or pass; the discards and the knock) and whether a pickup, a meld or a lay-off exists
    (the first one found), without listing every one of them with its knock check."""
    if st.over or seat != st.cur:
        return None
    if st.phase == "take":
        whole = st.draw_moves(seat)
        verbs = ["take"] if next(st.pickup_moves(seat), None) is not None else []
    elif st.phase == "play":
        whole = st.turn_end_moves(seat, ordered=False)
        verbs = [v for v, moves in (("meld", st.meld_moves(seat)), ("layoff", st.layoff_moves(seat)))
                 if next(moves, None) is not None]
    else:
        return None
    return (whole, verbs) if whole or verbs else None


def fast_fields(st: Any, seat: int, out: Any, layout: Any) -> None:
    """The fields above straight from the state, as they read ``_view`` (which sorts and
    prints every hand, meld and the options at each call); tests check they agree."""
    (hands, phase, starter, turn, stock, head, head_in, pile, melds, born, must, final) = layout.field_starts
    p = st.players
    nb = o.NBASE
    # one pack: each block below is written once, or with disjoint cards (melds)
    for s in range(p):
        r = (s - seat) % p
        shown = st.hands[s] if st.over or s == seat else st.known[s]
        if shown:
            o.flag_mask(out, hands + r * nb, shown)
        out[hands + p * nb + r] = st.hands[s].bit_count() / 15.0
    if st.phase in PHASES:
        out[phase + PHASES.index(st.phase)] = 1.0
    if 0 <= st.starter < p:
        out[starter + (st.starter - seat) % p] = 1.0
    out[turn] = st.turn / 100.0
    out[stock] = len(st.stock) / 52.0
    out[head + st.head % COPY_STRIDE] += 1.0
    out[head_in] = 1.0 if st.head in st.pile else 0.0
    for c in st.pile:
        out[pile + c] = 1.0
    for m in st.melds:
        if 0 <= m.creator < p:
            o.flag_mask(out, melds + ((m.creator - seat) % p) * nb, m.mask)
    for t in range(p):
        out[born + (t - seat) % p] = 1.0 if st.born[t] else 0.0
    out[must] = 1.0 if st.must_knock else 0.0
    out[final] = 1.0 if st.final_turn else 0.0


def text_move(view: dict[str, Any], text: str, seat: int) -> Move:
    """A listed move's text without the table: its ``on`` names the meld's anchor card."""
    return parse(None, text, seat)
