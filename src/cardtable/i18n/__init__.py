"""Translations of everything a player reads: ``_("…", name=value)`` and friends.

Messages are whole sentences with named placeholders, translated then formatted::

    _("Seat {seat} must draw first.", seat=2)
    ngettext("{n} card left", "{n} cards left", n)          # {n} is always available
    pgettext("card rank", "K")                               # short, ambiguous strings

The language is a context variable, so a server can speak each connection's language in
the same process: :func:`use_language` sets it for a block, :func:`set_language` for the
process (the CLI's ``--lang``). Module-level texts are marked with :func:`N_` and translated
where they are shown (``_(TEXT)``). Card notation (``10♥``) stays canonical in every language,
so card names never need declension inside a sentence.

Catalogs: ``cardtable/locale/<locale>/LC_MESSAGES/cardtable.po`` (plus ``parts/*.po`` beside
it while a change is being assembled), compiled in memory at first use (:mod:`.catalog`).
Babel is needed only to extract and check them (:mod:`.tools`, the ``i18n`` extra).
"""

from __future__ import annotations

import contextvars
import gettext as _gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from .catalog import compile_mo, header_field, read_po
from .negotiate import DEFAULT, LOCALES, PSEUDO, UnknownLanguage, negotiate, normalize, resolve
from .pseudo import pseudo

__all__ = ["DEFAULT", "LOCALES", "PSEUDO", "UnknownLanguage", "N_", "_", "current_language", "gettext",
           "localized_path", "negotiate", "ngettext", "normalize", "npgettext", "pgettext",
           "resolve", "set_language", "translator", "use_language"]

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "cardtable"

_process_language = DEFAULT
_language: contextvars.ContextVar[str | None] = contextvars.ContextVar("cardtable_language",
                                                                        default=None)


def catalog_files(locale: str) -> list[Path]:
    """The ``.po`` files of a locale: ``cardtable.po`` first, then its parts, in name order."""
    d = LOCALE_DIR / locale / "LC_MESSAGES"
    main = d / f"{DOMAIN}.po"
    return ([main] if main.exists() else []) + sorted((d / "parts").glob("*.po"))


class _Pseudo(_gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


@cache
def translator(locale: str) -> _gettext.NullTranslations:
    """The compiled catalog of ``locale`` (English and unknown locales: the messages as written)."""
    if locale == PSEUDO:
        return _Pseudo()
    files = catalog_files(locale) if locale in LOCALES and locale != DEFAULT else []
    if not files:
        return _gettext.NullTranslations()
    entries = []
    header = None
    for f in files:
        part = read_po(f)
        entries += part
        if header is None and header_field(part, "Plural-Forms"):
            header = next(e.msgstr[0] for e in part if e.msgid == "" and e.context is None)
    header = header or "Content-Type: text/plain; charset=UTF-8\n"
    return _gettext.GNUTranslations(io.BytesIO(compile_mo(entries, header)))


def current_language() -> str:
    return _language.get() or _process_language


def set_language(locale: str) -> str:
    """Make ``locale`` (any tag :func:`normalize` knows) the process's language; returns it."""
    global _process_language
    loc = normalize(locale)
    if loc is None:
        raise UnknownLanguage(locale, "set_language")
    _process_language = loc
    return loc


@contextmanager
def use_language(locale: str | None) -> Iterator[str]:
    """Speak ``locale`` inside the block (this task or thread only); None keeps the current one."""
    loc = normalize(locale) if locale else current_language()
    if loc is None:
        raise UnknownLanguage(str(locale), "use_language")
    token = _language.set(loc)
    try:
        yield loc
    finally:
        _language.reset(token)


def _format(text: str, params: dict[str, object]) -> str:
    return text.format(**params) if params else text


def gettext(message: str, /, **params: object) -> str:
    """``message`` in the current language, with ``{name}`` placeholders filled from ``params``."""
    return _format(translator(current_language()).gettext(message), params)


_ = gettext


def ngettext(singular: str, plural: str, n: int, /, **params: object) -> str:
    """The plural form of the current language for ``n``; ``{n}`` is filled in too."""
    return translator(current_language()).ngettext(singular, plural, n).format(n=n, **params)


def pgettext(context: str, message: str, /, **params: object) -> str:
    return _format(translator(current_language()).pgettext(context, message), params)


def npgettext(context: str, singular: str, plural: str, n: int, /, **params: object) -> str:
    return translator(current_language()).npgettext(context, singular, plural, n).format(
        n=n, **params)


def N_(message: str) -> str:
    """Marks ``message`` for extraction without translating it (translate it where shown)."""
    return message


def localized_path(path: Path, locale: str | None = None) -> Path:
    """``howto.th.md`` beside ``howto.md`` when it exists for the language, else ``path`` itself."""
    loc = locale or current_language()
    if loc in (DEFAULT, PSEUDO):
        return path
    candidate = path.with_name(f"{path.stem}.{loc}{path.suffix}")
    return candidate if candidate.exists() else path
