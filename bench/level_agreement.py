"""How often ``hard`` and ``expert`` leave the heuristic's move, and how often they agree.

    python bench/level_agreement.py [--games gin,dummy] [--decisions 30]

On decisions spread over ``medium`` self-play (``bench_ismcts.spread_positions``), each
level without its time cap (``rollout:playouts=N`` and ``rollout:playouts=3N,
max_candidates=12``, N = ``hard_playouts(game)``) chooses with the same generator. Prints one JSON
line per game: decisions, moves that were the same, and how many times each level overrode
the heuristic. Explains the ladder (docs/ladder.md): a level can only be stronger than
another where it plays other moves.
"""

from __future__ import annotations

import argparse
import json
import random

from bench_ismcts import spread_positions

from cardtable.bots import bot_move, make_bot
from cardtable.bots.levels import CANDIDATES, EXPERT_FACTOR, hard_playouts
from cardtable.registry import game_ids


def agreement(game_id: str, decisions: int) -> dict[str, int | str]:
    n = hard_playouts(game_id)
    # the two levels as make_level builds them, less the time cap (so the moves are reproducible)
    hard = f"rollout:playouts={n},max_candidates={CANDIDATES['hard']}"
    expert = f"rollout:playouts={EXPERT_FACTOR * n},max_candidates={CANDIDATES['expert']}"
    same = hard_over = expert_over = 0
    spots = spread_positions(game_id, decisions)
    for state, seat in spots:
        h, e = make_bot(game_id, hard), make_bot(game_id, expert)
        same += bot_move(h, state, seat, random.Random(2)) == bot_move(e, state, seat, random.Random(2))
        hard_over += h.last_overrode
        expert_over += e.last_overrode
    return {"game": game_id, "decisions": len(spots), "same": same, "hard_overrode": hard_over,
            "expert_overrode": expert_over}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default=",".join(game_ids()))
    ap.add_argument("--decisions", type=int, default=30)
    a = ap.parse_args()
    for g in a.games.split(","):
        print(json.dumps(agreement(g, a.decisions)), flush=True)


if __name__ == "__main__":
    main()
