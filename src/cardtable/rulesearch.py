"""Search over the games' rules pages and glossaries, in every language (issue 30, "rules at
hand": "what is ปี้หัว?").

The texts are the games' how-to pages (``cardtable.help``: ``howto.md`` and its translations)
cut into passages — a glossary row, a card-values row, a paragraph or a list item under its
section heading.  A query matches a passage holding every one of its words (case and accents
folded; Thai and Chinese, written without spaces between words, are matched as substrings,
as every word is).  The passages in the asker's language rank first, then English, then
the others (a Thai or Chinese word typed on an English page is still found); within each,
glossary rows first (a term asked is a term to define), then card values, then the text.  Standard library only.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache

from .help import GLOSSARY, has_rules_text, rules_language, rules_text
from .i18n import DEFAULT, LOCALES
from .registry import game_ids

#: the most results a search gives
LIMIT = 30
MAX_QUERY = 100


@dataclass(frozen=True)
class Passage:
    game: str
    lang: str
    section: str        # the heading it stands under, as the page writes it
    anchor: str         # the heading's id on the rules page (``section_anchor``)
    kind: str           # "glossary", "values" or "text"
    text: str           # the passage, Markdown as written
    folded: str

    def to_json(self) -> dict[str, str]:
        return {"game": self.game, "lang": self.lang, "section": self.section, "anchor": self.anchor,
                "kind": self.kind, "text": self.text}


def fold(text: str) -> str:
    """Lower case, accents dropped (Polish ł kept apart from l as people type it), Markdown's
    marks gone."""
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(c for c in text if not unicodedata.combining(c) or "\u0e00" <= c <= "\u0e7f")
    return re.sub(r"[*_`|#>]+", " ", text)


def section_anchor(heading: str) -> str:
    """The id a rules page gives a section's heading: its words joined by ``-`` (any script)."""
    words = re.findall(r"\w+", heading.casefold())
    return "-".join(words) or "section"


def _passages_of(game_id: str, lang: str) -> list[Passage]:
    text = rules_text(game_id, lang=lang)
    out: list[Passage] = []
    section, kind = "", "text"
    glossary_heading = ""
    english = rules_text(game_id, lang=DEFAULT)
    headings_en = re.findall(r"^## (.+)$", english, re.M)
    headings = re.findall(r"^## (.+)$", text, re.M)
    if GLOSSARY in headings_en and len(headings) == len(headings_en):
        glossary_heading = headings[headings_en.index(GLOSSARY)]
    para: list[str] = []

    def flush() -> None:
        if para:
            body = " ".join(para).strip()
            if body:
                out.append(Passage(game_id, lang, section, section_anchor(section), kind, body, fold(body)))
            para.clear()

    for line in text.splitlines():
        if line.startswith("#"):
            flush()
            section = line.lstrip("#").strip()
            kind = "glossary" if section == glossary_heading else "text"
            continue
        stripped = line.strip()
        if stripped.startswith("|"):
            flush()
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            if all(set(c) <= set("-: ") for c in cells):
                continue
            row = " | ".join(c for c in cells if c)
            out.append(Passage(game_id, lang, section, section_anchor(section),
                               kind if kind == "glossary" else "values", row, fold(row)))
            continue
        if not stripped or stripped.startswith(("- ", "* ")) or re.match(r"\d+\. ", stripped):
            flush()
        if stripped:
            para.append(stripped)
    flush()
    # a table's header row is not a passage
    return [p for p in out if not (p.kind != "text" and p is _first_row(out, p))]


def _first_row(passages: list[Passage], p: Passage) -> Passage | None:
    rows = [q for q in passages if q.section == p.section and q.kind == p.kind]
    return rows[0] if rows else None


@cache
def passages() -> tuple[Passage, ...]:
    """Every passage of every game's page in every language that has one."""
    out: list[Passage] = []
    for gid in game_ids():
        if not has_rules_text(gid):
            continue
        for lang in LOCALES:
            if lang != DEFAULT and rules_language(gid, lang) == DEFAULT:
                continue
            out.extend(_passages_of(gid, lang))
    return tuple(out)


def search(query: str, lang: str = DEFAULT, game: str | None = None, limit: int = LIMIT) -> list[Passage]:
    """The passages holding every word of ``query`` (see the module's docstring), the best
    first; ``game`` keeps one game's.  An empty query finds nothing."""
    words = fold(query[:MAX_QUERY]).split()
    if not words:
        return []
    found = [p for p in passages() if (game is None or p.game == game) and all(w in p.folded for w in words)]

    def rank(p: Passage) -> tuple[int, int, int, int]:
        whole = fold(query).strip()
        term = p.folded.split(" | ")[0].strip() if p.kind == "glossary" else ""
        return (0 if p.lang == lang else 1 if p.lang == DEFAULT else 2,
                0 if p.kind == "glossary" else 1 if p.kind == "values" else 2,
                0 if whole and whole in term else 1,
                len(p.text))

    found.sort(key=rank)
    return found[:limit]


__all__ = ["Passage", "fold", "passages", "search", "section_anchor"]
