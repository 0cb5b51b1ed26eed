"""The gin differential test at scale: OpenSpiel's ``gin_rummy`` against cardtable's gin.

    .venv/bin/python bench/bench_gin_differential.py [--deals 4000] [--seed 0] [--json]
        [--show 10] [--config default|oklahoma|straight|k5]...

Plays ``--deals`` seeded deals in both engines (bench/openspiel_gin.py), cycling through
OpenSpiel parameter sets and alternating greedy and uniform random play, and reports how many
deals and decisions were compared, how the deals ended, how often each known rule difference
(docs/games/gin.md Part C) explained a difference, and every unexplained mismatch.  Exit
status 1 when there is one.  Needs the ``openspiel`` extra.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from openspiel_gin import CONFIGS, DIFFERENCES, run_many  # noqa: E402

NAMED = {"default": CONFIGS[0], "oklahoma": CONFIGS[1], "straight": CONFIGS[2], "k5": CONFIGS[3]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--config", action="append", choices=sorted(NAMED),
                    help="OpenSpiel parameter sets to cycle through (default: all four)")
    ap.add_argument("--show", type=int, default=10, help="unexplained mismatches to print")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    configs = [NAMED[c] for c in a.config] if a.config else list(CONFIGS)
    t0 = time.perf_counter()
    s = run_many(a.deals, a.seed, configs)
    secs = time.perf_counter() - t0
    out = {"deals": s.deals, "decisions": s.decisions, "seconds": round(secs, 2),
           "configs": configs, "ends": dict(s.ends), "outcomes": dict(s.outcomes),
           "explained": {k: s.explained.get(k, 0) for k in sorted(DIFFERENCES)},
           "unexplained": len(s.mismatches),
           "mismatches": [str(m) for m in s.mismatches[:a.show]]}
    if a.json:
        print(json.dumps(out, indent=2, ensure_ascii=False))
    else:
        print(f"{s.deals} deals, {s.decisions} decisions compared in {secs:.1f} s "
              f"(configs: {', '.join(json.dumps(c) for c in configs)})")
        print("ends:     " + ", ".join(f"{k} {v}" for k, v in s.ends.most_common()))
        print("outcomes: " + ", ".join(f"{k} {v}" for k, v in s.outcomes.most_common()))
        print("known differences (decisions or deals they explained):")
        for k in sorted(DIFFERENCES):
            print(f"  {k}  {s.explained.get(k, 0):6d}  {DIFFERENCES[k].title[:90]}")
        print(f"unexplained mismatches: {len(s.mismatches)}")
        for m in s.mismatches[:a.show]:
            print("  " + str(m))
    return 1 if s.mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
