"""The rules page of a game for the browser: its how-to-play text (``cardtable.help``) as HTML.

The text is the package's own Markdown, rendered with markdown-it (a dependency of rich) with
raw HTML disabled, so nothing in it can run in the page.  Static text: no card of any deal.
It is the page of the current language (``help.rules_text`` reads it; English where a game
has none in that language), with the language menu of the other pages.
"""

from __future__ import annotations

import html
import inspect

from markdown_it import MarkdownIt

from ..help import rules_text
from ..i18n import _, current_language
from ..registry import get_game
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
    body = _md.render(text)
    title = html.escape(_("{game} ({native_name}) — how to play", game=game_name(game),
                          native_name=game.native_name))
    home = html.escape(_("cardtable"))
    return (f"<!doctype html><html lang=\"{html_lang(loc)}\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{title}</title><link rel=\"stylesheet\" href=\"/static/style.css\">"
            "<link rel=\"stylesheet\" href=\"/static/fonts.css\"></head>"
            f"<body class=\"rules-page\"><header class=\"bar\"><a class=\"home\" href=\"/\">{home}</a>"
            f"<h1>{title}</h1></header><main class=\"rules\">{body}</main>"
            f"{catalog_script(loc)}<script type=\"module\" src=\"/static/i18n.js\"></script>"
            "</body></html>")
