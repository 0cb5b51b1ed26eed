"""Build-time tools for the catalogs (needs Babel, the ``i18n`` extra).

    python -m cardtable.i18n.tools extract            # the messages in the code, as a .pot on stdout
    python -m cardtable.i18n.tools stub PART PATH…    # add PATH's untranslated messages to every
                                                      # locale's parts/PART.po (English filled in)
    python -m cardtable.i18n.tools check [LOCALE…] [PATH…]   # what is missing, fuzzy, unused or
                                                      # mismatched (PATHs: only their messages)
    python -m cardtable.i18n.tools merge              # fold parts/*.po into each cardtable.po

Extraction reads the Python of the engine, the CLI and the server (``_``, ``N_``,
``ngettext``, ``pgettext``, ``npgettext``), the browser table's scripts (``t``, ``tn``) and
its pages' ``data-i18n`` texts (``cardtable.web.pagetext``).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

from . import DOMAIN, LOCALE_DIR, LOCALES, catalog_files
from .catalog import header_field
from .catalog import read_po as parse_po_file

PACKAGE_DIR = LOCALE_DIR.parent
KEYWORDS = {"_": None, "gettext": None, "N_": None, "ngettext": (1, 2),
            "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3),
            "t": None, "tn": (1, 2)}
METHODS = [("rl/**.py", "ignore"), ("i18n/**.py", "ignore"),
           ("**.py", "python"), ("web/static/**.js", "cardtable.i18n.tools:extract_js"),
           ("web/*.html", "cardtable.web.pagetext:extract_html"),
           ("games/*/presets/*.toml", "cardtable.i18n.tools:extract_preset")]
_PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}(?!\})")


# the Python code's keywords: ``t``/``tn`` are the page scripts' only (a Python ``t(...)`` is
# not a message)
PY_KEYWORDS = {k: v for k, v in KEYWORDS.items() if k not in ("t", "tn")}


def extract_js(fileobj, keywords, comment_tags, options):
    """Babel's JavaScript extractor with the scripts' keywords (``t``, ``tn``, ``N_``…):
    ``extract_from_dir`` passes every method the same keywords, the Python ones."""
    from babel.messages.extract import extract_javascript

    same = {"t": "_", "tn": "ngettext"}       # Babel reads the result with the Python keywords
    # the drawing layer's words live inside htm templates (html`…${t("…")}…`)
    options = {**(options or {}), "parse_template_string": True}
    for lineno, funcname, message, comments in extract_javascript(fileobj, KEYWORDS,
                                                                  comment_tags, options):
        yield lineno, same.get(funcname, funcname), message, comments


def extract_preset(fileobj, keywords, comment_tags, options):
    """Babel extractor for a preset file: its ``description`` is shown to players."""
    import tomllib

    data = tomllib.loads(fileobj.read().decode("utf-8"))
    if isinstance(data.get("description"), str):
        yield 1, "N_", data["description"], ["a preset's description (presets/*.toml)"]


def extract(paths: Sequence[Path] | None = None) -> Catalog:
    """Every marked message of the package, or of the files under ``paths`` only."""
    roots = [Path(p).resolve() for p in paths or []]
    cat = Catalog(domain=DOMAIN, project="cardtable")
    for filename, lineno, message, comments, context in extract_from_dir(
            PACKAGE_DIR, METHODS, keywords=PY_KEYWORDS, comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True):
        full = (PACKAGE_DIR / filename).resolve()
        if roots and not any(full == r or r in full.parents for r in roots):
            continue
        cat.add(message, locations=[(Path(filename).as_posix(), lineno)],
                auto_comments=comments, context=context)
    return cat


def plural_header(locale: str) -> str:
    p = get_plural(Locale.parse(locale))
    return f"nplurals={p.num_plurals}; plural={p.plural_expr};"


def load(locale: str) -> Catalog:
    """A locale's messages, ``cardtable.po`` and its parts together."""
    cat = Catalog(locale=Locale.parse(locale), domain=DOMAIN, project="cardtable")
    for f in catalog_files(locale):
        with f.open("rb") as fh:
            part = read_po(fh, locale=locale)
        for m in part:
            if m.id:
                cat.add(m.id, m.string, locations=m.locations, flags=m.flags,
                        auto_comments=m.auto_comments, context=m.context)
    return cat


def _new_catalog(locale: str) -> Catalog:
    return Catalog(locale=Locale.parse(locale), domain=DOMAIN, project="cardtable",
                   version="1", copyright_holder="the cardtable authors",
                   msgid_bugs_address="the cardtable issue tracker",
                   last_translator="the cardtable authors",
                   language_team=f"cardtable {locale}", fuzzy=False)


def _write(cat: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fh:
        write_po(fh, cat, width=100, omit_header=False, sort_output=False)


def _key(m) -> tuple[str | None, str | tuple]:
    return (m.context, m.id)


def stub(part: str, paths: Sequence[Path]) -> dict[str, int]:
    """Add the messages of ``paths`` that a locale lacks to its ``parts/<part>.po``."""
    found = extract(paths)
    added: dict[str, int] = {}
    for loc in LOCALES:
        have = {_key(m) for m in load(loc) if m.id}
        target = LOCALE_DIR / loc / "LC_MESSAGES" / "parts" / f"{part}.po"
        if target.exists():
            with target.open("rb") as fh:
                cat = read_po(fh, locale=loc)
        else:
            cat = _new_catalog(loc)
        n = 0
        for m in found:
            if not m.id or _key(m) in have:
                continue
            string = (m.id if isinstance(m.id, str) else tuple(m.id)) if loc == "en" else (
                "" if isinstance(m.id, str) else tuple("" for _ in range(cat.num_plurals)))
            cat.add(m.id, string, locations=m.locations, auto_comments=m.auto_comments,
                    context=m.context)
            n += 1
        if n:
            _write(cat, target)
        added[loc] = n
    return added


def _placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text))


def check(locales: Iterable[str] = LOCALES, unused: bool = True,
          paths: Sequence[Path] | None = None) -> list[str]:
    """Problems of the catalogs: messages missing or untranslated, fuzzy, unused, wrong
    placeholders, wrong plural header, and what Babel's own checkers find.  With ``paths``,
    only the messages of those files are looked at (and none is reported unused)."""
    problems: list[str] = []
    code = extract(paths)
    unused = unused and not paths
    wanted = {_key(m): m for m in code if m.id}
    for loc in locales:
        files = catalog_files(loc)
        if not files:
            problems.append(f"{loc}: no catalog ({LOCALE_DIR / loc / 'LC_MESSAGES'})")
            continue
        expected = plural_header(loc)
        for f in files:
            got = header_field(parse_po_file(f), "Plural-Forms") or ""
            if got.replace(" ", "") != expected.replace(" ", ""):
                problems.append(f"{loc}: {f.name}: Plural-Forms should be {expected!r}, "
                                f"is {got!r}")
        cat = load(loc)
        have = {_key(m): m for m in cat if m.id}
        for key, m in wanted.items():
            if key not in have:
                problems.append(f"{loc}: missing {m.id!r} ({m.locations[0][0]})")
        for key, m in have.items():
            where = f"{loc}: {m.id!r}"
            if key not in wanted:
                if unused:
                    problems.append(f"{where} is in the catalog but not in the code")
                continue
            if m.fuzzy:
                problems.append(f"{where} is fuzzy")
            if m.string is None:    # Babel leaves it None only for a message added without one
                raise ValueError(f"{where} has no msgstr at all (not even an empty one)")
            strings = [m.string] if isinstance(m.string, str) else list(m.string)
            ids = [m.id] if isinstance(m.id, str) else list(m.id)
            if not all(strings):
                problems.append(f"{where} is not translated")
                continue
            if not isinstance(m.id, str) and len(strings) != cat.num_plurals:
                problems.append(f"{where} has {len(strings)} plural forms, not {cat.num_plurals}")
            want = set().union(*(_placeholders(i) for i in ids))
            for s in strings:
                found = _placeholders(s)
                # a plural form may leave {n} out (Chinese "several cards")
                if found - want or (want - found) - {"n"}:
                    problems.append(f"{where}: placeholders {sorted(found)} do not match "
                                    f"{sorted(want)} in {s!r}")
        for m in cat:
            if not m.id or _key(m) not in wanted:
                continue
            for err in m.check(cat):
                problems.append(f"{loc}: {m.id!r}: {err}")
    return problems


def merge() -> None:
    """Fold every locale's parts into its ``cardtable.po`` (kept in the order of the code)."""
    code = extract()
    order = {_key(m): i for i, m in enumerate(code)}
    for loc in LOCALES:
        cat = load(loc)
        out = _new_catalog(loc)
        for m in sorted((m for m in cat if m.id), key=lambda m: order.get(_key(m), 10**9)):
            src = code.get(m.id, m.context)
            out.add(m.id, m.string, locations=src.locations if src else m.locations,
                    auto_comments=src.auto_comments if src else m.auto_comments,
                    flags=m.flags, context=m.context)
        _write(out, LOCALE_DIR / loc / "LC_MESSAGES" / f"{DOMAIN}.po")
        for f in (LOCALE_DIR / loc / "LC_MESSAGES" / "parts").glob("*.po"):
            f.unlink()


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    cmd, args = argv[0], argv[1:]
    if cmd == "extract":
        write_po(sys.stdout.buffer, extract([Path(a) for a in args] or None), width=100)
        return 0
    if cmd == "stub":
        if len(args) < 2:
            print("usage: stub PART PATH…", file=sys.stderr)
            return 2
        for loc, n in stub(args[0], [Path(a) for a in args[1:]]).items():
            print(f"{loc}: {n} new message(s)")
        return 0
    if cmd == "check":
        locs = [a for a in args if a in LOCALES]
        only = [Path(a) for a in args if a not in LOCALES]
        problems = check(locs or LOCALES, paths=only or None)
        for p in problems:
            print(p)
        print(f"{len(problems)} problem(s)")
        return 1 if problems else 0
    if cmd == "merge":
        merge()
        return 0
    print(f"unknown command {cmd!r}; see --help", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
