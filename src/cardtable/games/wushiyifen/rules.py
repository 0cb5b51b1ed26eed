"""五十一分 Wǔshíyī Fēn (Fifty-One): options, the deal and the match rules.

Spec: shared/rules/wushiyifen.md (§5.1 players and cards, §5.2 deal, §5.6 end).  Every
option is a config key of the spec (or a Decision of docs/games/wushiyifen.md) with the
spec's default.
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

HAND_SIZE = 5


@dataclass(frozen=True)
class WushiyifenOptions(Options):
    may_rethrow_pickup: bool = option(
        False, N_("a card picked up from the 上家's throw may be thrown again in the same turn"),
        spec="wushiyifen.md §5.2")
    fifth_throw_takeable: bool = option(
        False, N_("the card that completes a pile of 5 thrown cards may still be taken by the 下家 "
        "(the spec's bookkeeping reading); default: the seed sets the pile aside at once"),
        spec="wushiyifen.md §5.2")
    nonflush_value: Literal["0", "best_suit_subtotal"] = option(
        "0", N_("value of a hand that is not a flush (base game): 0, or its best suit's subtotal "
        "with the jokers"), spec="wushiyifen.md §5.3")
    declare_threshold: int = option(
        41, N_("a hand worth at least this may be declared (\"more than 40\")"), min=1, max=54,
        spec="wushiyifen.md §5.4")
    may_declare_before_draw: bool = option(
        False, N_("a player may also declare at the start of his turn, before drawing"),
        spec="wushiyifen.md §5.4")
    nonflush_variant: bool = option(
        False, N_("§5.5 variant: any five cards count (sum of card values), not only flushes"),
        spec="wushiyifen.md §5.5")
    target: int = option(300, N_("the first cumulative total to reach this wins the match"), min=1,
                         spec="wushiyifen.md §5.6")


class WushiyifenGame(Game[WushiyifenOptions]):
    """五十一分: 2–5 players, 54 cards, draw or take then throw to hold five; declare over 40."""

    id: ClassVar[str] = "wushiyifen"
    name: ClassVar[str] = N_("Fifty-One")
    native_name: ClassVar[str] = "五十一分"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    default_players: ClassVar[int] = 4
    options_class: ClassVar[type[Options]] = WushiyifenOptions
    direction: ClassVar[str] = "ccw"   # chinese-common §0.2: metadata only; turn order = seat order
    spec: ClassVar[str] = "wushiyifen.md"
    sum_rule: ClassVar[str] = "none"
    aliases: ClassVar[tuple[str, ...]] = ("五十一", "51")
    family: ClassVar[str] = "throw"
    hard_playouts: ClassVar[int] = 150
    conformance_configs: ClassVar[list[dict[str, Any]]] = [
        {"players": 2, "playout_scale": 1.0},
        {"players": 3, "playout_scale": 1.0},
        {"players": 4, "playout_scale": 1.0},
        {"players": 5, "playout_scale": 1.0},
        {"players": 3, "preset": "nonflush", "playout_scale": 1.0},
        {"players": 4, "playout_scale": 1.0,
         "rules": {"may_rethrow_pickup": True, "may_declare_before_draw": True, "fifth_throw_takeable": True,
                   "nonflush_value": "best_suit_subtotal", "declare_threshold": 30}},
    ]

    def pack(self, players: int, options: Options) -> list[Card]:
        """§5.1: one pack with both jokers, 54 cards."""
        return make_pack(named_jokers=2)

    def deal(self, players: int, options: Options, rng: random.Random, context: dict[str, Any]) -> Deal:
        """§5.2: draw one at a time from the first drawer (甲, ``dealer``) until each holds 5."""
        dealer = int(context.get("dealer", 0)) % players
        cards = shuffled(self.pack(players, options), rng)
        hands, rest = deal_round_robin(cards, players, HAND_SIZE, first=dealer)
        return Deal(hands, stock=rest, extra={"dealer": dealer})

    def start(self, players: int, options: Options, deal: Deal) -> Any:
        from .state import WushiyifenState
        for i, hand in enumerate(deal.hands):
            if len(hand) != HAND_SIZE:
                raise ScenarioError(f"deal.hands[{i}]", f"must hold {HAND_SIZE} cards, not {len(hand)}")
        if deal.discard:
            raise ScenarioError("deal.discard", "五十一分 starts with no thrown cards")
        dealer = deal.extra.get("dealer", 0)
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
            raise ScenarioError("deal.dealer", f"must be a seat 0..{players - 1}")
        assert isinstance(options, WushiyifenOptions)
        return WushiyifenState(self, options, players, deal)

    def next_context(self, match: Any) -> dict[str, Any]:
        """Decision ``dealer rotation``: the next seat draws first; a void deal (§5.6, stock
        drawn with no declaration) is replayed with the same first drawer."""
        last = match.deals[-1]
        dealer = int(last.deal.extra.get("dealer", 0))
        if getattr(last, "void", False):
            return {"dealer": dealer}
        return {"dealer": (dealer + 1) % last.players}

    def match_end(self, match: Any) -> MatchEnd | None:
        """§5.6: the first cumulative total to reach ``target`` wins (highest if several)."""
        totals = match.deal_totals
        if max(totals) < match.options.target:
            return None
        best = max(totals)
        return MatchEnd([s for s, t in enumerate(totals) if t == best], [])


GAME = WushiyifenGame()
