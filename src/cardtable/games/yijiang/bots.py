"""议将夺墩算分 heuristic bot (docs/games/yijiang.md "Bots").

Auction: counts sure-ish tricks in its best suit as trump (aces and kings, plus long trumps)
and bids that many if it is at least the minimum and higher than the current bid.  Trump:
its longest (then strongest) suit.  Play: wins the trick as cheaply as it can when the trick
is not already its partner's, otherwise throws its lowest card.  It reads only the view.
"""

from __future__ import annotations

import random
from typing import Any

from ...cards import SUITS, parse_card
from ...moves import Move
from ...parts.botbase import ViewBot
from ...tricks import standard_rules, winning_index


def _power(c: int) -> int:
    r = c % 13 + 1
    return 14 if r == 1 else r


def estimate(hand: list[int], trump: int) -> float:
    """Rough tricks of a 5-card hand with ``trump``."""
    est = 0.0
    trumps = [c for c in hand if c // 13 == trump]
    for c in hand:
        p = _power(c)
        if c // 13 == trump:
            est += 1.0 if p >= 12 else 0.6 if p >= 9 else 0.4
        elif p == 14:
            est += 0.8
        elif p == 13:
            est += 0.4
    return est + max(0, len(trumps) - 2) * 0.3


class HeuristicBot(ViewBot):
    def choose(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        hand = [int(parse_card(c)) for c in view.get("hand", [])]
        verbs = {m.verb for m in legal}
        if "bid" in verbs or ("pass" in verbs and len(verbs) == 1):
            best = max(estimate(hand, s) for s in range(4)) if hand else 0
            bids = sorted(int(m.target or 0) for m in legal if m.verb == "bid")
            want = int(best + 0.3)
            ok = [b for b in bids if b <= want]
            return Move("bid", target=str(ok[0])) if ok else Move("pass")
        if "trump" in verbs:
            s = max(range(4), key=lambda s: (estimate(hand, s), sum(1 for c in hand if c // 13 == s)))
            return Move("trump", target=SUITS[s])
        plays = [m for m in legal if m.verb == "play"]
        trump_sym = view.get("trump")
        trump = SUITS.index(trump_sym) if trump_sym else None
        rules = standard_rules(trump, "free", jokers="own_suit")
        trick = view.get("trick", {}).get("plays", [])
        cards = [int(parse_card(c)) for _, c in trick]
        seat = view.get("seat")
        players = int(view.get("players", 4))

        def key(c: int) -> int:
            return (100 if trump is not None and c // 13 == trump else 0) + _power(c)

        if cards:
            cur = trick[winning_index(cards, rules)][0]
            partner_wins = bool(view.get("teams")) and seat is not None and cur % 2 == seat % 2
            if not partner_wins:
                winners = [m for m in plays
                           if trick and winning_index(cards + [int(m.cards[0])], rules) == len(cards)]
                if winners:
                    return min(winners, key=lambda m: key(int(m.cards[0])))
            return min(plays, key=lambda m: key(int(m.cards[0])))
        # leading: the strongest non-trump ace, else the highest card
        del players
        return max(plays, key=lambda m: (_power(int(m.cards[0])), rng.random()))
