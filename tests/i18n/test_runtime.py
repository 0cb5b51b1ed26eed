"""The runtime half of localisation: .po compiled in memory, plural forms, placeholders."""

from __future__ import annotations

import gettext
import io

import pytest

from cardtable import i18n
from cardtable.i18n.catalog import PoSyntaxError, compile_mo, header_field, parse_po
from cardtable.i18n.pseudo import pseudo, unmarked

RU_HEADER = ("Language: ru\\n\"\n\"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : "
             "n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n")

PO = f'''
msgid ""
msgstr ""
"{RU_HEADER}"

#: games/x.py:1
msgid "Seat {{seat}} must draw."
msgstr "Место {{seat}} должно "
"взять карту."

msgid "{{n}} card"
msgid_plural "{{n}} cards"
msgstr[0] "{{n}} карта"
msgstr[1] "{{n}} карты"
msgstr[2] "{{n}} карт"

msgctxt "card rank"
msgid "K"
msgstr "К"

#, fuzzy
msgid "Draw"
msgstr "Тянуть"

msgid "Untranslated"
msgstr ""
'''


def _translations() -> gettext.GNUTranslations:
    entries = parse_po(PO)
    header = next(e.msgstr[0] for e in entries if e.msgid == "")
    return gettext.GNUTranslations(io.BytesIO(compile_mo(entries, header)))


def test_po_compiles_to_what_gettext_reads():
    t = _translations()
    assert t.gettext("Seat {seat} must draw.").format(seat=2) == "Место 2 должно взять карту."
    assert [t.ngettext("{n} card", "{n} cards", n).format(n=n) for n in (1, 2, 5, 11, 21, 22, 25)] \
        == ["1 карта", "2 карты", "5 карт", "11 карт", "21 карта", "22 карты", "25 карт"]
    assert t.pgettext("card rank", "K") == "К"
    assert t.gettext("K") == "K"              # the context keeps the rank apart
    assert t.gettext("Draw") == "Draw"        # fuzzy entries are not used
    assert t.gettext("Untranslated") == "Untranslated"


def test_header_and_syntax_errors():
    assert header_field(parse_po(PO), "Language") == "ru"
    with pytest.raises(PoSyntaxError, match="line 2"):
        parse_po('msgid "a"\nmsgstr b\n')
    with pytest.raises(PoSyntaxError, match="unknown keyword"):
        parse_po('msgid "a"\nmsgtxt "b"\n')


def test_language_is_per_context_and_formats_named_placeholders():
    assert i18n.current_language() == "en"
    with i18n.use_language("pseudo"):
        text = i18n._("Seat {seat} must draw.", seat=3)
        assert text.startswith("⟦") and "3" in text and "Seat" not in text
        with i18n.use_language("en"):
            assert i18n._("Seat {seat} must draw.", seat=3) == "Seat 3 must draw."
    assert i18n.ngettext("{n} card", "{n} cards", 1) == "1 card"
    assert i18n.ngettext("{n} card", "{n} cards", 4) == "4 cards"
    with pytest.raises(i18n.UnknownLanguage, match="choose one of en, th"):
        with i18n.use_language("klingon"):
            pass


def test_pseudo_keeps_placeholders_and_markup():
    p = pseudo("Play {card} now, [bold]please[/bold] <b>x</b>")
    assert "{card}" in p and "[bold]" in p and "<b>" in p
    assert p.format(card="10♥").count("10♥") == 1
    assert unmarked(f"A {p} B").split() == ["A", "B"]


def test_every_catalog_compiles_with_its_plural_header():
    for loc in i18n.LOCALES:
        i18n.translator.cache_clear()
        t = i18n.translator(loc)
        assert t.ngettext("x", "y", 1) in ("x", "y")
    nplurals = {"en": 2, "th": 1, "zh_Hans": 1, "zh_Hant": 1, "pl": 3, "ru": 3}
    for loc, n in nplurals.items():
        files = i18n.catalog_files(loc)
        assert files, loc
        forms = header_field(parse_po(files[0].read_text(encoding="utf-8")), "Plural-Forms")
        assert forms and forms.startswith(f"nplurals={n};"), (loc, forms)
