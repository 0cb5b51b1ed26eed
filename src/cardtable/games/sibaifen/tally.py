"""A 四百分 hand scored from its end (sibaifen.md §3.7; the scorekeeper).

An entry holds the ``declarer``, the ``contract`` and the declaring side's card ``points``
(the point cards it won in tricks, plus the 4 buried cards when it won the last trick; the
other side has the rest of the 400) — or ``thrown_in`` when all four passed and the hand
was redealt.  The buried cards' points (``kitty``) and who won the ``last_trick`` may be
added: they only word the result.  Scored by :func:`.state.contract_items`, as a played hand is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...i18n import N_, _
from ...parts.tally import EntryReader, Field, Tally
from ...scoring import ScoreItem
from ...tricks import points
from .rules import BID_STEP, MAX_BID, MIN_BID, SibaifenOptions, side_of
from .state import POINTS, SibaifenState, contract_items

TOTAL = 400
FIELDS = [
    Field("thrown_in", N_("thrown in"), "flag", rule="sibaifen:3.5", when="all_pass=redeal",
          help=N_("all four passed: the hand is redealt and nobody scores")),
    Field("declarer", N_("declarer"), "seat", rule="sibaifen:3.5", optional=True,
          help=N_("who won the auction")),
    Field("contract", N_("contract"), "count", rule="sibaifen:3.5", optional=True,
          min=MIN_BID, max=MAX_BID, step=BID_STEP),
    Field("points", N_("declaring side's points"), "count", rule="sibaifen:3.7", optional=True,
          min=0, max=TOTAL, step=5,
          help=N_("point cards won in tricks, plus the buried cards if the side won the last trick")),
    Field("kitty", N_("buried cards' points"), "count", rule="sibaifen:3.7", optional=True, min=0, max=100, step=5,
          help=N_("the points of the 4 cards the declarer buried; they go to the side that won the last trick")),
    Field("last_trick", N_("last trick won by"), "seat", rule="sibaifen:3.7", optional=True),
]


def fields(players: int, options: Any) -> list[Field]:
    return list(FIELDS)


def describe(state: SibaifenState) -> dict[str, Any]:
    if state.thrown_in or state.declarer is None or state.contract is None:
        return {"thrown_in": True}
    return {"declarer": state.declarer, "contract": state.contract,
            "points": state.side_points()[side_of(state.declarer)],
            "kitty": points(state.buried, POINTS), "last_trick": state.tricks[-1].winner}


def score(entry: Mapping[str, Any], players: int, options: Any) -> list[ScoreItem]:
    """The hand's score items (§3.7), or :class:`BadEntry`."""
    assert isinstance(options, SibaifenOptions)
    r = EntryReader(entry, FIELDS, players, options)
    if r.flag("thrown_in"):
        for key in ("declarer", "contract", "points", "kitty", "last_trick"):
            if r.given(key):
                raise r.fail(key, _("a hand thrown in has no contract to score"))
        return []
    declarer, contract, pts = r.seat("declarer"), r.count("contract"), r.count("points")
    assert declarer is not None and contract is not None and pts is not None
    sides = [0, 0]
    sides[side_of(declarer)] = pts
    sides[1 - side_of(declarer)] = TOTAL - pts
    kitty, last = r.count("kitty", required=False), r.seat("last_trick", required=False)
    note = ""
    if kitty is not None and last is not None:
        if sides[side_of(last)] < kitty:
            raise r.fail("kitty", _("the side that won the last trick has {points} points, fewer than the buried "
                                    "cards' {kitty}", points=sides[side_of(last)], kitty=kitty))
        note = f"kitty {kitty} to side of seat {last}"
    return contract_items(declarer, contract, sides, options, note)


def winners(entry: Mapping[str, Any], players: int, options: Any) -> list[int]:
    """§3.7: the declaring side wins the hand iff the contract is made (as
    ``SibaifenState.winners``); nobody when it was thrown in."""
    r = EntryReader(entry, FIELDS, players, options)
    if r.flag("thrown_in"):
        return []
    declarer, contract, pts = r.seat("declarer"), r.count("contract"), r.count("points")
    assert declarer is not None and contract is not None and pts is not None
    side = side_of(declarer) if pts >= contract else 1 - side_of(declarer)
    return [side, side + 2]


TALLY = Tally(fields=fields, describe=describe, score=score, winners=winners)

__all__ = ["FIELDS", "TALLY", "describe", "fields", "score", "winners"]
