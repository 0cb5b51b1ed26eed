"""Polish Remik (remik, rami): options (remik.md §B.11) and the Game (deal §B.4, match §B.10)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from ...cards import COPY_STRIDE, Card, make_pack, shuffled
from ...deal import Deal, deal_round_robin
from ...errors import BadOption, ScenarioError
from ...game import Game, MatchEnd
from ...i18n import N_
from ...options import Options, option


@dataclass(frozen=True)
class RemikOptions(Options):
    """Every key of remik.md §B.11 (and §B.7's swap key) with its default (`default` preset)."""

    num_jokers: int = option(4, N_("jokers mixed into the two packs"), min=0, max=8, spec="B.1 rule 1")
    deal_mode: Literal["starter14", "upcard"] = option(
        "starter14", N_("starter gets a 14th card and discards first, or an upcard starts the pile"),
        spec="B.4 rule 12")
    opening_min: int = option(51, N_("table value the opening melds must reach"), min=0, spec="B.6 rule 20")
    opening_requires_pure_run: bool = option(True, N_("the opening must include a run without a joker"),
                                             spec="B.6 rule 20")
    discard_pickup_requires_open: bool = option(
        True, N_("an unopened player takes the discard only to open with it"), spec="B.5 rule 17")
    joker_minority: bool = option(True, N_("a meld holds more natural cards than jokers"), spec="B.3 rule 9")
    no_adjacent_jokers: bool = option(True, N_("two jokers may not be adjacent in a run"), spec="B.3 rule 9")
    joker_swap_use_same_turn: bool = option(True, N_("a joker taken by exchange is used the same turn"),
                                            spec="B.7 rule 24")
    joker_swap_on_opening_turn: bool = option(True, N_("joker exchange allowed in the opening turn"),
                                              spec="B.7 rule 24")
    layoff_on_opening_turn: bool = option(True, N_("lay-offs allowed in the opening turn"), spec="B.6 rule 21")
    allow_go_out_without_discard: bool = option(True, N_("going out by melding the last card"),
                                                spec="B.5 rule 19")
    on_stock_empty: Literal["block", "reshuffle"] = option(
        "block", N_("empty stock: the deal ends blocked, or the pile is turned over"), spec="B.8 rule 27")
    unopened_surcharge: int = option(25, N_("added to a never-opened loser's hand"), min=0, spec="B.9 rule 30")
    unopened_cap: int = option(100, N_("cap on a never-opened loser's score"), min=0, spec="B.9 rule 30")
    unopened_cap_half_threshold: bool = option(
        True, N_("the cap is also at most threshold/2 (cap = min(unopened_cap, threshold/2))"),
        spec="B.9 rule 30")
    remik_z_reki_penalty: int = option(200, N_("each opponent's score on a remik z ręki"), min=0,
                                       spec="B.9 rule 31")
    threshold_per_opponent: int = option(100, N_("match ends when a total reaches this × (players−1)"),
                                         min=1, spec="B.10 rule 33")
    joker_hand_value: int = option(20, N_("a joker left in hand"), min=0, spec="B.2 rule 5")
    ace_hand_value: int = option(11, N_("an ace left in hand"), min=0, spec="B.2 rule 5")

    def threshold(self, players: int) -> int:
        """remik.md rule 33: 100 per opponent."""
        return self.threshold_per_opponent * (players - 1)

    def unopened_cap_for(self, players: int) -> int:
        """remik.md rule 30: min(100, threshold/2) with the defaults."""
        cap = self.unopened_cap
        if self.unopened_cap_half_threshold:
            cap = min(cap, self.threshold(players) // 2)
        return cap

    def validate(self) -> None:
        if self.num_jokers > 8:
            raise BadOption("num_jokers is at most 8")


class RemikGame(Game[RemikOptions]):
    """remik.md part B: Polish Remik, 2–6 players, two packs and jokers."""

    id = "remik"
    name = N_("Polish Rummy")
    native_name = "Remik"
    min_players = 2
    max_players = 6
    default_players = 4
    options_class = RemikOptions
    spec = "remik.md"
    allow_missing_cards = True      # Decision: written deals may leave cards out (docs/games/remik.md)
    sum_rule = "none"
    aliases: ClassVar[tuple[str, ...]] = ("polish rummy",)
    lower_scores_win: ClassVar[bool] = True       # deal scores are penalty points (rule 24)
    family: ClassVar[str] = "rummy"
    hard_playouts: ClassVar[int] = 80
    conformance_configs = [
        {"players": 2, "preset": "default"},
        {"players": 4, "preset": "default"},
        {"players": 6, "preset": "default"},
        {"players": 3, "preset": "no_pure_run", "playout_scale": 0.2},
        {"players": 4, "preset": "six_jokers", "playout_scale": 0.2},
        {"players": 3, "preset": "opening30", "rules": {"deal_mode": "upcard",
                                                        "on_stock_empty": "reshuffle"},
         "playout_scale": 0.2},
        {"players": 5, "preset": "default", "playout_scale": 0.1,
         "rules": {"discard_pickup_requires_open": False, "allow_go_out_without_discard": False,
                   "joker_swap_use_same_turn": False, "joker_minority": False,
                   "no_adjacent_jokers": False, "layoff_on_opening_turn": False,
                   "joker_swap_on_opening_turn": False}},
    ]

    def move_bound(self, players: int, options: Options) -> int:
        return 20_000

    def pack(self, players: int, options: Options) -> list[Card]:
        """remik.md rule 1: two 52-card packs and ``num_jokers`` plain jokers."""
        assert isinstance(options, RemikOptions)
        return make_pack(packs=2, plain_jokers=options.num_jokers)

    def first_context(self, players: int, options: Options, rng: random.Random) -> dict[str, Any]:
        """remik.md rule 11: the player who draws the highest card deals first.

        Decisions (docs/games/remik.md): the draw uses the two packs without jokers, the ace is
        high, suits do not rank, and players tied for the highest card draw again.
        """
        return {"dealer": draw_for_dealer(players, rng)}

    def next_context(self, match: Any) -> dict[str, Any]:
        """remik.md rule 11: the deal passes clockwise (also after a tie-break deal)."""
        last = match.deals[-1]
        return {"dealer": (last.dealer + 1) % last.players}

    def deal(self, players: int, options: Options, rng: random.Random,
             context: dict[str, Any]) -> Deal:
        """remik.md rule 12: 13 each, the starter a 14th (or an upcard with ``deal_mode="upcard"``)."""
        assert isinstance(options, RemikOptions)
        dealer = int(context.get("dealer", players - 1)) % players
        starter = (dealer + 1) % players
        cards = shuffled(self.pack(players, options), rng)
        hands, rest = deal_round_robin(cards, players, 13, first=starter)
        discard: list[Card] = []
        if options.deal_mode == "starter14":
            hands[starter].append(rest.pop(0))
        else:
            discard.append(rest.pop(0))
        return Deal(hands, rest, discard, {"dealer": dealer, "starter": starter})

    def start(self, players: int, options: Options, deal: Deal) -> Any:
        from .state import RemikState
        assert isinstance(options, RemikOptions)
        starter = deal.extra.get("starter")
        if starter is None:
            starter = (int(deal.extra.get("dealer", players - 1)) + 1) % players
        if not isinstance(starter, int) or not 0 <= starter < players:
            raise ScenarioError("deal.starter", f"must be a seat 0..{players - 1}")
        if options.deal_mode == "upcard" and not deal.discard:
            raise ScenarioError("deal.discard", "deal_mode 'upcard' needs the upcard in 'discard'")
        return RemikState(self, options, players, deal, starter)

    def match_end(self, match: Any) -> MatchEnd | None:
        """remik.md rules 34–35: once a total reaches the threshold, the lowest total wins;
        a shared lowest total means one more deal (checked again after it)."""
        opts = match.options
        t = match.totals
        if max(t) < opts.threshold(match.players):
            return None
        low = min(t)
        best = [s for s, v in enumerate(t) if v == low]
        if len(best) > 1:
            return None
        return MatchEnd(best, [])


def draw_for_dealer(players: int, rng: random.Random) -> int:
    """remik.md rule 11: each contender draws a card from a fresh shuffle (no jokers); the
    highest rank (ace high) deals; a tie for the highest draws again among the tied players."""
    pack = make_pack(packs=2, plain_jokers=0)
    contenders = list(range(players))
    while len(contenders) > 1:
        drawn = shuffled(pack, rng)[:len(contenders)]
        ranks = [(c % COPY_STRIDE % 13 + 12) % 13 for c in drawn]        # 2 → 0 … K → 11, A → 12
        top = max(ranks)
        contenders = [s for s, r in zip(contenders, ranks, strict=True) if r == top]
    return contenders[0]


GAME = RemikGame()
