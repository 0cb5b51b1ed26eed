"""四百分 Sì Bǎi Fēn: options, the deal and the match rules (spec shared/rules/sibaifen.md).

Seats 0..3 in turn order (clockwise, §3.1); partners face each other: seats 0+2 and 1+3.
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

HAND_SIZE = 12
KITTY_SIZE = 4
MIN_BID, MAX_BID, BID_STEP = 200, 400, 5


@dataclass(frozen=True)
class SibaifenOptions(Options):
    pass_is_final: bool = option(
        False, N_("a player who passes may not bid again (default: he may, the seed's unlimited bids)"),
        spec="sibaifen.md §3.5")
    all_pass: Literal["redeal", "dealer_forced_200"] = option(
        "redeal", N_("when all four pass: throw the hand in (next dealer redeals) or the dealer declares 200"),
        spec="sibaifen.md §3.5")
    defenders_score_on_make: Literal["0", "their_points"] = option(
        "0", N_("what the defenders score when the contract is made: nothing, or their card points"),
        spec="sibaifen.md §3.7")
    target: int = option(1000, N_("match target: the first side to reach it wins"), min=1,
                         spec="sibaifen.md §3.7")


def side_of(seat: int) -> int:
    """Partnership index: 0 for seats 0 and 2, 1 for seats 1 and 3 (§3.1)."""
    return seat % 2


class SibaifenGame(Game[SibaifenOptions]):
    """四百分: 4 players in two partnerships, 52 cards, 12 each + 4-card kitty (§3.1–§3.7)."""

    id: ClassVar[str] = "sibaifen"
    name: ClassVar[str] = N_("Four Hundred Points")
    native_name: ClassVar[str] = "四百分"
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 4
    default_players: ClassVar[int] = 4
    options_class: ClassVar[type[Options]] = SibaifenOptions
    spec: ClassVar[str] = "sibaifen.md"
    deal_card_keys: ClassVar[tuple[str, ...]] = ("kitty",)
    sum_rule: ClassVar[str] = "none"
    aliases: ClassVar[tuple[str, ...]] = ("四百分",)
    family: ClassVar[str] = "tricks"
    hard_playouts: ClassVar[int] = 150
    heuristic_playouts: ClassVar[bool] = True
    direction: ClassVar[str] = "cw"
    conformance_configs: ClassVar[list[dict[str, Any]]] = [
        {"players": 4, "preset": "default"},
        {"players": 4, "preset": "forced_dealer", "playout_scale": 0.5,
         "rules": {"pass_is_final": True, "defenders_score_on_make": "their_points"}},
    ]

    def pack(self, players: int, options: Options) -> list[Card]:
        """§3.1: one pack without jokers (52)."""
        return make_pack()

    def move_bound(self, players: int, options: Options) -> int:
        return 4 * 41 + 4 + 1 + 48 + 10

    def deal(self, players: int, options: Options, rng: random.Random, context: dict[str, Any]) -> Deal:
        """§3.4: one at a time from the dealer's left (next seat), 12 each; 4 to the kitty."""
        dealer = int(context.get("dealer", 0)) % players
        cards = shuffled(self.pack(players, options), rng)
        hands, rest = deal_round_robin(cards, players, HAND_SIZE, first=(dealer + 1) % players)
        return Deal(hands, extra={"dealer": dealer, "kitty": rest})

    def start(self, players: int, options: Options, deal: Deal) -> Any:
        from .state import SibaifenState
        for i, hand in enumerate(deal.hands):
            if len(hand) != HAND_SIZE:
                raise ScenarioError(f"deal.hands[{i}]", f"must hold {HAND_SIZE} cards, not {len(hand)}")
        if len(deal.extra.get("kitty", [])) != KITTY_SIZE:
            raise ScenarioError("deal.kitty", f"must hold {KITTY_SIZE} cards")
        if deal.stock or deal.discard:
            raise ScenarioError("deal.stock", "四百分 has no stock or discard: the 4 spare cards are 'kitty'")
        dealer = deal.extra.get("dealer", 0)
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
            raise ScenarioError("deal.dealer", f"must be a seat 0..{players - 1}")
        assert isinstance(options, SibaifenOptions)
        return SibaifenState(self, options, players, deal)

    def match_end(self, match: Any) -> MatchEnd | None:
        """§3.7: the first side whose total reaches ``target`` wins the match.

        Decision: if both sides reach it in the same hand (possible only with
        ``defenders_score_on_make = their_points``) the higher total wins; equal totals: the
        side that won that hand (§3.7 hand result)."""
        totals = match.deal_totals
        reached = [s for s in (0, 1) if totals[s] >= match.options.target]
        if not reached:
            return None
        last = match.deals[-1].winners() if match.deals else []
        best = max(reached, key=lambda s: (totals[s], bool(last) and last[0] % 2 == s))
        return MatchEnd([best, best + 2], [])


GAME = SibaifenGame()
