"""Guards of the HTTP layer (protocol version 2, "Limits that protect everyone").

- ``header_timeout_protocol(seconds)``: uvicorn's HTTP protocol (httptools, else h11) that
  closes a connection whose request headers are not complete ``seconds`` after it opened or
  after the first bytes of its next request.  uvicorn times out only idle keep-alive
  connections (``timeout_keep_alive``); a client that sends a header line every few seconds,
  or half a request and nothing more, would otherwise hold its connection and memory
  forever (and many such clients all of the server's descriptors).
- ``BodyLimitMiddleware``: a request whose ``Content-Length`` is over the limit is answered
  ``413`` (JSON, ``Connection: close``) before any of its body is read.  A body without a
  length (chunked) is counted while it is read (``app.body_of``) and refused as soon as it
  passes the limit: no body is ever read whole first.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from ..i18n import _

log = logging.getLogger("cardtable.server")


def header_timeout_protocol(seconds: float) -> type[asyncio.Protocol]:
    """uvicorn's ``http`` protocol class with a time limit on request headers."""
    from uvicorn.protocols.http.auto import AutoHTTPProtocol

    base: Any = AutoHTTPProtocol

    class HeaderTimeoutProtocol(base):
        header_timeout = seconds
        _header_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._arm()

        def data_received(self, data: bytes) -> None:
            if not self._headers_done():
                self._arm()                 # a request is under way: its headers have a deadline
            super().data_received(data)
            if self._headers_done() or self.transport.get_protocol() is not self:
                self._disarm()              # complete (or upgraded to a WebSocket)

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _headers_done(self) -> bool:
            cycle = getattr(self, "cycle", None)
            return cycle is not None and not cycle.response_complete

        def _arm(self) -> None:
            if self._header_timer is None and self.header_timeout > 0:
                self._header_timer = self.loop.call_later(self.header_timeout, self._headers_late)

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _headers_late(self) -> None:
            self._header_timer = None
            if self.transport.get_protocol() is self and not self.transport.is_closing() \
                    and not self._headers_done():
                log.info("%s: request headers not complete in %g s; connection closed",
                         self.client[0] if self.client else "?", self.header_timeout)
                self.transport.close()

    return HeaderTimeoutProtocol


class BodyLimitMiddleware:
    """``413`` for a request that announces a body over ``limit`` bytes (nothing read)."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            for k, v in scope.get("headers") or []:
                if k == b"content-length":
                    size = v.decode("latin-1").strip()
                    if not size.isascii() or not size.isdigit():
                        await refuse(send, 400, _("Content-Length is not a number of bytes"))
                        return
                    if len(size) > 18 or int(size) > self.limit:
                        await refuse(send, 413, _("the body is over {n} bytes", n=self.limit))
                        return
        await self.app(scope, receive, send)


async def refuse(send: Any, status: int, message: str) -> None:
    """An error answer of the contract's form, and the connection closed after it (the
    client's body, if any, is not read)."""
    body = json.dumps({"error": message}, ensure_ascii=False).encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})
