"""Every ES module a page will import, announced in its ``<head>`` as
``<link rel="modulepreload">``: the browser then fetches them all at once instead of level by
level as it discovers each ``import`` (the table page's 40 modules came in five rounds).

The graph is read from the files of the package once per process: ``import … from "./x.js"``,
``import "./x.js"``, absolute ``/static/…`` paths and the page's import map (``"preact"`` →
``/static/vendor/preact.mjs``).
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path, PurePosixPath

_IMPORT = re.compile(r"""(?:^|;|\n)\s*(?:import|export)\s[^"';]*?from\s*["']([^"']+)["']|"""
                     r"""(?:^|;|\n)\s*import\s*["']([^"']+)["']""")
_ENTRY = re.compile(r'<script type="module" src="(/static/[^"]+)"></script>')
_MAP = re.compile(r'<script type="importmap">(.*?)</script>', re.S)
_PRELOAD = re.compile(r'<link rel="modulepreload" href="[^"]*">\n?')


def _imports(web: Path, url: str, mapping: dict[str, str]) -> list[str]:
    path = web / url.removeprefix("/")
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return []
    out = []
    for m in _IMPORT.finditer(text):
        spec = m.group(1) or m.group(2)
        if spec in mapping:
            out.append(mapping[spec])
        elif spec.startswith("/static/"):
            out.append(spec)
        elif spec.startswith("."):
            out.append(str(PurePosixPath(url).parent.joinpath(spec)))
    # "a/../b" written by a relative import one folder up
    return [_normal(u) for u in out]


def _normal(url: str) -> str:
    parts: list[str] = []
    for p in url.split("/"):
        if p == "..":
            if parts:
                parts.pop()
        elif p != ".":
            parts.append(p)
    return "/".join(parts)


@lru_cache(maxsize=16)
def modules_of(web: Path, entry: str, import_map: str) -> tuple[str, ...]:
    """The modules ``entry`` imports, directly or not, in the order first met."""
    mapping = json.loads(import_map).get("imports", {}) if import_map else {}
    seen: dict[str, None] = {}
    todo = [entry]
    while todo:
        url = todo.pop(0)
        for dep in _imports(web, url, mapping):
            if dep not in seen and dep != entry:
                seen[dep] = None
                todo.append(dep)
    return tuple(seen)


def with_preloads(page: str, web: Path) -> str:
    """``page`` with one modulepreload link per module its entry script imports (any written
    by hand replaced), placed before ``</head>``."""
    entry = _ENTRY.search(page)
    if entry is None:
        return page
    found = _MAP.search(page)
    mods = modules_of(web, entry.group(1), found.group(1).strip() if found else "")
    links = "".join(f'<link rel="modulepreload" href="{u}">\n' for u in (entry.group(1), *mods))
    page = _PRELOAD.sub("", page)
    return page.replace("</head>", links + "</head>", 1)
