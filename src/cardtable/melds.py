"""Rummy meld mechanics on integer bitmasks: sets, runs, deadwood, arrangements, layoffs.

Shared by the rummy games (gin now; dummy and remik can use it with their own rank order).
A *hand* is an ``int`` bitmask over base card codes 0..51 (``cards.py``: ``suit * 13 +
rank_index``, A = 0 … K = 12).  Jokers and second copies are not handled here: a game with
them maps its cards onto base codes or adds its own layer.

API
---
``get_table(ace_low=True, ace_high=False, values=None, min_set=3, max_set=4, min_run=3)``
    the cached :class:`MeldTable` for a rank order and card values (``values``: 52 ints by
    base code; default A = 1, 2–10 pip, J/Q/K = 10, the gin values).  ``ace_low`` allows
    A-2-3, ``ace_high`` allows Q-K-A; both together still never wrap (K-A-2 is no run).

:class:`MeldTable` methods (``m`` is a hand mask):

* ``value(m)`` card points of ``m``; ``max_value(m)``; ``VALUE[c]`` one card's points.
* ``is_set(m)``, ``is_run(m)``, ``is_meld(m)``; ``melds_in(m)`` every meld inside ``m``.
* ``coverage(m)`` the cards of ``m`` that lie in at least one meld inside ``m`` (table
  look-ups, no search); ``m & ~coverage(m)`` is deadwood in every arrangement.
* ``deadwood(m)`` the minimum deadwood over all arrangements of ``m`` (memoised search).
* ``best_partition(m)`` → :class:`Partition` (deadwood, melds, deadwood mask) with a
  deterministic tie-break: cards are taken in code order (♠A … ♣K); for the lowest card
  still open, the melds that start with it are tried longest first (equal length: lower
  mask first), then leaving it unmatched; the first arrangement found with the minimum
  deadwood wins.
* ``discard_options(m, limit)`` the ``(card, deadwood)`` pairs where discarding ``card``
  leaves at most ``limit`` deadwood.  A cheap lower bound (cards in no meld at all) is
  tried first, so most hands are rejected without a search.
* ``check_arrangement(m, groups)`` a reason string when ``groups`` are not disjoint melds
  of ``m``, else None.
* ``layoff_targets(meld, m)`` mask of the cards of ``m`` that could be laid off on ``meld``
  one at a time, with chaining (a run grows at both ends, a set up to ``max_set``);
  ``run_chains(meld, m)`` the (down, up) chains of a run; ``set_additions(meld, m)``;
  ``can_lay_off(card, meld)`` one step.
* ``best_defence(m, table_melds, layoffs=True)`` → :class:`Defence`: the defender's
  minimum deadwood using his own melds and layoffs (with chaining) onto ``table_melds``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product

from .i18n import _

ROW = 0x1FFF          # one suit's 13 ranks
SUIT_SHIFT = (0, 13, 26, 39)
FULL = (1 << 52) - 1
_MEMO_LIMIT = 400_000


def bits(m: int) -> Iterator[int]:
    """The card codes of mask ``m`` in increasing order."""
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


@dataclass(frozen=True, slots=True)
class Partition:
    """An arrangement of a hand: melds (masks) and the unmatched rest."""

    deadwood: int
    melds: tuple[int, ...]
    deadwood_mask: int


@dataclass(frozen=True, slots=True)
class Defence:
    """The defender's best response to a knock (gin.md rules 25–27).

    ``layoffs`` is a list of ``(card, meld index)`` in an order that can be played one by
    one (chains go outwards from the meld); ``melds`` are the defender's own melds.
    """

    deadwood: int
    melds: tuple[int, ...]
    layoffs: tuple[tuple[int, int], ...]
    deadwood_mask: int


def gin_values() -> tuple[int, ...]:
    """A = 1, 2–10 pip value, J/Q/K = 10, for every suit (gin.md rule 3)."""
    return tuple(min(i % 13 + 1, 10) for i in range(52))


class MeldTable:
    """Meld tables for one rank order and one set of card values (see the module doc)."""

    def __init__(self, ace_low: bool = True, ace_high: bool = False,
                 values: Sequence[int] | None = None, min_set: int = 3, max_set: int = 4,
                 min_run: int = 3) -> None:
        if not (ace_low or ace_high):
            raise ValueError("the ace must be low, high or both")
        self.ace_low, self.ace_high = ace_low, ace_high
        self.min_set, self.max_set, self.min_run = min_set, max_set, min_run
        self.VALUE: tuple[int, ...] = tuple(values) if values is not None else gin_values()
        if len(self.VALUE) != 52:
            raise ValueError("values must give 52 card values")
        # run order of rank indexes (positions); with both, the ace sits at both ends
        order = list(range(13)) if ace_low else list(range(1, 13)) + [0]
        if ace_low and ace_high:
            order = list(range(13)) + [0]
        self.order = order
        self._build_rows()
        self._build_melds()
        self._dw_memo: dict[int, int] = {}
        self._part_memo: dict[int, tuple[int, tuple[int, ...]]] = {}

    # --- tables ---------------------------------------------------------------------------

    def _build_rows(self) -> None:
        """Per-suit look-up tables over 13-bit rows: values, max value, run coverage."""
        self._rowval: list[list[int]] = []
        self._rowmax: list[list[int]] = []
        for s in range(4):
            vals = self.VALUE[s * 13:s * 13 + 13]
            if s and vals == self.VALUE[:13]:   # same values as spades: share the tables
                self._rowval.append(self._rowval[0])
                self._rowmax.append(self._rowmax[0])
                continue
            val = [0] * 8192
            mx = [0] * 8192
            for row in range(1, 8192):
                low = row & -row
                v = vals[low.bit_length() - 1]
                rest = row ^ low
                val[row] = val[rest] + v
                m = mx[rest]
                mx[row] = v if v > m else m
            self._rowval.append(val)
            self._rowmax.append(mx)
        windows = []
        for start in range(len(self.order) - self.min_run + 1):
            w = 0
            for r in self.order[start:start + self.min_run]:
                w |= 1 << r
            windows.append(w)
        if self.order == list(range(13)) and self.min_run == 3:   # ace low: shifts do it
            cov = []
            for row in range(8192):
                st = row & (row >> 1) & (row >> 2)
                cov.append(st | (st << 1) | (st << 2))
        else:
            cov = [0] * 8192
            for row in range(8192):
                c = 0
                for w in windows:
                    if row & w == w:
                        c |= w
                cov[row] = c
        self._runcov = cov

    def _build_melds(self) -> None:
        sets: list[int] = []
        for r in range(13):
            for k in range(self.min_set, self.max_set + 1):
                for suits in combinations(range(4), k):
                    sets.append(sum(1 << (s * 13 + r) for s in suits))
        runs: list[int] = []
        n = len(self.order)
        for s in range(4):
            for start in range(n):
                for end in range(start + self.min_run, n + 1):
                    ranks = self.order[start:end]
                    if len(set(ranks)) != len(ranks):
                        continue
                    runs.append(sum(1 << (s * 13 + r) for r in ranks))
        self.sets = tuple(sets)
        self.runs = tuple(sorted(set(runs)))
        self._set_masks = frozenset(sets)
        self._run_masks = frozenset(runs)
        self.melds = self.sets + self.runs
        by_low: list[list[int]] = [[] for _ in range(52)]
        for m in self.melds:
            by_low[(m & -m).bit_length() - 1].append(m)
        self.by_low: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(ms, key=lambda x: (-x.bit_count(), x))) for ms in by_low)

    # --- cheap facts ----------------------------------------------------------------------

    def value(self, m: int) -> int:
        v = self._rowval
        return (v[0][m & ROW] + v[1][(m >> 13) & ROW] + v[2][(m >> 26) & ROW]
                + v[3][(m >> 39) & ROW])

    def max_value(self, m: int) -> int:
        x = self._rowmax
        return max(x[0][m & ROW], x[1][(m >> 13) & ROW], x[2][(m >> 26) & ROW],
                   x[3][(m >> 39) & ROW])

    def coverage(self, m: int) -> int:
        """Cards of ``m`` inside some meld that lies inside ``m``."""
        r0, r1, r2, r3 = m & ROW, (m >> 13) & ROW, (m >> 26) & ROW, (m >> 39) & ROW
        if self.min_set == 3:
            sr = (r0 & r1 & (r2 | r3)) | (r2 & r3 & (r0 | r1))
        else:
            sr = r0 & r1 & r2 & r3
        rc = self._runcov
        return ((rc[r0] | (sr & r0)) | (rc[r1] | (sr & r1)) << 13
                | (rc[r2] | (sr & r2)) << 26 | (rc[r3] | (sr & r3)) << 39)

    def is_set(self, m: int) -> bool:
        return m in self._set_masks

    def is_run(self, m: int) -> bool:
        return m in self._run_masks

    def is_meld(self, m: int) -> bool:
        return m in self._set_masks or m in self._run_masks

    def melds_in(self, m: int) -> list[int]:
        cov = self.coverage(m)
        out = []
        for c in bits(cov):
            for meld in self.by_low[c]:
                if meld & cov == meld:
                    out.append(meld)
        return out

    # --- searches -------------------------------------------------------------------------

    def deadwood(self, m: int) -> int:
        """Minimum deadwood of ``m`` over all arrangements (gin.md rule 6)."""
        memo = self._dw_memo
        r = memo.get(m)
        if r is not None:
            return r
        cov = self.coverage(m)
        if not cov:
            r = self.value(m)
        else:
            rest = cov
            low = rest & -rest
            c = low.bit_length() - 1
            r = self.VALUE[c] + self.deadwood(rest ^ low)
            if r:
                for meld in self.by_low[c]:
                    if meld & rest == meld:
                        v = self.deadwood(rest ^ meld)
                        if v < r:
                            r = v
                            if not v:
                                break
            r += self.value(m & ~cov)
        if len(memo) > _MEMO_LIMIT:
            memo.clear()
        memo[m] = r
        return r

    def _partition(self, m: int) -> tuple[int, tuple[int, ...]]:
        memo = self._part_memo
        hit = memo.get(m)
        if hit is not None:
            return hit
        cov = self.coverage(m)
        dead_value = self.value(m & ~cov)
        if not cov:
            res: tuple[int, tuple[int, ...]] = (dead_value, ())
        else:
            low = cov & -cov
            c = low.bit_length() - 1
            best_v = -1
            best_m: tuple[int, ...] = ()
            for meld in self.by_low[c]:
                if meld & cov == meld:
                    v, ms = self._partition(cov ^ meld)
                    if best_v < 0 or v < best_v:
                        best_v, best_m = v, (meld,) + ms
            v, ms = self._partition(cov ^ low)
            v += self.VALUE[c]
            if best_v < 0 or v < best_v:
                best_v, best_m = v, ms
            res = (best_v + dead_value, best_m)
        if len(memo) > _MEMO_LIMIT:
            memo.clear()
        memo[m] = res
        return res

    def best_partition(self, m: int) -> Partition:
        """A minimum-deadwood arrangement of ``m`` (deterministic; see the module doc)."""
        dw, melds = self._partition(m)
        used = 0
        for x in melds:
            used |= x
        return Partition(dw, melds, m & ~used)

    def discard_options(self, m: int, limit: int) -> list[tuple[int, int]]:
        """``(card, deadwood after discarding it)`` for every card leaving ≤ ``limit``.

        The early rejection fuses ``coverage``, ``value`` and ``max_value`` into one pass
        over the four suit rows: ``iso`` (cards in no meld) is deadwood whatever is melded,
        so if even discarding its highest card leaves more than ``limit``, nothing can."""
        r0, r1, r2, r3 = m & ROW, (m >> 13) & ROW, (m >> 26) & ROW, (m >> 39) & ROW
        if self.min_set == 3:
            sr = (r0 & r1 & (r2 | r3)) | (r2 & r3 & (r0 | r1))
        else:
            sr = r0 & r1 & r2 & r3
        rc = self._runcov
        i0 = r0 & ~(rc[r0] | sr)
        i1 = r1 & ~(rc[r1] | sr)
        i2 = r2 & ~(rc[r2] | sr)
        i3 = r3 & ~(rc[r3] | sr)
        v, x = self._rowval, self._rowmax
        iv = v[0][i0] + v[1][i1] + v[2][i2] + v[3][i3]
        if iv - max(x[0][i0], x[1][i1], x[2][i2], x[3][i3]) > limit:
            return []
        iso = i0 | i1 << 13 | i2 << 26 | i3 << 39
        out = []
        VALUE = self.VALUE
        for c in bits(m):
            bound = iv - VALUE[c] if (iso >> c) & 1 else iv
            if bound > limit:
                continue
            d = self.deadwood(m ^ (1 << c))
            if d <= limit:
                out.append((c, d))
        return out

    def check_arrangement(self, m: int, groups: Sequence[int]) -> str | None:
        """None when ``groups`` are disjoint melds made of cards of ``m``."""
        used = 0
        for g in groups:
            if g & ~m:
                return _("a meld names a card that is not in the hand")
            if g & used:
                return _("a card is used in two melds")
            if not self.is_meld(g):
                return _("a group is neither a set (3–4 of a rank) nor a run (3+ in suit sequence)")
            used |= g
        return None

    # --- laying off -----------------------------------------------------------------------

    def run_span(self, meld: int) -> tuple[int, int, int]:
        """(suit, first position, last position) of a run in the run order."""
        s = (meld & -meld).bit_length() - 1
        suit = s // 13
        row = (meld >> (13 * suit)) & ROW
        n = len(self.order)
        for start in range(n):
            for end in range(start + self.min_run, n + 1):
                ranks = self.order[start:end]
                if len(set(ranks)) == len(ranks) and sum(1 << r for r in ranks) == row:
                    return suit, start, end - 1
        raise ValueError("not a run")

    def run_chains(self, meld: int, m: int) -> tuple[list[int], list[int]]:
        """Cards of ``m`` that extend run ``meld`` downwards and upwards, each list in the
        order they can be laid off one by one (gin.md rule 26, chaining)."""
        suit, lo, hi = self.run_span(meld)
        down: list[int] = []
        p = lo - 1
        while p >= 0:
            c = suit * 13 + self.order[p]
            if not (m >> c) & 1 or (meld >> c) & 1 or c in down:
                break
            down.append(c)
            p -= 1
        up: list[int] = []
        p = hi + 1
        while p < len(self.order):
            c = suit * 13 + self.order[p]
            if not (m >> c) & 1 or (meld >> c) & 1 or c in down or c in up:
                break
            up.append(c)
            p += 1
        return down, up

    def set_additions(self, meld: int, m: int) -> list[int]:
        """Cards of ``m`` that may join set ``meld`` (none once it holds ``max_set``)."""
        if meld.bit_count() >= self.max_set:
            return []
        rank = ((meld & -meld).bit_length() - 1) % 13
        return [s * 13 + rank for s in range(4)
                if (m >> (s * 13 + rank)) & 1 and not (meld >> (s * 13 + rank)) & 1]

    def layoff_targets(self, meld: int, m: int) -> int:
        """Mask of the cards of ``m`` that can be laid off on ``meld`` (with chaining)."""
        if self.is_set(meld):
            cs = self.set_additions(meld, m)
        else:
            down, up = self.run_chains(meld, m)
            cs = down + up
        out = 0
        for c in cs:
            out |= 1 << c
        return out

    def can_lay_off(self, card: int, meld: int) -> bool:
        """Does ``card`` extend ``meld`` by one card right now (gin.md rule 25)?"""
        if (meld >> card) & 1:
            return False
        if self.is_set(meld):
            return bool(self.set_additions(meld, 1 << card))
        down, up = self.run_chains(meld, 1 << card)
        return bool(down or up)

    def best_defence(self, m: int, table_melds: Sequence[int], layoffs: bool = True) -> Defence:
        """Minimum deadwood of ``m`` with own melds plus layoffs (chained) on ``table_melds``.

        Every combination of chain prefixes is tried (few in practice); among equal deadwood
        the fewest cards laid off wins, then the first found.
        """
        per_meld: list[list[tuple[int, tuple[int, ...]]]] = []
        if layoffs:
            for meld in table_melds:
                opts: list[tuple[int, tuple[int, ...]]] = [(0, ())]
                if self.is_set(meld):
                    room = self.max_set - meld.bit_count()
                    singles = self.set_additions(meld, m)
                    for k in range(1, room + 1):
                        for adds in combinations(singles, k):
                            opts.append((sum(1 << c for c in adds), adds))
                else:
                    down, up = self.run_chains(meld, m)
                    for i in range(len(down) + 1):
                        for j in range(len(up) + 1):
                            if i or j:
                                cs = tuple(down[:i]) + tuple(up[:j])
                                opts.append((sum(1 << c for c in cs), cs))
                per_meld.append(opts)
        best: tuple[int, int, tuple[tuple[int, int], ...]] | None = None
        for choice in product(*per_meld):   # product() of nothing yields one empty choice
            laid = 0
            ok = True
            for mask, _size in choice:
                if laid & mask:
                    ok = False
                    break
                laid |= mask
            if not ok:
                continue
            d = self.deadwood(m & ~laid)
            if best is None or d < best[0] or (d == best[0] and laid.bit_count() < best[1].bit_count()):
                lays = tuple((c, i) for i, (_, chain) in enumerate(choice) for c in chain)
                best = (d, laid, lays)
        assert best is not None
        part = self.best_partition(m & ~best[1])
        return Defence(part.deadwood, part.melds, best[2], part.deadwood_mask)


@lru_cache(maxsize=16)
def get_table(ace_low: bool = True, ace_high: bool = False,
              values: tuple[int, ...] | None = None, min_set: int = 3, max_set: int = 4,
              min_run: int = 3) -> MeldTable:
    """The shared, cached :class:`MeldTable` for these rules."""
    return MeldTable(ace_low, ace_high, values, min_set, max_set, min_run)


GIN = get_table()
"""Ace-low, gin card values (gin.md rules 2–6)."""
