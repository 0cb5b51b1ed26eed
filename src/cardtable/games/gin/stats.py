"""What a gin player counts on his page (gin.md rules 24, 30–32): his knocks, gins and big
gins, and the undercuts on both sides of the table."""

from __future__ import annotations

from collections.abc import Mapping

from ...i18n import N_
from ...parts.stats import Stat, Stats
from .state import GinState


def of_deal(state: GinState, seat: int) -> Mapping[str, int]:
    items = state.score_items()
    # a tie that rule 32 does not count as an undercut scores a 0-point gin:32 item
    undercut = next((it for it in items if it.rule == "gin:32" and it.points > 0), None)
    knocked = state.knocker == seat
    return {
        "knocks": int(knocked and not state.gin),
        "gins": sum(1 for it in items if it.rule == "gin:30" and it.seat == seat),
        "big_gins": int(knocked and state.big_gin),
        "undercuts": int(undercut is not None and undercut.seat == seat),
        "undercut": int(undercut is not None and knocked),
    }


STATS = Stats(
    fields=(
        Stat("knocks", N_("knocks (not gin)")),
        Stat("gins", N_("gins")),
        Stat("big_gins", N_("big gins")),
        Stat("undercuts", N_("undercuts made (as defender)")),
        Stat("undercut", N_("undercut (as knocker)")),
    ),
    of_deal=of_deal,
)
