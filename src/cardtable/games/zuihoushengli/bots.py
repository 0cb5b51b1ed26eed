"""The 最后胜利 heuristic bot (docs/games/zuihoushengli.md "Bots").

Winning a trick is the only way to get a card back, so the bot tries to win tricks cheaply:
lead its strongest card (a trump or joker if it has one, else the highest card, longer suit
first on ties); when following, play the cheapest card that beats the trick if there is one,
otherwise throw its weakest card (keeping trumps).
"""

from __future__ import annotations

import random
from typing import Any

from ...cards import Card, parse_cards
from ...i18n import N_
from ...moves import Move
from ...parts.botbase import ViewBot
from ...tricks import TrickRules, standard_rules, winning_index

_SUITS = {"♠": 0, "♥": 1, "♦": 2, "♣": 3}


def _rules(view: dict[str, Any]) -> TrickRules:
    opts = view.get("options", {})
    trump = view.get("trump")
    return standard_rules(_SUITS.get(trump) if trump else None,
                          "must_trump" if opts.get("void_rule", "must_trump") == "must_trump" else "free",
                          "top_trumps" if opts.get("joker_rank", "top_trumps") == "top_trumps" else "own_suit")


def choose(view: dict[str, Any], legal: list[Move], rng: random.Random) -> tuple[Move, str]:
    """The move and why, in English (marked for translation, translated where shown)."""
    rules = _rules(view)
    hand = parse_cards(view.get("hand", []))
    plays = [m.cards[0] for m in legal]
    trick = [parse_cards([c])[0] for _, c in view.get("trick", {}).get("plays", [])]

    def key(c: Card) -> tuple[bool, int]:
        return (rules.suit(c) == rules.trump, rules.strength(c))

    if not trick:
        n: dict[int, int] = {}
        for c in hand:
            n[rules.suit(c)] = n.get(rules.suit(c), 0) + 1
        card = max(plays, key=lambda c: (key(c)[0], rules.strength(c), n[rules.suit(c)]))
        return Move("play", (card,)), N_("lead the strongest card")
    winners = [c for c in plays if winning_index(trick + [c], rules) == len(trick)]
    if winners:
        card = min(winners, key=key)
        return Move("play", (card,)), N_("win the trick as cheaply as possible (the winner draws)")
    card = min(plays, key=key)
    return Move("play", (card,)), N_("cannot win: throw the weakest card")


class HeuristicBot(ViewBot):
    def choose(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        return choose(view, legal, rng)[0]
