"""A 憋负分 hand scored from the cards laid face down (biefufen.md §8.4–§8.6; the scorekeeper).

An entry holds each seat's ``face_down`` cards (扣牌) and, in the wild variants, the cards a
wild stood for, which were dead and ended face down: ``dead_by_wild`` (a 2 or a K stood for
it: ×2, §8.5) and ``dead_by_joker`` (a joker did: ×3, §8.6).  Scored by
:func:`.state.pile_items` (teams share their cards), as a played hand is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...cards import card_str, cards_json, cards_of, mask_of
from ...i18n import N_, _
from ...parts.tally import EntryReader, Field, Tally
from ...scoring import ScoreItem
from .rules import GAME, BiefufenOptions
from .state import BiefufenState, pile_items

FIELDS = [
    Field("face_down", N_("cards face down"), "cards", per_seat=True, rule="biefufen:8.4",
          help=N_("the cards the player laid face down (扣牌)")),
    Field("dead_by_wild", N_("dead cards (a 2 or K stood for them)"), "cards", rule="biefufen:8.5",
          when="variant=dai2k|daiwang", optional=True, help=N_("they count double")),
    Field("dead_by_joker", N_("dead cards (a joker stood for them)"), "cards", rule="biefufen:8.6",
          when="variant=daiwang", optional=True, help=N_("they count three times")),
]


def fields(players: int, options: Any) -> list[Field]:
    return list(FIELDS)


def describe(state: BiefufenState) -> dict[str, Any]:
    out: dict[str, Any] = {"face_down": [cards_json(cards_of(p)) for p in state.piles]}
    for key, mult in (("dead_by_wild", 2), ("dead_by_joker", 3)):
        cards = sorted(c for c, m in state.dead.items() if m == mult)
        if cards:
            out[key] = [card_str(c) for c in cards]
    return out


def score(entry: Mapping[str, Any], players: int, options: Any) -> list[ScoreItem]:
    """The hand's score items (§8.4–§8.6), or :class:`BadEntry`."""
    assert isinstance(options, BiefufenOptions)
    r = EntryReader(entry, FIELDS, players, options, GAME.pack(players, options))
    piles = [mask_of(r.cards("face_down", s)) for s in range(players)]
    down = 0
    for p in piles:
        down |= p
    dead: dict[int, int] = {}
    for key, mult in (("dead_by_wild", 2), ("dead_by_joker", 3)):
        for c in r.cards(key, place=False):
            if not down >> c & 1:
                raise r.fail(key, _("{card} is not among the cards face down; a dead card cannot be played, "
                                    "so it ends face down", card=card_str(c)))
            if c in dead:
                raise r.fail(key, _("{card} is entered twice", card=card_str(c)))
            dead[int(c)] = mult
    half = players // 2
    team = [s % half for s in range(players)] if options.teams == "alternate" else list(range(players))
    return pile_items(piles, dead, team)


TALLY = Tally(fields=fields, describe=describe, score=score)

__all__ = ["FIELDS", "TALLY", "describe", "fields", "score"]
