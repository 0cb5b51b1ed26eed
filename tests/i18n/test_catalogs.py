"""Every catalog is complete and consistent with the code (Babel extracts and checks)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("babel")

from cardtable import i18n  # noqa: E402
from cardtable.i18n import tools  # noqa: E402


def test_catalogs_are_complete_and_match_the_code():
    problems = tools.check()
    assert problems == [], "\n".join(problems[:60]) + f"\n… {len(problems)} problem(s)"


def test_stub_check_and_merge_round_trip(tmp_path, monkeypatch):
    src = tmp_path / "pkg"
    src.mkdir()
    (src / "m.py").write_text(
        'from cardtable.i18n import _, ngettext\n'
        'A = _("Seat {seat} must draw.", seat=1)\n'
        'B = ngettext("{n} card", "{n} cards", 2)\n', encoding="utf-8")
    monkeypatch.setattr(tools, "PACKAGE_DIR", src)
    monkeypatch.setattr(tools, "LOCALE_DIR", tmp_path / "locale")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locale")
    added = tools.stub("demo", [src])
    assert added == {loc: 2 for loc in i18n.LOCALES}
    problems = tools.check(["ru", "en"])
    assert any("ru: 'Seat {seat} must draw.' is not translated" in p for p in problems)
    assert not any(p.startswith("en:") for p in problems), problems   # English is filled in
    part = tmp_path / "locale/ru/LC_MESSAGES/parts/demo.po"
    text = part.read_text(encoding="utf-8")
    text = text.replace('msgid "Seat {seat} must draw."\nmsgstr ""',
                        'msgid "Seat {seat} must draw."\nmsgstr "Место {place} тянет."')
    text = text.replace('msgstr[0] ""\nmsgstr[1] ""\nmsgstr[2] ""',
                        'msgstr[0] "{n} карта"\nmsgstr[1] "{n} карты"\nmsgstr[2] "{n} карт"')
    part.write_text(text, encoding="utf-8")
    problems = tools.check(["ru"])
    assert len(problems) == 1 and "placeholders ['place'] do not match ['seat']" in problems[0]
    part.write_text(text.replace("{place}", "{seat}"), encoding="utf-8")
    assert tools.check(["ru"]) == []
    tools.merge()
    assert not list((tmp_path / "locale/ru/LC_MESSAGES/parts").glob("*.po"))
    i18n.translator.cache_clear()
    try:
        with i18n.use_language("ru"):
            assert i18n._("Seat {seat} must draw.", seat=2) == "Место 2 тянет."
            assert i18n.ngettext("{n} card", "{n} cards", 5) == "5 карт"
    finally:
        i18n.translator.cache_clear()
    assert Path(tools.LOCALE_DIR / "ru/LC_MESSAGES/cardtable.po").exists()
