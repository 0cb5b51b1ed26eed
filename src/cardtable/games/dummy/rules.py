"""Thai Dummy (ดัมมี่): options (dummy.md §6) and the Game (deal B1–B4, match B29)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from ...cards import Card, make_pack, shuffled
from ...deal import Deal, deal_round_robin
from ...errors import BadOption, ScenarioError
from ...game import Game, MatchEnd
from ...i18n import N_
from ...options import Options, option

DEFAULT_HAND = {2: 11, 3: 9, 4: 7}


@dataclass(frozen=True)
class DummyOptions(Options):
    """Every key of dummy.md §6 with its default (the `default` preset)."""

    hand_size: int = option(0, N_("cards per hand; 0 = 11/9/7 for 2/3/4 players"), min=0, max=12, spec="B2")
    next_starter: Literal["winner", "rotate"] = option("winner", N_("who starts the next hand"), spec="B4")
    first_turn_may_pick_head: bool = option(True, N_("the first player may pick up the head"), spec="B5")
    ace_low_allowed: bool = option(False, N_("A may also sit below 2 (never wrap)"), spec="B9")
    allow_pickup_for_layoff: bool = option(False, N_("a pickup target may be laid off instead"), spec="B11")
    hand_melds_require_born: bool = option(True, N_("melding from hand needs being born"), spec="B13")
    layoff_requires_born: bool = option(True, N_("laying off needs being born"), spec="B13")
    allow_stock_dark_knock: bool = option(True, N_("an unborn drawer may table all and knock"), spec="B13")
    layoff_chain_allowed: bool = option(True, N_("a lay-off may extend an earlier lay-off"), spec="B14")
    knock_requires_own_meld: bool = option(True, N_("the knocker must own a meld"), spec="B18")
    knock_bonus: int = option(50, N_("bonus for knocking"), min=0, spec="B19")
    dark_multiplier: int = option(2, N_("dark knock multiplier"), min=1, spec="B20")
    color_multiplier: int = option(2, N_("colour knock multiplier"), min=1, spec="B21")
    dark_color_multiplier: int = option(4, N_("dark colour knock multiplier"), min=1, spec="B22")
    multiplier_scope: Literal["knocker_total", "bonus_only"] = option(
        "knocker_total", N_("what the knock multiplier multiplies"), spec="B24")
    multiplier_applies_to_penalties: bool = option(False, N_("multiply the knocker's penalties too"), spec="B24")
    knock_card_scores: bool = option(True, N_("the knock card scores its value"), spec="B23")
    head_value_mode: Literal["replace", "add", "off"] = option(
        "replace", N_("head card worth 50/100 (replace), face+50/100 (add) or face (off)"), spec="B26/O5")
    final_turn_mode: Literal["pickup_knock_only", "none"] = option(
        "pickup_knock_only", N_("the turn after the last stock card"), spec="B27")
    reshuffle_on_stock_out: bool = option(False, N_("turn the pile over once when the stock runs out"),
                                          spec="B27")
    dark_minus: bool = option(True, N_("unborn players lose double when someone knocks"), spec="S3")
    dark_minus_factor: int = option(2, N_("the dark-minus factor"), min=1, spec="S5")
    dark_minus_on_stock_out: bool = option(False, N_("dark minus also at stock exhaustion"), spec="S4")
    speto_in_hand_multiplier: int = option(1, N_("a speto held at the end counts this many times"), min=1,
                                           spec="S6")
    show_speto_bonus: int = option(0, N_("bonus for showing both spetos before the first action"), min=0,
                                   spec="S8")
    opt_knock_speto_100: bool = option(True, N_("a speto knock card is worth 100"), spec="O1")
    opt_knock_layoff_100: bool = option(True, N_("a lay-off-able knock card is worth 100"), spec="O2")
    opt_ting_mee: int = option(50, N_("discarding a lay-off card (0 = off)"), min=0, spec="O3")
    opt_ting_tem: int = option(50, N_("discarding a card that melds with 2 pile cards"), min=0, spec="O4")
    opt_pee_hua: int = option(50, N_("feeding the head"), min=0, spec="O6")
    opt_pee_speto: int = option(50, N_("speto feed"), min=0, spec="O7")
    opt_ti_on: int = option(50, N_("lone speto-connector feed"), min=0, spec="O8")
    ti_on_mode: Literal["functional", "strict_first"] = option("functional", N_("reading of 'first'"), spec="O8")
    penalize_lone_speto_feed: bool = option(False, N_("charge a lone speto fed and melded (as O8)"), spec="O8")
    pee_counts_layoffs: bool = option(False, N_("lay-offs in the pickup turn count for O6–O8"), spec="§4")
    opt_speto_laid_on_you: int = option(50, N_("a speto laid off next to your card"), min=0, spec="O9")
    fool_discard_penalty: int = option(50, N_("the next player takes your discard and knocks"), min=0, spec="P1")
    fool_mode: Literal["target_is_top", "any_pickup"] = option("target_is_top", N_("P1 trigger"), spec="P1")
    match_target: int = option(0, N_("match ends when a total reaches this; 0 = one hand"), min=0, spec="B29")

    def cards_per_hand(self, players: int) -> int:
        return self.hand_size or DEFAULT_HAND[players]

    def validate(self) -> None:
        if self.hand_size and self.hand_size * 4 + 2 > 52:
            raise BadOption("hand_size too large for 4 players")


class DummyGame(Game[DummyOptions]):
    """dummy.md: Thai Dummy (ดัมมี่), 2–4 players, one 52-card pack."""

    id = "dummy"
    name = N_("Thai Dummy")
    native_name = "ดัมมี่"
    min_players = 2
    max_players = 4
    default_players = 4
    options_class = DummyOptions
    spec = "dummy.md"
    deal_card_keys = ("table",)
    sum_rule = "none"
    aliases: ClassVar[tuple[str, ...]] = ("thai dummy", "ดัมมี")
    family: ClassVar[str] = "rummy"
    hard_playouts: ClassVar[int] = 100
    conformance_configs = [
        {"players": n, "preset": p} for n in (2, 3, 4) for p in ("default", "classic")] + [
        {"players": 3, "preset": "default", "playout_scale": 0.3,
         "rules": {"allow_pickup_for_layoff": True, "layoff_chain_allowed": False, "ace_low_allowed": True,
                   "show_speto_bonus": 50}},
        {"players": 4, "preset": "default", "playout_scale": 0.3,
         "rules": {"reshuffle_on_stock_out": True, "hand_melds_require_born": False, "pee_counts_layoffs": True,
                   "penalize_lone_speto_feed": True, "fool_mode": "any_pickup"}},
        {"players": 2, "preset": "classic", "playout_scale": 0.3,
         "rules": {"layoff_requires_born": False, "knock_requires_own_meld": False, "final_turn_mode": "none",
                   "first_turn_may_pick_head": False, "multiplier_applies_to_penalties": True}}]

    def pack(self, players: int, options: Options) -> list[Card]:
        return make_pack()

    def first_context(self, players: int, options: Options, rng: random.Random) -> dict[str, Any]:
        """B4: the first hand's starter is chosen at random when the hand is shuffled (in
        :meth:`deal`); a written deal without ``starter`` starts with seat 0 (§11)."""
        return {}

    def deal(self, players: int, options: Options, rng: random.Random,
             context: dict[str, Any]) -> Deal:
        """B3: deal one at a time from the starter, then turn the head card up."""
        assert isinstance(options, DummyOptions)
        cards = shuffled(self.pack(players, options), rng)
        starter = int(context["starter"]) % players if "starter" in context else rng.randrange(players)
        hands, rest = deal_round_robin(cards, players, options.cards_per_hand(players), starter)
        return Deal(hands, rest[1:], [rest[0]], {"starter": starter})

    def start(self, players: int, options: Options, deal: Deal) -> Any:
        from .state import DummyState
        assert isinstance(options, DummyOptions)
        if not deal.discard:
            raise ScenarioError("deal.discard", "needs the head card (the bottom card of the pile)")
        return DummyState(self, options, players, deal)

    def next_context(self, match: Any) -> dict[str, Any]:
        """B4: the previous hand's winner starts (ties: first in turn order from the previous
        starter), or the seat after the previous starter with ``next_starter = "rotate"``."""
        last = match.deals[-1]
        prev = int(last.deal.extra.get("starter", 0))
        n = last.players
        if match.options.next_starter == "rotate":
            return {"starter": (prev + 1) % n}
        win = set(last.winners())
        for k in range(n):
            if (prev + k) % n in win:
                return {"starter": (prev + k) % n}
        return {"starter": prev}

    def match_end(self, match: Any) -> MatchEnd | None:
        """B29: one hand, or until a running total reaches ``match_target``."""
        t = match.totals
        target = match.options.match_target
        if target and max(t) < target:
            return None
        best = max(t)
        return MatchEnd([s for s, v in enumerate(t) if v == best], [])


GAME = DummyGame()
