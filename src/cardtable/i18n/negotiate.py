"""Which language to speak: a locale name from a flag, the environment or a browser's header.

Tags are mapped explicitly (Babel's ``negotiate_locale`` maps ``zh-TW`` to nothing when the
catalogs are named by script, see ../shared/research/wave2.md): Chinese by script first, then
by region (``zh-CN``/``zh-SG``/plain ``zh`` → ``zh_Hans``, ``zh-TW``/``zh-HK``/``zh-MO`` →
``zh_Hant``), every other language by its primary subtag; anything else is English.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping

#: the locales with a catalog, English first (the source language)
LOCALES = ("en", "th", "zh_Hans", "zh_Hant", "pl", "ru")
#: a made-up locale that marks every translated string, to find strings left untranslated
PSEUDO = "pseudo"
DEFAULT = "en"

_HANT_REGIONS = {"tw", "hk", "mo"}
_NAMES = {"english": "en", "thai": "th", "polish": "pl", "russian": "ru", "polski": "pl",
          "русский": "ru", "ไทย": "th", "简体中文": "zh_Hans", "繁體中文": "zh_Hant"}


class UnknownLanguage(ValueError):
    def __init__(self, name: str, source: str) -> None:
        self.name = name
        super().__init__(f"unknown language {name!r} ({source}); choose one of "
                         f"{', '.join(LOCALES)}")


def normalize(tag: str | None) -> str | None:
    """The locale of a language tag or POSIX locale name (``th-TH``, ``zh_TW.UTF-8``), or None."""
    if not tag:
        return None
    tag = tag.strip()
    if tag in LOCALES or tag == PSEUDO:
        return tag
    low = tag.lower()
    if low in _NAMES:
        return _NAMES[low]
    low = low.split(".")[0].split("@")[0]          # POSIX: th_TH.UTF-8@euro
    parts = [p for p in re.split(r"[-_]", low) if p]
    if not parts or low in ("c", "posix"):
        return None
    lang = parts[0]
    if lang == "zh":
        rest = parts[1:]
        if "hant" in rest:
            return "zh_Hant"
        if "hans" in rest:
            return "zh_Hans"
        return "zh_Hant" if any(r in _HANT_REGIONS for r in rest) else "zh_Hans"
    for loc in LOCALES:
        if loc == lang:
            return loc
    if lang == PSEUDO:
        return PSEUDO
    return None


def negotiate(accept_language: str | None) -> str:
    """The locale for an HTTP ``Accept-Language`` header: the best-weighted tag we have, else en."""
    if not accept_language:
        return DEFAULT
    ranked: list[tuple[float, int, str]] = []
    for i, item in enumerate(accept_language.split(",")):
        tag, _, params = item.strip().partition(";")
        q = 1.0
        for p in params.split(";"):
            k, _, v = p.strip().partition("=")
            if k.strip() == "q":
                try:
                    q = float(v)
                except ValueError:
                    q = 0.0
        if tag and q > 0:
            ranked.append((-q, i, tag.strip()))
    for _q, _i, tag in sorted(ranked):
        loc = normalize(tag)
        if loc is not None and loc != PSEUDO:
            return loc
    return DEFAULT


def resolve(flag: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The locale for a command: ``--lang``, then ``CARDTABLE_LANG``, then the system's, then en.

    A language named on purpose (the flag or ``CARDTABLE_LANG``) must be one we have; the
    system's locale is only a preference and falls back to English quietly.
    """
    env = os.environ if environ is None else environ
    if flag:
        loc = normalize(flag)
        if loc is None:
            raise UnknownLanguage(flag, "--lang")
        return loc
    if env.get("CARDTABLE_LANG"):
        loc = normalize(env["CARDTABLE_LANG"])
        if loc is None:
            raise UnknownLanguage(env["CARDTABLE_LANG"], "CARDTABLE_LANG")
        return loc
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if not value:
            continue
        for tag in value.split(":"):     # LANGUAGE is a list
            loc = normalize(tag)
            if loc is not None and loc != PSEUDO:
                return loc
        if var != "LANGUAGE":
            break                        # the first set one of LC_ALL, LC_MESSAGES, LANG decides
    return DEFAULT
