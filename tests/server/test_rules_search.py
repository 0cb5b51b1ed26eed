"""Issue 30, "rules at hand": a search over every game's rules pages and glossaries in every
language ("what is ปี้หัว?"), on the API, as a page without script, and in the rules pages'
bar; each passage links to its section, whose heading carries the anchor."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from cardtable.rulesearch import fold, passages, search, section_anchor


def test_every_game_and_language_is_searched() -> None:
    found = passages()
    assert {p.game for p in found} >= {"gin", "dummy", "remik", "shisanzhang"}
    assert {p.lang for p in found if p.game == "dummy"} == {"en", "th", "zh_Hans", "zh_Hant", "pl", "ru"}
    assert not any(p.text.startswith(("English |", "| English")) for p in found)     # no table header rows


def test_a_native_term_is_found_from_any_language() -> None:
    got = search("ปี้หัว", "en")
    assert got and got[0].game == "dummy" and "ปี้หัว" in got[0].text
    assert got[0].lang == "en"                       # the asker's language first
    speto = search("speto", "pl")
    assert speto[0].kind == "glossary" and speto[0].lang == "pl" and speto[0].game == "dummy"
    foul = search("倒水", "zh_Hant")
    assert foul[0].game == "shisanzhang" and foul[0].lang == "zh_Hant" and foul[0].kind == "glossary"
    # every word must be there; case and accents do not matter
    assert search("UNDERCUT bonus", "en") and all("undercut" in p.folded and "bonus" in p.folded
                                                  for p in search("UNDERCUT bonus", "en"))
    assert fold("Pukający") == fold("pukajacy") and not search("zzzz qqqq")
    assert search("   ") == [] and search("joker", game="remik") and \
        all(p.game == "remik" for p in search("joker", game="remik"))


def test_the_api_and_the_page(server: TestClient) -> None:
    r = server.get("/api/rules/search", params={"q": "ปี้หัว"})
    assert r.status_code == 200
    first = r.json()[0]
    assert first["game"] == "dummy" and first["url"].startswith("/rules/dummy#")
    # the section's anchor is on the rules page
    page = server.get(first["url"].split("#")[0]).text
    assert f'id="{first["anchor"]}"' in page
    assert '<form class="rules-search"' in page
    # a Thai word found by a Polish reader: the Polish page's passage first
    got = server.get("/api/rules/search", params={"q": "สเปโต", "lang": "pl"}).json()
    assert got and got[0]["lang"] == "pl" and got[0]["url"].startswith("/rules/dummy#")
    # a passage in another language links to that language's page
    th = server.get("/api/rules/search", params={"q": "สเปโต", "lang": "pl", "game": "dummy"}).json()
    other = [r for r in th if r["lang"] not in ("pl", "en")]
    assert other and all(r["url"].startswith(f"/rules/dummy?lang={r['lang']}#") for r in other)
    assert server.get("/api/rules/search", params={"q": "x", "game": "chess"}).status_code == 400
    html = server.get("/rules", params={"q": "speto"}).text
    items = re.findall(r'<li class="found found-(\w+)"', html)
    assert items and items[0] == "glossary"
    assert 'href="/rules/dummy#' in html
    none = server.get("/rules", params={"q": "<b>zzzz</b>"}).text
    assert "Nothing found for &lt;b&gt;zzzz&lt;/b&gt;." in none and "<b>zzzz" not in none
    assert server.get("/rules").status_code == 200


def test_anchors_are_words_of_any_script() -> None:
    assert section_anchor("Scoring a hand") == "scoring-a-hand"
    assert section_anchor("术语表") == "术语表"
    assert section_anchor("—") == "section"
