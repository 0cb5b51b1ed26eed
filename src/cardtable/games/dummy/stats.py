"""What a Dummy player counts on his page (dummy.md B18–B26, §4): his knocks (น็อค) and dark
knocks (น็อคมืด), the head card (ใบหัว) and spetos (สเปโต) he tabled, and the penalties he was
charged (O3, O4, O6–O9, P1)."""

from __future__ import annotations

from collections.abc import Mapping

from ...i18n import N_
from ...parts.stats import Stat, Stats
from .meldlogic import SPETO_MASK
from .state import DummyState

#: the seed's penalties and the fool discard; S3 (dark minus) and S6 are hand values, not
#: penalties charged during the hand
PENALTIES = frozenset({"dummy:O3", "dummy:O4", "dummy:O6", "dummy:O7", "dummy:O8", "dummy:O9",
                       "dummy:P1"})


def of_deal(state: DummyState, seat: int) -> Mapping[str, int]:
    knocked = state.knocker == seat
    tabled = state.tabled[seat]
    return {
        "knocks": int(knocked),
        "dark_knocks": int(knocked and state.knock_dark),
        "heads": tabled >> state.head & 1,
        "spetos": (tabled & SPETO_MASK).bit_count(),
        "penalties": sum(1 for it in state.score_items() if it.seat == seat and it.rule in PENALTIES),
    }


STATS = Stats(
    fields=(
        Stat("knocks", N_("knocks")),
        Stat("dark_knocks", N_("dark knocks")),
        Stat("heads", N_("head card tabled")),
        Stat("spetos", N_("spetos tabled")),
        Stat("penalties", N_("penalties paid")),
    ),
    of_deal=of_deal,
)
