"""一将 for the research API (cardtable.rl): every move is a whole action —
``pass``, ``bid <n>``, ``trump <suit>``, ``play <card>``."""

from __future__ import annotations

from typing import Any

from ...parts import obsfields as o
from ...parts.encoding import Encoding
from .rules import TRICKS
from .state import PHASE_NAMES

SUITS = ("♠", "♥", "♦", "♣")


def _bids(view: dict[str, Any], me: int, out: Any) -> None:
    for entry in view.get("bids") or ():
        if isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], int):
            r = (entry[0] - me) % len(out)
            out[r] = max(out[r], entry[1] / TRICKS)


def encoding(game: Any, players: int, options: Any) -> Encoding:
    p = players
    return Encoding(
        verbs=("pass", "bid", "trump", "play"),
        card_verbs=("play",),
        flat_targets={"bid": tuple(str(k) for k in range(1, TRICKS + 1)), "trump": SUITS},
        fields=[
            o.cards("hand", "own hand"),
            o.choice("phase", PHASE_NAMES, "phase one-hot: " + ", ".join(PHASE_NAMES)),
            o.seat("dealer", p, "dealer (relative)"),
            o.num("round", 4.0, "round number / 4"),
            o.num("rounds", 4.0, "rounds in the deal / 4"),
            o.seat("turn", p, "seat to move (relative)"),
            o.num("stock", 52.0, "stock size / 52"),
            o.custom("bids", p, _bids, f"highest bid of each seat (relative) / {TRICKS}"),
            o.num("high_bid", float(TRICKS), f"the high bid / {TRICKS}"),
            o.seat("declarer", p, "declarer (relative)"),
            o.choice("trump", SUITS, "trump suit one-hot"),
            o.plays("trick.plays", p, "the trick in progress: card of each seat"),
            o.seat("trick.leader", p, "leader of the trick in progress"),
            o.per_seat_num("tricks_won", p, float(TRICKS), doc=f"tricks won per seat / {TRICKS}"),
            o.plays("last_trick.plays", p, "the last finished trick: card of each seat"),
            o.per_seat_num("hand_sizes", p, float(TRICKS), doc=f"hand sizes per seat / {TRICKS}"),
            o.num("teams", 1.0, "1 when seats play in partnerships"),
            o.per_seat_num("round_scores", p, 10.0, doc="round scores per seat / 10"),
        ],
        reward_scale=5.0,
        reward_doc="deal points (contract made or failed by the shortfall); normalised: minus the mean, / 5",
    )
