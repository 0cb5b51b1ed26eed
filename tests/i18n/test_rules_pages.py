"""Translated rules pages (``games/<id>/howto.<locale>.md``): the same ``## `` sections in the
same order as the English page, the same tables with as many rows, a known locale; and the
help functions find sections by their place in the English page, so a translated heading
changes nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardtable import help as rules_help
from cardtable.help import card_values, glossary, rules_language, rules_text
from cardtable.i18n import LOCALES, use_language
from cardtable.registry import GAME_MODULES

GAMES_DIR = Path(rules_help.__file__).resolve().parent / "games"
PAGES = sorted(GAMES_DIR.glob("*/howto.*.md"))

REQUIRED = [("dummy", "th"), ("remik", "pl"), ("gin", "ru")] + [
    (g, loc) for g in ("shisanzhang", "zhuoheia", "sibaifen", "bieqi", "wushiyifen",
                       "jianshisifen", "zuihoushengli", "biefufen", "yijiang")
    for loc in ("zh_Hans", "zh_Hant")]


def shape(text: str) -> list[list[int]]:
    """Per ``## `` section (the text before the first one too): the row count of each of its
    tables (header and rule line included)."""
    out: list[list[int]] = []
    for part in re.split(r"^## .*$", text, flags=re.M):
        counts, run = [], 0
        for line in part.splitlines():
            if line.strip().startswith("|"):
                run += 1
            elif run:
                counts.append(run)
                run = 0
        if run:
            counts.append(run)
        out.append(counts)
    return out


def test_every_translated_page_has_the_english_shape() -> None:
    for page in PAGES:
        game, loc = page.parent.name, page.name.split(".")[1]
        assert loc in LOCALES and loc != "en", f"{page}: {loc} is not a locale"
        english = (page.parent / "howto.md").read_text(encoding="utf-8")
        text = page.read_text(encoding="utf-8")
        heads = [h for h in text.splitlines() if h.startswith("## ")]
        assert len(heads) == len(re.findall(r"^## ", english, re.M)), f"{page}: sections"
        assert shape(text) == shape(english), f"{page}: tables or their rows differ"
        assert sorted(re.findall(r"`[^`]*`", text)) == sorted(re.findall(r"`[^`]*`", english)), \
            f"{page}: card or move notation (a `code` span) differs"
        same = [h for h, e in zip(heads, re.findall(r"^## .*$", english, re.M), strict=True)
                if h == e]
        assert len(same) <= 1, f"{page}: headings left in English: {same}"
        assert rules_language(game, loc) == loc
        assert rules_text(game, lang=loc) == text
        if glossary(game, lang="en"):
            assert len(glossary(game, lang=loc)) == len(glossary(game, lang="en")), page
        assert len(card_values(game, lang=loc)) == len(card_values(game, lang="en")), page


@pytest.mark.parametrize(("game", "loc"), REQUIRED)
def test_required_pages_exist(game: str, loc: str) -> None:
    assert (GAMES_DIR / game / f"howto.{loc}.md").is_file()
    assert glossary(game, lang=loc)


def test_rules_text_falls_back_to_english(monkeypatch) -> None:
    """A language without a page for the game gets the English page (every game has all six
    pages today, so gin's Polish page is hidden here)."""
    real = rules_help._howto
    monkeypatch.setattr(rules_help, "_howto",
                        lambda g, name=rules_help.HOWTO_FILE: None if (g, name) == (
                            "gin", "howto.pl.md") else real(g, name))
    english = rules_text("gin", lang="en")
    assert rules_language("gin", "pl") == "en"
    assert rules_text("gin", lang="pl") == english
    with use_language("pl"):
        assert rules_text("gin") == english
        assert glossary("gin") == glossary("gin", lang="en")
    assert rules_language("gin", "ru") == "ru" and rules_text("gin", lang="ru") != english


def test_pseudo_rules_page_marks_every_word_and_keeps_code() -> None:
    english = rules_text("gin", lang="en")
    with use_language("pseudo"):
        page = rules_text("gin")
    assert page.count("\n") == english.count("\n")
    assert re.findall(r"`[^`]*`", page) == re.findall(r"`[^`]*`", english)
    prose = re.sub(r"`[^`]*`", "", page)
    assert "⟦" in prose and not re.search(r"[A-Za-z]{3,}", prose.replace("⟦", " "))


def test_sections_are_found_by_place_not_by_heading(tmp_path: Path, monkeypatch) -> None:
    """A page whose headings are all translated: glossary, card values and the page without
    its glossary come from the sections at the English page's places."""
    english = rules_text("gin", lang="en")
    n = iter(range(100))
    translated = re.sub(r"^## .*$", lambda m: f"## Раздел {next(n)}", english, flags=re.M)
    translated = translated.replace("| English |", "| Термин |")
    fake = tmp_path / "howto.ru.md"
    fake.write_text(translated, encoding="utf-8")
    real = rules_help._howto

    def howto(game_id: str, name: str = rules_help.HOWTO_FILE):
        return fake if (game_id, name) == ("gin", "howto.ru.md") else real(game_id, name)

    monkeypatch.setattr(rules_help, "_howto", howto)
    assert rules_text("gin", lang="ru") == translated
    assert glossary("gin", lang="ru") == glossary("gin", lang="en") != []
    assert card_values("gin", lang="ru") == card_values("gin", lang="en") != []
    short = rules_text("gin", with_glossary=False, lang="ru")
    index = [h for h in english.splitlines() if h.startswith("## ")].index("## Glossary")
    assert f"## Раздел {index}\n" not in short and "## Раздел 0" in short
    assert short.count("## ") == translated.count("## ") - 1
    # the docs pages keep beginning with the English page
    assert rules_help.docs_page_start("gin").startswith(english.rstrip("\n"))


def test_every_game_with_a_page_is_registered() -> None:
    for page in PAGES:
        assert page.parent.name in GAME_MODULES, page


def test_traditional_chinese_pages_are_not_simplified_copies() -> None:
    for hant in (p for p in PAGES if p.name == "howto.zh_Hant.md"):
        hans = (hant.parent / "howto.zh_Hans.md").read_text(encoding="utf-8")
        text = hant.read_text(encoding="utf-8")
        assert text != hans, hant
        for simplified, traditional in (("这", "這"), ("张", "張"), ("们", "們"), ("说", "說")):
            if simplified in hans:
                assert simplified not in text, f"{hant}: {simplified} (Traditional: {traditional})"
