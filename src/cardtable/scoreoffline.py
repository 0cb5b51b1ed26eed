"""The scorekeeper's two answers without a server (issue 30, docs/scorekeeper.md "Offline").

The page's offline worker (``web/static/scoreworker.js``) runs the engine in the browser
(Pyodide) and answers what ``POST /api/score/fields`` and ``POST /api/score/sheet`` would:
:func:`answer` gives the same status and the same JSON body for the same request body, in the
language asked, with the same checks and the same messages as ``server/scoresheets.py`` (the
server's tests compare the two on good and bad bodies).  Standard library only.
"""

from __future__ import annotations

import json
from typing import Any

from .errors import CardtableError
from .i18n import DEFAULT, _, normalize, use_language
from .scoresheet import DealEntryError, Sheet, SheetError, table_fields

KINDS = ("fields", "sheet")


def refusal(e: CardtableError) -> tuple[int, dict[str, Any]]:
    """The 400 answer of a refused body: a bad entry names its deal, field and seat."""
    if isinstance(e, DealEntryError):
        return 400, e.to_json()
    return 400, {"error": str(e)}


def fields_answer(body: Any) -> tuple[int, dict[str, Any]]:
    """``POST /api/score/fields``: ``{"game", "players", "preset"?, "rules"?}``."""
    if not isinstance(body, dict):
        return 400, {"error": _("the body must be a JSON object with the 'game' and the 'players'")}
    try:
        return 200, table_fields(body.get("game"), body.get("players"), body.get("preset"), body.get("rules"))
    except CardtableError as e:
        return refusal(e)


def sheet_of(body: Any) -> Sheet:
    """The sheet of a body ``{"sheet": {...}}``, every entry scored (a
    :class:`~cardtable.errors.CardtableError` saying what is wrong otherwise)."""
    if not isinstance(body, dict) or not isinstance(body.get("sheet"), dict):
        raise SheetError(_("the body must be a JSON object with the 'sheet' (a score sheet "
                           "file: docs/scorekeeper.md)"))
    return Sheet.from_json(body["sheet"])


def sheet_answer(body: Any) -> tuple[int, dict[str, Any]]:
    """``POST /api/score/sheet``: ``{"sheet"}`` scored, or the bad entry's deal, field and seat."""
    try:
        return 200, sheet_of(body).result()
    except CardtableError as e:
        return refusal(e)


def answer(kind: str, body: Any, lang: str | None = None) -> tuple[int, dict[str, Any]]:
    """``(status, JSON body)`` of the route ``kind`` (``fields`` or ``sheet``) for ``body``, in
    ``lang`` (a locale or tag, as ``?lang=``; None or unknown: English).  A fault of the engine
    is a 500 naming it, as the server's would be."""
    if kind not in KINDS:
        return 404, {"error": f"no such request {kind!r}; ask for one of {', '.join(KINDS)}"}
    try:
        with use_language(normalize(lang) or DEFAULT):
            return fields_answer(body) if kind == "fields" else sheet_answer(body)
    except Exception as e:  # noqa: BLE001 - the page gets an answer, never a dead worker
        return 500, {"error": f"the offline scorekeeper failed ({type(e).__name__}: {e})"}


def answer_json(kind: str, body_text: str, lang: str | None = None) -> str:
    """:func:`answer` across the worker's boundary: the body as JSON text in, ``{"status",
    "body"}`` as JSON text out (no Python object crosses into JavaScript)."""
    try:
        body = json.loads(body_text)
    except ValueError as e:
        status, out = 400, {"error": _("the body is not valid JSON: {problem}", problem=str(e))}
    else:
        status, out = answer(kind, body, lang)
    return json.dumps({"status": status, "body": out}, ensure_ascii=False)


__all__ = ["answer", "answer_json", "fields_answer", "refusal", "sheet_answer", "sheet_of"]
