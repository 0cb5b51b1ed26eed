"""Rules help for people learning a game: its "How to play", glossary and card values.

Each game package ships ``howto.md`` (``src/cardtable/games/<id>/howto.md``), written in the
project's own words from the game's specification and docs page: deal, turn, legal plays,
scoring, end of the deal and match, variants and the options that matter, then a
``## Card values`` table where a card's points matter and a ``## Glossary`` table
(``| English | native | meaning |``).  The terminal (``cardtable rules``, ``?rules``,
``?glossary`` in ``play``) and the browser table show these texts; they are the same text
that begins the game's page ``docs/games/<id>.md`` (``python -m cardtable.help sync DOCS``
rewrites the pages' beginnings, a test checks them).

Translated pages sit beside it as ``howto.<locale>.md`` (``howto.th.md``): the same ``## ``
sections in the same order as the English page (headings translated), the same tables with
the same number of rows, card and move notation unchanged.  The page of the asked language
is shown where it exists, else the English one; the docs pages begin with the English.
"""

from __future__ import annotations

import importlib.resources
import re
import sys
from importlib.resources.abc import Traversable
from pathlib import Path

from .i18n import DEFAULT, PSEUDO, _, current_language, normalize
from .i18n.pseudo import pseudo
from .registry import GAME_MODULES, game_ids, resolve_game

HOWTO_FILE = "howto.md"
GLOSSARY = "Glossary"
CARD_VALUES = "Card values"

#: the line that ends the how-to-play text at the top of a docs page
DOCS_MARKER = ("<!-- end of how to play: the text above is {path}; "
               "re-sync with `python -m cardtable.help sync docs/games` -->")


def _package_of(game_id: str) -> str:
    """The game's package; ``game_id`` may also be a name (``resolve_game``)."""
    return GAME_MODULES[resolve_game(game_id)]


def _howto(game_id: str, name: str = HOWTO_FILE) -> Traversable | None:
    """The game's file ``name`` beside its rules (a Traversable), or None."""
    try:
        f = importlib.resources.files(_package_of(game_id)).joinpath(name)
    except (ModuleNotFoundError, TypeError):   # missing, or a plain module rather than a package
        return None
    return f if f.is_file() else None


def has_rules_text(game_id: str) -> bool:
    """Whether the game ships a how-to-play text (in English; translations sit beside it)."""
    return _howto(game_id) is not None


def rules_language(game_id: str, lang: str | None = None) -> str:
    """The language :func:`rules_text` shows the game's page in: ``lang`` (default: the
    current language) when ``howto.<lang>.md`` exists, else English."""
    loc = normalize(lang) if lang else current_language()
    if not loc or loc in (DEFAULT, PSEUDO):
        return DEFAULT
    return loc if _howto(game_id, f"howto.{loc}.md") is not None else DEFAULT


def _read(game_id: str, loc: str) -> str:
    f = _howto(game_id, HOWTO_FILE if loc == DEFAULT else f"howto.{loc}.md")
    return f.read_text(encoding="utf-8") if f is not None else ""


def rules_text(game_id: str, with_glossary: bool = True, lang: str | None = None) -> str:
    """The game's "How to play" as Markdown in ``lang`` (default: the current language;
    English where the game has no page in it), with its card values and glossary unless
    ``with_glossary`` is false; a short note when the game ships none."""
    if not has_rules_text(game_id):
        return "# {gid}\n\n{note}\n".format(gid=game_id, note=_(
            "This game has no how-to-play text yet; `cardtable rules {game} --options` "
            "lists its rules.", game=game_id))
    loc = rules_language(game_id, lang)
    text = _read(game_id, loc)
    if not with_glossary:
        index = _english_index(game_id, GLOSSARY)
        if index is not None:
            text = _drop_section(text, index)
    if (normalize(lang) if lang else current_language()) == PSEUDO:
        text = _pseudo_page(text)
    return text


_CODE = re.compile(r"(`[^`]*`)")
_WORDS = re.compile(r"[A-Za-z][A-Za-z'’ -]*[A-Za-z]|[A-Za-z]")


def _pseudo_page(text: str) -> str:
    """The page as the pseudo-locale shows it: runs of words marked, code and Markdown kept."""
    out = []
    for line in text.splitlines(keepends=True):
        parts = _CODE.split(line)
        out.append("".join(p if i % 2 else _WORDS.sub(lambda m: pseudo(m.group()), p)
                           for i, p in enumerate(parts)))
    return "".join(out)


# A translated page has the English page's "## " sections in the same order, with its
# headings translated: a section is found by its place in the English page, never by the
# words of its heading.

def _headings(text: str) -> list[str]:
    return [line[3:].strip() for line in text.splitlines() if line.startswith("## ")]


def _english_index(game_id: str, title: str) -> int | None:
    """Where ``## title`` is among the English page's sections (0-based), or None."""
    heads = [h.lower() for h in _headings(_read(game_id, DEFAULT))]
    return heads.index(title.lower()) if title.lower() in heads else None


def _drop_section(text: str, index: int) -> str:
    """``text`` without its ``index``-th ``## `` section."""
    out: list[str] = []
    k = -1
    for line in text.splitlines(keepends=True):
        if line.startswith("## "):
            k += 1
        if k != index:
            out.append(line)
    return "".join(out).rstrip() + "\n"


def _section(text: str, index: int | None) -> str:
    """The body of the ``index``-th ``## `` section (up to the next ``## `` heading), or ''."""
    if index is None:
        return ""
    parts = re.split(r"^## .*$", text, flags=re.M)
    return parts[index + 1] if 0 <= index < len(parts) - 1 else ""


def _table_rows(body: str) -> list[list[str]]:
    """The body rows of every Markdown table in ``body`` (each table's header and rule line
    skipped)."""
    rows: list[list[str]] = []
    header = True
    for line in body.splitlines():
        line = line.strip()
        if not line.startswith("|"):
            header = True
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if all(set(c) <= set("-: ") for c in cells):
            continue
        if header:
            header = False
            continue
        rows.append(cells)
    return rows


def _rows_of(game_id: str, title: str, lang: str | None) -> list[list[str]]:
    if not has_rules_text(game_id):
        return []
    body = _section(rules_text(game_id, lang=lang), _english_index(game_id, title))
    return _table_rows(body)


def glossary(game_id: str, lang: str | None = None) -> list[tuple[str, str, str]]:
    """The game's terms: ``(term, native word, meaning)``, in the page's order, from the
    page of ``lang`` (default: the current language; else English)."""
    return [(r[0], r[1], r[2]) for r in _rows_of(game_id, GLOSSARY, lang) if len(r) >= 3]


def card_values(game_id: str, lang: str | None = None) -> list[tuple[str, str]]:
    """What each card is worth where a card's points matter: ``(cards, points)``; [] for
    games where they do not."""
    return [(r[0], r[1]) for r in _rows_of(game_id, CARD_VALUES, lang) if len(r) >= 2]


# --- the docs pages begin with the same text ----------------------------------------------

def docs_marker(game_id: str) -> str:
    return DOCS_MARKER.format(path=f"src/cardtable/games/{game_id}/{HOWTO_FILE}")


def docs_page_start(game_id: str) -> str:
    """What ``docs/games/<id>.md`` must begin with: the how-to text, then the marker line."""
    return rules_text(game_id, lang=DEFAULT).rstrip("\n") + "\n\n" + docs_marker(game_id) + "\n"


def sync_docs_page(page: Path, game_id: str) -> bool:
    """Make ``page`` begin with the game's how-to text (replacing an older copy above the
    marker, or putting it in front of the page); True when the file changed."""
    old = page.read_text(encoding="utf-8") if page.exists() else ""
    marker = docs_marker(game_id)
    rest = old.split(marker + "\n", 1)[1] if marker + "\n" in old else old
    new = docs_page_start(game_id) + "\n" + rest.lstrip("\n")
    if new == old:
        return False
    page.write_text(new, encoding="utf-8")
    return True


def _main(argv: list[str]) -> int:
    if len(argv) < 1 or argv[0] != "sync":
        print("usage: python -m cardtable.help sync [DOCS_GAMES_DIR]  (default docs/games)", file=sys.stderr)
        return 2
    folder = Path(argv[1] if len(argv) > 1 else "docs/games")
    for gid in game_ids():
        if has_rules_text(gid):
            changed = sync_docs_page(folder / f"{gid}.md", gid)
            print(f"{folder / (gid + '.md')}: {'updated' if changed else 'in sync'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(_main(sys.argv[1:]))
