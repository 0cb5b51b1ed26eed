"""A 捡十四分 deal scored from the pairs each player picked (jianshisifen.md §6.3–§6.4; the
scorekeeper).

An entry holds each seat's ``pairs``: the pairs of cards it picked, face up in front of it,
each a hand card and a table card whose pick values add up to 14.  Scored by
:func:`.state.pair_items` (♠ 4, ♥ 3, ♦ 2, ♣ 1 a card; teams share), as a played deal is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...cards import card_str
from ...i18n import N_, _
from ...parts.tally import EntryReader, Field, Tally
from ...scoring import ScoreItem
from .rules import GAME, JianshisifenOptions
from .scoring import PICK_SUM, is_pair
from .state import JianshisifenState, pair_items

FIELDS = [
    Field("pairs", N_("pairs picked"), "melds", per_seat=True, rule="jianshisifen:6.4",
          help=N_("each pair a hand card and a table card adding up to 14 (A and jokers 1, J 11, Q 12, K 13)")),
]


def fields(players: int, options: Any) -> list[Field]:
    return list(FIELDS)


def describe(state: JianshisifenState) -> dict[str, Any]:
    return {"pairs": [[[card_str(h), card_str(t)] for h, t in p] for p in state.pairs]}


def score(entry: Mapping[str, Any], players: int, options: Any) -> list[ScoreItem]:
    """The deal's score items (§6.4), or :class:`BadEntry`."""
    assert isinstance(options, JianshisifenOptions)
    r = EntryReader(entry, FIELDS, players, options, GAME.pack(players, options))
    pairs: list[list[tuple[int, int]]] = []
    for s in range(players):
        groups = r.melds("pairs", s)
        for g in groups:
            if len(g) != 2 or not is_pair(g[0], g[1]):
                raise r.fail("pairs", _("{cards} is not a pair adding up to {sum}",
                                        cards=" ".join(card_str(c) for c in g), sum=PICK_SUM), s)
        pairs.append([(int(g[0]), int(g[1])) for g in groups])
    return pair_items(pairs, options)


TALLY = Tally(fields=fields, describe=describe, score=score)

__all__ = ["FIELDS", "TALLY", "describe", "fields", "score"]
