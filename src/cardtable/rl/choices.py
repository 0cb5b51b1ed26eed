"""A decision's remaining choices, narrowed as sub-steps are taken: the whole moves and the
sub-step sequences of a move list (``_Choices``), a list kept to its first step until a verb
is chosen (``_Lazy``), a decision of whole actions only (``_Flat``), and a partition game's
row assignments (``_Partition``).  The decision process (:mod:`.codec`) keeps one per seat."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cards import Card
from ..game import State
from ..moves import Move

if TYPE_CHECKING:
    from .codec import Codec


class _Choices:
    """One seat's remaining choices at one decision, narrowed as sub-steps are taken."""

    __slots__ = ("flat", "seqs", "depth", "_actions")

    def __init__(self, flat: dict[int, Move], seqs: list[tuple[tuple[int, ...], Move]]) -> None:
        self.flat = flat
        self.seqs = seqs
        self.depth = 0
        self._actions: list[int] | None = None

    def actions(self) -> list[int]:
        acts = self._actions
        if acts is None:
            d = self.depth
            if d == 0:
                acts = sorted(set(self.flat) | {s[0] for s, _ in self.seqs}) if self.seqs else sorted(self.flat)
            else:
                acts = sorted({s[d] for s, _ in self.seqs if len(s) > d})
            self._actions = acts
        return acts

    def take(self, action: int) -> Move | None:
        if self.depth == 0 and action in self.flat:
            return self.flat[action]
        d = self.depth
        seqs = [x for x in self.seqs if x[0][d] == action]
        if not seqs:
            raise KeyError(action)
        self.seqs, self.depth, self._actions = seqs, d + 1, None
        # every remaining sequence ends here: one move, or the same move listed twice by the
        # engine (捉黑A lists `give 2♦ 2♣` and `give 2♣ 2♦`, which encode alike)
        if all(len(x[0]) == d + 1 for x in seqs):
            return seqs[0][1]
        return None

    def copy(self) -> _Choices:
        c = _Choices(self.flat, self.seqs)
        c.depth, c._actions = self.depth, self._actions
        return c


def _whole(codec: Codec, whole: Sequence[Move]) -> dict[int, Move]:
    """The whole-action moves a lazy first step gave, by action."""
    flat: dict[int, Move] = {}
    for m in whole:
        a = codec.flat_action(m)
        if a is None:
            raise ValueError(f"{codec.game.id}: lazy_moves gave {m}, which is not a whole action")
        flat[a] = m
    return flat


class _Lazy:
    """A decision listed lazily (the encoding's ``lazy_moves``): its whole moves, and the verb
    tokens of the verbs that have sub-step moves.  Taking a verb token lists that verb's moves
    through the encoding's ``moves`` (the reference list, filtered as ``_Choices`` would
    filter it) and hands on to a ``_Choices``; copies share what was listed."""

    __slots__ = ("codec", "state", "seat", "flat", "verbs", "listed", "inner", "_actions")

    def __init__(self, codec: Codec, state: State, seat: int, whole: Sequence[Move],
                 verbs: Sequence[str]) -> None:
        self.codec, self.state, self.seat = codec, state, seat
        self.flat = _whole(codec, whole)
        self.verbs = {codec.tok_verb + codec.verb_index[v]: v for v in verbs}
        self.listed: dict[int, list[tuple[tuple[int, ...], Move]]] = {}
        self.inner: _Choices | None = None
        self._actions: list[int] | None = None

    @property
    def depth(self) -> int:
        return 0 if self.inner is None else self.inner.depth

    def actions(self) -> list[int]:
        if self.inner is not None:
            return self.inner.actions()
        acts = self._actions
        if acts is None:
            acts = self._actions = sorted(set(self.flat) | set(self.verbs))
        return acts

    def take(self, action: int) -> Move | None:
        if self.inner is not None:
            return self.inner.take(action)
        if action in self.flat:
            return self.flat[action]
        if action not in self.verbs:
            raise KeyError(action)
        seqs = self.listed.get(action)
        if seqs is None:
            codec, verb = self.codec, self.verbs[action]
            enc = codec.encoding
            moves = (enc.verb_moves(self.state, self.seat, verb) if enc.verb_moves is not None
                     else enc.moves(self.state, self.seat) if enc.moves is not None
                     else self.state.legal_moves(self.seat))
            seqs = [(codec.tokens(m), m) for m in moves if m.verb == verb and codec.flat_action(m) is None]
            if not seqs:
                raise RuntimeError(f"{codec.game.id}: lazy_moves offered {verb!r}, which has no move here")
            self.listed[action] = seqs
        self.inner = _Choices({}, seqs)
        return self.inner.take(action)

    def copy(self) -> _Lazy:
        c = _Lazy.__new__(_Lazy)
        c.codec, c.state, c.seat, c.flat, c.verbs = self.codec, self.state, self.seat, self.flat, self.verbs
        c.listed, c._actions = self.listed, self._actions
        c.inner = None if self.inner is None else self.inner.copy()
        return c


class _Flat:
    """A decision whose moves are all whole actions (the encoding's ``fast_actions``)."""

    __slots__ = ("acts", "flat_move", "depth")

    def __init__(self, acts: list[int], flat_move: list[Move]) -> None:
        self.acts, self.flat_move, self.depth = acts, flat_move, 0

    def actions(self) -> list[int]:
        return self.acts

    def take(self, action: int) -> Move | None:
        if action not in self.acts:
            raise KeyError(action)
        return self.flat_move[action]

    def copy(self) -> _Flat:
        return self


class _Partition:
    """十三张-style choices: each hand card, in pack order, goes to one of the rows."""

    __slots__ = ("codec", "verb", "sizes", "hand", "rows", "flat", "started", "filled")

    def __init__(self, codec: Codec, hand: list[int], flat: dict[int, Move], open_rows: bool) -> None:
        self.codec = codec
        self.verb, self.sizes = codec.partition  # type: ignore[misc]
        self.hand = sorted(hand, key=codec.card_index.__getitem__)
        self.rows: list[list[int]] = [[] for _ in self.sizes]
        self.flat = flat
        self.started = open_rows
        self.filled = 0

    def actions(self) -> list[int]:
        t = self.codec.tok_row
        rows = ([t + r for r, n in enumerate(self.sizes) if len(self.rows[r]) < n]
                if self.started else [])
        if self.filled == 0:
            return sorted(set(self.flat) | set(rows))
        return rows

    def take(self, action: int) -> Move | None:
        if self.filled == 0 and action in self.flat:
            return self.flat[action]
        r = action - self.codec.tok_row
        if not self.started or not 0 <= r < len(self.sizes) or len(self.rows[r]) >= self.sizes[r]:
            raise KeyError(action)
        self.rows[r].append(self.hand[self.filled])
        self.filled += 1
        if self.filled == len(self.hand):
            return Move(self.verb, groups=tuple(tuple(Card(c) for c in row) for row in self.rows))
        return None

    def copy(self) -> _Partition:
        c = _Partition.__new__(_Partition)
        c.codec, c.verb, c.sizes, c.hand = self.codec, self.verb, self.sizes, self.hand
        c.rows = [list(r) for r in self.rows]
        c.flat, c.started, c.filled = self.flat, self.started, self.filled
        return c
