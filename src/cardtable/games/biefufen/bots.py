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
from ...moves import Move
from ...parts.botbase import ViewBot
from ...suitchains import parse_position, run_beyond
from .state import card_value


class HeuristicBot(ViewBot):
    def choose(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        hand = {int(c) for c in parse_cards(view.get("hand", []))}
        plays = [m for m in legal if m.verb == "play"]

        def play_score(m: Move) -> float:
            c = int(m.cards[0])
            if m.target is None:
                return card_value(c) + run_beyond(c, hand) + rng.random() / 10
            pos = parse_position(m.target)
            if pos in hand:
                return -100.0
            return card_value(pos) - card_value(c) + run_beyond(pos, hand) - 2 + rng.random() / 10

        if plays:
            best = max(plays, key=play_score)
            if play_score(best) > -50 or len(plays) == len(legal):
                return best
        kous = [m for m in legal if m.verb == "kou"]
        return min(kous, key=lambda m: (card_value(m.cards[0]), rng.random()))
