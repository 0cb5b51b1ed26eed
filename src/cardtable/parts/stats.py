"""What players of a game count about themselves: each finished deal's figures for one seat,
summed over a player's matches for their page (gin's gins and undercuts, Dummy's knocks and
penalties paid, 十三张's fouls and specials …).

A game declares its figures as :class:`Stats` in its parts; :func:`deal_figures` adds the
figures every game has (deals played, points, deals won) and :func:`summary` turns sums into
what a page shows.  The figures of a deal are counted from its finished state, for that
seat's own doings, so that nothing hidden from others is counted into a public number.
Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..i18n import N_, _

#: how a page shows a figure's sum over deals: as a total, per deal (an average), or as a
#: share of deals (per cent)
Per = Literal["total", "deal", "share"]


@dataclass(frozen=True)
class Stat:
    """One figure: ``key`` in data (``"gins"``), ``label`` the English words marked with
    ``N_`` (said in the reader's language), ``per`` how its sum is shown."""

    key: str
    label: str
    per: Per = "total"


@dataclass(frozen=True)
class Stats:
    """A game's figures: ``of_deal(state, seat)`` gives, for a finished deal, each figure's
    count for that seat (keys of ``fields``; a missing key counts 0)."""

    fields: tuple[Stat, ...]
    of_deal: Callable[[Any, int], Mapping[str, int]]


#: the figures of every game, before the game's own
COMMON: tuple[Stat, ...] = (
    Stat("deals", N_("deals played")),
    Stat("points", N_("average points per deal"), "deal"),
    Stat("won", N_("deals won"), "share"),
)


def deal_figures(state: Any, seat: int, stats: Stats | None) -> dict[str, int]:
    """The figures of one finished deal for ``seat``: the common ones, then the game's."""
    scores = list(state.scores)
    # the game's own verdict, not the highest score: Remik's lowest hand wins, a side wins in
    # 四百分 and 捉黑A, 憋7 and 捉黑A score no points by default; a deal nobody won (gin's dead
    # hand, a tie) is won by nobody
    won = seat in state.winners()
    out = {"deals": 1, "points": int(scores[seat]), "won": int(won)}
    if stats is not None:
        own = stats.of_deal(state, seat)
        unknown = set(own) - {s.key for s in stats.fields}
        if unknown:
            raise ValueError(f"figures not declared in the game's stats: {sorted(unknown)}")
        out.update({k: int(v) for k, v in own.items() if v})
    return out


def add(into: dict[str, int], figures: Mapping[str, int]) -> dict[str, int]:
    for k, v in figures.items():
        into[k] = into.get(k, 0) + int(v)
    return into


def summary(sums: Mapping[str, int], stats: Stats | None) -> list[dict[str, Any]]:
    """What a page shows from the sums of a player's deals: ``[{"key", "label", "per", "sum",
    "value"}]`` in the declared order, ``value`` being the total, the average per deal
    (rounded to 0.1) or the per cent of deals (rounded to 1); labels in the current language."""
    deals = int(sums.get("deals", 0))
    fields = COMMON + (stats.fields if stats is not None else ())
    out = []
    for f in fields:
        total = int(sums.get(f.key, 0))
        value: float
        if f.per == "total" or deals == 0:
            value = total
        elif f.per == "deal":
            value = round(total / deals, 1)
        else:
            value = round(100 * total / deals)
        out.append({"key": f.key, "label": _(f.label), "per": f.per, "sum": total, "value": value})
    return out


def check(stats: Stats) -> Sequence[str]:
    """Problems with a declaration (keys twice, a common key reused)."""
    keys = [s.key for s in COMMON + stats.fields]
    return [f"figure {k!r} declared twice" for k in sorted({k for k in keys if keys.count(k) > 1})]


__all__ = ["COMMON", "Per", "Stat", "Stats", "add", "check", "deal_figures", "summary"]
