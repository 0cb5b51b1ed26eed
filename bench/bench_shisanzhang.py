"""十三张 (shisanzhang) benchmark: row evaluation rate side by side with ``treys``, and the
auto-arranger's time per hand.

* Row evaluations per second, on the same pre-generated random 5-card rows (and 3-card rows):
  - ``cardtable eval5``: ``handeval.eval5(cards)``, the public function (rank-pattern key
    built from the card codes, one dict lookup, flush test);
  - ``cardtable mask lookup``: what the auto-arranger does per row — the pattern key is a sum
    of 5 precomputed per-card weights and the flush test an AND of suit bits, then one dict
    lookup;
  - ``treys``: ``Evaluator().evaluate(cards[:2], cards[2:])`` on pre-converted treys ints
    (treys' own Cactus-Kev prime-product lookup; pure Python too).
  Each rate is the median of ``--repeats`` rounds; rounds interleave the evaluators.
* Auto-arrange: ``arrange.best_arrangement`` (exact over all splits) on ``--hands`` random
  13-card hands: median, p95 and max milliseconds per hand, and how many backs the branch and
  bound visits.

Run: ``.venv-bench-ssz/bin/python bench/bench_shisanzhang.py`` (treys installed there, see
bench/README.md); without treys its column is skipped.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import cardtable.games.shisanzhang.handeval as he
from cardtable.cards import card_str
from cardtable.games.shisanzhang.arrange import best_arrangement, ev_tables
from cardtable.games.shisanzhang.handeval import eval3, eval5, tables5

try:
    from treys import Card as TreysCard  # type: ignore[import-not-found]
    from treys import Evaluator as TreysEvaluator
except ImportError:  # pragma: no cover - optional
    TreysCard = TreysEvaluator = None


def _rows(n: int, size: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    deck = list(range(52))
    out = []
    for _ in range(n):
        out.append(rng.sample(deck, size))
    return out


def _timed(fn: Callable[[], int]) -> float:
    gc.collect()
    t = time.perf_counter()
    n = fn()
    return n / (time.perf_counter() - t)


def bench_rows(n: int, repeats: int, seed: int) -> dict[str, float]:
    rows5 = _rows(n, 5, seed)
    rows3 = _rows(n, 3, seed + 1)
    plain, flush = tables5()
    weights = [1 << (3 * ((c % 13 + 12) % 13)) for c in range(52)]
    suitbit = [1 << (c // 13) for c in range(52)]
    pre = [([weights[c] for c in r], [suitbit[c] for c in r]) for r in rows5]

    def ours() -> int:
        for r in rows5:
            eval5(r)
        return len(rows5)

    def ours3() -> int:
        for r in rows3:
            eval3(r)
        return len(rows3)

    def lookup() -> int:
        for w, s in pre:
            k = w[0] + w[1] + w[2] + w[3] + w[4]
            _ = flush[k] if s[0] & s[1] & s[2] & s[3] & s[4] else plain[k]
        return len(pre)

    engines: dict[str, Callable[[], int]] = {"cardtable eval5": ours, "cardtable mask lookup": lookup,
                                             "cardtable eval3 (3-card)": ours3}
    if TreysEvaluator is not None:
        ev = TreysEvaluator()

        def to_treys(c: int) -> int:
            text = card_str(c).replace("10", "T")
            suit = "shdc"["♠♥♦♣".index(text[-1])]
            return int(TreysCard.new(text[:-1] + suit))

        trows = [[to_treys(c) for c in r] for r in rows5]

        def treys() -> int:
            for r in trows:
                ev.evaluate(r[:2], r[2:])
            return len(trows)

        engines["treys evaluate (5-card)"] = treys
    rates: dict[str, list[float]] = {k: [] for k in engines}
    for _ in range(repeats):
        for name, fn in engines.items():
            rates[name].append(_timed(fn))
    return {k: statistics.median(v) for k, v in rates.items()}


def bench_arrange(hands: int, seed: int) -> dict[str, Any]:
    ev_tables()               # built once, outside the timing
    rng = random.Random(seed)
    deck = list(range(52))
    times = []
    visited = []
    for _ in range(hands):
        rng.shuffle(deck)
        h = deck[:13]
        t = time.perf_counter()
        a = best_arrangement(h)
        times.append((time.perf_counter() - t) * 1000)
        visited.append(a.visited)
    times.sort()
    return {"hands": hands, "median_ms": statistics.median(times),
            "p95_ms": times[int(0.95 * (len(times) - 1))], "max_ms": times[-1],
            "mean_ms": statistics.fmean(times), "backs_visited_median": statistics.median(visited),
            "backs_visited_max": max(visited)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rows", type=int, default=100_000, help="rows per evaluator per round")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--hands", type=int, default=1000, help="hands for the auto-arranger")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    t = time.perf_counter()
    he._build5(he.WHEEL_LOWEST)         # what the import does: both 5-card tables
    build_s = time.perf_counter() - t
    rows = bench_rows(a.rows, a.repeats, a.seed)
    arr = bench_arrange(a.hands, a.seed)
    result = {"python": sys.version.split()[0], "machine": platform.machine(), "table_build_s": build_s,
              "row_evals_per_s": rows, "auto_arrange": arr}
    if a.json:
        print(json.dumps(result, indent=1))
        return
    print(f"Python {result['python']} ({result['machine']}); tables built in {build_s * 1000:.0f} ms")
    print(f"{'evaluator':32} {'rows/s':>12}")
    base = rows.get("treys evaluate (5-card)")
    for name, rate in rows.items():
        rel = f"  ×{rate / base:.2f} vs treys" if base else ""
        print(f"{name:32} {rate:12,.0f}{rel}")
    print(f"auto-arrange over {arr['hands']} hands: median {arr['median_ms']:.2f} ms, "
          f"p95 {arr['p95_ms']:.2f} ms, max {arr['max_ms']:.2f} ms, mean {arr['mean_ms']:.2f} ms; "
          f"backs visited median {arr['backs_visited_median']}, max {arr['backs_visited_max']} of 1287")


if __name__ == "__main__":
    main()
