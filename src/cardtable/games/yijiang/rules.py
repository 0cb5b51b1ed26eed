"""议将夺墩算分 Yì Jiàng Duó Dūn Suàn Fēn: options, the deal and the match rules.

Spec: shared/rules/yijiang.md.  The seed breaks off after the deal (§9.1, §9.2); the
auction (§9.3), play details (§9.4) and scoring (§9.5) are the spec's reconstructions, each
behind an option with the spec's default.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from ...cards import Card, make_pack, shuffled
from ...deal import Deal, deal_round_robin
from ...errors import ScenarioError
from ...game import Game, MatchEnd
from ...i18n import N_
from ...options import Options, option

ROUND_CARDS = 5       # §9.1 [seed]: 5 cards each per round
TRICKS = 5


@dataclass(frozen=True)
class YijiangOptions(Options):
    teams_when_four: bool = option(
        True, N_("with 4 players, two teams of partners sitting opposite (seats 0+2, 1+3)"),
        spec="yijiang.md §9.1")
    reshuffle_each_round: bool = option(
        False, N_("reshuffle after every round (else rounds are dealt from the same pack until it "
                  "cannot give everyone 5 more cards)"), spec="yijiang.md §9.2")
    min_bid: int = option(3, N_("lowest bid (tricks of 5 the bidder's side undertakes to take)"),
                          min=1, max=5, spec="yijiang.md §9.3")
    all_pass: Literal["dealer_forced", "no_trump_round"] = option(
        "dealer_forced", N_("when nobody bids: the dealer must take the minimum bid, or the round "
                            "is played without trump and without a contract"), spec="yijiang.md §9.3")
    scoring: Literal["contract_like_400", "one_point_per_trick"] = option(
        "contract_like_400", N_("round scoring: the contract (made: +bid; failed: opponents + "
                                "shortfall), or one point per trick"), spec="yijiang.md §9.5")
    target: int = option(10, N_("the first cumulative total to reach this wins the match"), min=1,
                         spec="yijiang.md §9.5")


def side_of(seat: int, players: int, options: YijiangOptions) -> int:
    """§9.1: with 4 players and teams, partners sit opposite (side = seat mod 2)."""
    if players == 4 and options.teams_when_four:
        return seat % 2
    return seat


def rounds_per_deal(players: int, options: YijiangOptions) -> int:
    """§9.2 Decision: 2 players 5 rounds, 3 players 3, 4 players 2 (one with reshuffling)."""
    return 1 if options.reshuffle_each_round else 52 // (ROUND_CARDS * players)


class YijiangGame(Game[YijiangOptions]):
    """议将夺墩算分: 2–4 players, 52 cards, rounds of 5 cards: auction for trump, 5 tricks."""

    id: ClassVar[str] = "yijiang"
    name: ClassVar[str] = N_("Bid the Trump, Take Tricks")
    native_name: ClassVar[str] = "议将夺墩算分"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    default_players: ClassVar[int] = 4
    options_class: ClassVar[type[Options]] = YijiangOptions
    direction: ClassVar[str] = "ccw"   # chinese-common §0.2: metadata only; turn order = seat order
    spec: ClassVar[str] = "yijiang.md"
    sum_rule: ClassVar[str] = "none"
    aliases: ClassVar[tuple[str, ...]] = ("議將奪墩算分", "议将")
    family: ClassVar[str] = "tricks"
    hard_playouts: ClassVar[int] = 200
    heuristic_playouts: ClassVar[bool] = True
    conformance_configs: ClassVar[list[dict[str, Any]]] = [
        {"players": 2, "playout_scale": 0.6},
        {"players": 3, "playout_scale": 0.6},
        {"players": 4, "playout_scale": 1.0},
        {"players": 4, "rules": {"teams_when_four": False, "all_pass": "no_trump_round"},
         "playout_scale": 0.2},
        {"players": 3, "rules": {"reshuffle_each_round": True, "scoring": "one_point_per_trick",
                                 "min_bid": 1}, "playout_scale": 0.2},
    ]

    def pack(self, players: int, options: Options) -> list[Card]:
        """§9.1 [seed]: 52 cards, no jokers."""
        return make_pack()

    def deal(self, players: int, options: Options, rng: random.Random, context: dict[str, Any]) -> Deal:
        """§9.1: 甲 (``dealer``) deals one card at a time from his 下家 (Decision), 5 each;
        the rest of the pack (``stock``, top first) gives the later rounds."""
        dealer = int(context.get("dealer", 0)) % players
        cards = shuffled(self.pack(players, options), rng)
        hands, rest = deal_round_robin(cards, players, ROUND_CARDS, first=(dealer + 1) % players)
        return Deal(hands, stock=rest, extra={"dealer": dealer})

    def start(self, players: int, options: Options, deal: Deal) -> Any:
        from .state import YijiangState
        assert isinstance(options, YijiangOptions)
        for i, hand in enumerate(deal.hands):
            if len(hand) != ROUND_CARDS:
                raise ScenarioError(f"deal.hands[{i}]", f"must hold {ROUND_CARDS} cards, not {len(hand)}")
        if deal.discard:
            raise ScenarioError("deal.discard", "议将夺墩算分 has no discard pile")
        dealer = deal.extra.get("dealer", 0)
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
            raise ScenarioError("deal.dealer", f"must be a seat 0..{players - 1}")
        return YijiangState(self, options, players, deal)

    def match_end(self, match: Any) -> MatchEnd | None:
        """§9.5: the first cumulative total to reach ``target`` wins (checked after each deal;
        highest total wins, a team's members together)."""
        totals = match.deal_totals
        best = max(totals)
        if best < match.options.target:
            return None
        return MatchEnd([s for s, t in enumerate(totals) if t == best], [])


GAME = YijiangGame()
