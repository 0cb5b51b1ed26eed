"""A Remik deal scored from its end as the players see it (remik.md B.8–B.9; the scorekeeper).

An entry holds who ``went_out`` (rule 25) or that the deal was ``blocked`` (rule 27, the
lowest hand wins), the cards left in each ``hand`` (two packs: a card may be entered twice),
which players had ``opened`` (rule 30: a never-opened loser pays hand + 25, capped) and,
when the winner opened and went out in one turn with nobody else opened, ``from_hand``
(remik z ręki, rule 31: 200 from each opponent).  Scored by :func:`.scoring.deal_items`, as a
played deal is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...cards import assign_copies, cards_json, cards_of, mask_of
from ...i18n import N_, _
from ...parts.tally import EntryReader, Field, Tally
from ...scoring import ScoreItem
from .rules import GAME, RemikOptions
from .scoring import deal_items, hand_value
from .state import RemikState

FIELDS = [
    Field("went_out", N_("went out"), "seat", rule="remik:28", optional=True,
          help=N_("who got rid of all his cards")),
    Field("blocked", N_("blocked deal"), "flag", rule="remik:32",
          help=N_("the stock ran out and nobody went out: the lowest hand wins")),
    Field("hand", N_("cards in hand"), "cards", per_seat=True, rule="remik:29",
          help=N_("a joker is JK; a card of the two packs may be entered twice")),
    Field("opened", N_("opened"), "flag", per_seat=True, rule="remik:30",
          help=N_("the player laid his opening melds")),
    Field("from_hand", N_("remik z ręki"), "flag", rule="remik:31",
          help=N_("the winner opened and went out in one turn, and nobody else had opened")),
]


def fields(players: int, options: Any) -> list[Field]:
    return list(FIELDS)


def describe(state: RemikState) -> dict[str, Any]:
    """A finished deal's end: the winner or the block, every hand, who had opened."""
    out: dict[str, Any] = {
        "hand": [cards_json(sorted(cards_of(h), key=lambda c: (c % 64, c))) for h in state.hands],
        "opened": [state.opened(s) for s in range(state.players)],
    }
    if state.blocked:
        out["blocked"] = True
    else:
        out["went_out"] = state.deal_winners[0]
        if state.remik_z_reki:
            out["from_hand"] = True
    return out


def score(entry: Mapping[str, Any], players: int, options: Any) -> list[ScoreItem]:
    """The deal's score items (remik.md rules 28–32), or :class:`BadEntry`."""
    assert isinstance(options, RemikOptions)
    r = EntryReader(entry, FIELDS, players, options, GAME.pack(players, options))
    went_out = r.seat("went_out", required=False)
    blocked = r.flag("blocked")
    if blocked == (went_out is not None):
        raise r.fail("went_out", _("say who went out, or that the deal was blocked (one of the two)"))
    hands = [r.cards("hand", s) for s in range(players)]
    opened = [r.flag("opened", s) for s in range(players)]
    from_hand = r.flag("from_hand")
    for s, cards in enumerate(hands):
        if s == went_out and cards:
            raise r.fail("hand", _("who went out holds no cards"), s)
        if s != went_out and not cards:
            raise r.fail("hand", _("a player who did not go out holds at least one card"), s)
    if from_hand:
        if went_out is None:
            raise r.fail("from_hand", _("remik z ręki needs a player who went out"))
        early = [s + 1 for s in range(players) if s != went_out and opened[s]]
        if early:
            raise r.fail("from_hand", _("remik z ręki needs that no opponent had opened; seat {seats} had",
                                        seats=", ".join(map(str, early))))
    copies = assign_copies(c for h in hands for c in h)       # two 7♥ are two cards
    masks, i = [], 0
    for h in hands:
        masks.append(mask_of(copies[i:i + len(h)]))
        i += len(h)
    if blocked:
        values = [hand_value(h, options) for h in hands]
        winners = [s for s, v in enumerate(values) if v == min(values)]
    else:
        assert went_out is not None
        winners = [went_out]
        opened[went_out] = True
    return deal_items(masks, opened, winners, blocked, from_hand, None, options)


TALLY = Tally(fields=fields, describe=describe, score=score)

__all__ = ["FIELDS", "TALLY", "describe", "fields", "score"]
