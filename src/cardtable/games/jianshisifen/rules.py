"""捡十四分 Jiǎn Shísì Fēn (Pick Fourteen): options, the deal and the match rules.

Spec: shared/rules/jianshisifen.md (§6.1 players and cards, §6.2 opening, §6.4 end).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from ...cards import Card, make_pack, shuffled
from ...deal import Deal, deal_round_robin
from ...errors import BadOption, ScenarioError
from ...game import Game, MatchEnd
from ...i18n import N_, _
from ...options import Options, option

HAND_SIZE = {3: 6, 4: 5, 5: 4, 6: 3}     # §6.2 [seed]; 6 players: Decision
TABLE_SIZE = {3: 4, 4: 5, 5: 6, 6: 7}    # §6.2 [seed]; 3 players: Decision


@dataclass(frozen=True)
class JianshisifenOptions(Options):
    teams: int = option(
        0, N_("0: each for himself; 2 or 3: that many equal partnerships seated alternately "
              "(seat s is in team s mod teams)"), choices=(0, 2, 3), spec="jianshisifen.md §6.1")
    must_pick: bool = option(
        True, N_("a player who can make 14 must pick"), spec="jianshisifen.md §6.3")
    play_out_after_stock: bool = option(
        False, N_("after the stock is used up, play on without drawing until every hand is "
                  "empty"),
        spec="jianshisifen.md §6.4")
    joker_suit_points: int = option(
        0, N_("points of a joker in a picked pair (jokers have no suit)"), min=0, max=4,
        spec="jianshisifen.md §6.4")
    deals: int = option(1, N_("number of deals in a match (the spec sets no match end)"), min=1,
                        max=1000, spec="jianshisifen.md §6.4")


def team_of(seat: int, teams: int) -> int:
    """§6.1 Decision: partnerships seated alternately; without teams each seat is its own."""
    return seat % teams if teams else seat


class JianshisifenGame(Game[JianshisifenOptions]):
    """捡十四分: 3–6 players, 54 cards; pick table cards with hand cards that make 14."""

    id: ClassVar[str] = "jianshisifen"
    name: ClassVar[str] = N_("Pick Fourteen")
    native_name: ClassVar[str] = "捡十四分"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6
    default_players: ClassVar[int] = 4
    options_class: ClassVar[type[Options]] = JianshisifenOptions
    direction: ClassVar[str] = "ccw"   # chinese-common §0.2: metadata only; turn order = seat order
    spec: ClassVar[str] = "jianshisifen.md"
    deal_card_keys: ClassVar[tuple[str, ...]] = ("table",)
    sum_rule: ClassVar[str] = "none"
    aliases: ClassVar[tuple[str, ...]] = ("撿十四分", "捡十四")
    family: ClassVar[str] = "throw"
    hard_playouts: ClassVar[int] = 200
    conformance_configs: ClassVar[list[dict[str, Any]]] = [
        {"players": 3, "playout_scale": 1.0},
        {"players": 4, "playout_scale": 1.0},
        {"players": 5, "playout_scale": 1.0},
        {"players": 6, "playout_scale": 1.0},
        {"players": 4, "preset": "teams", "playout_scale": 1.0},
        {"players": 6, "playout_scale": 1.0,
         "rules": {"teams": 3, "must_pick": False, "play_out_after_stock": True, "joker_suit_points": 1}},
    ]

    def pack(self, players: int, options: Options) -> list[Card]:
        """§6.1: one full pack, 54 cards."""
        return make_pack(named_jokers=2)

    def deal(self, players: int, options: Options, rng: random.Random, context: dict[str, Any]) -> Deal:
        """§6.2: 甲 (``dealer``) draws first, one card at a time; then he turns the table cards."""
        dealer = int(context.get("dealer", 0)) % players
        cards = shuffled(self.pack(players, options), rng)
        hands, rest = deal_round_robin(cards, players, HAND_SIZE[players], first=dealer)
        k = TABLE_SIZE[players]
        return Deal(hands, stock=rest[k:], extra={"dealer": dealer, "table": rest[:k]})

    def start(self, players: int, options: Options, deal: Deal) -> Any:
        from .state import JianshisifenState
        assert isinstance(options, JianshisifenOptions)
        if options.teams and (players % options.teams or players // options.teams < 2):
            raise BadOption(_("teams={teams} needs a player count that splits into {teams} equal "
                              "partnerships of 2 or more, not {players}", teams=options.teams,
                              players=players))
        for i, hand in enumerate(deal.hands):
            if len(hand) != HAND_SIZE[players]:
                raise ScenarioError(f"deal.hands[{i}]", f"must hold {HAND_SIZE[players]} cards "
                                    f"at a {players}-player table, not {len(hand)}")
        if deal.discard:
            raise ScenarioError("deal.discard", "捡十四分 has no discard pile; use 'table'")
        table = deal.extra.get("table", [])
        if len(table) != TABLE_SIZE[players]:
            raise ScenarioError("deal.table", f"must hold {TABLE_SIZE[players]} face-up cards at a "
                                f"{players}-player table, not {len(table)}")
        if not deal.stock:
            raise ScenarioError("deal.stock", "must not be empty")
        dealer = deal.extra.get("dealer", 0)
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
            raise ScenarioError("deal.dealer", f"must be a seat 0..{players - 1}")
        return JianshisifenState(self, options, players, deal)

    def match_end(self, match: Any) -> MatchEnd | None:
        """Decision ``deals``: after that many deals the highest total wins (a whole team)."""
        if len(match.deals) < match.options.deals:
            return None
        totals = match.deal_totals
        best = max(totals)
        return MatchEnd([s for s, t in enumerate(totals) if t == best], [])


GAME = JianshisifenGame()
