"""The browser table's own words: found in its HTML and scripts, translated when a page is served.

The pages' static words are marked in the HTML itself: an element with ``data-i18n`` holds one
message as its whole text (no child elements), and ``data-i18n-attrs="placeholder title"``
names attributes whose values are messages. The scripts mark theirs with ``t("…")``,
``tn("…", "…", n)`` and ``N_("…")`` (``static/i18n.js``). The same scanners serve the
catalog extraction (``cardtable.i18n.tools``, through :func:`extract_html`) and the server,
which renders each page in the request's language and hands the scripts their messages, so
what is extracted is exactly what is translated. Standard library only.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

WEB_DIR = Path(__file__).resolve().parent
PAGES = ("index.html", "table.html", "replay.html", "player.html", "leaderboard.html", "puzzles.html",
         "score.html")

# <tag … data-i18n …>text</tag> with no element inside
_TEXT = re.compile(r"<(?P<tag>[a-z][a-z0-9]*)(?P<attrs>\s[^<>]*?\bdata-i18n(?![-\w])[^<>]*)>"
                   r"(?P<text>[^<]*)</(?P=tag)>", re.S)
_ATTR_TAG = re.compile(r"<[a-z][a-z0-9]*\s[^<>]*\bdata-i18n-attrs=\"(?P<names>[^\"]*)\"[^<>]*>", re.S)
# t("…") / N_("…") / tn("…", "…": double-quoted literals only (the scripts' convention)
_STR = r'"((?:[^"\\\n]|\\.)*)"'
_JS_ONE = re.compile(r"(?<![\w$.])(?:t|N_)\(\s*" + _STR)
_JS_PLURAL = re.compile(r"(?<![\w$.])tn\(\s*" + _STR + r"\s*,\s*" + _STR)


def _norm(text: str) -> str:
    return " ".join(html.unescape(text).split())


def _attr_value(tag: str, name: str) -> re.Match[str] | None:
    return re.search(r"(?<![\w-])" + re.escape(name) + r"=\"([^\"]*)\"", tag)


def html_messages(text: str) -> Iterator[tuple[int, str]]:
    """``(line, message)`` of every marked text and attribute of a page."""
    for m in _TEXT.finditer(text):
        msg = _norm(m.group("text"))
        if msg:
            yield text.count("\n", 0, m.start("text")) + 1, msg
    for m in _ATTR_TAG.finditer(text):
        for name in m.group("names").split():
            v = _attr_value(m.group(0), name)
            if v and _norm(v.group(1)):
                yield text.count("\n", 0, m.start()) + 1, _norm(v.group(1))


def translate_html(text: str, gettext: Callable[[str], str]) -> str:
    """The page with every marked text and attribute replaced by ``gettext`` of it."""
    def text_sub(m: re.Match[str]) -> str:
        msg = _norm(m.group("text"))
        if not msg:
            return m.group(0)
        return (f"<{m.group('tag')}{m.group('attrs')}>{html.escape(gettext(msg), quote=False)}"
                f"</{m.group('tag')}>")

    def attr_sub(m: re.Match[str]) -> str:
        tag = m.group(0)
        for name in m.group("names").split():
            v = _attr_value(tag, name)
            if v and _norm(v.group(1)):
                new = html.escape(gettext(_norm(v.group(1))), quote=True)
                tag = tag[:v.start(1)] + new + tag[v.end(1):]
        return tag

    return _ATTR_TAG.sub(attr_sub, _TEXT.sub(text_sub, text))


def _js_string(raw: str) -> str:
    return str(json.loads(f'"{raw}"'))


def js_messages(text: str) -> tuple[list[str], list[tuple[str, str]]]:
    """The messages a script marks: singular ones, and ``(singular, plural)`` pairs."""
    plural = [(_js_string(a), _js_string(b)) for a, b in _JS_PLURAL.findall(text)]
    return [_js_string(s) for s in _JS_ONE.findall(text)], plural


def script_messages() -> tuple[list[str], list[tuple[str, str]]]:
    """Every message of the pages' scripts (``static/**/*.js``: the page's modules and the
    drawing library's, as the catalog extraction reads them), each once, in file order."""
    one: dict[str, None] = {}
    many: dict[tuple[str, str], None] = {}
    for path in sorted((WEB_DIR / "static").rglob("*.js")):
        a, b = js_messages(path.read_text(encoding="utf-8"))
        one.update(dict.fromkeys(a))
        many.update(dict.fromkeys(b))
    return list(one), list(many)


def extract_html(fileobj, keywords, comment_tags, options):  # noqa: ANN001 - Babel's signature
    """Babel extractor for the pages' ``data-i18n`` texts and attributes."""
    for line, msg in html_messages(fileobj.read().decode("utf-8")):
        yield line, "_", msg, ["the browser table's page (data-i18n)"]
