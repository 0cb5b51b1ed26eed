"""The auto-arranger of 十三张: the best non-fouling split of 13 cards under a stated objective.

Objective (docs/games/shisanzhang.md, "Auto-arranger"): the expected points of the three rows
against one opponent drawn from an *opponent model* -- the row distributions of random hands
arranged by this arranger itself -- row by row, with the seed's row values (§1.4):

    EV(row value v) = bonus(v) * P(opp row < v) - sum over w > v of P(opp row = w) * bonus(w)

The objective is the sum of the three rows' EV; it treats the opponent's rows as independent
and leaves out scoops, fouls and specials.  The model (``oppmodel.py``, row buckets = category
and the two most significant ranks) was built by self-play iteration: first from 200,000
uniformly random valid (non-fouling) arrangements, then twice from 30,000 hands arranged by
the arranger under the previous model (``python -m cardtable.games.shisanzhang.arrange
--regenerate 200000 random_valid``, then ``--regenerate 30000 auto`` twice).

Search: exact over every split (13 choose 5 backs × 8 choose 5 middles = 72,072), by branch
and bound.  Backs are visited strongest first.  Each row's EV never decreases with the row's
strength, so for a back ``b`` no split does better than
``EV_back(b) + EV_middle(cap) + EV_front(cap')`` where ``cap`` is the weaker of ``b`` and the
strongest 5 cards avoiding some three cards of ``b`` (a middle avoids all five), and ``cap'``
the strongest first row that does not beat ``cap``.  The loop stops when even the loosest
bound (``cap = b``) cannot beat the best split found and skips a back when its bound cannot.
Row values are table lookups on 13-bit masks of the hand's own cards.
"""

from __future__ import annotations

import bisect
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, filterfalse

from .handeval import (
    FULL_HOUSE,
    QUADS,
    STRAIGHT_FLUSH,
    TRIPS,
    VALUE3,
    WHEEL_LOWEST,
    eval3,
    eval5,
    fouls,
    tables5,
)

FULL = (1 << 13) - 1
_BITS = [1 << i for i in range(13)]
_COMB5 = [(*c, sum(_BITS[i] for i in c)) for c in combinations(range(13), 5)]
_COMB3 = [(*c, sum(_BITS[i] for i in c)) for c in combinations(range(13), 3)]
_C83 = list(combinations(range(8), 3))
_MASKS5 = [m for *_, m in _COMB5]
_POS5 = {m: i for i, m in enumerate(_MASKS5)}      # a 5-card mask's place in combinations()
_PAIRS = list(combinations(range(13), 2))
_TRIPLES = list(combinations(range(13), 3))
_MASKS3 = [m for *_, m in _COMB3]                  # the masks of _TRIPLES, in that order
# each 5-subset in combinations() order as (its first two, its last three) by their places
# in _PAIRS and _TRIPLES, and its mask: a subset's pattern key is then one sum
_PAIR_AT = {p: i for i, p in enumerate(_PAIRS)}
_TRIPLE_AT = {t: i for i, t in enumerate(_TRIPLES)}
_COMB5_SPLIT = [(_PAIR_AT[a, b], _TRIPLE_AT[c, d, e], m) for a, b, c, d, e, m in _COMB5]


def _triples_of() -> list[list[int]]:
    """For every 5-card mask (of 13 positions), its ten 3-card sub-masks."""
    out: list[list[int]] = [[] for _ in range(8192)]
    for *idx, m in _COMB5:
        out[m] = [sum(_BITS[i] for i in t) for t in combinations(idx, 3)]
    return out


_TRIPLES_OF = _triples_of()


# --- row bonuses (shisanzhang.md §1.4, seed) --------------------------------------------------

def row_bonus(row: int, value: int) -> int:
    """Points a won row pays, by the *winner's* row type (§1.4). row 0 first, 1 second, 2 third."""
    cat = value >> 20
    if row == 0:
        return 30 if cat == TRIPS else 10
    if row == 1:
        return {STRAIGHT_FLUSH: 100, QUADS: 80, FULL_HOUSE: 20}.get(cat, 10)
    return {STRAIGHT_FLUSH: 50, QUADS: 40}.get(cat, 10)


# --- the opponent model and the EV tables ------------------------------------------------------

_SHIFT = (8, 12, 12)        # bucket = value >> shift (front keeps all 3 ranks, 5-card rows 2)
_WHEEL_BUCKETS = {(4 << 8) | (3 << 4) | 2: (4 << 8) | (11 << 4) | 11,
                  (8 << 8) | (3 << 4) | 2: (8 << 8) | (11 << 4) | 11}


def _ev_table(row: int, wheel: str) -> dict[int, float]:
    from .oppmodel import OPP_ROWS
    hist = OPP_ROWS[("front", "middle", "back")[row]]
    shift = _SHIFT[row]
    if wheel != WHEEL_LOWEST and row:
        hist = {_WHEEL_BUCKETS.get(b, b): n for b, n in hist.items()}
    opp = sorted(hist)
    total = sum(hist.values())
    below = [0.0]            # P(opp < opp[i])
    for b in opp:
        below.append(below[-1] + hist[b] / total)
    above_pay = [0.0] * (len(opp) + 1)   # sum over j >= i of P(opp[j]) * bonus(opp[j])
    for i in range(len(opp) - 1, -1, -1):
        above_pay[i] = above_pay[i + 1] + hist[opp[i]] / total * row_bonus(row, opp[i] << shift)
    if row == 0:
        mine = {v >> shift for v in VALUE3.values()}
    else:
        plain, flush = tables5(wheel)
        mine = {v >> shift for v in plain.values()} | {v >> shift for v in flush.values()}
    out = {}
    for b in mine:
        lo = bisect.bisect_left(opp, b)
        hi = bisect.bisect_right(opp, b)
        out[b] = row_bonus(row, b << shift) * below[lo] - above_pay[hi]
    return out


_EV: dict[str, tuple[dict[int, float], dict[int, float], dict[int, float]]] = {}
_FRONT_STEPS: dict[str, tuple[list[int], list[float]]] = {}


def _front_steps(wheel: str) -> tuple[list[int], list[float]]:
    """Every first-row value in order, with the first-row EV of that value (non-decreasing)."""
    if wheel not in _FRONT_STEPS:
        ef = ev_tables(wheel)[0]
        vals = sorted(set(VALUE3.values()))
        _FRONT_STEPS[wheel] = (vals, [ef[v >> 8] for v in vals])
    return _FRONT_STEPS[wheel]


def ev_tables(wheel: str = WHEEL_LOWEST) -> tuple[dict[int, float], dict[int, float], dict[int, float]]:
    """(front, middle, back) EV by bucket, built on first use (a few milliseconds)."""
    if wheel not in _EV:
        _EV[wheel] = (_ev_table(0, wheel), _ev_table(1, wheel), _ev_table(2, wheel))
    return _EV[wheel]


def objective(front: Sequence[int], middle: Sequence[int], back: Sequence[int],
              wheel: str = WHEEL_LOWEST, strict: bool = False) -> float | None:
    """The auto-arranger's objective for one arrangement; None when it fouls."""
    vf, vm, vb = eval3(front), eval5(middle, wheel), eval5(back, wheel)
    if fouls(vf, vm, vb, strict):
        return None
    ef, em, eb = ev_tables(wheel)
    return ef[vf >> 8] + em[vm >> 12] + eb[vb >> 12]


# --- the search ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Arrangement:
    front: tuple[int, ...]
    middle: tuple[int, ...]
    back: tuple[int, ...]
    score: float            # the objective (expected points per opponent); -inf if it fouls
    visited: int = 0        # backs examined (for the benchmark)


def _rows(cards: Sequence[int], mf: int, mm: int, mb: int) -> tuple[tuple[int, ...], ...]:
    pick = [tuple(sorted((cards[i] for i in range(13) if m >> i & 1), key=_sort_key, reverse=True))
            for m in (mf, mm, mb)]
    return pick[0], pick[1], pick[2]


def _sort_key(c: int) -> tuple[int, int]:
    return ((c % 64 % 13 + 12) % 13, -(c % 64 // 13))


def best_arrangement(cards: Sequence[int], wheel: str = WHEEL_LOWEST, strict: bool = False) -> Arrangement:
    """The exact best non-fouling split of 13 cards under :func:`objective`.

    With ``strict`` ordering a hand may have no non-fouling split; the strongest-rows split
    (:func:`greedy_arrangement`) is returned then, with score -inf.  The rows hold plain
    card codes.  Results are kept for the last hands asked: a deal asks for each hand
    several times (its legal moves, the auto bot, the hint), ~3 ms each.
    """
    if len(cards) != 13 or len(set(cards)) != 13:
        raise ValueError("the auto-arranger needs 13 distinct cards")
    return _best_arrangement(tuple(int(c) for c in cards), wheel, strict)


@lru_cache(maxsize=8)
def _hand5(cards: tuple[int, ...], wheel: str) -> tuple[list[int], list[int], list[float], int, list[int]]:
    """The hand's 5-card rows by 13-bit mask of positions: value, value cut to a 3-card
    row's fields (``trunc5``), middle-row EV, and the mask of the first strongest in
    combinations() order (the greedy back); and the pattern keys of its 3-card subsets
    in _TRIPLES order.  Kept for the last few hands: the exact and
    the greedy arranger of one hand ask in turn."""
    plain, flush = tables5(wheel)
    em_t = ev_tables(wheel)[1]
    w = [1 << (3 * ((c % 64 % 13 + 12) % 13)) for c in cards]
    s = [1 << (c % 64 // 13) for c in cards]
    v5 = [0] * 8192
    t5 = [0] * 8192
    em = [0.0] * 8192
    top = -1
    top_mask = 0
    # every subset valued as unsuited first, then the flushes (subsets of a suit held five
    # or more times) put right: a flush outranks the same ranks unsuited (high card or
    # straight), and only flushes hold flush categories, so only they can take the top
    w2 = [w[a] + w[b] for a, b in _PAIRS]
    w3 = [w[a] + w[b] + w[c] for a, b, c in _TRIPLES]
    for i, j, m in _COMB5_SPLIT:
        v = plain[w2[i] + w3[j]]
        v5[m] = v
        if v > top:
            top, top_mask = v, m
        em[m] = em_t[v >> 12]
        cat = v >> 20
        t5[m] = v & ~0xFF if cat == 0 else v & ~0xFFF if cat == 1 else v & ~0xFFFF if cat == 3 else v
    for bit in (1, 2, 4, 8):
        pos = [i for i in range(13) if s[i] == bit]
        if len(pos) < 5:
            continue
        for a, b, c, d, e in combinations(pos, 5):
            m = _BITS[a] | _BITS[b] | _BITS[c] | _BITS[d] | _BITS[e]
            v = flush[w[a] + w[b] + w[c] + w[d] + w[e]]
            v5[m] = t5[m] = v
            em[m] = em_t[v >> 12]
            if v > top or (v == top and _POS5[m] < _POS5[top_mask]):
                top, top_mask = v, m
    return v5, t5, em, top_mask, w3


_FRONTS: dict[int, list[int]] = {}


def _fronts(rest: int) -> list[int]:
    """The 56 first rows (3-card masks) inside the 8 positions of ``rest``, in the order
    the search visits them (combinations() of the positions); kept once built."""
    p = [bit for bit in _BITS if rest & bit]
    out = _FRONTS[rest] = [p[i] | p[j] | p[k] for i, j, k in _C83]
    return out


_FRONT_CAP: dict[str, dict[int, float]] = {}


def _front_ev_at_most(wheel: str) -> dict[int, float]:
    """The best first-row EV of a value at most ``v``, by ``v`` (a dict filled as asked)."""
    if wheel not in _FRONT_CAP:
        _FRONT_CAP[wheel] = {}
    return _FRONT_CAP[wheel]


@lru_cache(maxsize=1024)
def _best_arrangement(cards: tuple[int, ...], wheel: str, strict: bool) -> Arrangement:
    ef_t, em_t, eb_t = ev_tables(wheel)
    v5, t5, em, _top, w3 = _hand5(cards, wheel)
    front_vals, front_evs = _front_steps(wheel)
    front_cap = _front_ev_at_most(wheel)

    def front_ev_at_most(v: int) -> float:
        x = front_cap.get(v)
        if x is None:
            i = bisect.bisect_right(front_vals, v)
            x = front_cap[v] = front_evs[i - 1] if i else -1e9
        return x

    v3 = [0] * 8192
    ef = [0.0] * 8192
    f1max = -1e9
    for k, m in zip(w3, _MASKS3, strict=True):
        v = VALUE3[k]
        v3[m] = v
        x = ef_t[v >> 8]
        ef[m] = x
        if x > f1max:
            f1max = x
    backs = sorted(_MASKS5, key=v5.__getitem__, reverse=True)
    best = -1e18
    arg = (0, 0, 0)
    visited = 0
    # best_avoid[t]: the strongest 5-subset avoiding the three cards of ``t``; a middle must
    # avoid all five back cards, so it is at most the weakest best_avoid over the back's
    # triples.  Found when first needed (0: not yet; every 5-card value is above 0): the
    # bounds below stop the search after the first few dozen backs.
    best_avoid = [0] * 8192
    for mb in backs:
        vb = v5[mb]
        eb = eb_t[vb >> 12]
        if eb + em_t[vb >> 12] + f1max <= best:
            break               # no later back can do better, even with the loosest bound
        cat = vb >> 20
        if cat < 4:
            # no later middle beats this back, so no later front beats its cut value: if
            # even that bound cannot win, no later back can (the same splits are skipped)
            key = vb & ~0xFF if cat == 0 else vb & ~0xFFF if cat == 1 else vb & ~0xFFFF
            fc = front_cap.get(key)
            if fc is None:
                fc = front_ev_at_most(key)
            if fc < f1max and eb + em_t[vb >> 12] + fc <= best:
                break
        cap = vb
        for t in _TRIPLES_OF[mb]:
            x = best_avoid[t]
            if not x:           # the first back disjoint from t (t & m == 0)
                x = best_avoid[t] = v5[next(filterfalse(t.__and__, backs))]
            if x < cap:
                cap = x
        fcap = f1max
        cat = cap >> 20
        if cat < 4:             # the front may not beat the middle: cap its EV too
            key = cap & ~0xFF if cat == 0 else cap & ~0xFFF if cat == 1 else cap & ~0xFFFF
            fc = front_cap.get(key)
            if fc is None:
                fc = front_ev_at_most(key)
            if fc < fcap:
                fcap = fc
        if eb + em_t[cap >> 12] + fcap <= best:
            continue
        visited += 1
        rest = FULL ^ mb
        fronts = _FRONTS.get(rest)
        if fronts is None:
            fronts = _fronts(rest)
        # the score first: few splits beat the best so far, and only they need the
        # ordering test (a split is taken when it is in order and beats the best)
        for mf in fronts:
            mm = rest ^ mf
            sc = eb + em[mm] + ef[mf]
            if sc > best:
                vm = v5[mm]
                if strict:
                    if vm >= vb or v3[mf] >= t5[mm]:
                        continue
                elif vm > vb or v3[mf] > t5[mm]:
                    continue
                best = sc
                arg = (mf, mm, mb)
    if arg == (0, 0, 0):
        g = greedy_arrangement(cards, wheel)
        return Arrangement(g.front, g.middle, g.back, float("-inf"), visited)
    f, mi, ba = _rows(cards, *arg)
    return Arrangement(f, mi, ba, best, visited)


def greedy_arrangement(cards: Sequence[int], wheel: str = WHEEL_LOWEST) -> Arrangement:
    """Back = the strongest 5 cards, middle = the strongest 5 of the other 8, front = the rest.

    Never fouls under the default (non-strict) ordering: the middle is at least as strong as
    any 5 cards containing the front, which is at least the front row (§1.2 comparison rule).
    """
    idx = range(len(cards))
    if len(cards) == 13:
        # the first strongest 5-subset in combinations() order, as max() below would pick,
        # from the hand's 5-card values by mask (shared with the exact arranger); the same
        # for the middle among the other eight
        v5, _t5, _em, mask, _w3 = _hand5(tuple(int(c) for c in cards), wheel)
        mb = tuple(i for i in idx if mask >> i & 1)
        rest = [i for i in idx if not mask >> i & 1]
        top = -1
        for c in combinations(rest, 5):
            v = v5[_BITS[c[0]] | _BITS[c[1]] | _BITS[c[2]] | _BITS[c[3]] | _BITS[c[4]]]
            if v > top:
                top, mm = v, c
    else:
        mb = max(combinations(idx, 5), key=lambda c: eval5([cards[i] for i in c], wheel))
        rest = [i for i in idx if i not in mb]
        mm = max(combinations(rest, 5), key=lambda c: eval5([cards[i] for i in c], wheel))
    mf = [i for i in rest if i not in mm]
    f, mi, ba = _rows(cards, *(sum(_BITS[i] for i in g) for g in (mf, mm, mb)))
    return Arrangement(f, mi, ba, objective(f, mi, ba, wheel) or float("-inf"))


def random_split(cards: Sequence[int], rng: random.Random) -> tuple[list[int], list[int], list[int]]:
    """A uniformly random split into 3-5-5 (fouling or not)."""
    order = list(cards)
    rng.shuffle(order)
    return order[:3], order[3:8], order[8:]


def random_valid(cards: Sequence[int], rng: random.Random, wheel: str = WHEEL_LOWEST,
                 strict: bool = False, tries: int = 2000) -> tuple[list[int], list[int], list[int]]:
    """A uniformly random non-fouling split (rejection sampling); greedy if none is found."""
    for _ in range(tries):
        f, m, b = random_split(cards, rng)
        if not fouls(eval3(f), eval5(m, wheel), eval5(b, wheel), strict):
            return f, m, b
    g = greedy_arrangement(cards, wheel)
    return list(g.front), list(g.middle), list(g.back)


# --- regenerating the opponent model ------------------------------------------------------------

def sample_opponent_rows(samples: int, seed: int, opponent: str = "random_valid") -> dict[str, dict[int, int]]:
    """Histograms of row buckets of random hands arranged by ``opponent``: ``random_valid`` (a
    uniformly random non-fouling split) or ``auto`` (this arranger with the current model)."""
    rng = random.Random(seed)
    hist: dict[str, dict[int, int]] = {"front": {}, "middle": {}, "back": {}}
    deck = list(range(52))
    for _ in range(samples):
        rng.shuffle(deck)
        if opponent == "auto":
            a = best_arrangement(deck[:13])
            f, m, b = list(a.front), list(a.middle), list(a.back)
        else:
            f, m, b = random_valid(deck[:13], rng)
        for name, v in (("front", eval3(f) >> 8), ("middle", eval5(m) >> 12), ("back", eval5(b) >> 12)):
            hist[name][v] = hist[name].get(v, 0) + 1
    return hist


def _write_model(path: str, samples: int, seed: int, opponent: str) -> None:
    hist = sample_opponent_rows(samples, seed, opponent)
    lines = ['"""Generated by ``python -m cardtable.games.shisanzhang.arrange --regenerate``: do not edit.',
             "",
             f"Row-bucket histograms of {samples} random hands arranged by {opponent!r} (seed {seed}):",
             "the auto-arranger's opponent model (arrange.py).  The shipped model: --regenerate",
             '200000 random_valid, then --regenerate 30000 auto twice."""', "",
             f"SAMPLES = {samples}", f"SEED = {seed}", f"OPPONENT = {opponent!r}",
             "OPP_ROWS: dict[str, dict[int, int]] = {"]
    for name in ("front", "middle", "back"):
        items = sorted(hist[name].items())
        lines.append(f'    "{name}": {{')
        for i in range(0, len(items), 8):
            lines.append("        " + " ".join(f"{k}: {v}," for k, v in items[i:i + 8]))
        lines.append("    },")
    lines.append("}")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")


if __name__ == "__main__":  # pragma: no cover - a maintenance tool
    # --regenerate N [random_valid|auto] [output path]
    if "--regenerate" in sys.argv:
        import os
        args = sys.argv[sys.argv.index("--regenerate") + 1:]
        n = int(args[0]) if args else 200_000
        who = args[1] if len(args) > 1 else "random_valid"
        out = args[2] if len(args) > 2 else os.path.join(os.path.dirname(__file__), "oppmodel.py")
        _write_model(out, n, 2024, who)
