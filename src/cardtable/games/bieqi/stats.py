"""What a 憋7 player counts on his page (bieqi.md §4.4–§4.7): the cards he had to borrow (借牌)
and to lend (给牌), and the hands he was left holding the dead card (死牌)."""

from __future__ import annotations

from collections.abc import Mapping

from ...i18n import N_
from ...parts.stats import Stat, Stats
from .state import BieqiState


def of_deal(state: BieqiState, seat: int) -> Mapping[str, int]:
    mine = [m for s, m in state.history if s == seat]
    return {
        "borrows": sum(1 for m in mine if m.verb == "borrow"),
        # with out_by_lending_wins off a lender may be asked again with an empty hand: no lend
        "lends": sum(1 for m in mine if m.verb == "lend" and m.cards),
        # a loser under §4.4 borrowed while holding a legal card; he held no dead card
        "dead_card": int(seat in state.losers and state.end_rule != "bieqi:4.4"),
    }


STATS = Stats(
    fields=(
        Stat("borrows", N_("average cards borrowed per deal (借牌)"), "deal"),
        Stat("lends", N_("average cards lent per deal (给牌)"), "deal"),
        Stat("dead_card", N_("deals lost holding the dead card (死牌)"), "share"),
    ),
    of_deal=of_deal,
)
