"""Gin Rummy RL env loops side by side: cardtable.rl vs OpenSpiel ``gin_rummy`` vs RLCard.

Every runner plays N uniform-random deals and, at **every decision**, builds the acting
player's observation vector and legal-action mask, as a learning loop does:

* ``cardtable-aec``: the PettingZoo env ``cardtable.rl.aec_env("gin")``: ``env.last()``
  (observation float32 vector + int8 mask), a random legal action from the mask,
  ``env.step(action)``.  PettingZoo's own bookkeeping is timed too.
* ``cardtable-dp``: the decision process under the env (``codec.start(state)``):
  ``dp.observe(seat)``, ``dp.action_mask()``, ``dp.step(action)`` — the loop a researcher
  writes without PettingZoo.
* ``openspiel``: ``pyspiel.load_game("gin_rummy")``; at each decision node
  ``state.observation_tensor(player)`` (a list of floats, as the C++ observer fills it) and
  ``state.legal_actions_mask(player)``, then ``apply_action``; chance nodes (deal, stock
  draws) sampled uniformly and not counted.
* ``rlcard-env``: ``rlcard.make("gin-rummy")``: ``env.reset()`` / ``env.step(action_id)``,
  which encodes its 5×52 observation and legal-action dict at every step.

Targets (issue 12): cardtable ≥ 3× OpenSpiel's loop and ≥ 5× RLCard's ``env.step`` loop in
games per CPU-second (``time.process_time``: other processes sharing the cores do not count),
the median of the per-round ratios of interleaved repeats; the wall-clock ratio is shown
too.  The rules differ (docs/performance.md): moves/game differ, games are the unit.

Run ``.venv/bin/python bench/bench_rl_env.py`` (``--help``); needs the ``rl`` and ``bench`` extras.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import (  # noqa: E402
    Counts,
    EngineResult,
    Runner,
    dump_json,
    environment,
    format_table,
    package_version,
    paired_ratio,
    profile_call,
    run_side_by_side,
)

ENGINES = ("cardtable-aec", "cardtable-dp", "openspiel", "rlcard-env")
TARGETS = {"openspiel": 3.0, "rlcard-env": 5.0}
SEED_SPACE = 2**63


def aec_runner() -> Runner:
    import numpy as np

    from cardtable.rl import aec_env

    env = aec_env("gin")

    def run(games: int, seed: int) -> Counts:
        rng = random.Random(seed)
        c = Counts()
        for g in range(games):
            env.reset(seed=seed * 100_003 + g)
            for _agent in env.agent_iter():
                obs, _r, term, trunc, _info = env.last()
                if term or trunc:
                    env.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[rng.randrange(len(legal))]))
                c.moves += 1
            c.games += 1
        return c

    return run


def dp_runner(game_id: str = "gin") -> Runner:
    from cardtable.registry import get_game
    from cardtable.rl import make_codec

    codec = make_codec(game_id)
    game = get_game(game_id)
    players = codec.players

    def run(games: int, seed: int) -> Counts:
        rng = random.Random(seed)
        c = Counts()
        for _ in range(games):
            dp = codec.start(game.new_state(players, codec.options, seed=rng.randrange(SEED_SPACE)))
            seat = dp.current_seat
            while seat is not None:
                dp.observe(seat)
                dp.action_mask()
                legal = dp.legal_actions()
                dp.step(legal[rng.randrange(len(legal))])
                c.moves += 1
                seat = dp.current_seat
            c.games += 1
        return c

    return run


def part_runner(part: str) -> Runner:
    """A piece of the decision-process loop (``--breakdown``): ``engine`` is the bare engine
    loop (``legal_moves`` + ``play_legal``); ``step`` the decision process's ``legal_actions``
    + ``step``; ``mask`` adds ``action_mask``; ``observe`` adds ``observe`` (no mask)."""
    from cardtable.registry import get_game
    from cardtable.rl import make_codec

    codec = make_codec("gin")
    game = get_game("gin")
    players = codec.players
    obs, mask = part == "observe", part == "mask"

    def run(games: int, seed: int) -> Counts:
        rng = random.Random(seed)
        c = Counts()
        for _ in range(games):
            st = game.new_state(players, codec.options, seed=rng.randrange(SEED_SPACE))
            if part == "engine":
                while not st.is_over:
                    seat = st.to_move()[0]
                    legal = st.legal_moves(seat)
                    st.play_legal(legal[rng.randrange(len(legal))], seat)
                    c.moves += 1
                c.games += 1
                continue
            dp = codec.start(st)
            seat = dp.current_seat
            while seat is not None:
                if obs:
                    dp.observe(seat)
                if mask:
                    dp.action_mask()
                legal = dp.legal_actions()
                dp.step(legal[rng.randrange(len(legal))])
                c.moves += 1
                seat = dp.current_seat
            c.games += 1
        return c

    return run


PARTS = {"engine": "bare engine (legal_moves + play_legal)",
         "step": "decision process, legal_actions + step only", "mask": "+ action_mask",
         "observe": "+ observe (no mask)", "cardtable-dp": "all (observe + mask + step)",
         "openspiel": "OpenSpiel (observation tensor + mask + apply)"}


def openspiel_runner() -> Runner:
    import pyspiel

    game = pyspiel.load_game("gin_rummy")

    def run(games: int, seed: int) -> Counts:
        rng = random.Random(seed)
        c = Counts()
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
                    c.chance += 1
                    continue
                p = state.current_player()
                state.observation_tensor(p)
                state.legal_actions_mask(p)
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                c.moves += 1
            c.games += 1
        return c

    return run


def rlcard_env_runner() -> Runner:
    import rlcard

    env = rlcard.make("gin-rummy", config={"seed": 0})

    def run(games: int, seed: int) -> Counts:
        rng = random.Random(seed)
        env.seed(seed)
        c = Counts()
        for _ in range(games):
            obs, _ = env.reset()
            while not env.is_over():
                legal = list(obs["legal_actions"])
                obs, _ = env.step(legal[rng.randrange(len(legal))])
                c.moves += 1
            c.games += 1
        return c

    return run


RUNNERS: dict[str, Callable[[], Runner]] = {
    "cardtable-aec": aec_runner, "cardtable-dp": dp_runner,
    "openspiel": openspiel_runner, "rlcard-env": rlcard_env_runner,
}
NOTES = {
    "cardtable-aec": "PettingZoo AEC env: last() obs+mask, step()",
    "cardtable-dp": "DecisionProcess: observe + action_mask + step",
    "openspiel": "observation_tensor + legal_actions_mask each decision (C++)",
    "rlcard-env": "env.step with its numpy observation",
}


def summary(results: list[EngineResult], args: argparse.Namespace) -> dict[str, Any]:
    by = {r.engine: r for r in results}
    ratios: dict[str, Any] = {}
    for mine in ("cardtable-aec", "cardtable-dp"):
        for other in ("openspiel", "rlcard-env"):
            if mine in by and other in by:
                r = paired_ratio(by[mine].games_per_s, by[other].games_per_s)
                rc = paired_ratio(by[mine].games_per_cpu_s, by[other].games_per_cpu_s)
                ratios[f"{mine}/{other}"] = {"games_per_s": None if r is None else round(r, 3),
                                             "games_per_cpu_s": None if rc is None else round(rc, 3),
                                             "target": TARGETS[other]}
    return {"benchmark": "gin RL env loop with observation and mask every decision",
            "games_per_repeat": args.games, "repeats": args.repeats, "seed": args.seed,
            "versions": {"cardtable": package_version("cardtable"),
                         "open_spiel": package_version("open_spiel"),
                         "rlcard": package_version("rlcard"), "pettingzoo": package_version("pettingzoo"),
                         "numpy": package_version("numpy")},
            "environment": environment(), "results": [r.to_json() for r in results], "ratios": ratios}


def text_report(data: dict[str, Any]) -> str:
    rows = [[r["engine"], r["games"], r["moves_per_game"], r["games_per_s"], r["moves_per_s"],
             r["games_per_cpu_s"], r["seconds"]] for r in data["results"]]
    out = [f"Gin RL env loops: {data['games_per_repeat']} games x {data['repeats']} repeats, "
           f"seed {data['seed']}",
           format_table(["engine", "games", "moves/game", "games/s", "moves/s", "games/cpu-s", "time s"], rows), ""]
    for name, rt in data["ratios"].items():
        ok = rt["games_per_cpu_s"] is not None and rt["games_per_cpu_s"] >= rt["target"]
        out.append(f"{name}: {rt['games_per_cpu_s']}x games per CPU-second, {rt['games_per_s']}x "
                   f"games/s wall (target >= {rt['target']}x per CPU-second: {'met' if ok else 'MISSED'})")
    env = data["environment"]
    out.append(f"python {env['python']}, {env['cpus']} cpus, load {env['loadavg']}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200, help="games per engine per repeat (200)")
    ap.add_argument("--repeats", type=int, default=3, help="interleaved rounds (3)")
    ap.add_argument("--engines", default=",".join(ENGINES), help=f"comma-separated from {', '.join(ENGINES)}")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--warmup", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--profile", type=int, metavar="N", default=0,
                    help="profile N cardtable-dp games with cProfile instead of timing")
    ap.add_argument("--breakdown", action="store_true",
                    help="instead: where the gin decision-process loop's time goes (its pieces, paired)")
    ap.add_argument("--all-games", action="store_true",
                    help="instead: the cardtable-dp loop (observation + mask + step) for all twelve games")
    args = ap.parse_args(argv)
    if args.all_games:
        from cardtable.registry import game_ids
        ids = game_ids()
        results = run_side_by_side({g: dp_runner(g) for g in ids}, args.games, args.seed, args.repeats,
                                   args.warmup, dict.fromkeys(ids, "DecisionProcess loop"), None)
        rows = [[r.engine, r.to_json()["moves_per_game"], r.to_json()["games_per_s"],
                 r.to_json()["moves_per_s"], r.to_json()["games_per_cpu_s"]] for r in results]
        print(format_table(["game", "actions/deal", "deals/s", "actions/s", "deals/cpu-s"], rows))
        return 0
    if args.breakdown:
        runners = {n: (part_runner(n) if n in ("engine", "step", "mask", "observe") else RUNNERS[n]())
                   for n in PARTS}
        results = run_side_by_side(runners, args.games, args.seed, args.repeats, args.warmup, PARTS, None)
        os_cpu = next(r for r in results if r.engine == "openspiel").games_per_cpu_s
        rows = [[PARTS[r.engine], round(r.games_cpu_s), round(paired_ratio(r.games_per_cpu_s, os_cpu) or 0, 2)]
                for r in results]
        print(format_table(["loop", "games/cpu-s", "/ OpenSpiel"], rows))
        env = environment()
        print(f"python {env['python']}, {env['cpus']} cpus, load {env['loadavg']}")
        return 0
    if args.profile:
        run = dp_runner()
        print(profile_call(lambda: run(args.profile, args.seed), top=30))
        return 0
    names = [n.strip() for n in args.engines.split(",") if n.strip()]
    bad = [n for n in names if n not in RUNNERS]
    if bad:
        ap.error(f"unknown engine(s) {', '.join(bad)}; valid: {', '.join(ENGINES)}")
    runners = {}
    for n in names:
        try:
            runners[n] = RUNNERS[n]()
        except ImportError as e:
            ap.error(f"engine {n!r} is not available ({e}); pip install -e '.[rl,bench]'")
    results = run_side_by_side(runners, args.games, args.seed, args.repeats, args.warmup, NOTES,
                               None if args.json else (lambda m: print(m, file=sys.stderr, flush=True)))
    data = summary(results, args)
    print(dump_json(data) if args.json else text_report(data))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
