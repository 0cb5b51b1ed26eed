"""憋负分 Biē Fù Fēn and its variants 带2、K憋负分 / 带王憋负分: options, pack, deal, match.

Spec: shared/rules/biefufen.md (§8.1 players and cards, §8.2 opening, §8.3 Decisions, §8.5,
§8.6 variants); every option is a config key of the spec or a Decision of
docs/games/biefufen.md, with its default.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from ...cards import Card, make_pack, shuffled
from ...deal import Deal
from ...errors import BadOption
from ...game import Game, MatchEnd
from ...i18n import N_, _
from ...options import Options, option

SUIT_LETTERS = "shdc"


@dataclass(frozen=True)
class BiefufenOptions(Options):
    variant: Literal["plain", "dai2k", "daiwang"] = option(
        "plain", N_("plain 憋负分; dai2k = 带2、K憋负分 (2s and Ks wild); daiwang = 带王憋负分 "
                    "(2s, Ks and both jokers wild, 54 cards)"), spec="biefufen.md §8.5/§8.6")
    removed_suits: str = option(
        "auto", N_("suits taken out: 'auto' (3 players: c; 2 players: c and d; else none) or "
                   "letters from h, d, c ('' for none); ♠ is never removed"), spec="biefufen.md §8.1")
    teams: Literal["none", "alternate"] = option(
        "none", N_("partnerships of two, partners seated alternately (seat s and s+n/2; even n)"),
        spec="biefufen.md §8.1")
    seven_anytime: bool = option(
        False, N_("every 7 is always a live card (modern 憋七): playable even with a connecting "
                  "card"),
        spec="biefufen.md §8.3")
    must_play_seven_if_no_connect: bool = option(
        False, N_("a player who cannot connect but holds a 7 must play it (no 扣)"),
        spec="biefufen.md §8.3")
    wild_counts_as_playable: bool = option(
        False, N_("holding a wild with a legal position open forbids 扣"), spec="biefufen.md §8.5")
    deals: int = option(1, N_("number of deals in a match"), min=1, max=1000, spec="docs Decision D4")

    def validate(self) -> None:
        if self.removed_suits != "auto":
            bad = set(self.removed_suits.lower()) - set("hdc")
            if bad or len(set(self.removed_suits.lower())) != len(self.removed_suits):
                raise BadOption(_("option 'removed_suits' is 'auto' or distinct letters from h, d, c "
                                  "(♠ opens and is never removed), not {value}",
                                  value=repr(self.removed_suits)))

    def suits_in_play(self, players: int) -> tuple[int, ...]:
        """§8.1 Decision: 3 players drop ♣, 2 players drop ♣ and ♦."""
        if self.removed_suits == "auto":
            removed = "c" if players == 3 else "cd" if players <= 2 else ""
        else:
            removed = self.removed_suits.lower()
        return tuple(s for s in range(4) if SUIT_LETTERS[s] not in removed)


class BiefufenGame(Game[BiefufenOptions]):
    """憋负分: 2–8 players, chains from the 7s, 扣 face down what cannot connect (§8.1–§8.6)."""

    id: ClassVar[str] = "biefufen"
    name: ClassVar[str] = N_("Block for Minus Points")
    native_name: ClassVar[str] = "憋负分"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 8
    default_players: ClassVar[int] = 4
    options_class: ClassVar[type[Options]] = BiefufenOptions
    spec: ClassVar[str] = "biefufen.md"
    sum_rule: ClassVar[str] = "none"
    aliases: ClassVar[tuple[str, ...]] = ("憋負分",)
    family: ClassVar[str] = "layout"
    hard_playouts: ClassVar[int] = 200
    conformance_configs: ClassVar[list[dict[str, Any]]] = [
        {"players": 2, "playout_scale": 0.3},
        {"players": 3, "playout_scale": 0.3},
        {"players": 4, "playout_scale": 0.5},
        {"players": 8, "playout_scale": 0.1},
        {"players": 4, "preset": "dai2k", "playout_scale": 0.5},
        {"players": 5, "preset": "daiwang", "playout_scale": 0.3},
        {"players": 4, "preset": "daiwang", "playout_scale": 0.1,
         "rules": {"teams": "alternate", "must_play_seven_if_no_connect": True,
                   "wild_counts_as_playable": True}},
        {"players": 6, "playout_scale": 0.1, "rules": {"seven_anytime": True}},
    ]

    def pack(self, players: int, options: Options) -> list[Card]:
        """§8.1: 52 cards less the removed suits; §8.6 adds both jokers."""
        assert isinstance(options, BiefufenOptions)
        suits = options.suits_in_play(players)
        jokers = 2 if options.variant == "daiwang" else 0
        return [c for c in make_pack(named_jokers=jokers) if c >= 52 or c // 13 in suits]

    def deal(self, players: int, options: Options, rng: random.Random, context: dict[str, Any]) -> Deal:
        """§8.2: 甲 (the dealer) draws first, then in turn until all cards are taken."""
        dealer = int(context.get("dealer", 0)) % players
        cards = shuffled(self.pack(players, options), rng)
        hands: list[list[Card]] = [[] for _ in range(players)]
        for i, c in enumerate(cards):
            hands[(dealer + i) % players].append(c)
        return Deal(hands, extra={"dealer": dealer})

    def start(self, players: int, options: Options, deal: Deal) -> Any:
        from .state import BiefufenState
        assert isinstance(options, BiefufenOptions)
        if options.teams == "alternate" and players % 2:
            raise BadOption(_("teams='alternate' needs an even number of players, not {players}",
                              players=players))
        return BiefufenState(self, options, players, deal)

    def match_end(self, match: Any) -> MatchEnd | None:
        """Decision D4: a match is ``deals`` deals; the highest (least negative) total wins."""
        if len(match.deals) < match.options.deals:
            return None
        t = match.deal_totals
        best = max(t)
        return MatchEnd([s for s, v in enumerate(t) if v == best], [])


GAME = BiefufenGame()
