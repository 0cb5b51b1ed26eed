"""One seat's decision rebuilt from what a table client receives: the seat's ``view`` and the
texts of its legal moves (a ``state`` frame of the table protocol), never the state.

    decision = SeatDecision(codec, frame["view"], frame["legal"])
    obs = {"observation": decision.observe(), "action_mask": decision.action_mask()}
    text = decision.step(action)        # the move's text once an action completes it, else None

What it gives a policy is what the PettingZoo env gives that seat (:mod:`cardtable.rl.env`):

* the **observation** is the codec's, read from the view (``ObservationLayout.observe_view``,
  the reference the env's fast paths are tested against) and the seat's own unfinished
  sub-steps;
* the **mask** allows the actions that lead to the moves the frame lists, in the codec's
  action ids and sub-step order, narrowed as sub-steps are taken.  For ten games that is the
  env's mask.  十三张's arrangement is every 3/5/5 split of the hand (from the view's
  ``hand``), as in the env.  Gin and Remik: the env's mask also reaches moves the engine does
  not list (gin's knocks with an own meld arrangement, Remik's further melds and lay-offs,
  ``Encoding.moves``), which a client cannot work out without the state; here the mask
  holds the listed ones.  Remik's texts do not say which of two identical cards is meant:
  each is its lowest copy (``Encoding.text_move``).

A text is turned into a move by the game's ``Encoding.text_move``, else by its own
``parse_move`` on a stand-in state (a deal of the same configuration, seed 0, whose cards
are never read: only the notation is used).  The move played is always the listed text
itself, or for a 十三张 arrangement built row by row the text the game writes for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..cards import parse_card
from ..errors import CardtableError
from ..game import State
from ..moves import Move
from .codec import NONE, Codec, _Choices, _Partition


def stand_in(codec: Codec) -> State:
    """A state of the codec's configuration used only for its notation (parse and write moves)."""
    st = codec.scratch.get("seat.stand_in")
    if st is None:
        st = codec.scratch["seat.stand_in"] = codec.game.new_state(codec.players, codec.options, seed=0)
    return st


def text_moves(codec: Codec, view: dict[str, Any], texts: Sequence[str]) -> list[Move]:
    """The move each listed text stands for, read without the state (see the module text)."""
    seat = int(view["seat"])
    parse = codec.encoding.text_move
    st = stand_in(codec)
    out = []
    for t in texts:
        m = parse(view, t, seat) if parse is not None else st.parse_move(t, seat)
        out.append(st.canonical_move(m))
    return out


def view_hand(codec: Codec, view: dict[str, Any]) -> list[int]:
    """The seat's hand cards from its view (``hand``), as the codec's pack cards: the lowest
    copies not yet taken for a card named twice."""
    out: list[int] = []
    for text in view.get("hand") or ():
        c = int(parse_card(str(text)))
        while c in out:
            c += 64
        out.append(c)
    return out


class SeatDecision:
    """One decision of one seat, from its frame (see the module text)."""

    def __init__(self, codec: Codec, view: dict[str, Any], legal: Sequence[str]) -> None:
        self.codec = codec
        self.view = view
        self.seat = int(view["seat"])
        self.legal = list(legal)
        self.buffer: list[int] = []
        moves = text_moves(codec, view, self.legal) if self.legal else []
        self.text_of: dict[Move, str] = {}
        for m, t in zip(moves, self.legal, strict=True):
            self.text_of.setdefault(m, t)
        flat: dict[int, Move] = {}
        seqs: list[tuple[tuple[int, ...], Move]] = []
        pverb = codec.partition[0] if codec.partition else None
        has_partition = False
        for m in self.text_of:
            if m.verb == pverb:
                has_partition = True
                continue
            a = codec.flat_action(m)
            if a is not None and a != NONE:
                flat.setdefault(a, m)
            else:
                seqs.append((codec.tokens(m), m))
        self.choices: Any
        if codec.partition:
            hand = view_hand(codec, view)
            self.choices = _Partition(codec, hand, flat, has_partition)
        else:
            self.choices = _Choices(flat, seqs)

    @property
    def open(self) -> bool:
        """Whether the seat has a decision (the frame lists moves)."""
        return bool(self.legal)

    def legal_actions(self) -> list[int]:
        return list(self.choices.actions()) if self.legal else []

    def action_mask(self) -> np.ndarray:
        m = self.codec.zero_mask.copy()
        acts = self.legal_actions()
        if acts:
            m[acts] = 1
        return m

    def observe(self) -> np.ndarray:
        rows = self.choices.rows if isinstance(self.choices, _Partition) and self.buffer else None
        return self.codec.obs_layout.observe_view(self.view, self.seat, self.buffer, rows)

    def observation(self) -> dict[str, np.ndarray]:
        """``{"observation", "action_mask"}``: what ``env.observe(agent)`` returns."""
        return {"observation": self.observe(), "action_mask": self.action_mask()}

    def step(self, action: int) -> str | None:
        """Take one action: the text of the move it completes, or None while sub-steps
        remain.  An action outside the mask raises ValueError and changes nothing."""
        action = int(action)
        if action not in self.legal_actions():
            legal = ", ".join(f"{a} ({self.codec.action_text(a)})" for a in self.legal_actions()[:12])
            raise ValueError(f"action {action} ({self.codec.action_text(action)}) is not in the mask "
                             f"of seat {self.seat}; allowed: {legal}")
        trial = self.choices.copy()
        move = trial.take(action)
        self.choices = trial
        self.buffer.append(action)
        if move is None:
            return None
        text = self.text_of.get(move)
        if text is None:            # a 十三张 arrangement built row by row
            text = stand_in(self.codec).move_text(move)
        return text

    def actions_of(self, text: str) -> tuple[int, ...]:
        """The actions that play a listed ``text`` (tests, logs)."""
        for m, t in self.text_of.items():
            if t == text:
                return self.codec.actions_of(m)
        raise CardtableError(f"{text!r} is not one of the listed moves")


__all__ = ["SeatDecision", "stand_in", "text_moves", "view_hand"]
