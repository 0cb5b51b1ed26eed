"""The pseudo-locale: every translated string comes back accented and bracketed.

``⟦Ŝéàţ {seat} ɱûšţ ðŕàŵ⟧`` is still readable, keeps its placeholders, and shows at a glance
(and to a test) which text on a screen did not pass through the catalog.
"""

from __future__ import annotations

import re

OPEN, CLOSE = "⟦", "⟧"
_MAP = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçðéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀßÇÐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŜŢÛṼŴẊÝŽ")
# placeholders, markup and escapes stay as they are, so formatting still works
_KEEP = re.compile(r"(\{[^{}]*\}|<[^<>]*>|&[a-z]+;|%\([a-z_]+\)[sd]|\[[a-z/ #0-9]+\])")


def pseudo(text: str) -> str:
    if not text:
        return text
    parts = _KEEP.split(text)
    out = "".join(p if i % 2 else p.translate(_MAP) for i, p in enumerate(parts))
    return f"{OPEN}{out}{CLOSE}"


def unmarked(text: str) -> str:
    """``text`` with every pseudo-translated span removed: what is left was not translated."""
    return re.sub(re.escape(OPEN) + r".*?" + re.escape(CLOSE), " ", text, flags=re.S)
