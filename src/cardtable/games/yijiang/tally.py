"""A 议将夺墩算分 deal scored from its rounds (yijiang.md §9.3–§9.5; the scorekeeper).

A deal is the rounds played from one pack (§9.2).  An entry lists the ``rounds``, each with
its ``declarer`` and ``contract`` (none when all passed and the round was played without a
contract, ``all_pass = no_trump_round``) and the ``tricks`` each seat took (5 in all).
Scored round by round by :func:`.state.round_items`, as a played deal is.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from ...errors import BadEntry
from ...i18n import N_, _, ngettext
from ...parts.tally import EntryReader, Field, Tally
from ...scoring import ScoreItem
from .rules import TRICKS, YijiangOptions, rounds_per_deal
from .state import YijiangState, round_items

ROUND_FIELDS = (
    Field("declarer", N_("declarer"), "seat", rule="yijiang:9.3", optional=True,
          help=N_("who won the auction; none when all passed and the round had no contract")),
    Field("contract", N_("contract"), "count", rule="yijiang:9.3", optional=True, min=1, max=TRICKS,
          help=N_("the tricks the declarer's side undertook to take")),
    Field("tricks", N_("tricks taken"), "count", per_seat=True, rule="yijiang:9.5", min=0, max=TRICKS),
)
FIELDS = [
    Field("rounds", N_("rounds"), "rounds", rule="yijiang:9.2", parts=ROUND_FIELDS,
          help=N_("every round played from the pack, in order")),
]


def fields(players: int, options: Any) -> list[Field]:
    """The rounds field says how many rounds this table plays a deal (its ``min`` and ``max``)."""
    want = rounds_per_deal(players, options)
    return [dataclasses.replace(FIELDS[0], min=want, max=want)]


def describe(state: YijiangState) -> dict[str, Any]:
    rounds = []
    for summary in state.history_rounds:
        rnd: dict[str, Any] = {"tricks": list(summary["tricks"])}
        if summary["contract"]:
            rnd |= {"declarer": summary["declarer"], "contract": summary["contract"]}
        rounds.append(rnd)
    return {"rounds": rounds}


def score(entry: Mapping[str, Any], players: int, options: Any) -> list[ScoreItem]:
    """The deal's score items (§9.5, round by round), or :class:`BadEntry`."""
    assert isinstance(options, YijiangOptions)
    r = EntryReader(entry, FIELDS, players, options)
    rounds = r.rounds("rounds")
    want = rounds_per_deal(players, options)
    if len(rounds) != want:
        raise r.fail("rounds", ngettext("this table plays {n} round a deal, not {got}",
                                        "this table plays {n} rounds a deal, not {got}", want, got=len(rounds)))
    items: list[ScoreItem] = []
    for i, value in enumerate(rounds):
        sub = r.sub("rounds", i, value)
        try:
            declarer = sub.seat("declarer", required=False)
            contract = sub.count("contract", required=False)
            tricks = [sub.count("tricks", s) for s in range(players)]
        except BadEntry as e:
            raise r.fail("rounds", _("round {n}: {why}", n=i + 1, why=str(e))) from None
        items += round_items(i + 1, *_contract(r, i, declarer, contract, tricks, options), players, options)
    return items


def _contract(r: EntryReader, i: int, declarer: int | None, contract: int | None, tricks: list[int | None],
              options: YijiangOptions) -> tuple[int, int, list[int]]:
    """(declarer, contract, tricks) of round ``i``, checked: 5 tricks in all, a contract of
    ``min_bid`` to 5 with its declarer, or none only when the rules play such rounds."""
    def bad(why: str) -> BadEntry:
        return r.fail("rounds", _("round {n}: {why}", n=i + 1, why=why))

    won = [int(t or 0) for t in tricks]
    if sum(won) != TRICKS:
        raise bad(_("the tricks taken add up to {n}, not {want}", n=sum(won), want=TRICKS))
    if (declarer is None) != (contract is None):
        raise bad(_("a contract and its declarer go together"))
    if contract is None:
        if options.all_pass == "dealer_forced":
            raise bad(_("every round has a contract (all_pass = dealer_forced)"))
        return -1, 0, won
    assert declarer is not None
    if contract < options.min_bid:
        raise bad(_("a contract is {low} to {high} tricks, not {n}", low=options.min_bid, high=TRICKS, n=contract))
    return declarer, contract, won


TALLY = Tally(fields=fields, describe=describe, score=score)

__all__ = ["FIELDS", "TALLY", "describe", "fields", "score"]
