"""Remik for the research API (cardtable.rl).

Whole actions: ``draw``, ``take``, ``discard <card>`` (one per physical card of the two
packs).  Sub-steps: ``meld`` and ``takemeld`` (``next group`` before each meld's cards, then
one target token per joker: the card it stands for), ``lay`` (cards, the meld id ``m<k>``,
the jokers' stand-ins), ``swap`` (the card, the meld id)."""

from __future__ import annotations

from typing import Any

from ...cards import card_str
from ...rl import obs as o
from ...rl.spec import EncodingSpec

PHASES = ("draw", "play")
MAX_MELD_IDS = 40        # 108 cards make at most 36 melds of three
TABLE_MELDS = 16         # table melds the observation tells apart (by id order)


def split_target(target: str) -> tuple[str, ...]:
    """``"m3=10♥ 4♦"`` → ("m3", "=10♥", "=4♦"); ``"=8♥"`` → ("=8♥",); ``"m2"`` → ("m2",)."""
    meld, _, reps = target.partition("=")
    out = [meld] if meld else []
    out += ["=" + r for r in reps.split()]
    return tuple(out)


def spec(game: Any, players: int, options: Any) -> EncodingSpec:
    p = players
    tokens = tuple(f"m{k}" for k in range(1, MAX_MELD_IDS + 1)) + tuple("=" + card_str(b) for b in range(52))
    return EncodingSpec(
        verbs=("draw", "take", "takemeld", "meld", "lay", "swap", "discard"),
        card_verbs=("discard",),
        target_tokens=tokens,
        split_target=split_target,
        max_groups=4,
        fields=[
            o.cards("hand", "own hand"),
            o.choice("phase", PHASES, "phase one-hot: " + ", ".join(PHASES)),
            o.seat("dealer", p, "dealer (relative)"),
            o.seat("current", p, "seat to move (relative)"),
            o.num("turn", 100.0, "turn number / 100"),
            o.num("stock", 108.0, "stock size / 108"),
            o.cards("discard", "the discard pile"),
            o.cards("discard.-1", "the top discard"),
            o.items("table", TABLE_MELDS, doc=f"table melds m1..m{TABLE_MELDS}, each its cards (a joker "
                    "counts as JK) × 55"),
            o.owned_cards("table", p, doc="table melds by owner (relative) × 55"),
            o.per_seat_num("hand_sizes", p, 14.0, doc="hand sizes per seat / 14"),
            o.per_seat_num("opened", p, doc="seats that have opened (relative)"),
            o.cards("taken", "the discard taken this turn"),
            o.num("must_use_joker", 1.0, "1 when the taken joker must be used"),
            o.num("opening_min", 100.0, "opening minimum / 100"),
            o.num("threshold", 1000.0, "match threshold / 1000"),
        ],
        reward_scale=100.0,
        reward_sign=-1,
        reward_doc="minus the deal's penalty points (Remik scores count against a seat, a lower "
                   "total wins); normalised: minus the mean, / 100",
        reach_doc="every move of `legal_moves()`, which lists at most 12 openings and 30 single "
                  "melds; openings and melds past those caps are legal in the engine but not reachable",
    )
