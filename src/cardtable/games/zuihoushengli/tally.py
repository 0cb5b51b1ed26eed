"""A 最后胜利 deal scored from the order the players ran out of cards (zuihoushengli.md §7.5–§7.6;
the scorekeeper).

An entry holds ``order``: every seat once, the first 破产户 (bankrupt) first and the last
player still holding cards last.  Scored by :func:`.state.order_items`, as a played deal is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...i18n import N_
from ...parts.tally import EntryReader, Field, Tally
from ...scoring import ScoreItem
from .rules import ZuihoushengliOptions
from .state import ZuihoushengliState, order_items

FIELDS = [
    Field("order", N_("order out"), "order", rule="zuihoushengli:7.5",
          help=N_("every player in the order they ran out of cards: the first 破产户 first, the survivor last")),
]


def fields(players: int, options: Any) -> list[Field]:
    return list(FIELDS)


def describe(state: ZuihoushengliState) -> dict[str, Any]:
    assert state.survivor is not None
    return {"order": [*state.bankrupt, state.survivor]}


def score(entry: Mapping[str, Any], players: int, options: Any) -> list[ScoreItem]:
    """The deal's score items (§7.6), or :class:`BadEntry`."""
    assert isinstance(options, ZuihoushengliOptions)
    order = EntryReader(entry, FIELDS, players, options).order("order")
    assert order is not None
    return order_items(order[:-1], order[-1])


TALLY = Tally(fields=fields, describe=describe, score=score)

__all__ = ["FIELDS", "TALLY", "describe", "fields", "score"]
