"""What a 最后胜利 player counts on his page (zuihoushengli.md §7.4–§7.6): the tricks (墩) he
took, each of which let him draw from the stock, and the hands he went bankrupt first (头家破产户)."""

from __future__ import annotations

from collections.abc import Mapping

from ...i18n import N_
from ...parts.stats import Stat, Stats
from .state import ZuihoushengliState


def of_deal(state: ZuihoushengliState, seat: int) -> Mapping[str, int]:
    return {
        "tricks": sum(1 for t in state.tricks if t.winner == seat),
        "first_bankrupt": int(state.bankrupt[:1] == [seat]),
    }


STATS = Stats(
    fields=(
        Stat("tricks", N_("average tricks taken per deal (墩)"), "deal"),
        Stat("first_bankrupt", N_("deals as the first bankrupt (破产户)"), "share"),
    ),
    of_deal=of_deal,
)
