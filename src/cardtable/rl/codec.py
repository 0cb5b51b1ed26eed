"""The action codec: a fixed ``Discrete(N)`` per (game, players, options), the same for every
seat, over the engine's ``Move(verb, cards, groups, target)``.

Action ids, in this order (``Codec.layout`` names the blocks):

* **whole moves** — ``verb`` (a move with no cards, groups or target, e.g. ``draw``), then
  ``verb card`` for each verb of ``card_verbs`` and each card of the pack (``discard 7♥``),
  then ``verb @target`` for the listed targets (``bid 205``, ``trump ♥``);
* **sub-steps** of every other move: ``verb`` token, one ``card`` token per card of the pack
  (per physical copy in two-pack games), ``next group`` (opens a group), ``target`` tokens,
  and ``commit``; a move reads ``verb, cards…, [next group, cards…]…, targets…, commit`` with
  the cards of each part in pack order;
* **row** tokens of a partition game (十三张): the hand's cards, in pack order, are assigned
  to rows one by one; the last assignment completes the move.

The mask allows only the actions that can still complete to a legal move: a whole move
that is legal, or the next token of a legal move's sub-step sequence that starts with the
tokens chosen so far.  Decoding never builds a move from tokens: the leaf is the engine's
own legal move, so what a policy reaches is exactly the codec's move list.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..cards import Card, card_str
from ..game import State
from ..moves import Move
from ..parts.encoding import Encoding
from .choices import _Choices, _Flat, _Lazy, _Partition, _whole

NONE = -1


class Codec:
    """The action space and observation layout of one (game, players, options)."""

    def __init__(self, game: Any, players: int, options: Any, encoding: Encoding) -> None:
        self.game, self.players, self.options, self.encoding = game, players, options, encoding
        self.pack: list[int] = sorted(set(game.pack(players, options)))
        self.card_index = {c: i for i, c in enumerate(self.pack)}
        self.verbs = tuple(encoding.verbs)
        self.verb_index = {v: i for i, v in enumerate(self.verbs)}
        self.layout: dict[str, tuple[int, int]] = {}
        self.flat_key: dict[tuple[Any, ...], int] = {}
        self.flat_move: list[Move] = []
        # move -> its whole-move action, or the tuple of its sub-step tokens: the same moves
        # are listed decision after decision
        self.flat_cache: dict[Move, int | tuple[int, ...]] = {}
        self.scratch: dict[str, Any] = {}                # tables an encoding's fast paths keep
        n = 0

        def block(name: str, size: int) -> int:
            nonlocal n
            self.layout[name] = (n, n + size)
            n += size
            return self.layout[name][0]

        block("verb", len(self.verbs))
        for v in self.verbs:
            self._add_flat((v, NONE, None), Move(v))
        for v in encoding.card_verbs:
            block(f"{v} card", len(self.pack))
            for c in self.pack:
                self._add_flat((v, c, None), Move(v, (Card(c),)))
        for v, targets in encoding.flat_targets.items():
            block(f"{v} @target", len(targets))
            for t in targets:
                self._add_flat((v, NONE, t), Move(v, target=t))
        self.n_flat = n
        self.tok_verb = block("sub-step verb", len(self.verbs))
        self.tok_card = block("sub-step card", len(self.pack))
        self.tok_sep = block("next group", 1)
        self.target_tokens = tuple(encoding.target_tokens)
        self.target_index = {t: i for i, t in enumerate(self.target_tokens)}
        self.tok_target = block("sub-step target", len(self.target_tokens))
        self.tok_commit = block("commit", 1)
        self.partition = encoding.partition
        self.tok_row = block("row", len(encoding.partition[1]) if encoding.partition else 0)
        self.num_actions = n
        self.zero_mask = np.zeros(n, dtype=np.int8)
        from .observe import ObservationLayout
        self.obs_layout = ObservationLayout(self)
        self.observation_shape: tuple[int, ...] = (self.obs_layout.size,)

    def _add_flat(self, key: tuple[Any, ...], move: Move) -> None:
        self.flat_key[key] = len(self.flat_move)
        self.flat_move.append(move)

    # --- moves <-> actions ----------------------------------------------------------------

    def flat_action(self, move: Move) -> int | None:
        """The whole-move action of ``move``, or None when it takes sub-steps."""
        if move.groups:
            return None
        if not move.cards:
            return self.flat_key.get((move.verb, NONE, move.target))
        if len(move.cards) == 1 and move.target is None:
            return self.flat_key.get((move.verb, int(move.cards[0]), None))
        return None

    def tokens(self, move: Move) -> tuple[int, ...]:
        """The sub-step sequence of a move that is not a whole action."""
        try:
            out = [self.tok_verb + self.verb_index[move.verb]]
            ci, tc = self.card_index, self.tok_card
            out += sorted(tc + ci[int(c)] for c in move.cards)
            for g in move.groups:
                out.append(self.tok_sep)
                out += sorted(tc + ci[int(c)] for c in g)
            if move.target is not None:
                split = self.encoding.split_target
                for t in (split(move.target) if split else (move.target,)):
                    out.append(self.tok_target + self.target_index[t])
        except KeyError as e:
            raise ValueError(f"{self.game.id}: the codec cannot encode move {move} "
                             f"(no token for {e.args[0]!r})") from None
        out.append(self.tok_commit)
        return tuple(out)

    def actions_of(self, move: Move) -> tuple[int, ...]:
        """The action sequence that plays ``move`` (one action for a whole move)."""
        a = self.flat_action(move)
        return (a,) if a is not None else self.tokens(move)

    def action_text(self, action: int) -> str:
        """Readable text of an action (logs, debugging)."""
        action = int(action)
        if not 0 <= action < self.num_actions:
            return f"<no action {action}>"
        if action < self.n_flat:
            return str(self.flat_move[action])
        for name, (lo, hi) in self.layout.items():
            if lo <= action < hi:
                i = action - lo
                if name == "sub-step verb":
                    return f"<{self.verbs[i]} ...>"
                if name == "sub-step card":
                    c = self.pack[i]
                    return f"+{card_str(c)}" + (f" (copy {c // 64})" if c >= 64 else "")
                if name == "next group":
                    return "| next group"
                if name == "sub-step target":
                    return f"@{self.target_tokens[i]}"
                if name == "row":
                    return f"next card -> row {i}"
                return name
        return f"<action {action}>"

    def reward_of(self, points: Sequence[float], normalised: bool = False) -> list[float]:
        signed = [float(p) * self.encoding.reward_sign for p in points]
        return normalise(signed, self.encoding.reward_scale) if normalised else signed

    def start(self, state: State) -> DecisionProcess:
        return DecisionProcess(self, state)


class DecisionProcess:
    """One deal seen as a sequence of actions.  Each seat has its own partial-move buffer;
    with simultaneous moves the seats of ``to_move()`` decide one after another, and none
    sees another's buffer."""

    def __init__(self, codec: Codec, state: State) -> None:
        self.codec = codec
        self.state = state
        self._choices: dict[int, Any] = {}
        self._buffers: dict[int, list[int]] = {}
        self._version = -1
        inc = codec.encoding.incremental
        self._observer = inc(codec.obs_layout) if inc is not None else None
        self._fast = codec.encoding.fast_actions
        self._lazy = codec.encoding.lazy_moves
        # the engine's unchecked play where it has one
        self._unchecked = hasattr(state, "play_legal")

    # --- whose decision ------------------------------------------------------------------

    @property
    def current_seat(self) -> int | None:
        tm = self.state.to_move()
        return tm[0] if tm else None

    def deciding_seats(self) -> tuple[int, ...]:
        return tuple(self.state.to_move())

    def _sync(self) -> None:
        v = len(self.state.history)
        if v != self._version:
            self._version = v
            self._choices.clear()
            if self._buffers:
                # a seat whose move was played (or cannot move any more) loses its buffer
                movers = set(self.state.to_move())
                for s in list(self._buffers):
                    if s not in movers:
                        del self._buffers[s]

    def _seat_choices(self, seat: int) -> Any:
        if len(self.state.history) != self._version:
            self._sync()
        ch = self._choices.get(seat)
        if ch is None:
            ch = self._build(seat)
            if self._buffers:
                for a in self._buffers.get(seat, ()):    # replay the seat's buffer
                    ch.take(a)
            self._choices[seat] = ch
        return ch

    def _build(self, seat: int) -> Any:
        codec = self.codec
        if self._fast is not None:
            acts = self._fast(self.state, seat, codec)
            if acts is not None:
                return _Flat(acts, codec.flat_move)
        enc = codec.encoding
        if self._lazy is not None:
            got = self._lazy(self.state, seat)
            if got is not None:
                if codec.partition:     # rows reach every split: the engine's list is not needed
                    return _Partition(codec, self._partition_hand(seat), _whole(codec, got[0]),
                                      codec.partition[0] in got[1])
                return _Lazy(codec, self.state, seat, *got)
        moves = enc.moves(self.state, seat) if enc.moves else self.state.legal_moves(seat)
        flat: dict[int, Move] = {}
        seqs: list[tuple[tuple[int, ...], Move]] = []
        pverb = codec.partition[0] if codec.partition else None
        has_partition = False
        cache = codec.flat_cache
        for m in moves:
            if m.verb == pverb:
                has_partition = True
                continue
            a = cache.get(m)
            if a is None:
                fa = codec.flat_action(m)
                a = fa if fa is not None else codec.tokens(m)
                if len(cache) < 100_000:
                    cache[m] = a
            if type(a) is int:
                flat[a] = m
            else:
                seqs.append((a, m))     # type: ignore[arg-type]
        if codec.partition:
            hand = self._partition_hand(seat)
            return _Partition(codec, hand, flat, has_partition)
        return _Choices(flat, seqs)

    def _partition_hand(self, seat: int) -> list[int]:
        hand_of = self.codec.encoding.partition_hand
        if hand_of is None:
            raise ValueError(f"{self.codec.game.id}: a partition encoding declares partition_hand")
        return list(hand_of(self.state, seat))

    # --- acting ----------------------------------------------------------------------------

    def legal_actions(self, seat: int | None = None) -> list[int]:
        """The actions the mask allows ``seat`` (default: the current seat), sorted."""
        tm = self.state.to_move()
        if seat is None:
            if not tm:
                return []
            seat = tm[0]
        elif seat not in tm:
            return []
        ch = self._choices.get(seat) if len(self.state.history) == self._version else None
        if ch is None:
            ch = self._seat_choices(seat)
        return list(ch.actions())

    def action_mask(self, seat: int | None = None) -> np.ndarray:
        m = self.codec.zero_mask.copy()
        tm = self.state.to_move()
        if seat is None:
            if not tm:
                return m
            seat = tm[0]
        if seat in tm:
            ch = self._choices.get(seat) if len(self.state.history) == self._version else None
            if ch is None:
                ch = self._seat_choices(seat)
            _write_mask(m, ch.actions())
        return m

    def observe_and_mask(self, seat: int) -> tuple[np.ndarray, np.ndarray]:
        """``(observe(seat), action_mask(seat))`` of the seat to act, an int the caller has
        checked (the AEC env's every step): what both would check is checked once."""
        ob = self._observer
        st = self.state
        if ob is None or self._buffers:
            return self.observe(seat), self.action_mask(seat)
        obs = ob.observe(st, seat)
        ch = self._choices.get(seat) if len(st.history) == self._version else None
        if ch is None:
            ch = self._seat_choices(seat)
        m = self.codec.zero_mask.copy()
        _write_mask(m, ch.actions())
        return obs, m

    def step(self, action: int, seat: int | None = None) -> Move | None:
        """Take one action for ``seat`` (default: the current seat).  Returns the engine move
        when the action completes one (then it is played; the form the history keeps), else
        None.  An action outside the mask raises ValueError and changes nothing."""
        st = self.state
        tm = st.to_move()
        if seat is None:
            if not tm:
                raise ValueError("the deal is over: no seat may act")
            seat = tm[0]
        elif seat not in tm:
            raise ValueError(f"it is not seat {seat}'s decision (to move: {list(tm)})")
        action = int(action)
        ch = self._choices.get(seat) if len(st.history) == self._version else None
        if ch is None:
            ch = self._seat_choices(seat)
        move: Move | None
        if type(ch) is _Flat:
            if action not in ch.acts:
                self._refuse(seat, action, ch)
            move = ch.flat_move[action]
            if self._unchecked:
                st.play_legal(move, seat)
                if self._buffers:
                    self._buffers.pop(seat, None)
                    self._sync()
                else:                       # _sync without buffers to drop
                    self._version = len(st.history)
                    self._choices.clear()
                return st.history[-1][1]
            trial: Any = ch
        else:
            flat = ch.flat.get(action) if type(ch) in (_Choices, _Lazy) and ch.depth == 0 else None
            trial = ch if flat is not None else ch.copy()
            try:
                move = flat if flat is not None else trial.take(action)
            except KeyError:
                self._refuse(seat, action, ch)
            if move is None:
                self._choices[seat] = trial
                self._buffers.setdefault(seat, []).append(action)
                return None
        assert move is not None
        if self._unchecked and not isinstance(trial, _Partition):
            st.play_legal(move, seat)
        else:
            st.apply(move, seat)
        if self._buffers:
            self._buffers.pop(seat, None)
        self._sync()
        return st.history[-1][1]     # the form the history keeps (canonical_move)

    def _refuse(self, seat: int, action: int, ch: Any) -> None:
        legal = ", ".join(f"{a} ({self.codec.action_text(a)})" for a in ch.actions()[:12])
        raise ValueError(f"action {action} ({self.codec.action_text(action)}) is not legal for "
                         f"seat {seat} now; legal: {legal}") from None

    def buffer(self, seat: int) -> list[int]:
        """The sub-step actions ``seat`` has taken towards its next move (its own only)."""
        self._sync()
        return list(self._buffers.get(seat, ()))

    def observe(self, seat: int) -> np.ndarray:
        """The observation of ``seat``: built from what ``view(seat)`` holds and its own
        buffer only (through the game's fast path where it has one)."""
        ob = self._observer
        if ob is not None and not self._buffers and type(seat) is int and 0 <= seat < self.codec.players:
            return ob.observe(self.state, seat)     # the common case: no partial move
        if self._buffers:
            self._sync()
        buf = self._buffers.get(seat, ())
        if self._observer is not None:
            if type(seat) is not int or not 0 <= seat < self.codec.players:
                self.state._check_seat(seat)
            out = self._observer.observe(self.state, seat)
            if buf:
                self.codec.obs_layout.partial_part(buf, self._rows(seat, buf), out)
            return out
        return self.codec.obs_layout.observe(self.state, seat, buf, self._rows(seat, buf))

    def observe_scratch(self, seat: int) -> np.ndarray:
        """The observation rebuilt from scratch (the game's fast fields, no incremental
        buffers): what the incremental path is tested against."""
        self._sync()
        buf = self._buffers.get(seat, ())
        return self.codec.obs_layout.observe(self.state, seat, buf, self._rows(seat, buf))

    def observe_view(self, seat: int) -> np.ndarray:
        """The same observation built from the ``state.view(seat)`` dict itself: the
        reference the fast paths are tested against."""
        self._sync()
        buf = self._buffers.get(seat, ())
        return self.codec.obs_layout.observe_view(self.state.view(seat), seat, buf, self._rows(seat, buf))

    def _rows(self, seat: int, buf: Sequence[int]) -> list[list[int]] | None:
        if buf and self.codec.partition:
            ch = self._seat_choices(seat)
            return ch.rows if isinstance(ch, _Partition) else None
        return None

    def action_text(self, action: int) -> str:
        return self.codec.action_text(action)

    def rewards(self, normalised: bool = False) -> list[float]:
        """Deal points per seat once the deal is over (zeros before), times the game's
        ``reward_sign`` (−1 where points are penalties); ``normalised``: zero-sum,
        (reward − mean) / the game's reward scale."""
        if not self.state.is_over:
            return [0.0] * self.state.players
        return self.codec.reward_of(self.state.scores, normalised)

    def clone(self) -> DecisionProcess:
        d = DecisionProcess(self.codec, self.state.clone())
        d._buffers = {s: list(b) for s, b in self._buffers.items()}
        d._version = self._version
        d._choices = {s: c.copy() for s, c in self._choices.items()}
        for c in d._choices.values():
            if type(c) is _Lazy:
                c.state = d.state       # a verb not listed yet is listed from the clone's state
        return d

    def reachable_moves(self, seat: int | None = None, limit: int = 200_000) -> list[Move]:
        """Every move the mask lets ``seat`` complete from here (enumerating sub-steps);
        for tests and curious researchers."""
        seat = self.current_seat if seat is None else seat
        if seat is None:
            return []
        out: list[Move] = []
        stack = [self._seat_choices(seat).copy()]
        while stack:
            ch = stack.pop()
            for a in ch.actions():
                c = ch.copy()
                m = c.take(a)
                if m is not None:
                    out.append(m)
                    if len(out) > limit:
                        raise ValueError(f"more than {limit} reachable moves")
                else:
                    stack.append(c)
        return out


def _write_mask(m: np.ndarray, acts: list[int]) -> None:
    if len(acts) < 12:              # numpy's item write, below the cost of a memoryview
        for a in acts:
            m[a] = 1
    elif len(acts) < 40:            # a memoryview write is cheaper than numpy's
        mv = memoryview(m)  # type: ignore[arg-type]  # numpy types __buffer__ on 3.12+ only
        for a in acts:
            mv[a] = 1
    else:
        m[acts] = 1


def normalise(scores: Sequence[float], scale: float) -> list[float]:
    mean = sum(scores) / len(scores)
    return [(float(s) - mean) / scale for s in scores]
