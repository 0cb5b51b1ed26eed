"""捉黑A for the research API (cardtable.rl).

Whole actions: ``pass``, ``reveal``, ``pick <card>`` and one-card ``play``s.  Plays of
several cards (pairs, straights, bombs …), ``give`` and ``return`` take sub-steps: the verb,
the cards one by one (in pack order), commit; the mask allows a card only when some legal
combination holds the cards chosen so far and it."""

from __future__ import annotations

from typing import Any

from ...parts import obsfields as o
from ...parts.encoding import Encoding
from .state import VERBS

PHASES = ("give", "return", "pick", "play", "over")


def encoding(game: Any, players: int, options: Any) -> Encoding:
    p = players
    return Encoding(
        verbs=VERBS,
        card_verbs=("play", "pick"),
        fields=[
            o.cards("hand", "own hand"),
            o.choice("phase", PHASES, "phase one-hot: " + ", ".join(PHASES)),
            o.seat("dealer", p, "dealer (庄家, relative)"),
            o.per_seat_num("hand_sizes", p, 14.0, doc="hand sizes per seat / 14"),
            o.seats("finish_order", p, "seats that went out"),
            o.per_seat_cards("played", p, doc="cards each seat played"),
            o.cards("faceup", "the face-up card"),
            o.seat("first_drawer", p, "first drawer (relative)"),
            o.cards("top", "the combination to beat"),
            o.seat("last_player", p, "who played the combination to beat (relative)"),
            o.seats("passed", p, "seats that passed on it"),
            o.seat("partner", p, "the 庄家's partner once known (relative)"),
            o.choice("partner", ("alone",), "the 庄家 plays alone"),
            o.choice("side", ("zhuangjia", "partner", "opponent"), "own side one-hot"),
            o.per_seat_cards("remaining", p, doc="cards left in hands at the end"),
        ],
        reward_scale=4.0,
        reward_doc="deal points (side result); normalised: minus the mean, / 4",
    )
