"""憋7 Biē Qī (花色接龙), with the 活王 variant: options, pack, deal and match rules.

Spec: shared/rules/bieqi.md (§4.1 players and cards, §4.2 deal, §4.4–§4.7 Decisions); every
option is a config key of the spec (or a Decision of docs/games/bieqi.md) with its default.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from ...cards import BJ, LJ, Card, make_pack, shuffled
from ...deal import Deal
from ...game import Game, MatchEnd
from ...i18n import N_
from ...options import Options, option


@dataclass(frozen=True)
class BieqiOptions(Options):
    live_joker: bool = option(
        False, N_("活王: the joker may stand in for any legal card; the real card becomes dead"),
        spec="bieqi.md §4.7")
    joker: Literal["BJ", "LJ"] = option(
        "BJ", N_("which joker stays in the 53-card pack (the other is removed)"), spec="bieqi.md §4.1")
    lend_policy: Literal["free", "forced_worst"] = option(
        "free", N_("the lender chooses freely, or must give the joker, else a card farthest from 7"),
        spec="bieqi.md §4.4")
    illegal_borrow: Literal["forbid", "allow_and_penalise"] = option(
        "forbid", N_("borrowing while holding a legal card: not offered, or allowed and the "
        "offender loses the hand"), spec="bieqi.md §4.4")
    illegal_borrow_others_win: bool = option(
        False, N_("allow_and_penalise: besides the offender losing, every other seat wins (the "
        "spec's reading; the seed only says the offender is judged the loser)"),
        spec="bieqi.md §4.4, seed 憋7 4 (判为失败); docs Decision D9")
    out_by_lending_wins: bool = option(
        True, N_("a player who empties his hand by lending his last card wins"), spec="bieqi.md §4.5")
    max_turns: int = option(
        2000, N_("the deal is aborted as a draw after this many moves"), min=10, max=100_000,
        spec="bieqi.md §4.5")
    live_joker_counts_as_playable: bool = option(
        True, N_("活王: holding the joker with a legal position open forbids borrowing"),
        spec="bieqi.md §4.7")
    score_points: bool = option(
        True, N_("winner +1, loser -1 (false: winner and loser recorded with 0 points)"),
        spec="bieqi.md §4.5")
    deals: int = option(1, N_("number of deals in a match"), min=1, max=1000, spec="docs Decision D5")


class BieqiGame(Game[BieqiOptions]):
    """憋7: 2–6 players, 53 cards drawn in turn, chains built from the 7s (§4.1–§4.7)."""

    id: ClassVar[str] = "bieqi"
    name: ClassVar[str] = N_("Block the Sevens")
    native_name: ClassVar[str] = "憋7"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    default_players: ClassVar[int] = 4
    options_class: ClassVar[type[Options]] = BieqiOptions
    spec: ClassVar[str] = "bieqi.md"
    sum_rule: ClassVar[str] = "none"
    aliases: ClassVar[tuple[str, ...]] = ("憋七", "sevens", "花色接龙")
    family: ClassVar[str] = "layout"
    hard_playouts: ClassVar[int] = 200
    conformance_configs: ClassVar[list[dict[str, Any]]] = [
        {"players": 2, "playout_scale": 0.3},
        {"players": 3, "playout_scale": 0.3},
        {"players": 4, "playout_scale": 0.5},
        {"players": 6, "playout_scale": 0.1},
        {"players": 4, "preset": "huowang", "playout_scale": 0.5},
        {"players": 2, "preset": "huowang", "playout_scale": 0.2,
         "rules": {"lend_policy": "forced_worst"}},
        {"players": 3, "playout_scale": 0.1,
         "rules": {"lend_policy": "forced_worst", "illegal_borrow": "allow_and_penalise",
                   "out_by_lending_wins": False}},
    ]

    def move_bound(self, players: int, options: Options) -> int:
        assert isinstance(options, BieqiOptions)
        return options.max_turns + 1

    def pack(self, players: int, options: Options) -> list[Card]:
        """§4.1: one pack with one joker removed (53 cards)."""
        assert isinstance(options, BieqiOptions)
        keep = BJ if options.joker == "BJ" else LJ
        return [c for c in make_pack(named_jokers=2) if c < 52 or c == keep]

    def deal(self, players: int, options: Options, rng: random.Random, context: dict[str, Any]) -> Deal:
        """§4.2: players draw one card at a time in turn order until all 53 are taken; the
        dealer draws first (Decision D1), so he may get one card more."""
        dealer = int(context.get("dealer", 0)) % players
        cards = shuffled(self.pack(players, options), rng)
        hands: list[list[Card]] = [[] for _ in range(players)]
        for i, c in enumerate(cards):
            hands[(dealer + i) % players].append(c)
        return Deal(hands, extra={"dealer": dealer})

    def start(self, players: int, options: Options, deal: Deal) -> Any:
        from .state import BieqiState
        assert isinstance(options, BieqiOptions)
        return BieqiState(self, options, players, deal)

    def match_end(self, match: Any) -> MatchEnd | None:
        """Decision D5: a match is ``deals`` deals; the highest total wins."""
        if len(match.deals) < match.options.deals:
            return None
        t = match.deal_totals
        best = max(t)
        return MatchEnd([s for s, v in enumerate(t) if v == best], [])


GAME = BieqiGame()
