"""Gin Rummy options (gin.md A.13) and the Game: pack, deal, dealer choice and match rules."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from ...cards import Card, card_str, make_pack, shuffled
from ...deal import Deal, deal_round_robin
from ...errors import BadOption, ScenarioError
from ...game import Game, MatchEnd
from ...i18n import N_
from ...options import Options, option


@dataclass(frozen=True)
class GinOptions(Options):
    """Every key of gin.md A.13 with the spec's default, plus the engine's own keys."""

    knock_limit: int = option(10, N_("most deadwood a knocker may keep (0 = straight gin)"),
                              min=0, max=10, spec="gin.md rule 19")
    gin_bonus: int = option(25, N_("bonus for going gin"), min=0, spec="gin.md rule 33")
    undercut_bonus: int = option(25, N_("bonus for an undercut"), min=0, spec="gin.md rule 33")
    undercut_on_tie: bool = option(True, N_("a tie (K = D) counts as an undercut"), spec="gin.md rule 32")
    big_gin: bool = option(False, N_("allow big gin (all 11 cards melded, no discard)"), spec="gin.md rule 24")
    big_gin_bonus: int = option(31, N_("bonus for big gin, in place of the gin bonus"), min=0,
                                spec="gin.md rule 24")
    box_bonus: int = option(25, N_("end-of-game bonus per hand won"), min=0, spec="gin.md rule 38")
    game_bonus: int = option(100, N_("end-of-game bonus for the winner"), min=0, spec="gin.md rule 38")
    game_target: int = option(100, N_("a game ends when a total reaches this"), min=1, spec="gin.md rule 37")
    shutout: Literal["double_total", "double_bonuses", "flat100", "none"] = option(
        "double_total", N_("what a shutout (loser won no hand) adds"), spec="gin.md rule 39")
    deal_rotation: Literal["loser", "winner", "alternate"] = option(
        "loser", N_("who deals the next hand"), spec="gin.md rule 9")
    allow_rediscard_taken: bool = option(False, N_("may a player discard the card he just took"),
                                         spec="gin.md rule 17")
    force_gin: bool = option(False, N_("a player who can go gin must"), spec="gin.md rule 21")
    fiftieth_card_pickup: bool = option(False, N_("after the 50th card's discard the other player may "
                                        "take it only to knock or go gin"), spec="gin.md rule 36")
    oklahoma: bool = option(False, N_("the first upcard sets the knock limit"), spec="gin.md rule 42")
    oklahoma_ace: Literal["gin_only", "one"] = option("gin_only", N_("an ace upcard: only gin, or limit 1"),
                                                     spec="gin.md rule 43")
    oklahoma_spade_double: bool = option(False, N_("a spade upcard doubles the deal's scores"),
                                         spec="gin.md rule 44")
    first_dealer: Literal["cut_high", "random"] = option("cut_high", N_("how the first dealer is chosen"),
                                                         spec="gin.md rule 8")
    defender_auto: bool = option(True, N_("the engine makes the defender's best melds and layoffs; "
                                 "false: the defender enters them as moves"), spec="gin.md rule 29")
    scoring: Literal["standard"] = option("standard", N_("scoring scheme ('hollywood' is reserved, "
                                          "not implemented)"), spec="gin.md rule 41")
    table_mode: bool = option(False, N_("referee mode for a physical table: irregular acts, reports "
                              "R1–R13 and rulings (docs/games/gin-referee.md)"), spec="gin.md A.14")

    def validate(self) -> None:
        if self.oklahoma_spade_double and not self.oklahoma:
            raise BadOption("option 'oklahoma_spade_double' needs 'oklahoma' = true")


class GinGame(Game[GinOptions]):
    """Gin Rummy for two players (gin.md Part A)."""

    id: ClassVar[str] = "gin"
    name: ClassVar[str] = N_("Gin Rummy")
    native_name: ClassVar[str] = "Gin Rummy"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[int] = 2
    options_class: ClassVar[type[Options]] = GinOptions
    spec: ClassVar[str] = "gin.md"
    sum_rule: ClassVar[str] = "none"
    aliases: ClassVar[tuple[str, ...]] = ("gin rummy", "ginrummy")
    family: ClassVar[str] = "rummy"
    hard_playouts: ClassVar[int] = 500
    heuristic_playouts: ClassVar[bool] = True
    conformance_configs: ClassVar[list[dict[str, Any]]] = [
        {"players": 2},
        {"players": 2, "preset": "classic"},
        {"players": 2, "rules": {"defender_auto": False, "big_gin": True, "fiftieth_card_pickup": True}},
        {"players": 2, "rules": {"oklahoma": True, "oklahoma_spade_double": True, "force_gin": True,
                                 "allow_rediscard_taken": True}},
    ]

    def pack(self, players: int, options: Options) -> list[Card]:
        """One 52-card pack, no jokers (gin.md rule 1)."""
        return make_pack()

    def deal(self, players: int, options: Options, rng: random.Random,
             context: dict[str, Any]) -> Deal:
        """Ten cards each, one at a time from the non-dealer; card 21 is the upcard; the rest
        is the stock, top first (gin.md rule 10)."""
        dealer = int(context.get("dealer", 0))
        cards = shuffled(self.pack(players, options), rng)
        hands, rest = deal_round_robin(cards, 2, 10, first=1 - dealer)
        return Deal(hands, rest[1:], [rest[0]], {"dealer": dealer})

    def start(self, players: int, options: Options, deal: Deal) -> Any:
        from .state import GinState
        assert isinstance(options, GinOptions)
        if getattr(options, "table_mode", False):
            from .referee.tablestate import start_table
            return start_table(self, options, players, deal)
        self.check_deal(deal)
        assert isinstance(options, GinOptions)
        return GinState(self, options, players, deal)

    def check_deal(self, deal: Deal) -> None:
        """A written deal must give ten cards each and one upcard (gin.md rule 10)."""
        dealer = deal.extra.get("dealer", 0)
        if dealer not in (0, 1) or isinstance(dealer, bool):
            raise ScenarioError("deal.dealer", f"must be seat 0 or 1, not {dealer!r}")
        for i, h in enumerate(deal.hands):
            if len(h) != 10:
                raise ScenarioError(f"deal.hands[{i}]", f"holds {len(h)} cards; gin deals 10")
        if len(deal.discard) != 1:
            raise ScenarioError("deal.discard", "must hold exactly the upcard")
        if len(deal.stock) < 3:
            raise ScenarioError("deal.stock", "must hold at least 3 cards")

    # --- match rules ---------------------------------------------------------------------

    def first_context(self, players: int, options: Options, rng: random.Random) -> dict[str, Any]:
        """The first dealer (gin.md rule 8): by cut, higher card deals, ties recut (ace low,
        suits do not count); or at random."""
        assert isinstance(options, GinOptions)
        if options.first_dealer == "random":
            return {"dealer": rng.randrange(2)}
        while True:
            a, b = rng.sample(range(52), 2)
            ra, rb = a % 13, b % 13
            if ra != rb:
                return {"dealer": 0 if ra > rb else 1, "cut": [card_str(a), card_str(b)]}

    def next_context(self, match: Any) -> dict[str, Any]:
        from .scoring import next_dealer
        return {"dealer": next_dealer(match)}

    def match_end(self, match: Any) -> MatchEnd | None:
        from .scoring import match_end
        return match_end(match)
