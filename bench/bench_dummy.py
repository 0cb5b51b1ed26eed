"""Thai Dummy benchmark: random playouts per second (2 and 4 players) and the cost of
``legal_moves()`` with a 20-card discard pile.

No other open engine plays Dummy (OpenSpiel and RLCard have none), so only cardtable runs.
    .venv/bin/python bench/bench_dummy.py [--games 200] [--repeats 5] [--json] [--profile N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from common import Counts, dump_json, environment, format_table, profile_call, run_side_by_side  # noqa: E402

from cardtable.cards import card_str, make_pack, shuffled  # noqa: E402
from cardtable.registry import get_game  # noqa: E402

GAME = get_game("dummy")


def playout_runner(players: int, preset: str = "default") -> Any:
    options = GAME.make_options(preset)

    def run(games: int, seed: int) -> Counts:
        rng = random.Random(seed)
        c = Counts()
        for _ in range(games):
            state = GAME.new_state(players, options, seed=rng.randrange(2**63))
            while not state.is_over:
                legal = state.legal_moves()
                state.apply(legal[rng.randrange(len(legal))])
                c.moves += 1
            c.games += 1
        return c
    return run


def pile_position(seed: int, pile_size: int = 20, hand: int = 11, final_turn: bool = False) -> Any:
    """A 2-player position at seat 0's take phase with a ``pile_size`` discard pile; with
    ``final_turn`` the stock is empty, so every pickup is checked for a reachable knock."""
    cards = shuffled(make_pack(), random.Random(seed))
    hands = [cards[:hand], cards[hand:2 * hand]]
    pile = cards[2 * hand:2 * hand + pile_size]
    rest = cards[2 * hand + pile_size:]
    if final_turn:
        hands[1] += rest
        rest = []
    deal = {"hands": [[card_str(x) for x in h] for h in hands], "discard": [card_str(x) for x in pile],
            "stock": [card_str(x) for x in rest]}
    return GAME.new_state(2, GAME.make_options(), deal=deal)


def time_legal_moves(final_turn: bool, positions: int = 40, reps: int = 20) -> dict[str, float]:
    per_call: list[float] = []
    counts: list[int] = []
    for p in range(positions):
        s = pile_position(p, final_turn=final_turn)
        t0 = time.perf_counter()
        for _ in range(reps):
            s._cache = None            # measure generation, not the per-state cache
            legal = s.legal_moves()
        per_call.append((time.perf_counter() - t0) / reps)
        counts.append(len(legal))
    return {"median_us": statistics.median(per_call) * 1e6, "max_us": max(per_call) * 1e6,
            "mean_moves": statistics.mean(counts), "max_moves": max(counts)}


def bound_positions(count: int) -> list[Any]:
    """2-player positions inside a dark-knock turn (B13): seat 0, unborn, drew and melded from a
    hand built as random melds (11 cards) plus a knock card; 8–9 hidden cards remain."""
    from cardtable.cards import iter_bits
    from cardtable.games.dummy.meldlogic import meld_tables
    tables = meld_tables(False)
    out: list[Any] = []
    rng = random.Random(7)
    while len(out) < count:
        hand = 0
        for size in rng.choice([(4, 4, 3), (4, 3, 4), (3, 4, 4)]):
            m = rng.choice([m for m in tables.all_masks if m.bit_count() == size and not m & hand])
            hand |= m
        rest = [c for c in shuffled(make_pack(), rng) if not hand >> c & 1]
        cards = list(iter_bits(hand))
        deal = {"hands": [[card_str(x) for x in cards], [card_str(x) for x in rest[:11]]],
                "discard": [card_str(rest[11])], "stock": [card_str(x) for x in rest[12:]]}
        s = GAME.new_state(2, GAME.make_options(), deal=deal)
        s.apply("draw")
        melds = [m for m in s.legal_moves() if m.verb == "meld"]
        if melds:
            s.apply(melds[0])
            out.append(s)
    return out


def time_resample(positions: int = 20, reps: int = 5) -> dict[str, float]:
    """``sample_hidden`` from the opponent's seat in a turn bound to knock (sampling.py)."""
    per_call: list[float] = []
    for k, s in enumerate(bound_positions(positions)):
        viewer = (s.cur + 1) % s.players
        t0 = time.perf_counter()
        for r in range(reps):
            s.sample_hidden(viewer, random.Random(k * 100 + r))
        per_call.append((time.perf_counter() - t0) / reps)
    return {"median_ms": statistics.median(per_call) * 1e3, "max_ms": max(per_call) * 1e3}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--profile", type=int, default=0, help="cProfile N 4-player playouts and exit")
    args = ap.parse_args()
    if args.profile:
        print(profile_call(lambda: playout_runner(4)(args.profile, args.seed)))
        return
    runners = {f"dummy {n}p {p}": playout_runner(n, p) for n in (2, 4) for p in ("default", "classic")}
    results = run_side_by_side(runners, args.games, args.seed, args.repeats)
    lm = {"take phase": time_legal_moves(False), "final turn (knock check)": time_legal_moves(True)}
    rs = time_resample()
    if args.json:
        print(dump_json({"environment": environment(), "playouts": [r.to_json() for r in results],
                         "legal_moves_20_card_pile": lm, "sample_hidden_bound_turn": rs}))
        return
    rows = [[r.engine, f"{r.moves_per_game:.1f}", f"{r.games_s:,.0f}", f"{r.moves_s:,.0f}", f"{r.games_cpu_s:,.0f}"]
            for r in results]
    print(format_table(["config", "moves/game", "games/s (wall, median)", "moves/s (wall)", "games per CPU-s"],
                       rows))
    print()
    print(format_table(["legal_moves(), 20-card pile, 11-card hand", "median µs", "max µs", "mean moves",
                        "max moves"],
                       [[k, f"{v['median_us']:,.0f}", f"{v['max_us']:,.0f}", f"{v['mean_moves']:.1f}",
                         f"{v['max_moves']}"] for k, v in lm.items()]))
    print()
    print(format_table(["sample_hidden() in a dark-knock turn, 2 players", "median ms", "max ms"],
                       [["opponent's view", f"{rs['median_ms']:.1f}", f"{rs['max_ms']:.1f}"]]))


if __name__ == "__main__":
    main()
