"""Shared driver utilities for the side-by-side benchmarks in ``bench/``.

A benchmark defines, per engine, one *runner*: a function ``run(games, seed) -> Counts`` that
plays ``games`` seeded random playouts with its own explicit loop and counts what it did.
This module times runners (wall clock ``time.perf_counter``, and ``time.process_time`` as a
second measure that leaves out time spent waiting for a shared CPU), repeats them interleaved
so that load from other processes falls on every engine alike, and prints the table / JSON.  Timing covers the
whole runner call: building each initial state (shuffle and deal), every legal-move query,
the random choice and every move applied.

Nothing here depends on a particular game or engine; ``bench_gin.py`` is the first user.
"""

from __future__ import annotations

import cProfile
import gc
import io
import json
import os
import platform
import pstats
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any


@dataclass
class Counts:
    """What one runner call did: finished games, counted moves, uncounted chance steps."""

    games: int = 0
    moves: int = 0
    chance: int = 0

    def add(self, other: Counts) -> None:
        self.games += other.games
        self.moves += other.moves
        self.chance += other.chance


Runner = Callable[[int, int], Counts]


@dataclass
class EngineResult:
    """All timed repeats of one engine."""

    engine: str
    note: str = ""
    counts: Counts = field(default_factory=Counts)
    seconds: list[float] = field(default_factory=list)     # wall clock, one per repeat
    cpu_seconds: list[float] = field(default_factory=list)  # process CPU time, one per repeat
    games_per_s: list[float] = field(default_factory=list)  # one per repeat
    moves_per_s: list[float] = field(default_factory=list)  # one per repeat
    games_per_cpu_s: list[float] = field(default_factory=list)  # one per repeat

    @property
    def total_seconds(self) -> float:
        return sum(self.seconds)

    @property
    def games_s(self) -> float:
        """Median games/s over the repeats (robust to a repeat slowed by other load)."""
        return statistics.median(self.games_per_s) if self.games_per_s else 0.0

    @property
    def moves_s(self) -> float:
        return statistics.median(self.moves_per_s) if self.moves_per_s else 0.0

    @property
    def games_cpu_s(self) -> float:
        """Median games per CPU second of this process."""
        return statistics.median(self.games_per_cpu_s) if self.games_per_cpu_s else 0.0

    @property
    def moves_per_game(self) -> float:
        return self.counts.moves / self.counts.games if self.counts.games else 0.0

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "engine": self.engine, "games": self.counts.games, "moves": self.counts.moves,
            "chance_steps": self.counts.chance, "seconds": round(self.total_seconds, 4),
            "games_per_s": round(self.games_s, 2), "moves_per_s": round(self.moves_s, 1),
            "moves_per_game": round(self.moves_per_game, 2),
            "games_per_cpu_s": round(self.games_cpu_s, 2),
            "cpu_seconds": round(sum(self.cpu_seconds), 4),
            "games_per_s_repeats": [round(x, 2) for x in self.games_per_s],
        }
        if self.note:
            d["note"] = self.note
        return d


def time_runner(run: Runner, games: int, seed: int) -> tuple[float, float, Counts]:
    """One timed call of ``run``: (wall seconds, CPU seconds, counts).  The garbage collector
    runs before, not during, the call (it stays enabled)."""
    gc.collect()
    c0 = time.process_time()
    t0 = time.perf_counter()
    counts = run(games, seed)
    dt = time.perf_counter() - t0
    cpu = time.process_time() - c0
    if counts.games != games:
        raise RuntimeError(f"runner finished {counts.games} games of {games}")
    return dt, cpu, counts


def run_side_by_side(runners: dict[str, Runner], games: int, seed: int, repeats: int = 3,
                     warmup: int = 3, notes: dict[str, str] | None = None,
                     progress: Callable[[str], None] | None = None) -> list[EngineResult]:
    """Warm every runner up, then time ``repeats`` rounds; each round runs every engine once.

    Repeat ``r`` of every engine uses seed ``seed + r``, so a rerun with the same arguments
    plays the same deals (for engines whose randomness comes from that seed).
    """
    results = {name: EngineResult(name, (notes or {}).get(name, "")) for name in runners}
    for name, run in runners.items():
        if warmup:
            run(warmup, seed + 10_000)   # imports, caches, first-call costs: not timed
            if progress:
                progress(f"{name}: warmed up")
    for r in range(repeats):
        for name, run in runners.items():
            dt, cpu, counts = time_runner(run, games, seed + r)
            res = results[name]
            res.counts.add(counts)
            res.seconds.append(dt)
            res.cpu_seconds.append(cpu)
            res.games_per_s.append(counts.games / dt)
            res.moves_per_s.append(counts.moves / dt)
            res.games_per_cpu_s.append(counts.games / cpu if cpu > 0 else 0.0)
            if progress:
                progress(f"{name}: repeat {r + 1}/{repeats}: {counts.games / dt:,.0f} games/s")
    return list(results.values())


def ratio(a: float, b: float) -> float | None:
    return a / b if b else None


def paired_ratio(a: Sequence[float], b: Sequence[float]) -> float | None:
    """Median over rounds of ``a[r] / b[r]``: engines timed in the same round share that
    round's machine load, so the per-round ratio is steadier than a ratio of medians."""
    pairs = [x / y for x, y in zip(a, b, strict=True) if y]
    return statistics.median(pairs) if pairs else None


def environment() -> dict[str, Any]:
    """Machine facts printed with every result (the machine is shared, so load matters)."""
    try:
        load = [round(x, 2) for x in os.getloadavg()]
    except OSError:
        load = []
    return {"python": sys.version.split()[0], "implementation": platform.python_implementation(),
            "platform": platform.platform(), "cpus": os.cpu_count(), "loadavg": load,
            "time_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}


def package_version(dist: str) -> str | None:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return None


def format_table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A plain-text table: numbers right-aligned, text left-aligned."""
    cells = [[_fmt(v) for v in row] for row in rows]
    widths = [max(len(h), *(len(r[i]) for r in cells)) if cells else len(h)
              for i, h in enumerate(headers)]
    numeric = [all(isinstance(row[i], (int, float)) or row[i] is None for row in rows)
               for i in range(len(headers))]

    def line(vals: Sequence[str]) -> str:
        return "  ".join(v.rjust(w) if num else v.ljust(w)
                         for v, w, num in zip(vals, widths, numeric, strict=True)).rstrip()

    out = [line(list(headers)), line(["-" * w for w in widths])]
    out += [line(r) for r in cells]
    return "\n".join(out)


def _fmt(v: Any) -> str:
    if v is None:
        return "-"
    if isinstance(v, float):
        return f"{v:,.2f}" if abs(v) < 100 else f"{v:,.0f}"
    if isinstance(v, int):
        return f"{v:,}"
    return str(v)


def dump_json(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False)


def profile_call(fn: Callable[[], Any], top: int = 25, sort: str = "tottime") -> str:
    """Run ``fn`` under cProfile; the ``top`` entries by ``sort`` as text."""
    prof = cProfile.Profile()
    prof.enable()
    fn()
    prof.disable()
    buf = io.StringIO()
    stats = pstats.Stats(prof, stream=buf)
    stats.sort_stats(sort).print_stats(top)
    return buf.getvalue()
