"""The outside yardstick: our gin bots inside OpenSpiel's ``gin_rummy`` engine against
OpenSpiel's own bots.

    python bench/gin_yardstick.py --opponent simple|ismcts|rlcard [--ours medium,hard] [--deals 40]
                                  [--seed 1] [--max-minutes 30] [--target-ms T] [--json]

Each deal runs in OpenSpiel's engine (its legal actions, chance draws and returns) through
``cardtable.rl.openspiel_gin_play``: our bot chooses on a cardtable state kept in lock step
with OpenSpiel's rules, from its seat's view only, and its move is played as the OpenSpiel
actions that make it.  ``--deals N`` is the number of shuffles; each shuffle is played twice
with the seats swapped (duplicate deals), so 2N deals per pairing.

Figures per pairing: margin per deal = OpenSpiel's return for our player (our points minus
theirs: the zero-sum deal score), mean with a normal 95 % CI over shuffles (the two deals of
a shuffle are paired: the unit is their mean); wins, losses, draws per deal; process CPU time
per decision of each side (mean and p99; forced moves, played without asking the bot, are
not counted).

``--opponent ismcts``: OpenSpiel's C++ ``ISMCTSBot`` (one random rollout per simulation,
uct_c 2 as in bench_ismcts.py, most visited action).  It has no time budget, so equal CPU
time per move is had by calibration: each of its moves gets ``target`` × its simulations per
CPU second measured so far in the run, where ``target`` is our bot's mean CPU per decision
so far in the run (seeded by one untimed pilot deal), or ``--target-ms``.  Both means are
printed; on a loaded machine compare them, not wall time.

``--opponent rlcard``: RLCard's ``GinRummyNoviceRuleAgent`` under OpenSpiel's rules (the
translation and what stands in for the decisions RLCard's rules lack:
``openspiel_gin_play.RlcardSide``).  Our options cannot express RLCard's rules (11/10 deal,
no upcard, no layoffs), and RLCard's payoffs are not points, so this is RLCard's agent, not
RLCard's game.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections import Counter
from typing import Any

from cardtable.cards import shuffled
from cardtable.rl import openspiel_gin_play as gp


def split_bots(text: str) -> list[str]:
    """``medium,ismcts:iterations=300,rollout=heuristic`` -> two bots: a ``key=value`` piece
    belongs to the bot before it (as in ``cardtable ladder``)."""
    out: list[str] = []
    for piece in filter(None, (p.strip() for p in text.split(","))):
        if out and "=" in piece and ":" not in piece:
            out[-1] += "," + piece
        else:
            out.append(piece)
    return out


def p99(xs: list[float]) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[max(0, math.ceil(0.99 * len(s)) - 1)]


def order_of(seed: int, k: int) -> list[int]:
    return shuffled(list(range(52)), random.Random(seed * 1_000_003 + k))


def make_opponent(kind: str, ours: gp.OursSide, args: argparse.Namespace, seed: int) -> gp.Side:
    if kind == "simple":
        return gp.SimpleSide()
    if kind == "rlcard":
        return gp.RlcardSide(seed)

    def target() -> float:
        if args.target_ms is not None:
            return args.target_ms / 1000
        return statistics.fmean(ours.cpu)
    return gp.IsmctsSide(target, seed, sims_per_cpu_s=args.prior_rate, uct_c=args.uct_c)


def pilot(name: str, seed: int) -> list[float]:
    """Our bot's CPU per decision over one untimed deal against the simple bot."""
    ours = gp.OursSide(name, seed)
    gp.play(order_of(seed, 10**6), (ours, gp.SimpleSide()))
    return ours.cpu or [0.01]


def pairing(name: str, args: argparse.Namespace, deadline: float) -> dict[str, Any]:
    ours = gp.OursSide(name, args.seed)
    if args.opponent == "ismcts" and args.target_ms is None:
        ours.cpu = pilot(name, args.seed + 1)
        pilot_cpu = list(ours.cpu)
    else:
        pilot_cpu = []
    theirs = make_opponent(args.opponent, ours, args, args.seed + 2)
    per_shuffle: list[float] = []
    margins: list[float] = []
    ends: Counter[str] = Counter()
    mismatches = 0
    t0 = time.perf_counter()
    for k in range(args.deals):
        if time.perf_counter() > deadline:
            break
        order = order_of(args.seed, k)
        pair = []
        for ours_at in (0, 1):
            sides = (ours, theirs) if ours_at == 0 else (theirs, ours)
            out = gp.play(order, sides, deal_no=2 * k + ours_at)
            ends[out.end] += 1
            mismatches += out.mismatches
            pair.append(out.returns[ours_at])
        margins += pair
        per_shuffle.append(statistics.fmean(pair))
        if args.progress:
            print(f"{name} vs {args.opponent}: shuffle {k + 1}/{args.deals} {pair} "
                  f"running mean {statistics.fmean(per_shuffle):+.1f} "
                  f"({time.perf_counter() - t0:.0f} s)", file=sys.stderr, flush=True)
    n = len(per_shuffle)
    mean = statistics.fmean(per_shuffle) if n else 0.0
    half = 1.96 * statistics.stdev(per_shuffle) / math.sqrt(n) if n > 1 else float("nan")
    ours_cpu = ours.cpu[len(pilot_cpu):]
    row: dict[str, Any] = {
        "ours": name, "opponent": theirs.name, "shuffles": n, "deals": len(margins),
        "margin_per_deal": mean, "ci95": [mean - half, mean + half],
        "wins": sum(m > 0 for m in margins), "losses": sum(m < 0 for m in margins),
        "draws": sum(m == 0 for m in margins), "ends": dict(ends), "mismatches": mismatches,
        "ours_refused_by_openspiel": ours.refused,
        "cpu_ms_ours": {"mean": 1000 * statistics.fmean(ours_cpu) if ours_cpu else 0.0,
                        "p99": 1000 * p99(ours_cpu), "decisions": len(ours_cpu)},
        "cpu_ms_theirs": {"mean": 1000 * statistics.fmean(theirs.cpu) if theirs.cpu else 0.0,
                          "p99": 1000 * p99(theirs.cpu), "decisions": len(theirs.cpu)},
        "wall_s": time.perf_counter() - t0,
    }
    if isinstance(theirs, gp.IsmctsSide):
        row["ismcts"] = {"uct_c": theirs.uct_c, "rollouts": 1, "final_policy": "max_visit_count",
                         "sims_mean": statistics.fmean(theirs.sims) if theirs.sims else 0,
                         "sims_per_cpu_s": theirs.rate(),
                         "target": (f"{args.target_ms} ms" if args.target_ms is not None else
                                    f"ours' running mean CPU per decision (pilot: {len(pilot_cpu)} "
                                    f"decisions, {1000 * statistics.fmean(pilot_cpu):.0f} ms)")}
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--opponent", choices=("simple", "ismcts", "rlcard"), default="simple")
    ap.add_argument("--ours", default="medium,hard",
                    help="our bots, comma-separated (levels or e.g. ismcts:iterations=300)")
    ap.add_argument("--deals", type=int, default=40, help="shuffles; each is played twice, seats swapped")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-minutes", type=float, default=60.0,
                    help="stop each pairing after the shuffle running when this is reached")
    ap.add_argument("--target-ms", type=float, default=None,
                    help="ismcts: fixed CPU target per move instead of our bot's running mean")
    ap.add_argument("--prior-rate", type=float, default=1000.0,
                    help="ismcts: simulations per CPU second assumed until 2 s are measured")
    ap.add_argument("--uct-c", type=float, default=2.0)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--progress", action="store_true", help="a line per shuffle on stderr")
    args = ap.parse_args()
    rows = []
    for name in split_bots(args.ours):
        rows.append(pairing(name, args, time.perf_counter() + 60 * args.max_minutes))
    if args.json:
        print(json.dumps({"game": "gin_rummy (OpenSpiel)", "seed": args.seed, "pairings": rows}))
        return
    for r in rows:
        lo, hi = r["ci95"]
        print(f"{r['ours']:28} vs {r['opponent']:20} {r['deals']:4} deals  margin/deal "
              f"{r['margin_per_deal']:+6.1f} [{lo:+.1f}, {hi:+.1f}]  W/L/D {r['wins']}/{r['losses']}/"
              f"{r['draws']}  cpu ms/move ours {r['cpu_ms_ours']['mean']:.1f} (p99 "
              f"{r['cpu_ms_ours']['p99']:.1f}) theirs {r['cpu_ms_theirs']['mean']:.1f} (p99 "
              f"{r['cpu_ms_theirs']['p99']:.1f})  ends {r['ends']}  mismatches {r['mismatches']}")
        if "ismcts" in r:
            i = r["ismcts"]
            print(f"    ISMCTSBot: {i['sims_mean']:.0f} simulations/move on average, "
                  f"{i['sims_per_cpu_s']:.0f} per CPU second; target: {i['target']}")


if __name__ == "__main__":
    main()
