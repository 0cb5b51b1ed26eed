"""The table of a dummy hand: melds, who placed each card, lay-off legality (B10, B14)."""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import iter_bits
from .meldlogic import MeldShape, MeldTables, layoff_groups, sort_key


@dataclass(slots=True)
class TableMeld:
    """One meld on the table (B10: never rearranged).  ``original`` = the cards it was created
    with; later lay-offs are told apart for ``layoff_chain_allowed = False`` (B14)."""

    creator: int
    mask: int
    original: int
    turn: int
    anchor: int

    def copy(self) -> TableMeld:
        return TableMeld(self.creator, self.mask, self.original, self.turn, self.anchor)

    def cards(self) -> list[int]:
        return sorted(iter_bits(self.mask), key=sort_key)


def anchor_of(mask: int) -> int:
    """The card that names a meld in move text: its lowest card (rank, then suit)."""
    return min(iter_bits(mask), key=sort_key)


def open_ends(meld: TableMeld, shape: MeldShape, chain: bool) -> tuple[bool, bool]:
    """B14: which ends take lay-offs.  Without chaining an end is closed once its end card is a
    lay-off (a set takes its fourth card only if all three were there at creation)."""
    if chain:
        return True, True
    if shape.kind == "set":
        return meld.original == meld.mask, False
    lo_card = min(iter_bits(meld.mask), key=lambda c: _slot(shape, c))
    hi_card = max(iter_bits(meld.mask), key=lambda c: _slot(shape, c))
    return bool(meld.original >> lo_card & 1), bool(meld.original >> hi_card & 1)


def _slot(shape: MeldShape, c: int) -> int:
    ri = c % 13
    if ri == 0:
        return 0 if shape.lo == 0 else 13
    return ri


def meld_layoffs(meld: TableMeld, tables: MeldTables, avail: int, chain: bool) -> list[int]:
    """Every lay-off group from ``avail`` onto ``meld`` (B14)."""
    shape = tables.shapes[meld.mask]
    lo, hi = open_ends(meld, shape, chain)
    return layoff_groups(shape, avail, tables.ace_low, lo, hi)


def is_layoff(meld: TableMeld, tables: MeldTables, group: int, chain: bool) -> bool:
    if group == 0 or group & meld.mask:
        return False
    return group in meld_layoffs(meld, tables, group, chain)
