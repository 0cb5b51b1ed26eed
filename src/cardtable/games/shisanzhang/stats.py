"""What a 十三张 player counts on his page (shisanzhang.md §1.2–§1.5): his fouls (倒水), the
special hands he declared (报到), his scoops (打枪) and the rows he won."""

from __future__ import annotations

from collections.abc import Mapping

from ...i18n import N_
from ...parts.stats import Stat, Stats
from .scoring import compare_rows
from .state import ShisanzhangState


def of_deal(state: ShisanzhangState, seat: int) -> Mapping[str, int]:
    me = state.showing(seat)
    rows = scoops = 0
    if me.special is None and not me.fouled:
        # rows are compared only between two row hands that did not foul (§1.2, §1.5)
        for other in range(state.players):
            them = state.showing(other)
            if other == seat or them.special is not None or them.fouled:
                continue
            won = sum(compare_rows(me, them, r, state.options) > 0 for r in range(3))
            rows += won
            scoops += won == 3
    return {"fouls": int(me.fouled), "specials": int(me.special is not None),
            "scoops": scoops, "rows": rows}


STATS = Stats(
    fields=(
        Stat("fouls", N_("deals fouled (倒水)"), "share"),
        Stat("specials", N_("special hands declared (报到)")),
        Stat("scoops", N_("scoops (打枪: all three rows against one opponent)")),
        Stat("rows", N_("average rows won per deal"), "deal"),
    ),
    of_deal=of_deal,
)
