"""The dummy bots play legal moves from views only; the heuristic avoids punished discards."""

from __future__ import annotations

import random

from cardtable.bots import make_bot
from cardtable.registry import new_game


def _play(players: int, seed: int, names: list[str]) -> tuple[list[int], list[int]]:
    bots = [make_bot("dummy", n) for n in names]
    s = new_game("dummy", players, seed=seed)
    rng = random.Random(seed)
    while not s.is_over:
        seat = s.cur
        legal = s.legal_moves()
        mv = bots[seat].choose(s.view(seat), legal, rng)
        assert mv in legal
        s.apply(mv, seat)
    pens = [sum(it.points for it in s.penalties if it.seat == p) for p in range(players)]
    return s.scores, pens


def test_heuristic_beats_random_and_pays_fewer_penalties() -> None:
    score = [0, 0]
    pen = [0, 0]
    for g in range(40):
        names = ["heuristic", "random"] if g % 2 == 0 else ["random", "heuristic"]
        sc, pe = _play(2, g, names)
        for seat in range(2):
            k = 0 if names[seat] == "heuristic" else 1
            score[k] += sc[seat]
            pen[k] += pe[seat]
    assert score[0] > score[1] and pen[0] > pen[1]      # penalties are negative


def test_heuristic_four_players() -> None:
    for g in range(5):
        _play(4, g, ["heuristic"] * 4)
