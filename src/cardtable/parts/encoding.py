"""What a game's encoding part declares for the research API: its verbs, which moves are
whole actions, its target vocabulary, its observation fields and its reward scale.  The
generic codec (:mod:`cardtable.rl.codec`) builds the action space and the masks from this;
the declaration itself needs nothing outside the standard library."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..game import State
from ..moves import Move
from .obsfields import Field


@dataclass
class Encoding:
    # every verb of the game, in a fixed order (verb tokens, last-move one-hots)
    verbs: tuple[str, ...]
    # verbs whose one-card moves (no groups, no target) are whole actions, one per pack card
    card_verbs: tuple[str, ...] = ()
    # verb -> targets whose card-less, group-less moves are whole actions (bids, trumps ...)
    flat_targets: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # the tokens targets of factored moves are written with, and how a target splits into them
    target_tokens: tuple[str, ...] = ()
    split_target: Callable[[str], tuple[str, ...]] | None = None
    # observation fields read from view(seat), in order
    fields: list[Field] = field(default_factory=list)
    # normalised reward = (points - mean points) / reward_scale
    reward_scale: float = 1.0
    # +1 where more points are better; -1 where deal points are penalties (Remik), so that
    # rewards are always "higher is better"
    reward_sign: int = 1
    reward_doc: str = ""
    # (verb, row sizes): moves of that verb are chosen by assigning each hand card to a row
    partition: tuple[str, tuple[int, ...]] | None = None
    # with a partition: the deciding seat's hand cards (the cards the rows are made of)
    partition_hand: Callable[[Any, int], Sequence[int]] | None = None
    # the move list the codec makes reachable; default State.legal_moves(seat)
    moves: Callable[[Any, int], Sequence[Move]] | None = None
    # the move a listed move's text stands for, read without the state (a client that has
    # only the seat's frames, cardtable.agent): (view, text, seat) -> Move; None where the
    # game's parse_move reads nothing of the state.  In two-pack games the text does not say
    # which copy of a card is meant: the lowest copies are taken.
    text_move: Callable[[dict[str, Any], str, int], Move] | None = None
    # groups a partial move's buffer tells apart in the observation
    max_groups: int = 4
    # the last move of each seat (verb one-hot + cards) from the view's log
    last_moves: bool = True
    # optional fast observation: (state, seat, out, layout) fills the game's fields of
    # ``out`` exactly as they would read view(seat) (tests check they agree)
    fast_fields: Callable[[State, int, Any, Any], None] | None = None
    # optional incremental observation: a factory called with the ObservationLayout, once per
    # decision process; its ``observe(state, seat)`` returns a fresh array equal to
    # ``observe`` without a partial move (kept per seat, updated where the state changed)
    incremental: Callable[[Any], Any] | None = None
    # optional fast mask: (state, seat, codec) -> the sorted whole-move actions when every
    # move of the decision is a whole action, or None for the general path
    fast_actions: Callable[[State, int, Any], list[int] | None] | None = None
    # optional lazy first step: (state, seat) -> (whole, verbs), or None for the general path.
    # ``whole``: every move of ``moves(state, seat)`` that is a whole action; ``verbs``: every
    # verb that has a move taking sub-steps there.  The first step of a decision needs no
    # more; the codec lists a verb's moves (through ``moves``) only once its token is taken,
    # where listing every meld and opening costs far more than knowing that one exists.  With
    # a partition, ``verbs`` says whether the partition verb is offered (its rows reach every
    # split, so the engine's own arrangements are never listed).
    lazy_moves: Callable[[Any, int], tuple[Sequence[Move], Sequence[str]] | None] | None = None
    # with lazy_moves, optionally: (state, seat, verb) -> the moves of that verb in
    # ``moves(state, seat)``, in its order, without the others; default: ``moves`` filtered
    verb_moves: Callable[[Any, int, str], Sequence[Move]] | None = None
    # how much of the engine's legal moves the codec reaches, for the docs
    reach_doc: str = "every move of `legal_moves()` (the engine's list is complete)"
