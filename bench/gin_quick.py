"""Quick gin playout speed: random legal moves (Move objects) until each deal ends.

    .venv/bin/python bench/gin_quick.py [games] [--clone]
"""

from __future__ import annotations

import random
import sys
import time

from cardtable import get_game


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 2000
    game = get_game("gin")
    options = game.make_options()
    rng = random.Random(1)
    moves = knocks = 0
    t0 = time.perf_counter()
    c0 = time.process_time()
    for g in range(games):
        s = game.new_state(2, options, seed=g)
        while not s.is_over:
            lm = s.legal_moves()
            m = lm[rng.randrange(len(lm))]
            s.apply(m)
            moves += 1
        knocks += s.knocker >= 0
    dt = time.perf_counter() - t0
    cpu = time.process_time() - c0
    print(f"random playouts: {games / dt:.0f} games/s wall, {games / cpu:.0f} games/s CPU time, "
          f"{moves / cpu:.0f} moves/s CPU, {moves / games:.1f} moves/game, "
          f"{knocks / games:.1%} ended by a knock")
    if "--clone" in sys.argv:
        s = game.new_state(2, options, seed=0)
        t0 = time.perf_counter()
        for _ in range(100_000):
            s.clone()
        print(f"clone: {(time.perf_counter() - t0) * 10:.2f} µs")


if __name__ == "__main__":
    main()
