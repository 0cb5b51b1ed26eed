"""The scorekeeper offline (issue 30, "works offline once loaded"; docs/scorekeeper.md "Offline").

Once ``/score`` has been opened, the page keeps scoring without a network and can be
installed on a phone's home screen:

- ``GET /static-engine/cardtable-engine.zip``: the engine's Python, zipped from the installed
  package for the page's worker (``static/scoreworker.js``), which runs it in the browser with
  Pyodide (``static/vendor/pyodide/``).  Only the standard-library engine goes in: the package
  without its outer layers (:data:`LEFT_OUT`) and without the modules that import what Pyodide
  has not got; with the games' presets, the translation catalogs (``locale/``, read at run
  time by :mod:`cardtable.i18n`) and the games' how-to pages (``cardtable.rulelinks`` reads
  their headings: a score line links to its rule's section).  Built once per process, byte
  for byte the same for the same files (its ETag is its hash).
- ``GET /sw.js``: the service worker (``static/sw.js``), served from the root so that its scope
  is the whole site, with the list of files it keeps (:func:`shell_urls`) and a version (the
  hash of every one of them) written in: a release that changes any file changes the service
  worker, which then replaces its caches.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import zipfile
from functools import cache
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import Response

import cardtable

PACKAGE_DIR = Path(cardtable.__file__).resolve().parent
WEB_DIR = PACKAGE_DIR / "web"
STATIC_DIR = WEB_DIR / "static"
ENGINE_URL = "/static-engine/cardtable-engine.zip"

#: the outer layers, never in the browser's engine
LEFT_OUT = ("server", "web", "rl", "cli", "agent", "review", "puzzles")
#: modules of the engine's folders that need what the browser has not got: ``python -m
#: cardtable`` (the CLI: typer), Babel's catalog tools, the simulations (Ray, processes) and the
#: ladder that runs them
LEFT_OUT_MODULES = ("__main__.py", "i18n/tools.py", "simulate.py", "ladder.py")
#: data files the engine reads at run time (the games' presets; the catalogs; the how-to pages,
#: whose sections the score lines and fields link to: ``cardtable.rulelinks``)
DATA_SUFFIXES = (".toml", ".po", ".typed", ".md")

#: Pyodide's files the worker loads (vendored by tools/vendor-web)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: the page's files kept for offline use, besides Pyodide's: every script and style of the
#: static folder (small: the score page's module graph is among them, whatever it imports), the
#: vendored libraries, the icons and the manifest
SHELL_GLOBS = ("*.js", "*.css", "vendor/*.mjs", "icons/*.png", "icons/*.svg", "manifest.webmanifest")
#: pages and API answers kept at install (network first afterwards)
SHELL_PAGES = ("/score", "/api/games")

_ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def engine_files(package: Path = PACKAGE_DIR) -> list[tuple[str, Path]]:
    """``(name in the zip, file)`` of the engine, sorted: ``cardtable/…``."""
    out = []
    for path in sorted(package.rglob("*")):
        rel = path.relative_to(package)
        if not path.is_file() or "__pycache__" in rel.parts or rel.parts[0] in LEFT_OUT:
            continue
        if rel.as_posix() in LEFT_OUT_MODULES:
            continue
        if path.suffix == ".py" or path.suffix in DATA_SUFFIXES:
            out.append((f"cardtable/{rel.as_posix()}", path))
    return out


def build_engine_zip(package: Path = PACKAGE_DIR) -> bytes:
    """The zip of :func:`engine_files`: fixed dates and modes, so the same files give the same
    bytes (and the same ETag) in every process."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name, path in engine_files(package):
            info = zipfile.ZipInfo(name, date_time=_ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, path.read_bytes())
    return buf.getvalue()


@cache
def engine_zip() -> tuple[bytes, str]:
    """The engine's zip and its ETag, built at the first request of the process."""
    data = build_engine_zip()
    return data, '"' + hashlib.sha256(data).hexdigest()[:32] + '"'


def shell_urls(static: Path = STATIC_DIR) -> list[str]:
    """Every URL the service worker keeps at install: the score page and the game list, the
    engine's zip, the page's scripts, styles, icons and manifest, and Pyodide's files."""
    files: set[str] = set()
    for pattern in SHELL_GLOBS:
        files |= {p.relative_to(static).as_posix() for p in static.glob(pattern) if p.is_file()}
    files |= {f"vendor/pyodide/{name}" for name in PYODIDE_FILES if (static / "vendor/pyodide" / name).is_file()}
    return [*SHELL_PAGES, ENGINE_URL, *(f"/static/{f}" for f in sorted(files))]


@cache
def shell_version() -> str:
    """The hash of every file the service worker keeps (and of the score page's template and
    the engine): a new release gives a new version, and the service worker new caches."""
    h = hashlib.sha256(cardtable.__version__.encode())
    h.update(engine_zip()[1].encode())
    for url in shell_urls():
        h.update(url.encode() + b"\0")
        if url.startswith("/static/"):
            h.update(hashlib.sha256((STATIC_DIR / url.removeprefix("/static/")).read_bytes()).digest())
    page = WEB_DIR / "score.html"
    if page.is_file():
        h.update(page.read_bytes())
    return h.hexdigest()[:16]


_VERSION_LINE = re.compile(r'^const VERSION = "[^"]*";$', re.M)
_SHELL_LINE = re.compile(r"^const SHELL = \[\];$", re.M)


@cache
def service_worker() -> tuple[str, str]:
    """``static/sw.js`` with its version and its list of files written in, and its ETag."""
    text = (STATIC_DIR / "sw.js").read_text(encoding="utf-8")
    version = shell_version()
    text = _VERSION_LINE.sub(lambda _m: f"const VERSION = {json.dumps(version)};", text, count=1)
    text = _SHELL_LINE.sub(lambda _m: f"const SHELL = {json.dumps(shell_urls())};", text, count=1)
    return text, f'"{version}"'


def _not_modified(request: Request, etag: str) -> bool:
    return etag in [t.strip() for t in request.headers.get("if-none-match", "").split(",")]


def add_offline_routes(app: FastAPI) -> None:
    """The engine's zip for the page's worker and the service worker at the root."""

    @app.get(ENGINE_URL)
    def engine(request: Request) -> Response:
        """The standard-library engine for Pyodide (run in a worker thread: the first request
        builds it)."""
        data, etag = engine_zip()
        headers = {"etag": etag, "cache-control": "no-cache"}
        if _not_modified(request, etag):
            return Response(status_code=304, headers=headers)
        return Response(data, media_type="application/zip", headers=headers)

    @app.get("/sw.js")
    def sw(request: Request) -> Response:
        """The service worker, from the root: its scope is the whole site (the score page and
        its static files)."""
        text, etag = service_worker()
        headers = {"etag": etag, "cache-control": "no-cache", "service-worker-allowed": "/"}
        if _not_modified(request, etag):
            return Response(status_code=304, headers=headers)
        return Response(text, media_type="text/javascript; charset=utf-8", headers=headers)


__all__ = ["ENGINE_URL", "add_offline_routes", "build_engine_zip", "engine_files", "engine_zip", "service_worker",
           "shell_urls", "shell_version"]
