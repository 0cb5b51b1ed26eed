"""Engine speed for search and simulation, all twelve games, side by side in one run.

Sections (``--only`` picks some):

* ``playouts``: bare uniform-random playouts of one deal per game, from a fresh seeded state
  to the end, through the checked ``apply`` and through the unchecked ``play_legal``
  (``legal_moves`` then a random pick, as in bench_gin.py).  games/s and moves/s.
* ``clone``: ``State.clone()`` against the old clone (``copy.deepcopy`` with the game and
  options shared) at positions spread over random deals of every game, and OpenSpiel's C++
  ``gin_rummy`` ``state.clone()`` at positions spread over its random deals (if ``pyspiel``
  is installed: ``pip install -e '.[bench]'``).
* ``sample``: ``State.sample_hidden(seat)`` for the seat to move, at the same positions.
* ``simulate``: ``cardtable.simulate`` with two random bots on gin against the bare loop,
  and against the old simulate path, which built the seat's full view for every move.

Timing: wall clock (``time.perf_counter``) and process CPU time; every section interleaves
its contenders over ``--repeats`` rounds and reports medians, so load from other processes
falls on all alike.  Run ``.venv/bin/python bench/bench_engine.py [--quick] [--json]``.
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import dump_json, environment, format_table, package_version  # noqa: E402

from cardtable.bots import RandomBot  # noqa: E402
from cardtable.game import State  # noqa: E402
from cardtable.registry import game_ids, get_game  # noqa: E402
from cardtable.simulate import Plan, simulate  # noqa: E402


def timed(fn: Callable[[], Any]) -> tuple[float, float, Any]:
    c0, t0 = time.process_time(), time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, time.process_time() - c0, out


def median_rounds(contenders: dict[str, Callable[[], int]], repeats: int) -> dict[str, dict[str, float]]:
    """Each contender returns a count of units; rounds interleave the contenders."""
    walls: dict[str, list[float]] = {k: [] for k in contenders}
    cpus: dict[str, list[float]] = {k: [] for k in contenders}
    units: dict[str, int] = {}
    for fn in contenders.values():
        fn()                                   # warm-up: imports, caches
    for _ in range(repeats):
        for name, fn in contenders.items():
            wall, cpu, n = timed(fn)
            units[name] = n
            walls[name].append(n / wall)
            cpus[name].append(n / cpu if cpu > 0 else 0.0)
    return {k: {"per_s": statistics.median(walls[k]), "per_cpu_s": statistics.median(cpus[k]),
                "units": units[k]} for k in contenders}


# --- playouts -------------------------------------------------------------------------------------

def playout_runner(gid: str, games: int, unchecked: bool) -> Callable[[], int]:
    game = get_game(gid)
    options = game.make_options()
    counts = {"moves": 0}

    def run() -> int:
        rng = random.Random(1)
        moves = 0
        for i in range(games):
            state = game.new_state(None, options, seed=i)
            while not state.is_over:
                movers = state.to_move()
                seat = movers[0] if len(movers) == 1 else movers[rng.randrange(len(movers))]
                legal = state.legal_moves(seat)
                move = legal[rng.randrange(len(legal))]
                if unchecked:
                    state.play_legal(move, seat)
                else:
                    state.apply(move, seat)
                moves += 1
        counts["moves"] = moves
        return games

    run.counts = counts  # type: ignore[attr-defined]
    return run


def bench_playouts(games: int, repeats: int) -> list[dict[str, Any]]:
    rows = []
    for gid in game_ids():
        n = max(2, games // (10 if gid == "remik" else 1))
        apply_run = playout_runner(gid, n, False)
        legal_run = playout_runner(gid, n, True)
        res = median_rounds({"apply": apply_run, "play_legal": legal_run}, repeats)
        mpg = apply_run.counts["moves"] / n  # type: ignore[attr-defined]
        rows.append({"game": gid, "games": n, "moves_per_game": mpg,
                     "apply_games_s": res["apply"]["per_s"], "apply_moves_s": res["apply"]["per_s"] * mpg,
                     "play_legal_games_s": res["play_legal"]["per_s"],
                     "play_legal_moves_s": res["play_legal"]["per_s"] * mpg,
                     "apply_games_cpu_s": res["apply"]["per_cpu_s"],
                     "play_legal_games_cpu_s": res["play_legal"]["per_cpu_s"]})
    return rows


# --- positions for clone and sample_hidden ---------------------------------------------------------

def positions(gid: str, deals: int) -> list[State]:
    """States at 1/4, 1/2 and 3/4 of seeded random deals."""
    game = get_game(gid)
    options = game.make_options()
    out = []
    for seed in range(deals):
        rng = random.Random(seed)
        state = game.new_state(None, options, seed=seed)
        trace = []
        while not state.is_over:
            trace.append(state.clone())
            movers = state.to_move()
            seat = movers[rng.randrange(len(movers))]
            legal = state.legal_moves(seat)
            state.apply(legal[rng.randrange(len(legal))], seat)
        out += [trace[len(trace) * k // 4] for k in (1, 2, 3)]
    return out


def old_clone(state: State) -> State:
    """The clone before this change: a deepcopy sharing the game and options."""
    memo: dict[int, Any] = {id(state.game): state.game, id(state.options): state.options}
    return copy.deepcopy(state, memo)


def per_call(fn: Callable[[State], Any], states: list[State], loops: int) -> Callable[[], int]:
    def run() -> int:
        for _ in range(loops):
            for s in states:
                fn(s)
        return loops * len(states)
    return run


def openspiel_positions(deals: int) -> list[Any] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")
    out = []
    for seed in range(deals):
        rng = random.Random(seed)
        state = game.new_initial_state()
        trace = []
        while not state.is_terminal():
            if not state.is_chance_node():
                trace.append(state.clone())
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
        out += [trace[len(trace) * k // 4] for k in (1, 2, 3)]
    return out


def bench_clone(deals: int, loops: int, repeats: int) -> list[dict[str, Any]]:
    rows = []
    for gid in game_ids():
        states = positions(gid, deals)
        res = median_rounds({"clone": per_call(State.clone, states, loops),
                             "deepcopy": per_call(old_clone, states, max(1, loops // 20))}, repeats)
        rows.append({"engine": f"cardtable {gid}", "positions": len(states),
                     "clone_us": 1e6 / res["clone"]["per_s"], "deepcopy_us": 1e6 / res["deepcopy"]["per_s"],
                     "clone_us_cpu": 1e6 / res["clone"]["per_cpu_s"]})
    os_states = openspiel_positions(deals)
    if os_states is not None:
        res = median_rounds({"clone": per_call(lambda s: s.clone(), os_states, loops)}, repeats)
        rows.append({"engine": "OpenSpiel gin_rummy (C++)", "positions": len(os_states),
                     "clone_us": 1e6 / res["clone"]["per_s"], "deepcopy_us": None,
                     "clone_us_cpu": 1e6 / res["clone"]["per_cpu_s"]})
    return rows


def bench_sample(deals: int, repeats: int) -> list[dict[str, Any]]:
    rows = []
    for gid in game_ids():
        states = [s for s in positions(gid, deals) if not s.is_over]
        rng = random.Random(0)

        def run(states: list[State] = states, rng: random.Random = rng) -> int:
            for s in states:
                s.sample_hidden(s.to_move()[0], rng)
            return len(states)

        res = median_rounds({"sample": run}, repeats)
        rows.append({"game": gid, "positions": len(states), "sample_hidden_ms": 1e3 / res["sample"]["per_s"]})
    return rows


# --- simulate vs the bare loop ---------------------------------------------------------------------

class ViewingRandomBot(RandomBot):
    """The random bot as bot_move treated it before: handed the seat's full view every move."""

    needs_view = True


def bench_simulate(games: int, repeats: int) -> list[dict[str, Any]]:
    import cardtable.bots as bots_mod

    bare = playout_runner("gin", games, False)

    def sim() -> int:
        simulate(Plan("gin", 2, ("random", "random"), games, seed=1))
        return games

    def sim_old() -> int:
        saved = bots_mod.GENERIC_BOTS["random"]
        bots_mod.GENERIC_BOTS["random"] = ViewingRandomBot
        try:
            simulate(Plan("gin", 2, ("random", "random"), games, seed=1))
        finally:
            bots_mod.GENERIC_BOTS["random"] = saved
        return games

    def sim_duplicate() -> int:
        simulate(Plan("gin", 2, ("heuristic", "random"), games // 2, seed=1, duplicate=True))
        return games

    res = median_rounds({"bare loop (apply)": bare, "simulate, random bots": sim,
                         "simulate, random bots, view per move (old path)": sim_old,
                         "simulate --duplicate, heuristic vs random": sim_duplicate}, repeats)
    base = res["bare loop (apply)"]["per_s"]
    return [{"loop": k, "games_s": v["per_s"], "games_cpu_s": v["per_cpu_s"], "vs_bare": v["per_s"] / base}
            for k, v in res.items()]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default="playouts,clone,sample,simulate")
    ap.add_argument("--games", type=int, default=100, help="playouts per game per round")
    ap.add_argument("--deals", type=int, default=8, help="deals whose positions are cloned/sampled")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="small sizes, to check the script runs")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    if a.quick:
        a.games, a.deals, a.repeats = 6, 2, 1
    parts = set(a.only.split(","))
    out: dict[str, Any] = {"environment": environment(), "open_spiel": package_version("open_spiel")}
    if "playouts" in parts:
        out["playouts"] = bench_playouts(a.games, a.repeats)
    if "clone" in parts:
        out["clone"] = bench_clone(a.deals, 200 if not a.quick else 5, a.repeats)
    if "sample" in parts:
        out["sample"] = bench_sample(a.deals, a.repeats)
    if "simulate" in parts:
        out["simulate"] = bench_simulate(max(a.games * 4, 20), a.repeats)
    if a.json:
        print(dump_json(out))
        return 0
    print(out["environment"])
    if "playouts" in out:
        print("\nBare random playouts (one deal each, fresh state; median of rounds, wall clock)")
        print(format_table(["game", "moves/game", "games/s apply", "moves/s apply", "games/s play_legal",
                            "moves/s play_legal", "games/CPU-s apply", "games/CPU-s play_legal"],
                           [[r["game"], r["moves_per_game"], r["apply_games_s"], r["apply_moves_s"],
                             r["play_legal_games_s"], r["play_legal_moves_s"], r["apply_games_cpu_s"],
                             r["play_legal_games_cpu_s"]]
                            for r in out["playouts"]]))
    if "clone" in out:
        gin_os = next((r for r in out["clone"] if r["engine"].startswith("OpenSpiel")), None)
        print("\nclone() per call (µs)")
        print(format_table(["engine", "positions", "clone µs", "clone CPU-µs", "old deepcopy µs",
                            "speed-up", "vs OpenSpiel gin"],
                           [[r["engine"], r["positions"], r["clone_us"], r["clone_us_cpu"], r["deepcopy_us"],
                             (r["deepcopy_us"] / r["clone_us"]) if r["deepcopy_us"] else None,
                             (r["clone_us"] / gin_os["clone_us"]) if gin_os else None]
                            for r in out["clone"]]))
    if "sample" in out:
        print("\nsample_hidden(seat to move) per call (ms)")
        print(format_table(["game", "positions", "ms"],
                           [[r["game"], r["positions"], r["sample_hidden_ms"]] for r in out["sample"]]))
    if "simulate" in out:
        print("\ngin: simulate against the bare loop (games/s)")
        print(format_table(["loop", "games/s", "games/CPU-s", "vs bare"],
                           [[r["loop"], r["games_s"], r["games_cpu_s"], r["vs_bare"]] for r in out["simulate"]]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
