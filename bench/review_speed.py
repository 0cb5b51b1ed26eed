"""Time of a review: one seat of a whole deal at the default budget (docs/performance.md).

Deals are played by the game's heuristic against itself from seeded shuffles (gin: two
players; Dummy: four), then ``cardtable.review.review_match`` reviews seat 0 of each whole
deal.  Wall clock (``perf_counter``) and CPU (``process_time``, which leaves out time spent
waiting for a shared CPU) per deal, the number of the seat's decisions, and how many were
forced.  One process (the review's decisions run one after the other).

    python bench/review_speed.py [--deals 5] [--worlds 32] [--games gin,dummy] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from typing import Any

from cardtable.bots import bot_move, make_bot
from cardtable.registry import get_game
from cardtable.review import DEFAULT_WORLDS, Budget, review_match

#: game → players of the timed deals (the targets of issue 29: gin ≤ 20 s, 4-player Dummy ≤ 60 s)
TABLES = {"gin": 2, "dummy": 4}
TARGET_S = {"gin": 20.0, "dummy": 60.0}


def self_play(game_id: str, players: int, seed: int) -> dict[str, Any]:
    """A whole deal of the heuristic against itself, as a scenario object."""
    game = get_game(game_id)
    state = game.new_state(players, game.make_options(None), seed=seed)
    bot = make_bot(game_id, "medium")
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_move()[0]
        state.apply(bot_move(bot, state, seat, rng), seat)
    return state.to_json()


def time_deals(game_id: str, deals: int, worlds: int, seed: int) -> dict[str, Any]:
    rows = []
    for k in range(deals):
        data = self_play(game_id, TABLES[game_id], seed + k)
        wall, cpu = time.perf_counter(), time.process_time()
        review = review_match(data, 0, Budget(worlds=worlds), seed=1)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        ds = review.decisions
        rows.append({"deal_seed": seed + k, "decisions": len(ds),
                     "forced": sum(1 for d in ds if d.mark == "forced"),
                     "marked": sum(1 for d in ds if d.mark not in (None, "forced")),
                     "wall_s": round(wall, 2), "cpu_s": round(cpu, 2)})
        print(f"# {game_id} deal {seed + k}: {len(ds)} decisions, {wall:.1f} s wall, {cpu:.1f} s CPU",
              file=sys.stderr, flush=True)
    walls = [r["wall_s"] for r in rows]
    cpus = [r["cpu_s"] for r in rows]
    return {"game": game_id, "players": TABLES[game_id], "worlds": worlds, "deals": rows,
            "median_wall_s": statistics.median(walls), "max_wall_s": max(walls),
            "median_cpu_s": statistics.median(cpus), "max_cpu_s": max(cpus),
            "target_s": TARGET_S[game_id]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--worlds", type=int, default=DEFAULT_WORLDS)
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--games", default="gin,dummy")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    out = {"machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                       "load_1min": os.getloadavg()[0] if hasattr(os, "getloadavg") else None},
           "results": [time_deals(g.strip(), args.deals, args.worlds, args.seed)
                       for g in args.games.split(",") if g.strip()]}
    if args.json:
        print(json.dumps(out))
        return
    print("| game | players | worlds | deals | decisions (median) | wall median / max | CPU median / max | target |")
    print("|---|---|---|---|---|---|---|---|")
    for r in out["results"]:
        decisions = statistics.median(d["decisions"] for d in r["deals"])
        print(f"| {r['game']} | {r['players']} | {r['worlds']} | {len(r['deals'])} | {decisions:g} | "
              f"{r['median_wall_s']:.1f} s / {r['max_wall_s']:.1f} s | "
              f"{r['median_cpu_s']:.1f} s / {r['max_cpu_s']:.1f} s | ≤ {r['target_s']:.0f} s |")


if __name__ == "__main__":
    main()
