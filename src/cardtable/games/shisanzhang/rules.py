"""十三张 Shísān Zhāng (Chinese Poker): options, the deal and the match rules.

Spec: shared/rules/shisanzhang.md (§1.1 players and cards, §1.6 end of game); every option
is a key of the spec's config lines, with the spec's default.
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

HAND_SIZE = 13


@dataclass(frozen=True)
class ShisanzhangOptions(Options):
    wheel_rank: Literal["lowest", "second_highest"] = option(
        "lowest", N_("rank of the straight A-2-3-4-5: the lowest straight, or just below T-J-Q-K-A"),
        spec="shisanzhang.md §1.2")
    suit_tiebreak: bool = option(
        False, N_("break a full rank tie between two players' rows by suit (♠>♥>♣>♦ of the top card)"),
        spec="shisanzhang.md §1.2")
    strict_ordering: bool = option(
        False, N_("each row must be strictly weaker than the next (equal rows foul)"),
        spec="shisanzhang.md §1.2")
    foul_pays_bonuses: bool = option(
        True, N_("a fouled hand pays each opponent his row bonuses (else 10 a row)"),
        spec="shisanzhang.md §1.2")
    foul_extra_penalty: int = option(
        0, N_("extra points a fouled hand pays each non-fouled opponent"), min=0,
        spec="shisanzhang.md §1.2")
    scoop_multiplier: int = option(
        1, N_("打枪: multiply the rows won when one player wins all three rows against another (2 = ×2)"),
        min=1, max=10, spec="shisanzhang.md §1.4")
    grand_slam_multiplier: int = option(
        1, N_("全垒打: multiply again when one player scoops every opponent (3+ players)"),
        min=1, max=10, spec="shisanzhang.md §1.4")
    all_big_min: int = option(
        8, N_("全大: every card at least this rank (2..14, ace 14)"), min=2, max=14,
        spec="shisanzhang.md §1.5")
    all_small_max: int = option(
        8, N_("全小: every card at most this rank (2..14, ace 14 so an ace disqualifies)"), min=2, max=14,
        spec="shisanzhang.md §1.5")
    auto_declare_special: bool = option(
        False, N_("a hand that fits a special hand must declare it"), spec="shisanzhang.md §1.5")
    special_vs_special: Literal["higher_collects_own", "net_difference", "both_void"] = option(
        "higher_collects_own", N_("settlement between two declared special hands"),
        spec="shisanzhang.md §1.5")
    deals: int = option(8, N_("number of deals in a match"), min=1, max=1000, spec="shisanzhang.md §1.6")
    target: int = option(
        0, N_("the match also ends when a total reaches +target or -target (0: no target)"), min=0,
        spec="shisanzhang.md §1.6")


class ShisanzhangGame(Game[ShisanzhangOptions]):
    """十三张: 2–4 players, 13 cards each, three hidden rows, pairwise showdown (§1.1–§1.6)."""

    id: ClassVar[str] = "shisanzhang"
    name: ClassVar[str] = N_("Chinese Poker")
    native_name: ClassVar[str] = "十三张"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    default_players: ClassVar[int] = 4
    options_class: ClassVar[type[Options]] = ShisanzhangOptions
    spec: ClassVar[str] = "shisanzhang.md"
    # a written deal may list only the hands: with fewer than 4 players the rest is out of play
    allow_missing_cards: ClassVar[bool] = True
    sum_rule: ClassVar[str] = "zero"
    aliases: ClassVar[tuple[str, ...]] = ("十三張", "chinese poker", "十三水", "十三道")
    family: ClassVar[str] = "rows"
    hard_playouts: ClassVar[int] = 200
    conformance_configs: ClassVar[list[dict[str, Any]]] = [
        {"players": 2}, {"players": 3}, {"players": 4},
        {"players": 4, "playout_scale": 0.5,
         "rules": {"scoop_multiplier": 2, "grand_slam_multiplier": 2, "strict_ordering": True,
                   "wheel_rank": "second_highest", "suit_tiebreak": True, "auto_declare_special": True,
                   "special_vs_special": "net_difference", "foul_extra_penalty": 5}},
    ]

    def pack(self, players: int, options: Options) -> list[Card]:
        """§1.1: one 52-card pack, no jokers."""
        return make_pack()

    def deal(self, players: int, options: Options, rng: random.Random, context: dict[str, Any]) -> Deal:
        """§1.1: 13 cards each, one at a time from the dealer's next seat; the rest out of play."""
        dealer = int(context.get("dealer", 0)) % players
        cards = shuffled(self.pack(players, options), rng)
        hands, rest = deal_round_robin(cards, players, HAND_SIZE, first=(dealer + 1) % players)
        return Deal(hands, stock=rest, extra={"dealer": dealer})

    def start(self, players: int, options: Options, deal: Deal) -> Any:
        from .state import ShisanzhangState
        for i, hand in enumerate(deal.hands):
            if len(hand) != HAND_SIZE:
                raise ScenarioError(f"deal.hands[{i}]", f"must hold {HAND_SIZE} cards, not {len(hand)}")
        if deal.discard:
            raise ScenarioError("deal.discard", "十三张 has no discard pile")
        assert isinstance(options, ShisanzhangOptions)
        return ShisanzhangState(self, options, players, deal)

    def match_end(self, match: Any) -> MatchEnd | None:
        """§1.6: after ``deals`` deals, or once a total reaches ±``target``; highest total wins."""
        opts = match.options
        totals = match.deal_totals
        done = len(match.deals) >= opts.deals or (opts.target > 0 and any(abs(t) >= opts.target for t in totals))
        if not done:
            return None
        best = max(totals)
        return MatchEnd([s for s, t in enumerate(totals) if t == best], [])


GAME = ShisanzhangGame()
