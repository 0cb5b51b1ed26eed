"""What a Remik player counts on his page (remik.md rules 25–31): the deals he went out, his
remik z ręki, and the deals he never opened."""

from __future__ import annotations

from collections.abc import Mapping

from ...i18n import N_
from ...parts.stats import Stat, Stats
from .state import RemikState


def of_deal(state: RemikState, seat: int) -> Mapping[str, int]:
    items = state.score_items()
    out = any(it.rule == "remik:28" and it.seat == seat for it in items)
    return {
        "went_out": int(out),
        # the opponents' flat 200 (rule 31) is what makes going out a remik z ręki
        "remik": int(out and any(it.rule == "remik:31" for it in items)),
        "never_opened": int(not state.opened(seat)),
    }


STATS = Stats(
    fields=(
        Stat("went_out", N_("went out")),
        Stat("remik", N_("remik z ręki")),
        Stat("never_opened", N_("deals never opened"), "share"),
    ),
    of_deal=of_deal,
)
