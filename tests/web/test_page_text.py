"""The pages' own words: what the server finds and translates is what the catalogs extract.

Quick (no browser): the server scans the pages' ``data-i18n`` marks and the scripts' ``t``,
``tn`` and ``N_`` calls itself (``cardtable.web.pagetext``); Babel's extraction
(``cardtable.i18n.tools``) must find exactly the same messages, or a page would show a word
the catalogs never got.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable import i18n
from cardtable.web import pagetext

pytest.importorskip("babel")


def test_the_server_and_the_extractor_agree_on_the_pages_words() -> None:
    from cardtable.i18n.tools import extract

    cat = extract([pagetext.WEB_DIR])
    babel_one = {m.id for m in cat if isinstance(m.id, str) and m.id}
    babel_plural = {tuple(m.id) for m in cat if not isinstance(m.id, str)}
    one, plural = pagetext.script_messages()
    marked = {msg for page in pagetext.PAGES
              for _, msg in pagetext.html_messages((pagetext.WEB_DIR / page).read_text("utf-8"))}
    # the table page's words are its scripts' now (its HTML is a shell)
    assert len(one) > 150 and len(marked) > 25
    assert babel_one == set(one) | marked
    assert babel_plural == set(plural)


def test_translate_html_replaces_marked_text_and_attributes_only() -> None:
    page = ('<p data-i18n>Chat</p><b>Chat</b>'
            '<input placeholder="say something to the table" data-i18n-attrs="placeholder">'
            '<section aria-label="moves" data-i18n-attrs="aria-label"><h2 data-i18n>Moves</h2>'
            '</section>')
    out = pagetext.translate_html(page, lambda m: f"[{m}]")
    assert out == ('<p data-i18n>[Chat]</p><b>Chat</b>'
                   '<input placeholder="[say something to the table]" data-i18n-attrs="placeholder">'
                   '<section aria-label="[moves]" data-i18n-attrs="aria-label"><h2 data-i18n>[Moves]'
                   '</h2></section>')
    assert [m for _, m in pagetext.html_messages(page)] == ["Chat", "Moves",
                                                            "say something to the table", "moves"]


def test_pages_render_in_every_locale_with_their_lang_and_catalog() -> None:
    pytest.importorskip("fastapi")
    from cardtable.server.lang import page_catalog, render_page

    src = (pagetext.WEB_DIR / "table.html").read_text("utf-8")
    for loc in i18n.LOCALES:
        out = render_page(src, loc)
        assert f'<html lang="{loc.replace("_", "-")}"' in out
        assert out.index('id="cardtable-i18n"') < out.index('src="/static/table.js"')
        cat = page_catalog(loc)
        assert set(cat["messages"]) == set(pagetext.script_messages()[0])
        if loc != "en":
            with i18n.use_language(loc):
                said = i18n._("Setting up the table…")
                assert said in out and said != "Setting up the table…"
            assert all(cat["messages"].values())
    assert Path(pagetext.WEB_DIR / "static" / "i18n.js").is_file()
