"""The pages announce every module they will import (server/preload.py), so the browser
fetches them at once: each link names a file of the package, every module reached by an
import is listed, and nothing else."""

from __future__ import annotations

import re

import pytest

from cardtable.server.app import WEB_DIR
from cardtable.server.preload import modules_of, with_preloads

LINK = re.compile(r'<link rel="modulepreload" href="([^"]+)">')
IMPORT = re.compile(r'(?:from|import)\s*"((?:\.|/static/)[^"]+)"')


def reachable(entry: str) -> set[str]:
    """The modules reached from ``entry`` by its relative and absolute imports (read again
    here, by a simpler rule, and the import map's three names)."""
    names = {"preact": "/static/vendor/preact.mjs", "preact/hooks": "/static/vendor/hooks.mjs",
             "htm": "/static/vendor/htm.mjs"}
    seen, todo = set(), [entry]
    while todo:
        url = todo.pop()
        text = (WEB_DIR / url.removeprefix("/")).read_text(encoding="utf-8")
        deps = [names[m] for m in re.findall(r'from\s*"(preact|preact/hooks|htm)"', text)]
        for spec in IMPORT.findall(text):
            if spec.startswith("/"):
                deps.append(spec)
            else:
                parts = url.split("/")[:-1]
                for p in spec.split("/"):
                    if p == "..":
                        parts.pop()
                    elif p != ".":
                        parts.append(p)
                deps.append("/".join(parts))
        for d in deps:
            if d not in seen:
                seen.add(d)
                todo.append(d)
    return seen


@pytest.mark.parametrize(("page", "entry"), [("table.html", "/static/table.js"),
                                             ("replay.html", "/static/replay.js"),
                                             ("index.html", "/static/lobby.js"),
                                             ("puzzles.html", "/static/puzzles.js")])
def test_every_module_of_the_page_is_announced(page: str, entry: str) -> None:
    out = with_preloads((WEB_DIR / page).read_text(encoding="utf-8"), WEB_DIR)
    links = LINK.findall(out)
    assert len(links) == len(set(links)), "a module announced twice"
    assert links[0] == entry
    for u in links:
        assert (WEB_DIR / u.removeprefix("/")).is_file(), u
    assert set(links) == {entry} | reachable(entry)
    assert out.index("modulepreload") < out.index("</head>")


def test_the_table_page_announces_the_felt_and_preact() -> None:
    mods = set(modules_of(WEB_DIR, "/static/table.js",
                          '{"imports": {"preact": "/static/vendor/preact.mjs", '
                          '"preact/hooks": "/static/vendor/hooks.mjs", "htm": "/static/vendor/htm.mjs"}}'))
    assert {"/static/felt/felt.js", "/static/felt/zones.js", "/static/vendor/preact.mjs",
            "/static/vendor/htm.mjs", "/static/connection.js"} <= mods
