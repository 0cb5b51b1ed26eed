"""The words a screen shows for a move, in the player's language.

A move's text (``State.move_text``, a log entry's ``log_text``) is the canonical notation: the
same in every language, always accepted as input, and what data (logs, views, scenario files,
protocol fields) keep.  What a person reads is built from it at display time, here:
:func:`move_words` says ``discard 7♠`` as ``ทิ้ง 7♠`` / ``弃牌 7♠`` / ``odrzuć 7♠``, and
:func:`log_words` a log entry ``2: discard 5♠`` as ``seat 3 (heuristic): discard 5♠``.

**Shapes.**  A game declares the shapes of its notation in its parts'
:attr:`cardtable.parts.Layout.move_words`: a function that returns one message per shape, in
the current language, each written in the notation with named placeholders::

    def move_words() -> list[str]:
        return [pgettext("dummy move", "draw"),
                pgettext("dummy move", "layoff {cards} on {card}"), …]

Called in English it gives the shapes themselves, so a shape and its words are written once
and the translators see the game (the context) and the whole phrase.  A shape matches a move
text as a whole: its words literally, ``{cards}``, ``{rows}`` and ``{melds}`` one or more
words, any other placeholder one word.  The values are kept as written (cards in the notation,
numbers, meld ids) unless the game's ``move_terms`` words them (十三张's special ids).  A verb
alone is a shape too: it is the heading of a group of moves (:func:`verb_words`).

The game's shapes are tried first (the one with most literal text first), then the shared
ones below (``draw``, ``pass``, ``play {cards}`` …, context ``move``), then the text is shown as
it is.  Standard library only; the words are kept per language, so a long list of legal moves
costs a dictionary look-up per move.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from .i18n import DEFAULT, current_language, pgettext, use_language
from .parts import Layout
from .parts.screen import name_of, name_seats
from .registry import GAME_MODULES, game_parts

#: placeholders that take one or more words (cards, rows, bracketed melds); others take one
MULTI = frozenset({"cards", "rows", "melds"})
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_KEPT = 20_000          # words kept per process before the memo starts again

Shapes = tuple[tuple[re.Pattern[str], str], ...]


def common_words() -> list[str]:
    """The shared shapes: the verbs most games write the same way (a game's own come first)."""
    return [
        pgettext("move", "draw"),
        pgettext("move", "pass"),
        pgettext("move", "take"),
        pgettext("move", "discard"),
        pgettext("move", "discard {cards}"),
        pgettext("move", "play"),
        pgettext("move", "play {cards}"),
        pgettext("move", "meld"),
        pgettext("move", "meld {cards}"),
        pgettext("move", "knock"),
        pgettext("move", "knock {cards}"),
        pgettext("move", "bid"),
        pgettext("move", "bid {n}"),
        pgettext("move", "trump"),
        pgettext("move", "trump {suit}"),
    ]


def shape_pattern(shape: str) -> re.Pattern[str]:
    """The regular expression a shape (``take {card} meld {cards}``) matches a text with."""
    out = []
    pos = 0
    for m in _PLACEHOLDER.finditer(shape):
        out.append(re.escape(shape[pos:m.start()]))
        name = m.group(1)
        out.append(f"(?P<{name}>.+?)" if name in MULTI else f"(?P<{name}>\\S+)")
        pos = m.end()
    out.append(re.escape(shape[pos:]))
    return re.compile("".join(out))


@lru_cache(maxsize=256)
def _shapes(declared: Callable[[], Sequence[str]], lang: str) -> Shapes:
    """(pattern, words) of each shape ``declared`` gives, most literal text first."""
    with use_language(DEFAULT):
        shapes = list(declared())
    with use_language(lang):
        said = list(declared())
    if len(shapes) != len(said):
        raise ValueError(f"{declared!r} gave {len(shapes)} shapes in English but {len(said)} in {lang}")
    order = sorted(range(len(shapes)), key=lambda i: -len(_PLACEHOLDER.sub("", shapes[i])))
    return tuple((shape_pattern(shapes[i]), said[i]) for i in order)


def _layout(game_id: str | None) -> Layout | None:
    return game_parts(game_id).layout if game_id in GAME_MODULES else None


def _say(tables: Sequence[Shapes], terms: Callable[[str], str | None] | None, text: str) -> str:
    for table in tables:
        for pattern, words in table:
            m = pattern.fullmatch(text)
            if m is None:
                continue
            values = {}
            for key, value in m.groupdict().items():
                term = terms(value) if terms is not None else None
                values[key] = value if term is None else term
            try:
                return words.format(**values)
            except (KeyError, IndexError, ValueError):     # a broken translation: the notation
                return text
    return text


_memo: dict[tuple[object, object, str, str], str] = {}


def sayer(game_id: str | None) -> Callable[[str], str]:
    """:func:`move_words` of one game in the current language, as a function of the text
    (the game's parts and the language looked up once, for a list of moves)."""
    layout = _layout(game_id)
    declared = layout.move_words if layout is not None else None
    terms = layout.move_terms if layout is not None else None
    lang = current_language()
    tables: list[Shapes] = []

    def say(text: str) -> str:
        key = (declared, terms, lang, text)
        got = _memo.get(key)
        if got is None:
            if not tables:
                tables.extend(([_shapes(declared, lang)] if declared is not None else [])
                              + [_shapes(common_words, lang)])
            got = _say(tables, terms, text)
            if len(_memo) >= _KEPT:
                _memo.clear()
            _memo[key] = got
        return got
    return say


def move_words(game_id: str | None, text: str) -> str:
    """A move's text (``discard 7♠``, ``submit (hidden)``, ``bid 250``, a verb alone) in words
    of the current language; cards, numbers and meld ids stay in the notation.  Text that no
    shape matches is shown as it is."""
    return sayer(game_id)(text)


def verb_words(game_id: str | None, verb: str) -> str:
    """A verb alone, as the heading of a group of its moves ("discard" → "ทิ้ง")."""
    return move_words(game_id, verb)


def log_words(game_id: str | None, entry: str, names: Sequence[str],
              say: Callable[[str], str] | None = None) -> str:
    """A log entry (``2: discard 5♠``) as a person reads it: the seat named as on the screen
    (``names``, from :func:`cardtable.presentation.seat_names`), the move in words (``say``:
    the game's :func:`sayer`, for a whole log)."""
    say = say or sayer(game_id)
    seat_text, sep, text = str(entry).partition(": ")
    if not (sep and seat_text.isdigit()):
        seat_text, text = "", str(entry)
    said = say(text)
    if "seat " in said:                  # the engine's "seat 3" inside a text, named as people see it
        said = name_seats(said, names)
    return f"{name_of(int(seat_text), names)}: {said}" if seat_text else said


def log_lines(game_id: str | None, entries: Sequence[str], names: Sequence[str]) -> list[str]:
    """Every entry of a log as :func:`log_words` says it."""
    say = sayer(game_id)
    return [log_words(game_id, e, names, say) for e in entries]


__all__ = ["MULTI", "common_words", "log_lines", "log_words", "move_words", "sayer", "shape_pattern",
           "verb_words"]
