"""What a 捡十四分 player counts on his page (jianshisifen.md §6.3–§6.4): the pairs he picked
(捡牌), the ♠ cards among them (the suit worth most), and the hands he picked nothing."""

from __future__ import annotations

from collections.abc import Mapping

from ...cards import SUITS, Card
from ...i18n import N_
from ...parts.stats import Stat, Stats
from .state import JianshisifenState

SPADE = SUITS.index("♠")        # a joker has no suit (§6.4 Decision)


def of_deal(state: JianshisifenState, seat: int) -> Mapping[str, int]:
    # his own pairs: with teams the score items repeat them for each partner
    pairs = state.pairs[seat]
    return {
        "picks": len(pairs),
        "spades": sum(Card(c).suit == SPADE for pair in pairs for c in pair),
        "no_pick": int(not pairs),
    }


STATS = Stats(
    fields=(
        Stat("picks", N_("average pairs picked per deal (捡牌)"), "deal"),
        Stat("spades", N_("average ♠ cards picked per deal"), "deal"),
        Stat("no_pick", N_("deals without a pick"), "share"),
    ),
    of_deal=of_deal,
)
