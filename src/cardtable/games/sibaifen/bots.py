"""The 四百分 heuristic bot (docs/games/sibaifen.md "Bots").

* Bidding: estimate the side's take from the hand (aces, kings, a long suit) and bid the
  lowest legal bid while it stays under the estimate; otherwise pass.  Never outbids the
  partner.
* Kitty: bury the lowest cards of the shortest non-trump suits, keeping point cards.
* Trump: the suit with the most cards (ties: the stronger suit).
* Play: lead the strongest card of the longest suit; when following, if the partner is
  winning throw the highest point card allowed, else win with the cheapest winning card when
  the trick holds points, else play the cheapest card.
"""

from __future__ import annotations

import random
from typing import Any

from ...cards import Card, parse_cards
from ...i18n import _
from ...moves import Move
from ...parts.botbase import ViewBot
from ...tricks import standard_rules, winning_index

_PTS = {13: 25, 12: 20, 11: 15, 10: 10, 5: 5, 2: 25}


def _power(c: Card) -> int:
    return 14 if c.rank == 1 else c.rank


def _pts(c: Card) -> int:
    return _PTS.get(c.rank, 0)


def _suit_counts(hand: list[Card]) -> list[int]:
    n = [0, 0, 0, 0]
    for c in hand:
        n[c.suit] += 1
    return n


def estimate(hand: list[Card]) -> int:
    """A rough guess of the points a side takes with this hand as declarer."""
    n = _suit_counts(hand)
    aces = sum(1 for c in hand if c.rank == 1)
    kings = sum(1 for c in hand if c.rank == 13)
    return 150 + 25 * aces + 10 * kings + 12 * max(0, max(n) - 3)


def best_trump(hand: list[Card]) -> int:
    n = _suit_counts(hand)
    return max(range(4), key=lambda s: (n[s], sum(_power(c) for c in hand if c.suit == s)))


def choose(view: dict[str, Any], legal: list[Move], rng: random.Random) -> tuple[Move, str]:
    hand = parse_cards(view.get("hand", []))
    verbs = {m.verb for m in legal}
    if "bid" in verbs or ("pass" in verbs and len(verbs) == 1):
        est = estimate(hand)
        high = view.get("high_bid")
        me = view.get("seat")
        if high and me is not None and high["seat"] % 2 == me % 2:
            return Move("pass"), _("partner holds the bid ({bid}): pass", bid=high["bid"])
        bids = sorted((m for m in legal if m.verb == "bid"), key=lambda m: int(m.target or 0))
        if bids and int(bids[0].target or 0) <= est:
            return bids[0], _("hand worth about {est}: bid {bid}", est=est, bid=bids[0].target)
        return Move("pass"), _("hand worth about {est}: pass", est=est)
    if "trump" in verbs:
        s = best_trump(hand)
        return Move("trump", target="♠♥♦♣"[s]), _("longest suit as trump")
    if "bury" in verbs:
        t = best_trump(hand)
        n = _suit_counts(hand)
        cands = [m.cards[0] for m in legal]
        card = min(cands, key=lambda c: (c.suit == t, _pts(c) > 0, n[c.suit], _power(c)))
        return Move("bury", (card,)), _("bury a low card of a short side suit")
    plays = [m.cards[0] for m in legal]
    trick = [(int(s), parse_cards([c])[0]) for s, c in view.get("trick", {}).get("plays", [])]
    trump = view.get("trump")
    rules = standard_rules(None if trump is None else "♠♥♦♣".index(trump))
    me = view.get("seat")
    if not trick:
        n = _suit_counts(hand)
        card = max(plays, key=lambda c: (n[c.suit], _power(c)))
        return Move("play", (card,)), _("lead the top of the longest suit")
    cards = [c for _, c in trick]
    win = trick[winning_index(cards, rules)][0]
    partner_wins = me is not None and win % 2 == me % 2
    def wins(c: Card) -> bool:
        return winning_index(cards + [c], rules) == len(cards)
    if partner_wins:
        card = max(plays, key=lambda c: (_pts(c), -_power(c)))
        return Move("play", (card,)), _("partner is winning: add points")
    winners = [c for c in plays if wins(c)]
    at_stake = sum(_pts(c) for c in cards)
    if winners and (at_stake > 0 or len(trick) == 3):
        card = min(winners, key=lambda c: (rules.suit(c) == rules.trump, _power(c)))
        return Move("play", (card,)), _("win the trick cheaply")
    card = min(plays, key=lambda c: (_pts(c), rules.suit(c) == rules.trump, _power(c)))
    return Move("play", (card,)), _("cannot win usefully: play the cheapest card")


class HeuristicBot(ViewBot):
    def choose(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        return choose(view, legal, rng)[0]
