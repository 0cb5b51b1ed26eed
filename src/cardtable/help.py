"""Rules help for people learning a game: its "How to play", glossary and card values.

Each game package ships ``howto.md`` (``src/cardtable/games/<id>/howto.md``), written in the
project's own words from the game's specification and docs page: deal, turn, legal plays,
scoring, end of the deal and match, variants and the options that matter, then a
``## Card values`` table where a card's points matter and a ``## Glossary`` table
(``| English | native | meaning |``).  The terminal (``cardtable rules``, ``?rules``,
``?glossary`` in ``play``) and the browser table show these texts; they are the same text
that begins the game's page ``docs/games/<id>.md`` (``python -m cardtable.help sync DOCS``
rewrites the pages' beginnings, a test checks them).
"""

from __future__ import annotations

import importlib.resources
import re
import sys
from pathlib import Path

from .registry import GAME_MODULES, game_ids, resolve_game

HOWTO_FILE = "howto.md"

#: the line that ends the how-to-play text at the top of a docs page
DOCS_MARKER = ("<!-- end of how to play: the text above is {path}; "
               "re-sync with `python -m cardtable.help sync docs/games` -->")


def _package_of(game_id: str) -> str:
    """The game's package; ``game_id`` may also be a name (``resolve_game``)."""
    return GAME_MODULES[resolve_game(game_id)]


def has_rules_text(game_id: str) -> bool:
    """Whether the game ships a how-to-play text."""
    package = _package_of(game_id)
    try:
        return importlib.resources.files(package).joinpath(HOWTO_FILE).is_file()
    except (ModuleNotFoundError, TypeError):   # missing, or a plain module rather than a package
        return False


def rules_text(game_id: str, with_glossary: bool = True) -> str:
    """The game's "How to play" as Markdown (with its card values and glossary unless
    ``with_glossary`` is false); a short note when the game ships none."""
    if not has_rules_text(game_id):
        return (f"# {game_id}\n\nThis game has no how-to-play text yet; "
                f"`cardtable rules {game_id} --options` lists its rules.\n")
    text = importlib.resources.files(_package_of(game_id)).joinpath(HOWTO_FILE).read_text(encoding="utf-8")
    if not with_glossary:
        text = _drop_section(text, "Glossary")
    return text


def _drop_section(text: str, title: str) -> str:
    out: list[str] = []
    skipping = False
    for line in text.splitlines(keepends=True):
        if line.startswith("## "):
            skipping = line[3:].strip().lower() == title.lower()
        if not skipping:
            out.append(line)
    return "".join(out).rstrip() + "\n"


def _section(text: str, title: str) -> str:
    """The body of ``## title`` (up to the next ``## `` heading), or ''."""
    m = re.search(rf"^## {re.escape(title)}\s*$(.*?)(?=^## |\Z)", text, re.M | re.S)
    return m.group(1) if m else ""


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


def glossary(game_id: str) -> list[tuple[str, str, str]]:
    """The game's terms: ``(English term, native word, meaning)``, in the text's order."""
    if not has_rules_text(game_id):
        return []
    rows = _table_rows(_section(rules_text(game_id), "Glossary"))
    return [(r[0], r[1], r[2]) for r in rows if len(r) >= 3]


def card_values(game_id: str) -> list[tuple[str, str]]:
    """What each card is worth where a card's points matter: ``(cards, points)``; [] for
    games where they do not."""
    if not has_rules_text(game_id):
        return []
    rows = _table_rows(_section(rules_text(game_id), "Card values"))
    return [(r[0], r[1]) for r in rows if len(r) >= 2]


# --- the docs pages begin with the same text ----------------------------------------------

def docs_marker(game_id: str) -> str:
    return DOCS_MARKER.format(path=f"src/cardtable/games/{game_id}/{HOWTO_FILE}")


def docs_page_start(game_id: str) -> str:
    """What ``docs/games/<id>.md`` must begin with: the how-to text, then the marker line."""
    return rules_text(game_id).rstrip("\n") + "\n\n" + docs_marker(game_id) + "\n"


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
