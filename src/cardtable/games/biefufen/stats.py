"""What a 憋负分 player counts on his page (biefufen.md §8.3–§8.6): the cards he laid face down
(扣牌), the hands he laid none, the dead cards he was left with, and the hands he lost."""

from __future__ import annotations

from collections.abc import Mapping

from ...i18n import N_
from ...parts.stats import Stat, Stats
from .state import BiefufenState


def of_deal(state: BiefufenState, seat: int) -> Mapping[str, int]:
    # his own pile: with teams, the score items carry every member's cards to each member
    pile = state.piles[seat]
    return {
        "kou": pile.bit_count(),
        "clean": int(pile == 0),
        "dead": sum(1 for c in state.dead if pile >> c & 1),
        "lost": int(seat in state.losers()),
    }


STATS = Stats(
    fields=(
        Stat("kou", N_("average cards face down per deal (扣牌)"), "deal"),
        Stat("clean", N_("deals with no card face down"), "share"),
        Stat("dead", N_("dead cards laid face down (replaced by a 混子)")),
        Stat("lost", N_("deals lost (most minus points)"), "share"),
    ),
    of_deal=of_deal,
)
