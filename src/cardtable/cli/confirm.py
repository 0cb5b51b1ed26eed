"""Yes/no answers in every language: ``y``/``n`` always, and the language's own words.

A warning's question shows the language's own choices (``(д/Н)`` in Russian, ``(t/N)`` in
Polish); the answer may be the English letter or word as well, so a script or a player used
to ``y`` is never refused.  Anything else — and an empty line — means no (the default).
"""

from __future__ import annotations

from ..i18n import N_, _, current_language

#: the words that mean yes, per language (besides y/yes, which every language accepts)
YES_WORDS = {
    "en": ("y", "yes"),
    "th": ("ใช่", "ตกลง"),
    "zh_Hans": ("是", "是的", "好", "确定"),
    "zh_Hant": ("是", "是的", "好", "確定"),
    "pl": ("t", "tak"),
    "ru": ("д", "да"),
}
#: TRANSLATORS: the choices of a yes/no question whose default is no ("y/N" in English);
#: use the language's own letters or words, e.g. "t/N" in Polish, "д/Н" in Russian
CHOICES = N_("y/N")


def yes_no() -> str:
    """The choices to show after a yes/no question (default no)."""
    return _(CHOICES)


def is_yes(answer: str) -> bool:
    word = answer.strip().lower()
    return word in YES_WORDS["en"] or word in YES_WORDS.get(current_language(), ())
