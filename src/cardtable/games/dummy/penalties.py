"""The seed's optional penalties as pure functions (dummy.md §4 O3, O4, O6–O9, P1; §5 C1–C5).

Every function answers one rule's trigger question; the state calls them at the moments §5 C3
names and turns a hit into a ScoreItem.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...cards import iter_bits
from .meldlogic import CLUB2, SPADE_Q, SPETO_MASK, MeldTables, connector, rank_of, speto_groups
from .tablemelds import TableMeld, meld_layoffs


@dataclass(frozen=True, slots=True)
class DiscardEvent:
    """dummy.md §4: discard event e = (card c, discarder X, turn t_e) with P_e, the pile mask
    just before c was added."""

    card: int
    seat: int
    turn: int
    pile_before: int


def in_window(e: DiscardEvent, turn: int, players: int) -> bool:
    """W(e): the turns after t_e up to, not including, X's next turn (the next n−1 turns)."""
    return e.turn < turn < e.turn + players


def ting_mee(card: int, melds: Sequence[TableMeld], tables: MeldTables, chain: bool) -> bool:
    """O3 ทิ้งมี่: the discard could be laid off, as a single card, on some table meld."""
    bit = 1 << card
    return any(bit in meld_layoffs(m, tables, bit, chain) for m in melds)


def ting_tem(card: int, pile_before: int, tables: MeldTables) -> bool:
    """O4 ทิ้งเต็ม: two cards anywhere in P_e make a valid 3-card meld with the discard."""
    bit = 1 << card
    for m in tables.with_card[card]:
        if m.bit_count() == 3 and (m ^ bit) & pile_before == m ^ bit:
            return True
    return False


def pee_hua(e: DiscardEvent, head: int, taken: int, new_melds: Sequence[int], ace_low: bool) -> bool:
    """O6 ทิ้งปี้หัว: the head was in P_e, the discard is its connector, and the pickup turn took
    both and put both in one new meld."""
    c = e.card
    if not e.pile_before >> head & 1 or not connector(head, c, ace_low):
        return False
    both = (1 << head) | (1 << c)
    return taken & both == both and any(m & both == both for m in new_melds)


def pee_speto(e: DiscardEvent, taken: int, new_melds: Sequence[int], ace_low: bool) -> bool:
    """O7 ทิ้งปี้สเปโต: c ∈ R; some d ∈ P_e ∩ R (not both spetos) was taken with c, and one new
    meld holds c, d and a speto (cases 1–3 of the seed)."""
    _, _, _, related = speto_groups(ace_low)
    c = e.card
    cbit = 1 << c
    if not related & cbit or not taken & cbit:
        return False
    for d in iter_bits(e.pile_before & related & taken):
        dbit = 1 << d
        if SPETO_MASK & cbit and SPETO_MASK & dbit:
            continue
        both = cbit | dbit
        if any(m & both == both and m & SPETO_MASK for m in new_melds):
            return True
    return False


def ti_on(e: DiscardEvent, taken: int, new_melds: Sequence[int], ace_low: bool, strict_first: bool,
          lone_speto: bool) -> bool:
    """O8 ตีอ้อน/ตีกร่าง (call only when O7 did not fire): a speto connector c was taken and one
    new meld holds c and a speto.  ``strict_first``: P_e holds no card of c's own speto group.
    ``lone_speto`` (penalize_lone_speto_feed): a speto c itself, melded, also counts."""
    _, _, connectors, _ = speto_groups(ace_low)
    c = e.card
    cbit = 1 << c
    if not taken & cbit:
        return False
    if connectors & cbit:
        if strict_first and e.pile_before & _own_group(c, ace_low):
            return False
        return any(m & cbit and m & SPETO_MASK for m in new_melds)
    if lone_speto and SPETO_MASK & cbit:
        # §4 O8 note: "a speto discarded with no related card in the pile"; under strict_first
        # that is read literally (P_e holds no card of the speto's group), otherwise
        # functionally like O8 (no related pile card ended up in the meld, i.e. O7 did not fire)
        if strict_first and e.pile_before & _own_group(c, ace_low):
            return False
        return any(m & cbit for m in new_melds)
    return False


def _own_group(c: int, ace_low: bool) -> int:
    """c's speto group: {2♣} ∪ C(2♣) or {Q♠} ∪ C(Q♠) (both, if c connects to both); a speto
    belongs to its own group."""
    c2, cq, _, _ = speto_groups(ace_low)
    out = 0
    if c2 >> c & 1 or c == CLUB2:
        out |= c2 | (1 << CLUB2)
    if cq >> c & 1 or c == SPADE_Q:
        out |= cq | (1 << SPADE_Q)
    return out


def speto_laid_on(meld: TableMeld, is_set: bool, group: int, placed_by: dict[int, int],
                  ace_low: bool) -> tuple[int, int] | None:
    """O9 ถูกฝากสเปโต: a lay-off ``group`` holding a speto goes on ``meld`` (its mask before the
    lay-off).  Returns (seat charged Z, the speto) or None.  Set: Z = the set's creator.  Run:
    Z = who placed the old card next to the speto; none next to it = the two-card exemption."""
    sp = group & SPETO_MASK
    if not sp:
        return None
    s = sp.bit_length() - 1
    if is_set:
        return meld.creator, s
    for n in iter_bits(meld.mask):
        if n // 13 == s // 13 and _adjacent(n, s, ace_low):
            return placed_by[n], s
    return None


def _adjacent(a: int, b: int, ace_low: bool) -> bool:
    ra, rb = rank_of(a), rank_of(b)
    if abs(ra - rb) == 1:
        return True
    if ace_low:
        la = 1 if ra == 14 else ra
        lb = 1 if rb == 14 else rb
        return abs(la - lb) == 1
    return False
