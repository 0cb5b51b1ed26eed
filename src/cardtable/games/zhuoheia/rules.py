"""捉黑A Zhuō Hēi A (Catch the Black Ace / 找朋友): options, the deal and the match rules.

Spec: shared/rules/zhuoheia.md (§2.0 争上游 base, §2.1 sides, §2.2 庄家, §2.3 tribute, §2.4 end);
every option is a key of the spec's config lines, with the spec's default.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from ...cards import Card, card_str, make_pack, parse_card, shuffled
from ...climbing import ClimbRules
from ...deal import Deal
from ...errors import BadCard, BadOption, ScenarioError
from ...game import Game, MatchEnd
from ...i18n import N_
from ...options import Options, option


@dataclass(frozen=True)
class ZhuoheiaOptions(Options):
    use_jokers: bool = option(True, N_("play with the full 54-card pack (LJ, BJ)"), spec="zhuoheia.md §2.0")
    triple_with_pair: bool = option(False, N_("三带二: a triple with a pair is a combination"),
                                    spec="zhuoheia.md §2.0")
    straight_flush_beats_straight: bool = option(
        False, N_("a straight in one suit beats any plain straight of its length"),
        spec="zhuoheia.md §2.0")
    joker_pair_bomb: bool = option(False, N_("王炸: LJ+BJ is the top bomb"), spec="zhuoheia.md §2.0")
    min_straight: int = option(5, N_("fewest cards in a straight"), min=3, max=12, spec="zhuoheia.md §2.0")
    min_pair_seq: int = option(2, N_("fewest pairs in a pair sequence"), min=2, max=12,
                               spec="zhuoheia.md §2.0")
    a2345_straight: bool = option(False, N_("A-2-3-4-5(-6...) is a straight, the lowest"),
                                  spec="zhuoheia.md §2.0")
    pass_is_final_for_round: bool = option(
        False, N_("a player who passed may not play again in the same round"), spec="zhuoheia.md §2.0")
    lead_after_out: Literal["next_player", "partner"] = option(
        "next_player", N_("who leads when the round's last player has gone out (接风)"),
        spec="zhuoheia.md §2.0")
    allow_voluntary_reveal: bool = option(
        False, N_("the A♠ holder may show A♠ to declare himself (move 'reveal')"),
        spec="zhuoheia.md §2.1")
    first_lead: Literal["zhuangjia", "holder_of_H3"] = option(
        "zhuangjia", N_("who leads the first round of a hand"), spec="zhuoheia.md §2.2")
    may_return_tribute: bool = option(
        False, N_("a receiver may return the tribute cards he just received"), spec="zhuoheia.md §2.3")
    tribute_model: Literal["pairwise", "pool"] = option(
        "pairwise", N_("how tribute is owed (pairwise model or the pool reading of case c)"),
        spec="zhuoheia.md §2.3")
    score_per_hand: int = option(
        0, N_("points per hand: 0 = no points (spec: None); k = winning side +k each, others -k"),
        min=0, max=1000, spec="zhuoheia.md §2.4")
    deals: int = option(8, N_("hands in a match (the spec sets no end; Decision)"), min=1, max=1000,
                        spec="zhuoheia.md §2.4")

    def validate(self) -> None:
        if self.min_straight > 12 or self.min_pair_seq > 12:
            raise BadOption("sequences cannot be longer than 12 ranks (3 up to A)")

    def climb_rules(self) -> ClimbRules:
        return ClimbRules(min_straight=self.min_straight, min_pair_seq=self.min_pair_seq,
                          triple_with_pair=self.triple_with_pair,
                          straight_flush_beats_straight=self.straight_flush_beats_straight,
                          joker_pair_bomb=self.joker_pair_bomb and self.use_jokers,
                          a2345_straight=self.a2345_straight)


# deal keys (besides hands): dealer (庄家), first_drawer, faceup (the 明牌, first hand only),
# prev_order / prev_dealer / prev_partner (the previous hand, for tribute; later hands only)
INT_KEYS = ("dealer", "first_drawer", "prev_dealer", "prev_partner")


class ZhuoheiaGame(Game[ZhuoheiaOptions]):
    """捉黑A: 4–5 players, every card drawn, 争上游 play, hidden A♠ partner (§2.0–§2.4)."""

    id: ClassVar[str] = "zhuoheia"
    name: ClassVar[str] = N_("Catch the Black Ace")
    native_name: ClassVar[str] = "捉黑A"
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 5
    default_players: ClassVar[int] = 4
    options_class: ClassVar[type[Options]] = ZhuoheiaOptions
    spec: ClassVar[str] = "zhuoheia.md"
    sum_rule: ClassVar[str] = "none"
    aliases: ClassVar[tuple[str, ...]] = ("找朋友",)
    family: ClassVar[str] = "climbing"
    hard_playouts: ClassVar[int] = 40
    conformance_configs: ClassVar[list[dict[str, Any]]] = [
        {"players": 4, "playout_scale": 0.3},
        {"players": 5, "playout_scale": 0.2},
        {"players": 4, "preset": "wild", "playout_scale": 0.2},
        {"players": 5, "playout_scale": 0.1,
         "rules": {"use_jokers": False, "pass_is_final_for_round": True,
                   "lead_after_out": "partner", "first_lead": "holder_of_H3"}},
    ]

    def move_bound(self, players: int, options: Options) -> int:
        return 2000

    def pack(self, players: int, options: Options) -> list[Card]:
        """§2.0: the full 54-card pack (52 without jokers when use_jokers is off)."""
        assert isinstance(options, ZhuoheiaOptions)
        return make_pack(named_jokers=2 if options.use_jokers else 0)

    def first_context(self, players: int, options: Options, rng: random.Random) -> dict[str, Any]:
        return {}

    def deal(self, players: int, options: Options, rng: random.Random, context: dict[str, Any]) -> Deal:
        """§2.2: all cards drawn one at a time.  First hand: a random first drawer and a random
        face-up card (明牌) whose drawer is 庄家.  Later hands: the 庄家 draws first."""
        cards = shuffled(self.pack(players, options), rng)
        extra: dict[str, Any] = {}
        if "prev_order" in context:
            first = int(context["dealer"])
            extra = {k: context[k] for k in ("dealer", "prev_order", "prev_dealer", "prev_partner")}
        else:
            first = rng.randrange(players)
            k = rng.randrange(len(cards))
            extra = {"dealer": (first + k) % players, "first_drawer": first,
                     "faceup": card_str(cards[k])}
        hands: list[list[Card]] = [[] for _ in range(players)]
        for i, c in enumerate(cards):
            hands[(first + i) % players].append(c)
        return Deal(hands, extra=extra)

    def start(self, players: int, options: Options, deal: Deal) -> Any:
        from .state import ZhuoheiaState
        assert isinstance(options, ZhuoheiaOptions)
        ex = deal.extra
        if "dealer" not in ex:
            raise ScenarioError("deal.dealer", "name the 庄家's seat (an integer)")
        for k in INT_KEYS:
            if k in ex and (not isinstance(ex[k], int) or not 0 <= ex[k] < players):
                raise ScenarioError(f"deal.{k}", f"must be a seat 0..{players - 1}")
        if "faceup" in ex:
            try:
                up = parse_card(str(ex["faceup"]))
            except BadCard as e:
                raise ScenarioError("deal.faceup", str(e)) from None
            if up not in deal.hands[ex["dealer"]]:
                raise ScenarioError("deal.faceup", "the face-up card must be in the 庄家's hand")
        if "prev_order" in ex:
            order = ex["prev_order"]
            if not isinstance(order, list) or sorted(order) != list(range(players)):
                raise ScenarioError("deal.prev_order", f"must list every seat 0..{players - 1} once")
            for k in ("prev_dealer", "prev_partner"):
                if k not in ex:
                    raise ScenarioError(f"deal.{k}", "needed with prev_order (previous hand's sides)")
            if ex["dealer"] != order[0]:
                raise ScenarioError("deal.dealer", "the 庄家 is the previous hand's first finisher (§2.2)")
        if deal.stock or deal.discard:
            raise ScenarioError("deal.stock", "捉黑A deals every card: no stock or discard")
        return ZhuoheiaState(self, options, players, deal)

    def next_context(self, match: Any) -> dict[str, Any]:
        """§2.2/§2.4: the first player to go out is the next 庄家; the finished hand's order and
        sides settle the next hand's tribute (§2.3)."""
        last = match.deals[-1]
        order = list(last.finish_order)
        return {"dealer": order[0], "prev_order": order, "prev_dealer": last.dealer,
                "prev_partner": last.partner}

    def match_end(self, match: Any) -> MatchEnd | None:
        """Decision: a match is ``deals`` hands; the highest total wins (with no points, the
        seats whose side won the most hands)."""
        if len(match.deals) < match.options.deals:
            return None
        totals = match.deal_totals
        if match.options.score_per_hand == 0:
            totals = [sum(s in d.winners() for d in match.deals) for s in range(match.players)]
        best = max(totals)
        return MatchEnd([s for s, t in enumerate(totals) if t == best], [])


GAME = ZhuoheiaGame()
