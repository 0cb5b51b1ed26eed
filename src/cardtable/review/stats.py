"""Paired differences and their 95 % (or 99 %) confidence intervals (standard library only).

The review states 95 % intervals; the puzzles (:mod:`cardtable.puzzles`) keep a position only
when the best move's margin has a 99 % interval above 0 (:func:`paired` with ``level=0.99``)."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054
Z99 = 2.5758293035489004
#: the table's quantiles where the expansion is poor
SMALL_DF = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776}
#: the same for the two-sided 99 % quantile
SMALL_DF99 = {1: 63.657, 2: 9.925, 3: 5.841, 4: 4.604}


def t95(df: int) -> float:
    """The two-sided 95 % quantile of Student's t with ``df`` degrees of freedom, by the
    Cornish–Fisher expansion (within 0.2 % of the table from 5 degrees of freedom on; the table below that)."""
    if df <= 0:
        return math.inf
    if df in SMALL_DF:
        return SMALL_DF[df]
    z = Z95
    g1 = (z ** 3 + z) / 4
    g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96
    g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384
    return z + g1 / df + g2 / df ** 2 + g3 / df ** 3


def t99(df: int) -> float:
    """The two-sided 99 % quantile of Student's t with ``df`` degrees of freedom: the
    Cornish–Fisher expansion to the fourth term (within 0.1 % of the table from 5 degrees of
    freedom on; the table below that)."""
    if df <= 0:
        return math.inf
    if df in SMALL_DF99:
        return SMALL_DF99[df]
    z = Z99
    g1 = (z ** 3 + z) / 4
    g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96
    g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384
    g4 = (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160
    return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4


#: the two-sided quantile of Student's t per confidence level :func:`paired` accepts
QUANTILES = {0.95: t95, 0.99: t99}


def mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def paired(a: Sequence[float], b: Sequence[float], level: float = 0.95) -> tuple[float, float, float]:
    """The mean of ``a − b`` (paired, world by world, over the worlds both have: the first
    ``min(len(a), len(b))``) and its interval (lo, hi) at ``level`` (0.95 or 0.99)."""
    if level not in QUANTILES:
        raise ValueError(f"level must be one of {sorted(QUANTILES)}, not {level!r}")
    n = min(len(a), len(b))
    if n == 0:
        return 0.0, -math.inf, math.inf
    d = [x - y for x, y in zip(a, b, strict=False)][:n]
    m = sum(d) / n
    if n < 2:
        return m, -math.inf, math.inf
    var = sum((x - m) ** 2 for x in d) / (n - 1)
    half = QUANTILES[level](n - 1) * math.sqrt(var / n)
    return m, m - half, m + half


def upper_bound(a: Sequence[float], b: Sequence[float], z: float) -> float:
    """The mean of ``a − b`` plus ``z`` standard errors (pruning clearly worse moves)."""
    n = min(len(a), len(b))
    if n < 2:
        return math.inf
    d = [a[i] - b[i] for i in range(n)]
    m = sum(d) / n
    var = sum((x - m) ** 2 for x in d) / (n - 1)
    return m + z * math.sqrt(var / n)
