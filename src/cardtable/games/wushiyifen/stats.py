"""What a 五十一分 player counts on his page (wushiyifen.md §5.4): his declarations (亮牌, open
明亮 or hidden 暗亮) won and lost, and his challenges (顶) made and won."""

from __future__ import annotations

from collections.abc import Mapping

from ...i18n import N_
from ...parts.stats import Stat, Stats
from .state import WushiyifenState


def of_deal(state: WushiyifenState, seat: int) -> Mapping[str, int]:
    if state.void:
        return {}
    won = seat in state.winners()
    # a beaten declarer records nothing; in a tie every tied hand records its value and
    # nobody wins (§5.4), which is neither a win nor a loss
    recorded = any(it.seat == seat for it in state.score_items())
    declarer, challenger = seat == state.declarer, seat == state.challenger
    return {
        "declared_won": int(declarer and won),
        "declared_lost": int(declarer and not recorded),
        "challenges": int(challenger),
        "challenges_won": int(challenger and won),
    }


STATS = Stats(
    fields=(
        Stat("declared_won", N_("declarations won (亮牌)")),
        Stat("declared_lost", N_("declarations beaten")),
        Stat("challenges", N_("challenges made (顶)")),
        Stat("challenges_won", N_("challenges won")),
    ),
    of_deal=of_deal,
)
