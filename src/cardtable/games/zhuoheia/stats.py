"""What a 捉黑A player counts on his page (zhuoheia.md §2.0–§2.4): the hands he was 庄家 or the
hidden A♠ partner, how often he went out first (上游) or was left last (下游), and his bombs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...climbing import BOMB, JOKER_BOMB, classify
from ...i18n import N_
from ...parts.stats import Stat, Stats
from .state import ZhuoheiaState


def _bomb(cards: Sequence[int], state: ZhuoheiaState) -> bool:
    combo = classify(cards, state.crules)
    return combo is not None and combo.kind in (BOMB, JOKER_BOMB)


def of_deal(state: ZhuoheiaState, seat: int) -> Mapping[str, int]:
    order = state.finish_order
    bombs = sum(1 for s, m in state.history if s == seat and m.verb == "play" and _bomb(m.cards, state))
    return {
        "zhuangjia": int(seat == state.dealer),
        # the 庄家 who holds A♠ himself plays alone and has no partner
        "partner": int(seat == state.partner != state.dealer),
        "first": int(order[0] == seat),
        "last": int(order[-1] == seat),
        "bombs": bombs,
    }


STATS = Stats(
    fields=(
        Stat("zhuangjia", N_("deals as 庄家"), "share"),
        Stat("partner", N_("deals as the A♠ partner"), "share"),
        Stat("first", N_("went out first (上游)"), "share"),
        Stat("last", N_("left last (下游)"), "share"),
        Stat("bombs", N_("average bombs per deal"), "deal"),
    ),
    of_deal=of_deal,
)
