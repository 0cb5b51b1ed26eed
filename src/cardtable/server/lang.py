"""Each request's and each connection's language (docs/server.md, "Languages").

A client names its language with ``?lang=`` on any page, API or WebSocket URL (the browser
table's language menu does); without it, ``Accept-Language`` decides (``i18n.negotiate``),
and without that, English. Everything built for a request or a connection runs inside
``i18n.use_language`` of its language, so one process speaks every client's language at once;
only texts change, never data (views, moves, seq). An unknown ``lang`` is refused: HTTP ``400``
with the contract's error body, a WebSocket gets an ``error`` frame and a ``1008`` close
before anything else happens. Nothing translated is shared between languages.
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any
from urllib.parse import parse_qs

from .. import i18n, registry
from ..i18n import LOCALES, PSEUDO, _, negotiate, normalize
from ..i18n.catalog import header_field, read_po
from ..web import pagetext

CLOSE_POLICY = 1008
#: the language menu: each language in its own words
NATIVE_NAMES = {"en": "English", "th": "ไทย", "zh_Hans": "简体中文", "zh_Hant": "繁體中文",
                "pl": "polski", "ru": "русский"}


class BadLanguage(ValueError):
    """``?lang=`` names no language we have; the message (in the client's Accept-Language)
    names it and the six."""

    def __init__(self, name: str, accept_language: str | None) -> None:
        self.name = name
        with i18n.use_language(negotiate(accept_language)):
            choices = ", ".join(f"{loc} ({NATIVE_NAMES[loc]})" for loc in LOCALES)
            message = _("Unknown language {name} in ?lang=; choose one of: {choices}.",
                             name=repr(name), choices=choices)
        super().__init__(message)


def choose(lang: str | None, accept_language: str | None) -> str:
    """The locale of a request: ``?lang=`` (which must be known), else Accept-Language."""
    if lang is not None:
        loc = normalize(lang)
        if loc is None:
            raise BadLanguage(lang, accept_language)
        return loc
    return negotiate(accept_language)


def html_lang(locale: str) -> str:
    """The BCP 47 tag for ``<html lang>`` and ``Content-Language`` (``zh_Hans`` → ``zh-Hans``)."""
    return "en-x-pseudo" if locale == PSEUDO else locale.replace("_", "-")


def _scope_language(scope: dict[str, Any]) -> tuple[str | None, str | None]:
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
    lang = query["lang"][-1] if "lang" in query else None
    accept = None
    for k, v in scope.get("headers") or []:
        if k == b"accept-language":
            accept = v.decode("latin-1")
    return lang, accept


class LanguageMiddleware:
    """Runs every HTTP request and WebSocket connection in its client's language."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        lang, accept = _scope_language(scope)
        try:
            loc = choose(lang, accept)
        except BadLanguage as e:
            await (_refuse_http if scope["type"] == "http" else _refuse_ws)(str(e), receive, send)
            return
        scope.setdefault("state", {})["lang"] = loc
        if scope["type"] == "http":
            tag = html_lang(loc).encode()

            async def send_with_language(message: dict[str, Any]) -> None:
                if message["type"] == "http.response.start":
                    headers = list(message.get("headers", []))
                    headers += [(b"content-language", tag), (b"vary", b"Accept-Language")]
                    message = {**message, "headers": headers}
                await send(message)

            with i18n.use_language(loc):
                await self.app(scope, receive, send_with_language)
            return
        with i18n.use_language(loc):
            await self.app(scope, receive, send)


async def _refuse_http(message: str, receive: Any, send: Any) -> None:
    body = json.dumps({"error": message}, ensure_ascii=False).encode("utf-8")
    await send({"type": "http.response.start", "status": 400,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


async def _refuse_ws(message: str, receive: Any, send: Any) -> None:
    """The contract's refusal: an ``error`` frame (``move`` null), then close; nothing else."""
    if (await receive())["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    frame = {"type": "error", "message": message, "move": None}
    await send({"type": "websocket.send", "text": json.dumps(frame, ensure_ascii=False)})
    await send({"type": "websocket.close", "code": CLOSE_POLICY})


# --- the pages' words --------------------------------------------------------------------

_PLURAL = re.compile(r"(?<![a-z])plural\s*=\s*(.+?)\s*;?\s*$")
_SAFE_EXPR = re.compile(r"^[n0-9\s%=!<>&|?:()]+$")


def plural_rule(locale: str) -> tuple[int, str]:
    """``(nplurals, expression in n)`` of the locale's catalog (English's for en and pseudo)."""
    header = None
    if locale in LOCALES and locale != "en":
        for f in i18n.catalog_files(locale):
            header = header_field(read_po(f), "Plural-Forms")
            if header:
                break
    header = header or "nplurals=2; plural=(n != 1);"
    n = int(re.search(r"nplurals\s*=\s*(\d+)", header).group(1))   # type: ignore[union-attr]
    expr = _PLURAL.search(header)
    rule = expr.group(1).strip() if expr else "0"
    if not _SAFE_EXPR.match(rule):      # the page evaluates it: only arithmetic on n
        raise ValueError(f"{locale}: unexpected plural rule {rule!r}")
    return n, rule


@cache
def page_catalog(locale: str) -> dict[str, Any]:
    """The scripts' messages in ``locale``: ``messages`` {msgid: text}, ``plurals``
    {singular + NUL + plural: [forms]}, and the plural rule. One per locale, never shared
    between locales."""
    tr = i18n.translator(locale)
    singular, plural = pagetext.script_messages()
    nplurals, rule = plural_rule(locale)
    fn = getattr(tr, "plural", None) or (lambda n: int(n != 1))
    samples: dict[int, int] = {}
    for n in range(0, 200):
        samples.setdefault(int(fn(n)), n)
    forms = {f"{s}\0{p}": [tr.ngettext(s, p, samples.get(i, 1 if i == 0 else 2))
                           for i in range(nplurals)] for s, p in plural}
    # the plural form of n = 0…199, and of a larger n that of 100 + n % 100 (true of every
    # gettext rule of our languages): the page looks it up, it evaluates no code (the CSP
    # allows no eval)
    table = [int(fn(n)) for n in range(200)]
    assert all(int(fn(n)) == table[100 + n % 100] for n in range(200, 1200)), f"{locale}: plural rule"
    return {"locale": locale, "tag": html_lang(locale), "nplurals": nplurals, "plural": rule,
            "plural_table": table,
            "messages": {m: tr.gettext(m) for m in singular}, "plurals": forms,
            "languages": NATIVE_NAMES}


def catalog_script(locale: str) -> str:
    """The page's catalog as an inline JSON script (read by ``static/i18n.js``)."""
    data = json.dumps(page_catalog(locale), ensure_ascii=False).replace("<", "\\u003c")
    return f'<script id="cardtable-i18n" type="application/json">{data}</script>'


def render_page(text: str, locale: str) -> str:
    """A page of the browser table in ``locale``: its marked words translated, ``<html
    lang>`` set, and the scripts' catalog inlined before the first script."""
    with i18n.use_language(locale):
        out = pagetext.translate_html(text, i18n.gettext)
    out = re.sub(r'<html lang="[^"]*"', f'<html lang="{html_lang(locale)}"', out, count=1)
    at = out.find("<script")
    script = catalog_script(locale)
    return out[:at] + script + "\n" + out[at:] if at >= 0 else out + script


def game_name(game: Any) -> str:
    """A game's name as a player of the current language reads it (the catalog's, where the
    game's own texts give one; else the English name). The API's ``name`` stays the data.
    The engine's :func:`cardtable.registry.game_name` (the offline scorekeeper uses it too)."""
    return registry.game_name(game)
