"""The observation vector: the game's view fields, then fields every game shares, then the
seat's own partial-move buffer.  float32, one shape per (game, players, options).

Shared fields (after the game's own, see ``ObservationLayout.describe``):

* ``to_move``: the seats that may act, multi-hot, relative to the observer;
* ``over``: 1 once the deal is over;
* ``last_moves``: for each seat (relative), its latest move as the observer's log shows it:
  verb one-hot over the game's verbs, then its cards (55 counts); redacted cards stay unseen;
* ``partial``: the observer's own unfinished sub-step move: verb one-hot, the cards chosen
  before any group (55), the cards of each group (55 each, ``max_groups`` groups, later ones
  folded into the last), the target tokens chosen (multi-hot), the number of sub-steps / 16.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ..game import State
from ..parts.obsfields import NBASE, parse_log_entry, parse_move_text, rel

if TYPE_CHECKING:
    from .codec import Codec

class ObservationLayout:
    def __init__(self, codec: Codec) -> None:
        self.codec = codec
        enc, players = codec.encoding, codec.players
        self.blocks: list[tuple[str, int, int, str]] = []   # name, start, end, doc
        n = 0

        def block(name: str, size: int, doc: str) -> int:
            nonlocal n
            self.blocks.append((name, n, n + size, doc))
            n += size
            return n - size

        self.fields = [(f, block(f.name, f.size, f.doc)) for f in enc.fields]
        self.field_starts = tuple(start for _, start in self.fields)    # for the fast paths
        self.o_to_move = block("to_move", players, "seats that may act (relative), multi-hot")
        self.o_over = block("over", 1, "1 once the deal is over")
        nv = len(codec.verbs)
        self.last_width = nv + NBASE
        self.o_last = block("last_moves", players * self.last_width if enc.last_moves else 0,
                            f"per seat (relative): last move's verb one-hot ({nv}) + cards (55)")
        self.view_size = n
        self.o_pverb = block("partial.verb", nv, "own unfinished move: verb one-hot")
        self.groups = 1 + max(1, enc.max_groups)
        self.o_pcards = block("partial.cards", self.groups * NBASE,
                              f"own unfinished move: cards before any group, then groups 1..{enc.max_groups}"
                              " (55 counts each)")
        self.o_ptarget = block("partial.target", len(codec.target_tokens), "own unfinished move: target tokens")
        self.o_psteps = block("partial.steps", 1, "own unfinished move: sub-steps taken / 16")
        self.size = n
        self.verb_index = codec.verb_index
        self.starts: dict[str, int] = {}
        for b in self.blocks:
            self.starts.setdefault(b[0], b[1])

    def start(self, name: str) -> int:
        """Where the block ``name`` starts (the first block of that name)."""
        return self.starts[name]

    def zeros(self) -> np.ndarray:
        """A blank observation (float32): what an encoding's fast path fills in."""
        return np.zeros(self.size, dtype=np.float32)

    def common_part(self, state: State, seat: int, out: Any) -> None:
        """``to_move``, ``over`` and ``last_moves`` straight from the state (fast paths)."""
        players = self.codec.players
        for s in state.to_move():
            out[self.o_to_move + (s - seat) % players] = 1.0
        if state.is_over:
            out[self.o_over] = 1.0
        if self.codec.encoding.last_moves:
            self.state_last_moves(state, seat, out)

    def describe(self) -> list[dict[str, Any]]:
        return [{"name": b[0], "start": b[1], "size": b[2] - b[1], "doc": b[3]} for b in self.blocks]

    # --- building ------------------------------------------------------------------------

    def observe(self, state: State, seat: int, buffer: Sequence[int] = (),
                rows: Sequence[Sequence[int]] | None = None) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.float32)
        fast = self.codec.encoding.fast_fields
        if fast is not None:
            # fast paths write items: a memoryview takes a third of numpy's time
            buf = memoryview(out)  # type: ignore[arg-type]  # numpy types __buffer__ on 3.12+ only
            fast(state, seat, buf, self)
            self.common_part(state, seat, buf)
        else:
            self.view_part(lite_view(state, seat), seat, out, state)
        if buffer:
            self.partial_part(buffer, rows, out)
        return out

    def observe_view(self, view: dict[str, Any], seat: int, buffer: Sequence[int] = (),
                     rows: Sequence[Sequence[int]] | None = None) -> np.ndarray:
        """The observation from a view dict (the reference the fast paths are tested against)."""
        out = np.zeros(self.size, dtype=np.float32)
        self.view_part(view, seat, out)
        if buffer:
            self.partial_part(buffer, rows, out)
        return out

    def view_part(self, view: dict[str, Any], seat: int, out: np.ndarray,
                  state: State | None = None) -> None:
        """The view fields, ``to_move``, ``over`` and ``last_moves``; with ``state`` given the
        last moves come from its history through ``log_text`` (what ``view()["log"]`` holds,
        without writing the whole log)."""
        for f, start in self.fields:
            f.read(view, seat, out[start:start + f.size])
        players = self.codec.players
        for s in view.get("to_move", ()):
            out[self.o_to_move + rel(seat, s, players)] = 1.0
        if view.get("over"):
            out[self.o_over] = 1.0
        if self.codec.encoding.last_moves:
            if state is None:
                self.last_moves(view.get("log", ()), seat, out)
            else:
                self.state_last_moves(state, seat, out)

    def last_moves(self, log: Any, seat: int, out: np.ndarray) -> None:
        players, seen = self.codec.players, set()
        for entry in (reversed(log) if isinstance(log, list) else log):
            p = entry if isinstance(entry, tuple) else parse_log_entry(entry)
            if p is None or p[0] in seen or not 0 <= p[0] < players:
                continue
            s, verb, bases = p
            seen.add(s)
            base = self.o_last + rel(seat, s, players) * self.last_width
            vi = self.verb_index.get(verb)
            if vi is not None:
                out[base + vi] = 1.0
            cb = base + len(self.verb_index)
            for b in bases:
                out[cb + b] += 1.0
            if len(seen) == players:
                break

    def state_last_moves(self, st: State, seat: int, out: Any) -> None:
        """:meth:`last_moves` read from the state's history: where log entries depend on the
        move alone, each move's parsed entry is looked up (``_FINAL``), newest first, until
        every seat's latest is found — the same entries the log gives."""
        if not st.log_entries_final:
            self.last_moves(_LogTail(st, seat), seat, out)
            return
        memo = _FINAL.get(type(st))
        if memo is None:
            memo = _FINAL[type(st)] = {}
        players, vindex, width = self.codec.players, self.verb_index, self.last_width
        o_last, nv = self.o_last, len(self.verb_index)
        seen = 0
        left = players
        for s, m in reversed(st.history):
            if not 0 <= s < players or seen >> s & 1:
                continue
            e = memo.get(id(m))
            if e is None or e[0] is not m:
                if len(memo) >= 100_000:
                    memo.clear()
                e = memo[id(m)] = (m, parse_move_text(st.log_text(seat, s, m)))
            got = e[1]
            if got is None:
                continue
            seen |= 1 << s
            base = o_last + (s - seat) % players * width
            vi = vindex.get(got[0])
            if vi is not None:
                out[base + vi] = 1.0
            cb = base + nv
            for b in got[1]:
                out[cb + b] += 1.0
            left -= 1
            if not left:
                break

    def partial_part(self, buffer: Sequence[int], rows: Sequence[Sequence[int]] | None,
                     out: np.ndarray) -> None:
        c = self.codec
        out[self.o_psteps] = len(buffer) / 16.0
        if rows is not None:
            out[self.o_pverb + c.verb_index[c.partition[0]]] = 1.0   # type: ignore[index]
            for g, row in enumerate(rows):
                slot = self.o_pcards + min(g + 1, self.groups - 1) * NBASE
                for x in row:
                    out[slot + x % 64] += 1.0
            return
        slot = 0
        nt = len(c.target_tokens)
        for a in buffer:
            if c.tok_verb <= a < c.tok_verb + len(c.verbs):
                out[self.o_pverb + a - c.tok_verb] = 1.0
            elif c.tok_card <= a < c.tok_card + len(c.pack):
                b = c.pack[a - c.tok_card] % 64
                out[self.o_pcards + slot * NBASE + b] += 1.0
            elif a == c.tok_sep:
                slot = min(slot + 1, self.groups - 1)
            elif c.tok_target <= a < c.tok_target + nt:
                out[self.o_ptarget + a - c.tok_target] = 1.0


def lite_view(state: State, seat: int) -> dict[str, Any]:
    """``state.view(seat)`` without its ``log`` (the costly part, rebuilt for every past move)."""
    state._check_seat(seat)
    v: dict[str, Any] = {"game": state.game.id, "players": state.players, "seat": seat,
                         "to_move": list(state.to_move()), "over": state.is_over}
    v.update(state._view(seat))
    if state.is_over:
        v["scores"] = state.scores
    return v


# state class -> id(move) -> (move, its log entry parsed), for the games whose log entries
# depend on the move alone (``State.log_entries_final``): every observation reads the last
# few entries again, and writing and parsing a move's text cost more than the rest of it.
# An entry keeps its move alive, so no other move has that id while it is cached.
_FINAL: dict[type, dict[int, tuple[Any, Any]]] = {}


class _LogTail:
    """The observer's log read backwards, entry by entry, straight from the history."""

    def __init__(self, state: State, viewer: int) -> None:
        self.state, self.viewer = state, viewer

    def __iter__(self) -> Any:
        st, viewer = self.state, self.viewer
        if not st.log_entries_final:
            for s, m in reversed(st.history):
                got = parse_move_text(st.log_text(viewer, s, m))
                if got is not None:
                    yield (s, got[0], got[1])
            return
        memo = _FINAL.get(type(st))
        if memo is None:
            memo = _FINAL[type(st)] = {}
        for s, m in reversed(st.history):
            e = memo.get(id(m))
            if e is None or e[0] is not m:
                if len(memo) >= 100_000:
                    memo.clear()
                e = memo[id(m)] = (m, parse_move_text(st.log_text(viewer, s, m)))
            got = e[1]
            if got is not None:
                yield (s, got[0], got[1])
