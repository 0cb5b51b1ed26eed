"""The 憋负分 ``heuristic`` bot (docs/games/biefufen.md "Bots"): it sees only its view.

* Prefer playing to 扣 whenever allowed (a card played never scores).
* Among plays: save the card worth most (near 7), plus one point for each of its own cards
  that the play lets it connect next; a wild is used as a stand-in only for a position whose
  real card it does not hold (that card would die in its own hand at ×2/×3), preferring the
  position that unblocks most of its own cards; a stand-in costs the wild's own value.
* 扣 the card worth least (jokers, A, K, 2, Q ...), never a 7 when anything else will do.
"""

from __future__ import annotations

import random
from typing import Any

from ...cards import parse_cards
from ...layouts import parse_position
from ...moves import Move
from .state import card_value


def _run(pos: int, hand: set[int]) -> int:
    s, r = divmod(pos, 13)
    if r == 6:
        return sum(1 for d in (1, -1) if s * 13 + 6 + d in hand)
    step = 1 if r > 6 else -1
    n, k = 0, r + step
    while 0 <= k <= 12 and s * 13 + k in hand:
        n += 1
        k += step
    return n


class HeuristicBot:
    name = "heuristic"
    needs_log = False        # reads no move log: bot_move and playouts leave it out of the view

    def __init__(self, game_id: str | None = None) -> None:
        self.game_id = game_id

    def choose(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        hand = {int(c) for c in parse_cards(view.get("hand", []))}
        plays = [m for m in legal if m.verb == "play"]

        def play_score(m: Move) -> float:
            c = int(m.cards[0])
            if m.target is None:
                return card_value(c) + _run(c, hand) + rng.random() / 10
            pos = parse_position(m.target)
            if pos in hand:
                return -100.0
            return card_value(pos) - card_value(c) + _run(pos, hand) - 2 + rng.random() / 10

        if plays:
            best = max(plays, key=play_score)
            if play_score(best) > -50 or len(plays) == len(legal):
                return best
        kous = [m for m in legal if m.verb == "kou"]
        return min(kous, key=lambda m: (card_value(m.cards[0]), rng.random()))
