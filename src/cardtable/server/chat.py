"""Table chat and who is connected: frames beside the table protocol (docs/server.md).

Chat is plain text (``text.char_problem``), at most ``MAX_CHAT`` characters, sent to everyone
at the table (seats and spectators) by this process; it is not stored (only moves are the table's record) and not
forwarded to other processes.  The page shows it as text, never as HTML.  ``presence`` says
which seats have a connection open here, so players see who is away.  Both go only to
clients that asked for the browser table's extras (``layout=1`` on the socket's URL): a
client of the bare contract gets exactly the contract's frames.
"""

from __future__ import annotations

import time
from typing import Any

from ..i18n import _
from .text import char_problem

MAX_CHAT = 300


def chat_problem(text: Any) -> str | None:
    """Why a chat message is refused, or None."""
    if not isinstance(text, str) or not text.strip():
        return _("a chat message needs 'text': 1 to {max} characters", max=MAX_CHAT)
    if len(text) > MAX_CHAT:
        return _("a chat message is at most {max} characters, not {n}", max=MAX_CHAT, n=len(text))
    # plain, valid Unicode text only (server/text.py): no lone surrogate, no control
    # character (line breaks and tabs included), no bidi override or isolate
    return char_problem(text, chat=True)


def chat_frame(seat: int | None, name: str | None, text: str) -> dict[str, Any]:
    return {"type": "chat", "seat": seat, "name": name if seat is not None else "spectator",
            "text": text.strip(), "at": int(time.time() * 1000)}


def system_frame(text: str) -> dict[str, Any]:
    """A message of the table itself (a seat handed to a bot, a person back ...), already in
    the reader's language: a chat frame with ``system: true`` and no seat or name."""
    return {"type": "chat", "seat": None, "name": None, "system": True, "text": text,
            "at": int(time.time() * 1000)}


def presence_frame(players: int, boxes: Any) -> dict[str, Any]:
    """Which seats have an open connection to this process, and how many spectators."""
    seats = {b.seat for b in boxes if not b.closed}
    return {"type": "presence", "connected": [s in seats for s in range(players)],
            "spectators": sum(1 for b in boxes if b.seat is None and not b.closed)}
