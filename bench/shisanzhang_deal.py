"""CPU per 十三张 deal on the server's path (no sockets, no database).

One deal as the table server plays it with one person and three default bots: the deal
starts, every seat's frame is built (view + legal moves in text), the three bots choose
(``bots.bot_move``) and their moves are applied, each followed by the person's frame, then
the person's move (the auto-arranger's split, as the load client plays) and the finished
deal's frames for all seats.  Frames are built for the person's seat only, as the server
builds them for connections (bots have none).

    python bench/shisanzhang_deal.py [--deals 200] [--seed 1] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

from cardtable.bots import bot_move, default_bot_name, make_bot
from cardtable.registry import get_game
from cardtable.server.frames import state_frame


def frame(state, seat):
    return state_frame(state, seat, seq=0, status="playing", deal=1, totals=[0] * 4, deadline=None)


def one_deal(game, bots, seed: int) -> list[str]:
    state = game.new_state(4, seed=seed)
    frame(state, 0)
    rng = random.Random(seed)
    for s in (1, 2, 3):
        m = bot_move(bots[s], state, s, rng)
        state.apply(m, s)
        frame(state, 0)
    m = state.legal_moves(0)[0]
    state.apply(m, 0)
    for s in range(4):
        frame(state, s)
    frame(state, None)
    return [state.move_text(m) for _s, m in state.history]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", action="store_true")
    a = ap.parse_args()
    game = get_game("shisanzhang")
    name = default_bot_name("shisanzhang")
    bots = {s: make_bot("shisanzhang", name) for s in (1, 2, 3)}
    one_deal(game, bots, -1)    # tables built on first use
    prof = cProfile.Profile() if a.profile else None
    t0 = time.process_time()
    if prof:
        prof.enable()
    for i in range(a.deals):
        one_deal(game, bots, a.seed * 1_000_003 + i)
    if prof:
        prof.disable()
    t = time.process_time() - t0
    print(f"{a.deals} deals, {1000 * t / a.deals:.2f} ms CPU per deal (bot {name})")
    if prof:
        pstats.Stats(prof).sort_stats("cumulative").print_stats(30)


if __name__ == "__main__":
    main()
