"""The rules page of a game for the browser: its how-to-play text (``cardtable.help``) as HTML.

The text is the package's own Markdown, rendered with markdown-it (a dependency of rich) with
raw HTML disabled, so nothing in it can run in the page.  Static text: no card of any deal.
It is the page of the current language (``help.rules_text`` reads it; English where a game
has none in that language), with the language menu of the other pages.
"""

from __future__ import annotations

import html
import inspect
import re
from typing import Any

from markdown_it import MarkdownIt

from ..help import rules_text
from ..i18n import _, current_language
from ..registry import game_ids, get_game
from ..rulesearch import search, section_anchor
from .lang import catalog_script, game_name, html_lang

_md = MarkdownIt("commonmark", {"html": False}).enable("table")


def rules_page(game_id: str) -> str:
    game = get_game(game_id)
    loc = current_language()
    # help.rules_text reads the language set by use_language (the request's); a version
    # that takes it as ``lang=`` gets it said outright
    if "lang" in inspect.signature(rules_text).parameters:
        text = rules_text(game.id, lang=loc)  # type: ignore[call-arg,unused-ignore]
    else:
        text = rules_text(game.id)
    body = _with_anchors(_md.render(text))
    title = html.escape(_("{game} ({native_name}) — how to play", game=game_name(game),
                          native_name=game.native_name))
    home = html.escape(_("cardtable"))
    return (f"<!doctype html><html lang=\"{html_lang(loc)}\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{title}</title><link rel=\"stylesheet\" href=\"/static/style.css\">"
            "<link rel=\"stylesheet\" href=\"/static/fonts.css\"></head>"
            f"<body class=\"rules-page\"><header class=\"bar\"><a class=\"home\" href=\"/\">{home}</a>"
            f"<h1>{title}</h1>{_search_form('', game.id)}</header><main class=\"rules\">{body}</main>"
            f"{catalog_script(loc)}<script type=\"module\" src=\"/static/i18n.js\"></script>"
            "</body></html>")


_HEADING = re.compile(r"<h([23])>(.*?)</h\1>", re.S)


def _with_anchors(body: str) -> str:
    """Each section heading gets the id the rules search links to (``section_anchor``)."""
    def tag(m: re.Match[str]) -> str:
        words = html.unescape(re.sub(r"<[^>]+>", "", m.group(2)))
        return f'<h{m.group(1)} id="{html.escape(section_anchor(words))}">{m.group(2)}</h{m.group(1)}>'
    return _HEADING.sub(tag, body)


def _search_form(query: str, game: str = "") -> str:
    label = html.escape(_("Search the rules"))
    hint = html.escape(_("a word or a term, in any language (e.g. speto, 倒水)"))
    keep = f'<input type="hidden" name="game" value="{html.escape(game)}">' if game else ""
    return (f'<form class="rules-search" method="get" action="/rules" role="search">'
            f'<label>{label} <input type="search" name="q" value="{html.escape(query)}" '
            f'placeholder="{hint}" maxlength="100"></label>{keep}'
            f'<button type="submit">{html.escape(_("Search"))}</button></form>')


def search_results(query: str, game: str | None = None) -> list[dict[str, Any]]:
    """``GET /api/rules/search``: the passages found, the asker's language first, each with
    its game's title and a link to its section on the rules page."""
    loc = current_language()
    out = []
    for p in search(query, loc, game):
        g = get_game(p.game)
        # a passage of the asker's language (or English, which every page falls back to) is
        # on the page they will open; another language's is on that language's page
        url = f"/rules/{p.game}" + ("" if p.lang in (loc, "en") else f"?lang={p.lang}") + f"#{p.anchor}"
        out.append({**p.to_json(), "title": game_name(g), "url": url})
    return out


def search_page(query: str, game: str | None = None) -> str:
    """The rules search as a page (no script needed): the form, then each passage found
    under its game and section, linked to the rules page."""
    loc = current_language()
    title = html.escape(_("Rules of the games"))
    home = html.escape(_("cardtable"))
    items = []
    found = search_results(query, game) if query.strip() else []
    for r in found:
        items.append(f'<li class="found found-{r["kind"]}" lang="{html.escape(html_lang(r["lang"]))}">'
                     f'<a href="{html.escape(r["url"])}">{html.escape(r["title"])} — {html.escape(r["section"])}</a>'
                     + (f'<span class="kind">{html.escape(_("glossary"))}</span>' if r["kind"] == "glossary" else "")
                     + f'<div>{_md.renderInline(r["text"].lstrip("-* "))}</div></li>')
    if query.strip() and not found:
        listing = f'<p class="none">{html.escape(_("Nothing found for {query}.", query=query))}</p>'
    elif found:
        listing = f'<ol class="found-list">{"".join(items)}</ol>'
    else:
        listing = ""
    games = "".join(f'<li><a href="/rules/{gid}">{html.escape(game_name(get_game(gid)))}</a></li>'
                    for gid in game_ids())
    return (f"<!doctype html><html lang=\"{html_lang(loc)}\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{title}</title><link rel=\"stylesheet\" href=\"/static/style.css\">"
            "<link rel=\"stylesheet\" href=\"/static/fonts.css\"></head>"
            f"<body class=\"rules-page\"><header class=\"bar\"><a class=\"home\" href=\"/\">{home}</a>"
            f"<h1>{title}</h1>{_search_form(query, game or '')}</header><main class=\"rules\">{listing}"
            f"<ul class=\"rules-games\">{games}</ul></main>"
            f"{catalog_script(loc)}<script type=\"module\" src=\"/static/i18n.js\"></script>"
            "</body></html>")
