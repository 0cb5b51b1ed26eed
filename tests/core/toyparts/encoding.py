"""High card for the research API (cardtable.rl).

Every move is ``play <card>``: one whole action per card of the pack, and the mask allows
the cards in hand.  The observation reads the view: the own hand, the hand sizes, and the
cards each seat has put on the pile (the view writes them ``"seat:card"``, so a field of its
own parses them); the shared fields (to move, over, each seat's last move) follow.
Rewards are deal points; normalised: minus the mean, divided by 7 × the hand size (a hand's
expected total)."""

from __future__ import annotations

from typing import Any

from cardtable.parts import obsfields as o
from cardtable.parts.encoding import Encoding

from . import pile


def _pile_reader(players: int) -> o.Reader:
    """The pile as players × 55 card counts, the observer's own plays first (relative seats)."""
    def read(view: dict[str, Any], me: int, out: o.FloatArray) -> None:
        for seat, card in pile(view):
            base = o.card_base(card)
            if base >= 0 and 0 <= seat < players:
                out[o.rel(me, seat, players) * o.NBASE + base] += 1
    return read


def encoding(game: Any, players: int, options: Any) -> Encoding:
    size = int(getattr(options, "hand_size", 3))
    return Encoding(
        verbs=("play",),
        card_verbs=("play",),     # one-card moves of this verb are whole actions
        fields=[
            o.cards("hand", "own hand"),
            o.per_seat_num("hand_sizes", players, float(size), doc="hand sizes per seat / hand size"),
            o.custom("pile", players * o.NBASE, _pile_reader(players),
                     "cards each seat has played (relative) × 55"),
        ],
        reward_scale=7.0 * size,
        reward_doc="deal points; normalised: minus the mean, / (7 × hand size)",
    )
