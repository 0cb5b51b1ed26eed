"""The 憋7 ``heuristic`` bot (docs/games/bieqi.md "Bots"): it sees only its view.

* Lending: give the dead card (活王: the card the joker replaced) if held, else the joker
  (base game), else the card farthest from 7; keep a live joker.
* Playing: prefer a card that lets it follow up with its own next card in that direction
  (counting its cards further along the chain), then a card whose neighbour beyond it it
  holds itself (so opponents gain nothing), then the card farthest from 7; the live joker
  only when nothing else is playable, on the position that frees most of its own cards.
"""

from __future__ import annotations

import random
from typing import Any

from ...cards import BJ, LJ, parse_cards
from ...moves import Move
from ...parts.botbase import ViewBot
from ...suitchains import parse_position, run_beyond, seven_distance


class HeuristicBot(ViewBot):
    def choose(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        hand = {int(c) for c in parse_cards(view.get("hand", []))}
        if legal[0].verb == "lend":
            dead = view.get("dead", "joker")
            if dead != "joker":
                want = parse_position(dead)
                for m in legal:
                    if m.cards and int(m.cards[0]) == want:
                        return m
            live = bool(view.get("options", {}).get("live_joker"))
            joker = BJ if view.get("joker", "big") == "big" else LJ

            def lend_key(m: Move) -> tuple[int, int]:
                c = int(m.cards[0]) if m.cards else 0
                if c == joker:
                    return (-1 if live else 9, 0)
                return (seven_distance(c), -run_beyond(c, hand))
            return max(legal, key=lend_key)
        plays = [m for m in legal if m.verb == "play" and m.target is None]
        if plays:
            def key(m: Move) -> tuple[int, int, float]:
                c = int(m.cards[0])
                return (run_beyond(c, hand), seven_distance(c), rng.random())
            return max(plays, key=key)
        subs = [m for m in legal if m.verb == "play"]
        if subs:
            return max(subs, key=lambda m: (run_beyond(parse_position(m.target or ""), hand), rng.random()))
        return legal[0]
