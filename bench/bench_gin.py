"""Gin Rummy side by side: cardtable vs OpenSpiel ``gin_rummy`` vs RLCard ``gin-rummy``.

Each engine plays N uniform-random playouts of one deal, each from a fresh initial state,
single process, with the same loop shape::

    rng = random.Random(seed)
    for each game:
        state = <fresh initial state>               # shuffle + deal, timed
        while not <state is over>:
            legal = <legal moves of the player to act>
            <apply>(legal[rng.randrange(len(legal))])
            moves += 1                              # OpenSpiel: decision nodes only

Per engine (exactly what one step does; nothing else is computed):

* ``cardtable``: ``state.legal_moves()`` (a list of ``Move``) and ``state.apply(move)`` (the
  public, checked path: ``why_illegal`` then ``_play``, history and move text recorded).  The
  game and its default options are built once; ``Game.new_state(seed=...)`` shuffles and
  deals each game.  No views are computed.
* ``openspiel``: ``pyspiel.load_game("gin_rummy")`` once; ``state.legal_actions()`` and
  ``state.apply_action(a)`` (C++ through pybind11).  The deal (21 cards) and every stock
  draw are chance nodes: their outcomes (``legal_actions()`` at a chance node, all of equal
  probability in gin_rummy) are sampled uniformly with the same ``rng``; chance steps are
  timed but not counted as moves.  No observation tensors or strings are built.
* ``rlcard``: the game object ``rlcard.games.gin_rummy.game.GinRummyGame`` (default
  settings): ``game.init_game()``, ``game.judge.get_legal_actions()`` (``ActionEvent``
  objects) and ``game.step(action)``.  RLCard's own ``game.step`` also builds a small state
  dict of card-index lists for the next player (it cannot be switched off); the env's numpy
  observation encoding is *not* run.  RLCard's shuffle uses its own
  ``numpy.random.RandomState`` (seeded from ``seed``).  Its 2 settlement steps per game
  (``ScoreNorthPlayerAction``, ``ScoreSouthPlayerAction``) are counted as moves.
* ``rlcard-env`` (informational, not in the default set): the RL environment
  ``rlcard.make("gin-rummy")`` with ``env.reset()`` / ``env.step(action_id)``, which encodes a
  5×52 numpy observation and the legal-action dict on every step, as RL training loops do.

The rules differ (see docs/performance.md): RLCard deals 11/10 with no upcard and has no
layoffs; OpenSpiel has the upcard offer and layoffs with knocks laid out meld by meld.
Hence moves/game differ and games/s is the headline figure.

Run ``.venv-bench/bin/python bench/bench_gin.py`` (``--help`` for the options).
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
    ratio,
    run_side_by_side,
)

ENGINES = ("cardtable", "openspiel", "rlcard", "rlcard-env")
DEFAULT_ENGINES = ("cardtable", "openspiel", "rlcard")
TARGETS = {"openspiel": (1.0, 2.0), "rlcard": (5.0, None)}   # (required, aim) games/s ratio
SEED_SPACE = 2**63


# --- runners: one explicit loop per engine, same shape ----------------------------------------

def cardtable_runner(game_id: str = "gin") -> Runner:
    from cardtable.registry import get_game

    game = get_game(game_id)
    options = game.make_options()
    players = game.default_players

    def run(games: int, seed: int) -> Counts:
        rng = random.Random(seed)
        c = Counts()
        for _ in range(games):
            state = game.new_state(players, options, seed=rng.randrange(SEED_SPACE))
            while not state.is_over:
                legal = state.legal_moves()
                state.apply(legal[rng.randrange(len(legal))])
                c.moves += 1
            c.games += 1
        return c

    return run


def openspiel_runner() -> Runner:
    import pyspiel

    game = pyspiel.load_game("gin_rummy")

    def run(games: int, seed: int) -> Counts:
        rng = random.Random(seed)
        c = Counts()
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                legal = state.legal_actions()
                if state.is_chance_node():
                    state.apply_action(legal[rng.randrange(len(legal))])
                    c.chance += 1
                else:
                    state.apply_action(legal[rng.randrange(len(legal))])
                    c.moves += 1
            c.games += 1
        return c

    return run


def rlcard_runner() -> Runner:
    import numpy as np
    from rlcard.games.gin_rummy.game import GinRummyGame

    game = GinRummyGame()

    def run(games: int, seed: int) -> Counts:
        rng = random.Random(seed)
        game.np_random = np.random.RandomState(seed)
        c = Counts()
        for _ in range(games):
            game.init_game()
            while not game.is_over():
                legal = game.judge.get_legal_actions()
                game.step(legal[rng.randrange(len(legal))])
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
    "cardtable": cardtable_runner, "openspiel": openspiel_runner,
    "rlcard": rlcard_runner, "rlcard-env": rlcard_env_runner,
}

NOTES = {
    "cardtable": "state.legal_moves() + state.apply(Move) (checked); 1 shuffle per game",
    "openspiel": "C++ via pybind11; chance nodes (deal, stock draws) sampled, not counted",
    "rlcard": "GinRummyGame.step (no upcard, no layoffs); 2 settlement steps counted",
    "rlcard-env": "env.step with numpy observation encoding (informational)",
}


# --- report ------------------------------------------------------------------------------------

def summary(results: list[EngineResult], args: argparse.Namespace) -> dict[str, Any]:
    by = {r.engine: r for r in results}
    ratios: dict[str, Any] = {}
    if "cardtable" in by:
        ct = by["cardtable"]
        for other in ("openspiel", "rlcard", "rlcard-env"):
            if other in by:
                o = by[other]
                ratios[f"cardtable/{other}"] = {
                    "games_per_s": _round(paired_ratio(ct.games_per_s, o.games_per_s)),
                    "moves_per_s": _round(paired_ratio(ct.moves_per_s, o.moves_per_s)),
                    "games_per_cpu_s": _round(paired_ratio(ct.games_per_cpu_s, o.games_per_cpu_s)),
                    "games_per_s_of_medians": _round(ratio(ct.games_s, o.games_s))}
    return {
        "benchmark": "gin random playouts, one deal from a fresh state",
        "games_per_repeat": args.games, "repeats": args.repeats, "seed": args.seed,
        "versions": {"cardtable": package_version("cardtable"),
                     "open_spiel": package_version("open_spiel"),
                     "rlcard": package_version("rlcard"), "numpy": package_version("numpy")},
        "environment": environment(),
        "results": [r.to_json() for r in results],
        "ratios": ratios,
        "targets": {f"cardtable/{k}": {"required": v[0], "aim": v[1]} for k, v in TARGETS.items()},
    }


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 3)


def text_report(data: dict[str, Any]) -> str:
    rows = [[r["engine"], r["games"], r["moves_per_game"], r["games_per_s"], r["moves_per_s"],
             r["games_per_cpu_s"], r["seconds"],
             " ".join(f"{x:,.0f}" for x in r["games_per_s_repeats"])]
            for r in data["results"]]
    out = [f"Gin Rummy random playouts: {data['games_per_repeat']} games x {data['repeats']} "
           f"repeats per engine, seed {data['seed']}",
           format_table(["engine", "games", "moves/game", "games/s", "moves/s", "games/cpu-s",
                         "time s", "games/s per repeat"], rows), ""]
    for name, rt in data["ratios"].items():
        line = (f"{name}: {rt['games_per_s']}x games/s, {rt['moves_per_s']}x moves/s, "
                f"{rt['games_per_cpu_s']}x games/cpu-s")
        tgt = data["targets"].get(name)
        if tgt and rt["games_per_s"] is not None:
            ok = rt["games_per_s"] >= tgt["required"]
            line += f"  (target >= {tgt['required']}x: {'met' if ok else 'MISSED'}"
            if tgt["aim"]:
                line += f", aim {tgt['aim']}x"
            line += ")"
        out.append(line)
    env = data["environment"]
    out.append(f"python {env['python']}, {env['cpus']} cpus, load {env['loadavg']}, "
               f"versions {data['versions']}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=400, help="games per engine per repeat (400)")
    ap.add_argument("--repeats", type=int, default=5,
                    help="interleaved rounds; the median rate is reported (5)")
    ap.add_argument("--engines", default=",".join(DEFAULT_ENGINES),
                    help=f"comma-separated, from {', '.join(ENGINES)} (default: "
                         f"{','.join(DEFAULT_ENGINES)})")
    ap.add_argument("--seed", type=int, default=1, help="base seed (1)")
    ap.add_argument("--warmup", type=int, default=3, help="untimed games per engine first (3)")
    ap.add_argument("--json", action="store_true", help="print JSON instead of the table")
    ap.add_argument("--profile", type=int, metavar="N", default=0,
                    help="instead of timing, profile N cardtable playouts with cProfile")
    args = ap.parse_args(argv)

    if args.profile:
        run = cardtable_runner()
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
            hint = ("cardtable's gin is not importable" if n == "cardtable" else
                    "use .venv-bench (pip install -e '.[bench]')")
            ap.error(f"engine {n!r} is not available ({e}); {hint}, "
                     "or leave it out with --engines")

    def progress(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    results = run_side_by_side(runners, args.games, args.seed, args.repeats, args.warmup,
                               NOTES, None if args.json else progress)
    data = summary(results, args)
    print(dump_json(data) if args.json else text_report(data))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
