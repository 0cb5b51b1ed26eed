"""What a 四百分 player counts on his page (sibaifen.md §3.5–§3.7): the hands he won the
auction (定约人), the contracts he made or failed as declarer, and those he defeated."""

from __future__ import annotations

from collections.abc import Mapping

from ...i18n import N_
from ...parts.stats import Stat, Stats
from .rules import side_of
from .state import SibaifenState


def of_deal(state: SibaifenState, seat: int) -> Mapping[str, int]:
    if state.thrown_in or state.declarer is None:
        return {}
    # §3.7: the declaring side wins the hand iff the contract is made
    made = side_of(state.declarer) in {side_of(s) for s in state.winners()}
    declared = seat == state.declarer
    defending = side_of(seat) != side_of(state.declarer)
    return {"declared": int(declared), "made": int(declared and made),
            "failed": int(declared and not made), "defeated": int(defending and not made)}


STATS = Stats(
    fields=(
        Stat("declared", N_("deals as declarer (定约人)"), "share"),
        Stat("made", N_("contracts made as declarer")),
        Stat("failed", N_("contracts failed as declarer")),
        Stat("defeated", N_("contracts defeated as defender")),
    ),
    of_deal=of_deal,
)
