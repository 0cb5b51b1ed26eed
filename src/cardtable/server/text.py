"""Text that people write (names, chat): refused unless it is plain, valid Unicode text.

Every such text is shown to other people, in browsers and terminals, and sent in every frame
of a table: one bad string must not reach them.  Refused, with a reason for a person to
read, and nothing changes:

- a lone surrogate (``"\\ud800"`` in JSON): not Unicode text; no UTF-8 encoder writes it, so
  a frame holding one could not be sent to anyone;
- any control character (category ``Cc``: C0 and C1, newlines, tabs, ``ESC`` and so ANSI
  escape sequences, ``DEL``);
- bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069), which reorder the
  text around them on screen;
- other invisible format characters that make one text look like another are kept out of
  names only by the length limit: they are valid text.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from ..i18n import _

NAME_MAX = 40           # characters of a person's name (players and seats)
BIDI_CONTROLS = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))


def char_problem(text: str, *, chat: bool = False) -> str | None:
    """Why the characters of ``text`` (a name, or a chat message if ``chat``) may not be
    shown to people, or None."""
    for ch in text:
        cat = unicodedata.category(ch)
        if cat == "Cs":
            return (_("a chat message may not hold a lone surrogate (U+{code:04X}): it is not valid "
                      "Unicode text", code=ord(ch)) if chat else
                    _("a name may not hold a lone surrogate (U+{code:04X}): it is not valid Unicode "
                      "text", code=ord(ch)))
        if cat == "Cc":
            return (_("a chat message may not hold control characters") if chat else
                    _("a name may not hold control characters such as line breaks, tabs or terminal "
                      "escapes (U+{code:04X})", code=ord(ch)))
        if ch in BIDI_CONTROLS:
            return (_("a chat message may not hold characters that reorder text (U+{code:04X})",
                      code=ord(ch)) if chat else
                    _("a name may not hold characters that reorder text (U+{code:04X})", code=ord(ch)))
    return None


def name_problem(name: Any) -> str | None:
    """Why ``name`` cannot be a person's name (players, seats), or None."""
    if not isinstance(name, str) or not name.strip():
        return _("give your 'name' (1 to 40 characters)")
    if len(name.strip()) > NAME_MAX:
        return _("a name is at most {max} characters, not {n}", max=NAME_MAX, n=len(name.strip()))
    return char_problem(name)
