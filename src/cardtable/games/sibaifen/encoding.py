"""四百分 for the research API (cardtable.rl): every move is a whole action —
``pass``, ``bid <n>`` (200…400 by 5), ``bury <card>``, ``trump <suit>``, ``play <card>``."""

from __future__ import annotations

from typing import Any

from ...parts import obsfields as o
from ...parts.encoding import Encoding
from .rules import BID_STEP, MAX_BID, MIN_BID
from .state import SUIT_SYMBOLS

PHASES = ("bid", "bury", "trump", "play", "over")


def _bids(view: dict[str, Any], me: int, out: Any) -> None:
    for entry in view.get("bids") or ():
        head, _, bid = str(entry).partition(":")
        if head.strip().isdigit() and bid.strip().isdigit():
            r = (int(head) - me) % len(out)
            out[r] = max(out[r], int(bid) / MAX_BID)


def encoding(game: Any, players: int, options: Any) -> Encoding:
    p = players
    return Encoding(
        verbs=("pass", "bid", "bury", "trump", "play"),
        card_verbs=("bury", "play"),
        flat_targets={"bid": tuple(str(b) for b in range(MIN_BID, MAX_BID + 1, BID_STEP)),
                      "trump": tuple(SUIT_SYMBOLS)},
        fields=[
            o.cards("hand", "own hand"),
            o.choice("phase", PHASES, "phase one-hot: " + ", ".join(PHASES)),
            o.seat("dealer", p, "dealer (relative)"),
            o.per_seat_num("hand_sizes", p, 16.0, doc="hand sizes per seat / 16"),
            o.custom("bids", p, _bids, f"highest bid of each seat (relative) / {MAX_BID}"),
            o.num("high_bid.bid", float(MAX_BID), f"the high bid / {MAX_BID}"),
            o.seat("high_bid.seat", p, "the high bidder (relative)"),
            o.seat("declarer", p, "declarer (relative)"),
            o.num("contract", float(MAX_BID), f"the contract / {MAX_BID}"),
            o.choice("trump", tuple(SUIT_SYMBOLS), "trump suit one-hot"),
            o.plays("trick.plays", p, "the trick in progress: card of each seat"),
            o.seat("trick.leader", p, "leader of the trick in progress"),
            o.cards("tricks", "every card of the finished tricks"),
            o.per_seat_num("points", 2, 200.0, doc="card points taken by each side (own side first "
                           "when the observer's side is 0) / 200"),
            o.num("buried_count", 4.0, "cards buried so far / 4"),
            o.num("thrown_in", 1.0, "1 when the deal was thrown in"),
            o.cards("buried", "the kitty cards this seat buried (declarer only)"),
            o.cards("kitty", "the kitty, once revealed"),
        ],
        reward_scale=200.0,
        reward_doc="deal points (contract made or set); normalised: minus the mean, / 200",
    )
