"""What a 议将夺墩算分 player counts on his page (yijiang.md §9.3–§9.5): the rounds he won the
auction and named trump (定将), the contracts he made or failed, and the tricks (墩) he took."""

from __future__ import annotations

from collections.abc import Mapping

from ...i18n import N_
from ...parts.stats import Stat, Stats
from .state import YijiangState


def of_deal(state: YijiangState, seat: int) -> Mapping[str, int]:
    made = failed = 0
    for r in state.history_rounds:     # a deal is several rounds of 5 tricks (§9.2)
        if r["declarer"] != seat:
            continue
        side = state.side(seat)
        taken = sum(t for s, t in enumerate(r["tricks"]) if state.side(s) == side)
        made += taken >= r["contract"]
        failed += taken < r["contract"]
    return {"declared": made + failed, "made": made, "failed": failed,
            "tricks": sum(r["tricks"][seat] for r in state.history_rounds)}


STATS = Stats(
    fields=(
        Stat("declared", N_("contracts as declarer (定将)")),
        Stat("made", N_("contracts made as declarer")),
        Stat("failed", N_("contracts failed as declarer")),
        Stat("tricks", N_("average tricks taken per deal (墩)"), "deal"),
    ),
    of_deal=of_deal,
)
