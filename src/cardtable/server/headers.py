"""What every HTTP answer of the server carries for a browser's safety (issue 28, "The server
holds"), and the refusal of requests that another site makes a browser send.

- ``SecurityHeadersMiddleware``: a Content-Security-Policy (scripts only from the server and
  the pages' own import maps by hash, WebAssembly compiled but no ``eval``; workers only from
  the server; no framing, ``frame-ancestors 'none'``; no plugins; no
  ``<base>``; forms only to the server), ``X-Frame-Options: DENY`` for old browsers,
  ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: same-origin`` (an invite link
  never travels to another site in a Referer).
- ``CrossSiteMiddleware``: a request that changes something (POST, PUT, PATCH, DELETE) is
  refused with ``403`` when the browser says another site sent it (an ``Origin`` whose host is
  not this server's, or ``Sec-Fetch-Site: cross-site``), and with ``415`` when it carries a body
  that is not JSON (a plain HTML form of another site can send ``text/plain`` without asking:
  a JSON body cannot be sent across sites without the server's consent, which it never gives).
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from ..i18n import _

_INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>(.*?)</script>", re.S)
_CHANGES = {"POST", "PUT", "PATCH", "DELETE"}


def inline_script_hashes(web: Path) -> list[str]:
    """The CSP sources of the inline scripts in the package's pages (their import maps)."""
    found: set[str] = set()
    for page in sorted(web.glob("*.html")):
        for body in _INLINE_SCRIPT.findall(page.read_text(encoding="utf-8")):
            digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
            found.add(f"'sha256-{digest}'")
    return sorted(found)


def content_security_policy(web: Path) -> str:
    # 'wasm-unsafe-eval' compiles WebAssembly, nothing else (no eval, no new Function): the
    # scorekeeper's offline worker runs the engine with Pyodide (issue 30, static/scoreworker.js)
    scripts = " ".join(["'self'", "'wasm-unsafe-eval'", *inline_script_hashes(web)])
    return "; ".join([
        "default-src 'self'",
        f"script-src {scripts}",
        "worker-src 'self'",               # that worker and the service worker (/sw.js), from here only
        # the drawing layer sets element styles (card sizes, positions) and the pages carry a
        # few style attributes; no script comes from them
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",            # card faces are SVG data: images
        "connect-src 'self'",              # the table's WebSocket on this host
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ])


class SecurityHeadersMiddleware:
    """Adds the headers above to every HTTP answer (one a route set itself is kept)."""

    def __init__(self, app: Any, web: Path) -> None:
        self.app = app
        csp = content_security_policy(web)
        self.headers = [(b"content-security-policy", csp.encode()), (b"x-frame-options", b"DENY"),
                        (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"same-origin")]

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _v in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []),
                                      *[(k, v) for k, v in self.headers if k not in have]]
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _header(scope: dict[str, Any], name: bytes) -> str | None:
    for k, v in scope.get("headers", []):
        if k.lower() == name:
            return str(v.decode("latin-1"))
    return None


class CrossSiteMiddleware:
    """Refuses what another site makes a browser send (see the module's text)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["method"] not in _CHANGES:
            await self.app(scope, receive, send)
            return
        problem = None
        status = 403
        origin = _header(scope, b"origin")
        host = _header(scope, b"host")
        if origin is not None and origin != "null" and host is not None and urlsplit(origin).netloc != host:
            problem = _("a request from another site ({origin}) is refused", origin=origin[:100])
        elif origin == "null" or (_header(scope, b"sec-fetch-site") or "") == "cross-site":
            problem = _("a request from another site is refused")
        else:
            kind = (_header(scope, b"content-type") or "").split(";")[0].strip().lower()
            length = _header(scope, b"content-length")
            has_body = kind != "" or (length not in (None, "0")) or _header(scope, b"transfer-encoding")
            if has_body and kind != "application/json":
                status = 415
                problem = (_("the body must be JSON (Content-Type: application/json), not {kind}", kind=kind[:60])
                           if kind else _("the body must be JSON (Content-Type: application/json)"))
        if problem is None:
            await self.app(scope, receive, send)
            return
        body = json.dumps({"error": problem}).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
