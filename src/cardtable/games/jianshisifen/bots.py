"""捡十四分 heuristic bot (docs/games/jianshisifen.md "Bots").

It picks the pair worth most suit points (♠4 ♥3 ♦2 ♣1); when it puts a card on the table it
prefers one that the next players are least likely to use well: a card whose 14-complement is
already out of play or in its own hand, and of low suit value; it never gives away a card
that pairs with a table card it cannot take itself.  It reads only the view.
"""

from __future__ import annotations

import random
from typing import Any

from ...cards import parse_card, parse_cards
from ...moves import Move
from ...parts.botbase import ViewBot
from .scoring import card_points, pick_value


class HeuristicBot(ViewBot):
    def choose(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        picks = [m for m in legal if m.verb == "pick"]
        if picks:
            return max(picks, key=lambda m: (sum(card_points(int(c), 0) for c in m.cards), rng.random()))
        puts = [m for m in legal if m.verb == "put"]
        if not puts:
            return legal[0]
        table = [int(c) for c in parse_cards(view.get("table", []))]
        hand = [int(c) for c in parse_cards(view.get("hand", []))]
        seen = [int(parse_card(c)) for p in view.get("pairs", []) for pair in p for c in pair] + table

        def danger(m: Move) -> tuple[float, float]:
            c = int(m.cards[0])
            need = 14 - pick_value(c)
            # complements still unseen: how likely an opponent can take this card
            total = 6 if need == 1 else 4
            gone = sum(1 for x in seen + hand if pick_value(x) == need and x != c)
            return (float(total - gone), float(card_points(c, 0)))

        return min(puts, key=lambda m: (danger(m), rng.random()))
