"""最后胜利 Zuìhòu Shènglì: options, the deal and the match rules (spec shared/rules/zuihoushengli.md).

Seats 0..n-1 in turn order (the seed's counter-clockwise, §7.2); 甲 = the dealer.
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

HAND_SIZES = {4: 7, 5: 6, 6: 5}          # §7.2


@dataclass(frozen=True)
class ZuihoushengliOptions(Options):
    trump_card: Literal["out_of_play", "bottom_of_stock"] = option(
        "out_of_play", N_("the turned trump card stays on the table, or goes face up under the "
                           "stock"),
        spec="zuihoushengli.md §7.3")
    joker_turned: Literal["no_trump", "turn_again"] = option(
        "no_trump", N_("a turned joker: no trump suit (only jokers trump), or turn the next card"),
        spec="zuihoushengli.md §7.3")
    joker_rank: Literal["top_trumps", "lowest"] = option(
        "top_trumps", N_("jokers are the top trumps (BJ > LJ > trump A), or a low suit of their "
                          "own"),
        spec="zuihoushengli.md §7.4")
    void_rule: Literal["must_trump", "free"] = option(
        "must_trump", N_("a player void in the led suit must trump if he can (seed), or may "
                          "discard"),
        spec="zuihoushengli.md §7.4 (seed 3.比牌与补牌)")
    recycle_stock: bool = option(
        False, N_("when the stock is empty, the played tricks (in play order, face up) become the "
                  "stock"),
        spec="zuihoushengli.md §7.4")
    target: int = option(
        0, N_("match target: the first player whose total reaches it wins (0: one deal is the "
              "match)"),
        min=0, spec="zuihoushengli.md §7.6")
    deals: int = option(
        1, N_("with target 0: number of deals in a match"), min=1, max=1000, spec="zuihoushengli.md §7.6")
    next_dealer: Literal["next_seat", "survivor"] = option(
        "next_seat", N_("who deals the next hand: the next seat in turn order, or the last "
                         "survivor"),
        spec="zuihoushengli.md §7.2")


class ZuihoushengliGame(Game[ZuihoushengliOptions]):
    """最后胜利: 4–6 players each for himself, 54 cards, draw after each won trick (§7.1–§7.6)."""

    id: ClassVar[str] = "zuihoushengli"
    name: ClassVar[str] = N_("Last Victory")
    native_name: ClassVar[str] = "最后胜利"
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 6
    default_players: ClassVar[int] = 4
    options_class: ClassVar[type[Options]] = ZuihoushengliOptions
    spec: ClassVar[str] = "zuihoushengli.md"
    sum_rule: ClassVar[str] = "none"
    aliases: ClassVar[tuple[str, ...]] = ("最後勝利",)
    family: ClassVar[str] = "tricks"
    hard_playouts: ClassVar[int] = 200
    direction: ClassVar[str] = "ccw"
    conformance_configs: ClassVar[list[dict[str, Any]]] = [
        {"players": 4},
        {"players": 5},
        {"players": 6},
        {"players": 4, "preset": "free_discard", "playout_scale": 0.5},
        {"players": 5, "playout_scale": 0.5,
         "rules": {"trump_card": "bottom_of_stock", "joker_turned": "turn_again",
                   "joker_rank": "lowest", "recycle_stock": True}},
    ]

    def pack(self, players: int, options: Options) -> list[Card]:
        """§7.1: the full pack with both jokers (54)."""
        return make_pack(named_jokers=2)

    def move_bound(self, players: int, options: Options) -> int:
        return 2000

    def deal(self, players: int, options: Options, rng: random.Random, context: dict[str, Any]) -> Deal:
        """§7.2: one at a time in turn order from the seat after 甲 (Decision); rest = stock."""
        dealer = int(context.get("dealer", 0)) % players
        cards = shuffled(self.pack(players, options), rng)
        hands, rest = deal_round_robin(cards, players, HAND_SIZES[players], first=(dealer + 1) % players)
        return Deal(hands, stock=rest, extra={"dealer": dealer})

    def start(self, players: int, options: Options, deal: Deal) -> Any:
        from .state import ZuihoushengliState
        n = HAND_SIZES[players]
        for i, hand in enumerate(deal.hands):
            if len(hand) != n:
                raise ScenarioError(f"deal.hands[{i}]", f"must hold {n} cards at {players} players, not {len(hand)}")
        if deal.discard:
            raise ScenarioError("deal.discard", "最后胜利 has no discard pile")
        if not deal.stock:
            raise ScenarioError("deal.stock", "needs the stock, top card (the turned trump card) first")
        dealer = deal.extra.get("dealer", 0)
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
            raise ScenarioError("deal.dealer", f"must be a seat 0..{players - 1}")
        assert isinstance(options, ZuihoushengliOptions)
        return ZuihoushengliState(self, options, players, deal)

    def next_context(self, match: Any) -> dict[str, Any]:
        """Decision next_dealer: the next seat deals, or the last hand's survivor."""
        last = match.deals[-1]
        if match.options.next_dealer == "survivor" and last.winners():
            return {"dealer": last.winners()[0]}
        return {"dealer": (last.deal.extra.get("dealer", 0) + 1) % last.players}

    def match_end(self, match: Any) -> MatchEnd | None:
        """§7.6: the first to reach ``target`` wins (0: after ``deals`` deals, the best total)."""
        totals = match.deal_totals
        opts = match.options
        if opts.target > 0:
            if max(totals) < opts.target:
                return None
        elif len(match.deals) < opts.deals:
            return None
        best = max(totals)
        return MatchEnd([s for s, t in enumerate(totals) if t == best], [])


GAME = ZuihoushengliGame()
