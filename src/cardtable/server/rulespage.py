"""The rules page of a game for the browser: its how-to-play text (``cardtable.help``) as HTML.

The text is the package's own Markdown, rendered with markdown-it (a dependency of rich) with
raw HTML disabled, so nothing in it can run in the page.  Static text: no card of any deal.
"""

from __future__ import annotations

import html

from markdown_it import MarkdownIt

from ..help import rules_text
from ..registry import get_game

_md = MarkdownIt("commonmark", {"html": False}).enable("table")


def rules_page(game_id: str) -> str:
    game = get_game(game_id)
    body = _md.render(rules_text(game.id))
    title = html.escape(f"{game.name} ({game.native_name}) — how to play")
    return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{title}</title><link rel=\"stylesheet\" href=\"/static/style.css\"></head>"
            "<body class=\"rules-page\"><header class=\"bar\"><a class=\"home\" href=\"/\">cardtable</a>"
            f"<h1>{title}</h1></header><main class=\"rules\">{body}</main></body></html>")
