"""End-of-hand scoring, dummy.md §3 S1–S8 with B19–B26, as itemised ScoreItems.

Items per seat: tabled cards (``dummy:S1`` knocker / ``S2`` after a knock / ``S4`` at stock-out),
the head card (``dummy:B26``), hand cards (``S2``/``S4``, negative), the extra for spetos held
(``S6``), dark minus (``S3``), knock card (``B23``, or 100 by ``O1``/``O2``), knock bonus
(``B19``), the multiplier's extra (``B20``/``B21``/``B22``) and, with
``multiplier_applies_to_penalties``, the penalties' extra (``B24``).  Penalties (O3–O9, P1)
are items of their own, charged during the hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import Card, card_str, iter_bits
from ...scoring import ScoreItem
from .meldlogic import SPETO_MASK, card_value, sort_key, suit_of
from .tablemelds import meld_layoffs

if TYPE_CHECKING:
    from .state import DummyState


def head_value(state: DummyState) -> int:
    """B26 / O5: 50 (100 for a speto head) instead of, or on top of, face value."""
    h = state.head
    bonus = 100 if SPETO_MASK >> h & 1 else 50
    mode = state.options.head_value_mode
    if mode == "replace":
        return bonus
    if mode == "add":
        return card_value(h) + bonus
    return card_value(h)


def tabled_value(state: DummyState, seat: int) -> int:
    """T(p) of §3 so far: the value of every card ``seat`` placed, the head per B26."""
    total = 0
    for c in iter_bits(state.tabled[seat]):
        total += head_value(state) if c == state.head else card_value(c)
    return total


def knock_card_fits(state: DummyState) -> bool:
    """O2's question: could the knock card be laid off, as a single card, on a table meld?"""
    k = state.knock_card
    assert k is not None
    chain = state.options.layoff_chain_allowed
    return any((1 << k) in meld_layoffs(m, state.tables, 1 << k, chain) for m in state.melds)


def knock_card_item(state: DummyState, fits: bool | None = None) -> ScoreItem | None:
    """B23 face value; O1 speto knock card = 100; O2 lay-off-able knock card = 100 (not 200).
    ``fits``: O2's answer when it is known (a described end), else asked of the table."""
    o = state.options
    k = state.knock_card
    assert k is not None and state.knocker is not None
    seat = state.knocker
    cards = (Card(k),)
    if o.opt_knock_speto_100 and SPETO_MASK >> k & 1:
        return ScoreItem(seat, 100, "dummy:O1", cards, "speto knock card", state.turn)
    if o.opt_knock_layoff_100 and (knock_card_fits(state) if fits is None else fits):
        return ScoreItem(seat, 100, "dummy:O2", cards, "knock card could be laid off", state.turn)
    if o.knock_card_scores:
        return ScoreItem(seat, card_value(k), "dummy:B23", cards, "knock card", state.turn)
    return None


def _sorted(mask: int) -> tuple[Card, ...]:
    return tuple(Card(c) for c in sorted(iter_bits(mask), key=sort_key))


def hand_items(state: DummyState, knock_fits: bool | None = None) -> list[ScoreItem]:
    """Every seat's items at the hand's end (S1–S6, B19–B26); ``knock_fits`` answers O2 for
    a described end (see :func:`knock_card_item`)."""
    o = state.options
    out: list[ScoreItem] = []
    knock = state.knocker is not None
    for p in range(state.players):
        tabled = state.tabled[p]
        label = "dummy:S1" if p == state.knocker else ("dummy:S2" if knock else "dummy:S4")
        plain = tabled
        t_total = 0
        if o.head_value_mode != "off" and tabled >> state.head & 1:
            plain &= ~(1 << state.head)
            hv = head_value(state)
            t_total += hv
            out.append(ScoreItem(p, hv, "dummy:B26", (Card(state.head),),
                                 f"head card {card_str(state.head)} tabled"))
        pv = sum(card_value(c) for c in iter_bits(plain))
        t_total += pv
        if plain:
            out.append(ScoreItem(p, pv, label, _sorted(plain), "cards tabled"))
        if p == state.knocker:
            out += _knocker_items(state, p, t_total, knock_fits)
            continue
        hand = state.hands[p]
        h = sum(card_value(c) for c in iter_bits(hand))
        if hand:
            out.append(ScoreItem(p, -h, label, _sorted(hand), "cards left in hand"))
        spetos = hand & SPETO_MASK
        extra = 50 * (o.speto_in_hand_multiplier - 1) * spetos.bit_count()
        if extra:
            out.append(ScoreItem(p, -extra, "dummy:S6", _sorted(spetos),
                                 f"speto held counts ×{o.speto_in_hand_multiplier}"))
        dark = tabled == 0 and o.dark_minus and (knock or o.dark_minus_on_stock_out)
        if dark and o.dark_minus_factor > 1 and h + extra:
            out.append(ScoreItem(p, -(o.dark_minus_factor - 1) * (h + extra), "dummy:S3", (),
                                 f"dark minus: tabled nothing, hand counts ×{o.dark_minus_factor}"))
    return out


def _knocker_items(state: DummyState, p: int, t_total: int, knock_fits: bool | None) -> list[ScoreItem]:
    """S1: (T + KC + bonus) × m − Pen (B24 decides what m multiplies)."""
    o = state.options
    out: list[ScoreItem] = []
    kc = knock_card_item(state, knock_fits)
    kc_points = 0
    if kc is not None:
        out.append(kc)
        kc_points = kc.points
    out.append(ScoreItem(p, o.knock_bonus, "dummy:B19", (), "knock bonus", state.turn))
    suits = {suit_of(c) for c in iter_bits(state.tabled[p])}
    colour = len(suits) == 1
    dark = state.knock_dark
    if dark and colour:
        m, rule, name = o.dark_color_multiplier, "dummy:B22", "dark colour knock"
    elif dark:
        m, rule, name = o.dark_multiplier, "dummy:B20", "dark knock"
    elif colour:
        m, rule, name = o.color_multiplier, "dummy:B21", "colour knock"
    else:
        return out
    base = t_total + kc_points + o.knock_bonus if o.multiplier_scope == "knocker_total" else o.knock_bonus
    if m > 1:
        out.append(ScoreItem(p, (m - 1) * base, rule, (), f"{name} ×{m}", state.turn))
    if o.multiplier_applies_to_penalties and m > 1:
        pen = -sum(it.points for it in state.penalties if it.seat == p)
        if pen:
            out.append(ScoreItem(p, -(m - 1) * pen, "dummy:B24", (), f"penalties ×{m}", state.turn))
    return out
