"""IS-MCTS speed: iterations per second on gin (ours vs OpenSpiel's C++ ISMCTSBot with random
rollouts), and time per move of the ``hard``/``expert`` levels per game.

    python bench/bench_ismcts.py [--positions 5] [--iterations 500] [--games gin,dummy]
                                 [--levels] [--json]

Positions: seeded gin deals advanced by the heuristic bot for a few moves (ours) and by
random play to a decision (OpenSpiel's ``gin_rummy``: its own deals, so the positions are
comparable in kind, not identical).  Ours is timed through ``bot_move`` (the honest sampler
included) with ``rollout=random`` and ``prior=False``, the configuration closest to
OpenSpiel's bot, and with the defaults (heuristic first child).  Wall clock and process
time are both reported; on a loaded machine the process time is the fairer of the two.
Figures go to docs/bots.md, marked "measured under load" where they were.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from cardtable.bots import bot_move, make_bot
from cardtable.registry import get_game


def positions(game_id: str, count: int, seed: int = 0) -> list[tuple[Any, int]]:
    game = get_game(game_id)
    out = []
    for k in range(count):
        state = game.new_state(seed=seed + k)
        rng = random.Random(seed + k)
        for _ in range(rng.randrange(2, 12)):
            seat = state.to_move()[0]
            before = state.clone()
            state.apply(bot_move("medium", state, seat, rng), seat)
            if state.is_over:
                state = before          # short deals (十三张): stop before the last move
                break
        while not state.is_over and len(state.legal_moves(state.to_move()[0])) < 2:
            before = state.clone()
            seat = state.to_move()[0]
            state.play_legal(state.legal_moves(seat)[0], seat)
        if state.is_over:
            state = before
        if len(state.legal_moves(state.to_move()[0])) > 1:
            out.append((state, state.to_move()[0]))
    return out


def time_ours(game_id: str, spec: str, count: int) -> dict[str, Any]:
    iters = 0
    wall = cpu = 0.0
    for state, seat in positions(game_id, count):
        bot = make_bot(game_id, spec)
        w0, c0 = time.perf_counter(), time.process_time()
        bot_move(bot, state, seat, random.Random(1))
        wall += time.perf_counter() - w0
        cpu += time.process_time() - c0
        iters += bot.last_iterations
    return {"engine": "cardtable", "bot": spec, "iterations": iters,
            "it_per_s_wall": iters / wall, "it_per_s_cpu": iters / max(cpu, 1e-9)}


def time_openspiel(count: int, iterations: int) -> dict[str, Any] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")
    iters = 0
    wall = cpu = 0.0
    rng = random.Random(0)
    for k in range(count):
        state = game.new_initial_state()
        steps = rng.randrange(2, 12)
        while not state.is_terminal():
            if state.is_chance_node():
                acts, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(acts, probs)[0])
                continue
            if steps <= 0 and len(state.legal_actions()) > 1:
                break
            state.apply_action(rng.choice(state.legal_actions()))
            steps -= 1
        if state.is_terminal():
            continue
        bot = pyspiel.ISMCTSBot(k, pyspiel.RandomRolloutEvaluator(1, k), 2.0, iterations)
        w0, c0 = time.perf_counter(), time.process_time()
        bot.step(state)
        wall += time.perf_counter() - w0
        cpu += time.process_time() - c0
        iters += iterations
    return {"engine": "open_spiel", "bot": "ISMCTSBot(random rollouts)", "iterations": iters,
            "it_per_s_wall": iters / wall, "it_per_s_cpu": iters / max(cpu, 1e-9)}


def spread_positions(game_id: str, count: int, seed: int = 100) -> list[tuple[Any, int]]:
    """Decisions with a choice taken from ``medium`` self-play, spread over whole deals
    (early, middle and late moves alike), for the per-move time of the levels."""
    game = get_game(game_id)
    out: list[tuple[Any, int]] = []
    k = 0
    while len(out) < count and k < count * 20:
        state = game.new_state(seed=seed + k)
        rng = random.Random(seed + k)
        k += 1
        picked = 0
        while not state.is_over and picked < 3 and len(out) < count:
            seat = state.to_move()[0]
            if len(state.legal_moves(seat)) > 1 and rng.random() < 0.15:
                out.append((state.clone(), seat))
                picked += 1
            state.apply(bot_move("medium", state, seat, rng), seat)
    return out


def level_times(game_id: str, count: int, specs: tuple[str, ...] = ("hard", "expert")) -> list[dict[str, Any]]:
    out = []
    spots = spread_positions(game_id, count)
    for spec in specs:
        wall, cpu = [], []
        for state, seat in spots:
            bot = make_bot(game_id, spec)
            w0, c0 = time.perf_counter(), time.process_time()
            bot_move(bot, state, seat, random.Random(2))
            wall.append(time.perf_counter() - w0)
            cpu.append(time.process_time() - c0)
        cpu.sort()
        wall.sort()
        p99 = lambda xs: xs[min(len(xs) - 1, int(0.99 * len(xs)))]  # noqa: E731
        out.append({"game": game_id, "level": spec, "moves": len(cpu),
                    "median_s": statistics.median(wall), "p99_s": p99(wall), "max_s": wall[-1],
                    "cpu_median_s": statistics.median(cpu), "cpu_p99_s": p99(cpu)})
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=5)
    ap.add_argument("--iterations", type=int, default=500)
    ap.add_argument("--games", default="gin")
    ap.add_argument("--levels", action="store_true", help="also time the hard/expert levels per game")
    ap.add_argument("--specs", default="hard,expert",
                    help="bots timed by --levels (';' between them when a bot has settings)")
    ap.add_argument("--levels-only", action="store_true", help="skip the gin iterations-per-second part")
    ap.add_argument("--rounds", type=int, default=1,
                    help="interleaved rounds of ours (random playouts) and OpenSpiel's; with more "
                         "than one, the median of the per-round ratios is printed too (a machine "
                         "whose speed drifts skews one long run of each)")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    if a.rounds > 1 and not a.levels_only:
        spec = f"ismcts:iterations={a.iterations},rollout=random,prior=false"
        ratios = []
        for k in range(a.rounds):
            ours = time_ours("gin", spec, a.positions)
            theirs = time_openspiel(a.positions, a.iterations)
            if theirs is None:
                ap.error("--rounds needs open_spiel (pip install -e '.[bench]')")
            ratios.append(ours["it_per_s_cpu"] / theirs["it_per_s_cpu"])
            print(f"round {k + 1}: ours {ours['it_per_s_cpu']:.0f} it/s cpu, OpenSpiel "
                  f"{theirs['it_per_s_cpu']:.0f} it/s cpu, ratio {ratios[-1]:.2f}", flush=True)
        print(f"median ratio over {a.rounds} rounds: {statistics.median(ratios):.2f} "
              f"(min {min(ratios):.2f}, max {max(ratios):.2f})")
        return
    rows: list[dict[str, Any]] = []
    os_row = None
    if not a.levels_only:
        rows = [time_ours("gin", f"ismcts:iterations={a.iterations},rollout=random,prior=false", a.positions),
                time_ours("gin", f"ismcts:iterations={a.iterations}", a.positions)]
        os_row = time_openspiel(a.positions, a.iterations)
    if os_row is not None:
        rows.append(os_row)
    specs = tuple(a.specs.split(";" if ";" in a.specs else ","))
    a.levels = a.levels or a.levels_only
    lv = ([r for g in a.games.split(",") for r in level_times(g, a.positions, specs)]
          if a.levels else [])
    if a.json:
        print(json.dumps({"ismcts_gin": rows, "levels": lv}))
        return
    for r in rows:
        print(f"{r['engine']:11} {r['bot']:48} {r['it_per_s_wall']:8.0f} it/s wall "
              f"{r['it_per_s_cpu']:8.0f} it/s cpu")
    if os_row is not None:
        print(f"ratio (ours random / OpenSpiel, cpu): {rows[0]['it_per_s_cpu'] / os_row['it_per_s_cpu']:.2f}")
    for r in lv:
        print(f"{r['game']:14} {r['level']:28} wall median {r['median_s']:.2f} s  p99 {r['p99_s']:.2f} s  "
              f"max {r['max_s']:.2f} s  cpu median {r['cpu_median_s']:.2f} s  p99 {r['cpu_p99_s']:.2f} s "
              f"({r['moves']} moves)")


if __name__ == "__main__":
    main()
