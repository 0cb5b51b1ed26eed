"""Which language: --lang, CARDTABLE_LANG, the system locale; Accept-Language in the browser."""

from __future__ import annotations

import pytest

from cardtable.i18n import UnknownLanguage, negotiate, normalize, resolve


@pytest.mark.parametrize("header, locale", [
    ("zh-CN", "zh_Hans"), ("zh-SG", "zh_Hans"), ("zh", "zh_Hans"), ("zh-Hans-HK", "zh_Hans"),
    ("zh-TW", "zh_Hant"), ("zh-HK", "zh_Hant"), ("zh-MO", "zh_Hant"), ("zh-Hant", "zh_Hant"),
    ("th-TH", "th"), ("th", "th"), ("pl-PL,pl;q=0.9", "pl"), ("ru-RU,ru;q=0.9,en;q=0.8", "ru"),
    ("en-GB", "en"), ("de-DE", "en"), ("", "en"), (None, "en"), ("fr-FR,de;q=0.5", "en"),
    # weights decide, not order; q=0 means "not this"
    ("en;q=0.2, th;q=0.9", "th"), ("th;q=0, pl", "pl"), ("de, zh-TW;q=0.5, th;q=0.4", "zh_Hant"),
    ("*;q=0.5", "en"), ("pl;q=abc, ru", "ru"),
])
def test_accept_language(header, locale):
    assert negotiate(header) == locale


@pytest.mark.parametrize("tag, locale", [
    ("th_TH.UTF-8", "th"), ("zh_TW.UTF-8", "zh_Hant"), ("zh_CN.GB2312", "zh_Hans"),
    ("ru_RU.UTF-8@euro", "ru"), ("C", None), ("POSIX", None), ("de_DE", None),
    ("zh_Hans", "zh_Hans"), ("pseudo", "pseudo"), ("ไทย", "th"),
])
def test_normalize(tag, locale):
    assert normalize(tag) == locale


def test_resolution_order():
    env = {"CARDTABLE_LANG": "pl", "LANG": "ru_RU.UTF-8"}
    assert resolve("th", env) == "th"
    assert resolve(None, env) == "pl"
    assert resolve(None, {"LANG": "ru_RU.UTF-8"}) == "ru"
    assert resolve(None, {"LC_ALL": "zh_TW.UTF-8", "LANG": "ru_RU.UTF-8"}) == "zh_Hant"
    assert resolve(None, {"LANGUAGE": "de:pl", "LANG": "ru_RU.UTF-8"}) == "pl"
    assert resolve(None, {"LANG": "de_DE.UTF-8"}) == "en"
    assert resolve(None, {"LANG": "C.UTF-8"}) == "en"
    assert resolve(None, {}) == "en"


def test_a_language_asked_for_by_name_must_exist():
    with pytest.raises(UnknownLanguage, match="'de' \\(--lang\\); choose one of en, th, zh_Hans"):
        resolve("de", {})
    with pytest.raises(UnknownLanguage, match="CARDTABLE_LANG"):
        resolve(None, {"CARDTABLE_LANG": "xx"})
