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
import logging
from typing import Any

from .. import advice
from ..explanation import score_summary, summary_json
from ..game import State
from ..i18n import current_language
from ..movewords import log_lines, move_words, sayer
from ..parts.refs import strip_refs
from ..picture import table_picture
from ..presentation import seat_names, table_layout
from ..scoring import ScoreItem

log = logging.getLogger("cardtable.server")

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
                end: tuple[list[int], list[ScoreItem]] | None = None,
                finished: dict[str, Any] | None = None) -> dict[str, Any]:
    """The ``state`` frame of the contract for ``seat``.  ``can_move`` is False while the
    table waits for players (legal is then []); ``end`` (winners, end-of-match items) is
    added to the frame of a finished match; ``finished`` is the last finished deal of the
    match (``finished_json``), or None before the first deal ends (version 2)."""
    frame: dict[str, Any] = {
        "type": "state", "seq": seq, "seat": seat, "status": status, "deal": deal,
        "totals": list(totals), "view": state.view(seat),
        "legal": legal_texts(state, seat) if can_move and status == "playing" else [],
        "deadline": deadline, "finished": finished,
    }
    add_words(frame)
    if end is not None:
        winners, items = end
        frame["end"] = {"winners": list(winners), "items": [it.to_json() for it in items]}
    return frame


def add_words(frame: dict[str, Any], names: list[str] | None = None) -> dict[str, Any]:
    """Put into a state frame what a person reads for its moves, in the current language:
    ``legal_words`` (one per ``legal`` entry, same order) and ``log_words`` (one per
    ``view["log"]`` entry, the seat named as people count: ``names``, else "You" / "seat 2").
    ``legal`` and the log stay the notation (:mod:`cardtable.movewords`)."""
    view = frame["view"]
    game = str(view.get("game"))
    if names is None:
        names = seat_names(int(view.get("players", 0)), frame.get("seat"))
    say = sayer(game)
    frame["legal_words"] = [say(t) for t in frame["legal"]]
    frame["log_words"] = log_lines(game, view.get("log") or [], names)
    return frame


def finished_json(state: State, seat: int | None, deal: int, totals: list[int]) -> dict[str, Any]:
    """A finished deal as a frame's ``finished``: its index in the match, its final
    ``view(seat)``, its score items as the engine gives them, and (an addition) the match
    totals after it."""
    return {"deal": deal, "view": state.view(seat), "score": [it.to_json() for it in state.score_items()],
            "totals": list(totals)}


def with_presentation(frame: dict[str, Any], state: State, hints: bool = True,
                      cache: dict[Any, Any] | None = None) -> dict[str, Any]:
    """The frame plus what the browser table draws: ``layout`` (the core's table layout,
    ``presentation.table_layout``), ``hint`` (``advice.hint``: a legal move and why),
    ``warnings`` (``advice.warn`` for each legal move that is costly, by move text), ``felt``
    (the card table's picture and where each legal move is made on it,
    ``picture.table_picture``; also in ``finished``) and, once
    the deal is over, ``score`` (the deal's score in words, ``explanation.score_summary``).
    All are computed from the frame's own ``view`` and the seat's own legal moves, so they
    can show nothing the view does not (the leak test builds them in resampled worlds too);
    a client asks for them with ``layout=1`` on the socket's URL.  ``legal_words`` and
    ``log_words`` are said again in the connection's language, with ``seat_words`` (each
    seat as the screen names it, a bot by its label in that language) and the hint's
    ``words``."""
    view, seat = frame["view"], frame["seat"]
    people = [s.get("name") or "" for s in frame.get("seats", [])]
    names = seat_names(int(view["players"]), seat, people or None)
    out = dict(frame)
    add_words(out, names)                       # in this connection's language, bots named in it
    out["seat_words"] = names
    out["layout"] = table_layout(view, frame["legal"], names)
    out["felt"] = table_picture(view, frame["legal"])
    # a table whose hints are off (version 2): no frame carries advice
    moves = state.legal_moves(seat) if hints and frame["legal"] and seat is not None else []
    out["hints"] = hints
    out["hint"] = None
    out["warnings"] = {}
    if moves:
        with contextlib.suppress(Exception):      # advice never stops a frame
            h = advice.hint(view, moves)
            if h is not None:
                text = state.move_text(h.move)
                # a person's page reads no spec references (as the terminal without --verbose)
                out["hint"] = {"move": text, "reason": strip_refs(h.reason, names),
                               "words": move_words(str(view["game"]), text)}
        for m in moves:
            with contextlib.suppress(Exception):
                w = advice.warn(view, m)
                if w:
                    out["warnings"][state.move_text(m)] = strip_refs(w, names)
    if view.get("over"):
        out["score"] = summary_json(score_summary(str(view["game"]), view, names))
    done = frame.get("finished")
    if done is not None:        # the last finished deal's score in words too (``cache``: the
        # table's, since a finished deal never changes: built once per seat, names and language)
        key = (done["deal"], seat, current_language(), tuple(names))
        words = cache.get(key) if cache is not None else None
        if words is None:
            words = summary_json(score_summary(str(view["game"]), done["view"], names))
            if cache is not None:
                cache[key] = words
        out["finished"] = {**done, "summary": words,
                           "picture": table_picture(done["view"], [])["picture"]}
    return out


def refusal_for_person(message: str, game: str, move: str) -> str:
    """A refused move's reason as a person's page shows it: without spec references, the
    move quoted in words of their language (``frame["move"]`` keeps the text as sent)."""
    words = move_words(game, move)
    if words != move:
        message = message.replace(repr(move), repr(words))
    return strip_refs(message)


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
    text = json.dumps(frame, ensure_ascii=False, separators=(",", ":"))
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        # a lone surrogate somewhere (people's texts are checked, server/text.py): escaped,
        # so the frame can still be sent; never a frame that no socket can write
        text = json.dumps(frame, ensure_ascii=True, separators=(",", ":"))
    return text


class Outbox:
    """One client connection's outgoing frames, sent in order by one writer task, so that a
    slow client never holds a table's lock and frames of consecutive moves never interleave.
    A client that stops reading is dropped once ``MAX_QUEUED`` frames wait for it (it
    reconnects and gets the current state)."""

    MAX_QUEUED = 1000
    #: close code when a frame could not be sent (the client reconnects and gets the state)
    CLOSE_SEND_FAILED = 1011

    def __init__(self, websocket: Any, seat: int | None, presentation: bool = False,
                 lang: str = "en", token_hash: str | None = None) -> None:
        self.websocket = websocket
        self.seat = seat
        self.presentation = presentation     # the client asked for layout and score
        self.lang = lang                     # the language of its texts (server/lang.py)
        self.token_hash = token_hash         # the seat token it connected with (None: spectator)
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

    async def _drop(self, code: int = 1008, reason: str = "") -> None:
        with contextlib.suppress(Exception):
            await self.websocket.close(code, reason) if reason else await self.websocket.close(code)

    def kick(self, code: int, reason: str = "") -> None:
        """Close the connection now with ``code`` (what is queued is dropped): its seat
        token stopped working, its client must reconnect."""
        if self.closed:
            return
        self.closed = True
        self.task.cancel()
        asyncio.create_task(self._drop(code, _close_reason(reason)))

    async def _run(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    return
                await self.websocket.send_text(text)
        except asyncio.CancelledError:
            raise
        except Exception as e:  # noqa: BLE001 - a failed send ends this connection only
            # never a writer that died while its socket stays open: its client would get
            # nothing more and not know it; closed, it reconnects and gets the state
            self.closed = True
            # a frame that cannot be written is a server fault (warning); a client that went
            # away while a frame was on its way is ordinary (info)
            level = logging.WARNING if isinstance(e, (UnicodeError, TypeError, ValueError)) else logging.INFO
            log.log(level, "a frame could not be sent (%s: %s); closing the connection", type(e).__name__, e)
            await self._drop(self.CLOSE_SEND_FAILED)

    async def close(self) -> None:
        """Send what is queued, then stop."""
        if not self.task.done():
            self.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.task, timeout=5)
        self.closed = True


def _close_reason(reason: str) -> str:
    """A close frame's reason holds at most 123 bytes of UTF-8: cut at a character."""
    raw = reason.encode("utf-8")
    if len(raw) <= 123:
        return reason
    return raw[:120].decode("utf-8", errors="ignore") + "…"
