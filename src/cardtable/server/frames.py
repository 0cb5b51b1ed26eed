"""The one place that builds what a client receives, and the one place that writes to a socket.

A ``state`` frame is built from ``state.view(seat)`` (``view(None)`` for a spectator) and
``state.legal_moves(seat)`` in text, plus public bookkeeping (seq, status, totals, deadline):
nothing else of the state goes out, so a frame is the same in every world the seat cannot
tell from the real one (the leak test checks this with ``sample_hidden``).  Error frames carry
the engine's own reason for an illegal move and the client's own move text.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from .. import advice
from ..explanation import score_summary, summary_json
from ..game import State
from ..presentation import seat_names, table_layout
from ..scoring import ScoreItem

_orjson: Any
try:
    import orjson as _orjson  # part of the server extra; the standard json is the fallback
except ImportError:  # pragma: no cover
    _orjson = None


def legal_texts(state: State, seat: int | None) -> list[str]:
    """The seat's legal moves in text ([] for a spectator or a seat not to move)."""
    if seat is None or state.is_over or seat not in state.to_move():
        return []
    return [state.move_text(m) for m in state.legal_moves(seat)]


def state_frame(state: State, seat: int | None, *, seq: int, status: str, deal: int,
                totals: list[int], deadline: int | None, can_move: bool = True,
                end: tuple[list[int], list[ScoreItem]] | None = None) -> dict[str, Any]:
    """The ``state`` frame of the contract for ``seat``.  ``can_move`` is False while the
    table waits for players (legal is then []); ``end`` (winners, end-of-match items) is
    added to the frame of a finished match."""
    frame: dict[str, Any] = {
        "type": "state", "seq": seq, "seat": seat, "status": status, "deal": deal,
        "totals": list(totals), "view": state.view(seat),
        "legal": legal_texts(state, seat) if can_move and status == "playing" else [],
        "deadline": deadline,
    }
    if end is not None:
        winners, items = end
        frame["end"] = {"winners": list(winners), "items": [it.to_json() for it in items]}
    return frame


def with_presentation(frame: dict[str, Any], state: State) -> dict[str, Any]:
    """The frame plus what the browser table draws: ``layout`` (the core's table layout,
    ``presentation.table_layout``), ``hint`` (``advice.hint``: a legal move and why),
    ``warnings`` (``advice.warn`` for each legal move that is costly, by move text) and, once
    the deal is over, ``score`` (the deal's score in words, ``explanation.score_summary``).
    All are computed from the frame's own ``view`` and the seat's own legal moves, so they
    can show nothing the view does not (the leak test builds them in resampled worlds too);
    a client asks for them with ``layout=1`` on the socket's URL."""
    view, seat = frame["view"], frame["seat"]
    people = [s.get("name") or "" for s in frame.get("seats", [])]
    names = seat_names(int(view["players"]), seat, people or None)
    out = dict(frame)
    out["layout"] = table_layout(view, frame["legal"], names)
    moves = state.legal_moves(seat) if frame["legal"] and seat is not None else []
    out["hint"] = None
    out["warnings"] = {}
    if moves:
        with contextlib.suppress(Exception):      # advice never stops a frame
            h = advice.hint(view, moves)
            if h is not None:
                out["hint"] = {"move": state.move_text(h.move), "reason": h.reason}
        for m in moves:
            with contextlib.suppress(Exception):
                w = advice.warn(view, m)
                if w:
                    out["warnings"][state.move_text(m)] = w
    if view.get("over"):
        out["score"] = summary_json(score_summary(str(view["game"]), view, names))
    return out


def error_frame(message: str, move: str | None = None) -> dict[str, Any]:
    return {"type": "error", "message": message, "move": move}


def pong_frame() -> dict[str, Any]:
    return {"type": "pong"}


def encode(frame: dict[str, Any]) -> str:
    """The frame as compact JSON text (UTF-8 as is).  orjson is ~5x faster than json here,
    a few percent of a move's cost; json takes what orjson refuses (an int over 64 bits)."""
    if _orjson is not None:
        try:
            return _orjson.dumps(frame, option=_orjson.OPT_NON_STR_KEYS).decode()
        except (TypeError, ValueError):
            pass
    return json.dumps(frame, ensure_ascii=False, separators=(",", ":"))


class Outbox:
    """One client connection's outgoing frames, sent in order by one writer task, so that a
    slow client never holds a table's lock and frames of consecutive moves never interleave.
    A client that stops reading is dropped once ``MAX_QUEUED`` frames wait for it (it
    reconnects and gets the current state)."""

    MAX_QUEUED = 1000

    def __init__(self, websocket: Any, seat: int | None, presentation: bool = False,
                 lang: str = "en") -> None:
        self.websocket = websocket
        self.seat = seat
        self.presentation = presentation     # the client asked for layout and score
        self.lang = lang                     # the language of its texts (server/lang.py)
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self.task = asyncio.create_task(self._run())

    def put(self, frame: dict[str, Any] | str) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= self.MAX_QUEUED:
            self.closed = True
            self.task.cancel()
            asyncio.create_task(self._drop())
            return
        self.queue.put_nowait(frame if isinstance(frame, str) else encode(frame))

    async def _drop(self) -> None:
        with contextlib.suppress(Exception):
            await self.websocket.close(1008)

    async def _run(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    return
                await self.websocket.send_text(text)
        except Exception:  # noqa: BLE001 - a vanished client ends only its own writer
            self.closed = True

    async def close(self) -> None:
        """Send what is queued, then stop."""
        if not self.task.done():
            self.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.task, timeout=5)
        self.closed = True
