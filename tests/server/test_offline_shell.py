"""Issue 30, "works offline once loaded" (docs/scorekeeper.md "Offline"): what the server gives
the score page to keep scoring without a network and to be installed on a phone: the engine's
zip for Pyodide (the standard-library engine only, with its catalogs; built once, ETag), the
offline answers equal to the server's, the service worker at the root with its list of files
and version, the manifest and its icons, and the Content-Security-Policy that lets a worker
compile WebAssembly."""

from __future__ import annotations

import ast
import io
import json
import re
import struct
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardtable.registry import BUILTIN_GAMES
from cardtable.scoreoffline import answer
from cardtable.server.app import WEB_DIR
from cardtable.server.offline import ENGINE_URL, LEFT_OUT, build_engine_zip, shell_urls

ROOT = Path(__file__).resolve().parents[2]
STATIC = WEB_DIR / "static"
GIN = {"knocker": 0, "hands": [["A♠", "2♠", "3♠", "4♠", "5♠", "6♠", "7♠", "8♠", "9♠", "10♠"],
                               ["K♥", "K♦", "K♣", "Q♥", "Q♦", "Q♣", "J♥", "J♦", "9♥", "8♦"]]}


def sheet(*entries: dict[str, Any], game: str = "gin", players: int = 2, **extra: Any) -> dict[str, Any]:
    return {"format": "cardtable-sheet", "version": 1, "game": game, "players": players,
            "names": ["Ann", "Bo", "Cy"][:players], "preset": None, "rules": {}, "title": "", "entries": list(entries),
            **extra}


def csp_of(r: Any) -> dict[str, str]:
    return {d.split(" ", 1)[0]: d.split(" ", 1)[1] if " " in d else ""
            for d in (x.strip() for x in r.headers["content-security-policy"].split(";"))}


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", path
    return struct.unpack(">II", data[16:24])


# --- the engine's zip ----------------------------------------------------------------------------

def test_the_engine_zip_holds_the_engine_and_its_catalogs_and_no_outer_layer(server: TestClient) -> None:
    r = server.get(ENGINE_URL)
    assert r.status_code == 200 and r.headers["content-type"] == "application/zip"
    etag = r.headers["etag"]
    assert re.fullmatch(r'"[0-9a-f]{32}"', etag) and r.headers["cache-control"] == "no-cache"
    names = zipfile.ZipFile(io.BytesIO(r.content)).namelist()
    assert all(n.startswith("cardtable/") for n in names)
    inner = {n.removeprefix("cardtable/") for n in names}
    for want in ("__init__.py", "scoresheet.py", "scoreoffline.py", "registry.py", "i18n/__init__.py",
                 "parts/tally.py", "explanation.py", "locale/pl/LC_MESSAGES/cardtable.po",
                 "games/dummy/presets/default.toml"):
        assert want in inner, want
    for game in BUILTIN_GAMES:
        assert f"games/{game}/__init__.py" in inner, game
    for loc in ("en", "th", "zh_Hans", "zh_Hant", "pl", "ru"):
        assert f"locale/{loc}/LC_MESSAGES/cardtable.po" in inner, loc
    assert {p.relative_to(WEB_DIR.parent).as_posix() for p in (WEB_DIR.parent / "locale").rglob("*.po")} \
        <= inner, "every catalog, the parts beside the main one too"
    for layer in LEFT_OUT:
        assert not any(n.startswith(f"{layer}/") for n in inner), layer
    assert not any("__pycache__" in n or n.endswith(".pyc") for n in inner)
    assert "__main__.py" not in inner and "i18n/tools.py" not in inner and "simulate.py" not in inner
    # the same files give the same bytes; the browser asks again with its ETag
    assert build_engine_zip() == r.content
    again = server.get(ENGINE_URL, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.headers["etag"] == etag and not again.content


def _imports(tree: ast.AST, module: str) -> list[tuple[str, int]]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(a.name, 0) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                out.append((node.module or "", 0))
            else:
                package = module.removesuffix(".__init__") if module.endswith(".__init__") \
                    else module.rsplit(".", 1)[0]
                parts = package.split(".")
                base = parts[:len(parts) - (node.level - 1)]
                out.append((".".join(base + ([node.module] if node.module else [])), node.level))
    return out


def test_the_engine_needs_nothing_but_the_standard_library_and_itself() -> None:
    """Every import of every module in the zip is the standard library's or another module of
    the zip (read from the source; Pyodide's Python has the whole standard library)."""
    z = zipfile.ZipFile(io.BytesIO(build_engine_zip()))
    modules = {n.removesuffix(".py").replace("/", ".") for n in z.namelist() if n.endswith(".py")}
    packages = {m.removesuffix(".__init__") for m in modules if m.endswith(".__init__")}
    known = {m.removesuffix(".__init__") for m in modules} | packages
    problems = []
    for name in z.namelist():
        if not name.endswith(".py"):
            continue
        module = name.removesuffix(".py").replace("/", ".")
        for target, _level in _imports(ast.parse(z.read(name)), module):
            top = target.split(".")[0]
            if top == "cardtable":
                # ``from . import x`` may name a module of the package: either must be in the zip
                if target not in known and target.rsplit(".", 1)[0] not in known:
                    problems.append(f"{name}: {target}")
            elif top not in sys.stdlib_module_names:
                problems.append(f"{name}: {target}")
    assert problems == []


def test_the_zipped_engine_scores_alone(tmp_path: Path) -> None:
    """The zip unpacked and run by a Python without site-packages (-I -S: no FastAPI, no
    NumPy, nothing installed) answers a sheet and a table's fields, in Polish."""
    zipfile.ZipFile(io.BytesIO(build_engine_zip())).extractall(tmp_path)
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]);"
            "from cardtable.scoresheet import Sheet; from cardtable.parts.tally import fields_json;"
            "from cardtable.scoreoffline import answer_json;"
            "print(answer_json('sheet', sys.argv[2], 'pl')); print(answer_json('fields', sys.argv[3], 'pl'));"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('fastapi', 'numpy', 'sqlalchemy')))")
    got = subprocess.run([sys.executable, "-I", "-S", "-c", code, str(tmp_path),
                          json.dumps({"sheet": sheet(GIN)}), json.dumps({"game": "dummy", "players": 3})],
                         capture_output=True, text=True, timeout=60, check=True).stdout.splitlines()
    scored, fields, outer = json.loads(got[0]), json.loads(got[1]), got[2]
    assert scored["status"] == 200 and scored["body"]["totals"] == [62, 0]
    assert fields["status"] == 200 and fields["body"]["fields"][0]["key"] == "knocker"
    assert outer == "[]"


# --- the same answers as the server ---------------------------------------------------------------

BAD_GIN = {"knocker": 0, "hands": [GIN["hands"][0], GIN["hands"][1][:9]]}
ANSWERED = [
    ("sheet", {"sheet": sheet(GIN, {"dead": True})}),
    ("sheet", {"sheet": sheet(GIN, BAD_GIN)}),
    ("sheet", {}),
    ("sheet", {"sheet": {"format": "x"}}),
    ("sheet", {"sheet": {**sheet(), "names": ["a", "b", "c"]}}),
    ("sheet", {"sheet": sheet(game="chess")}),
    ("sheet", {"sheet": sheet(game="dummy", players=3, rules={"nothing": 1})}),
    ("sheet", []),
    ("fields", {"game": "dummy", "players": 3}),
    ("fields", {"game": "ดัมมี่"}),
    ("fields", {"game": "gin", "preset": None, "rules": {"game_target": 150}}),
    ("fields", {"game": "chess"}),
    ("fields", {"game": "gin", "players": 5}),
    ("fields", {"game": "gin", "rules": {"game_target": "x"}}),
    ("fields", {"game": "gin", "players": "2"}),
    ("fields", {"game": "gin", "preset": 3}),
    ("fields", {"game": "gin", "rules": [1]}),
    ("fields", []),
    *[("fields", {"game": g}) for g in BUILTIN_GAMES],
]


@pytest.mark.parametrize("lang", ["en", "pl", "zh_Hant"])
def test_the_offline_answers_are_the_servers(server: TestClient, lang: str) -> None:
    """What the page's worker answers (``cardtable.scoreoffline``) is what the server answers:
    status and JSON, good bodies and bad ones, in the page's language."""
    for kind, body in ANSWERED:
        r = server.post(f"/api/score/{kind}?lang={lang}", json=body)
        status, got = answer(kind, json.loads(json.dumps(body)), lang)
        assert (status, json.loads(json.dumps(got, ensure_ascii=False))) == (r.status_code, r.json()), (kind, body)


# --- the service worker, the manifest, the policy ----------------------------------------------

def test_the_service_worker_is_served_from_the_root_with_its_files_and_version(server: TestClient) -> None:
    r = server.get("/sw.js")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/javascript")
    assert r.headers["service-worker-allowed"] == "/" and r.headers["cache-control"] == "no-cache"
    version = re.search(r'^const VERSION = "([0-9a-f]{16})";$', r.text, re.M)
    shell = re.search(r"^const SHELL = (\[.*\]);$", r.text, re.M)
    assert version and shell, "the version and the files are written in"
    files = json.loads(shell.group(1))
    assert files == shell_urls()
    for want in ("/score", "/api/games", ENGINE_URL, "/static/score.js", "/static/scoreapi.js",
                 "/static/scoreworker.js", "/static/offline.js", "/static/style.css", "/static/fonts.css",
                 "/static/i18n.js", "/static/cards.js", "/static/manifest.webmanifest",
                 "/static/icons/icon-192.png", "/static/icons/icon-512.png", "/static/vendor/preact.mjs",
                 *(f"/static/vendor/pyodide/{f}" for f in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                                                           "python_stdlib.zip", "pyodide-lock.json"))):
        assert want in files, want
    # the score page's whole module graph is kept
    page = server.get("/score").text
    for module in re.findall(r'<link rel="modulepreload" href="([^"]+)">', page):
        assert module in files, module
    for url in files:
        got = server.get(url)
        assert got.status_code == 200, url
    assert server.get("/sw.js", headers={"If-None-Match": r.headers["etag"]}).status_code == 304
    csp = csp_of(r)
    assert csp["worker-src"] == "'self'"


def test_the_manifest_makes_the_scorekeeper_installable(server: TestClient) -> None:
    r = server.get("/static/manifest.webmanifest")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/manifest+json")
    m = json.loads(r.content)
    assert m["name"] == "cardtable scorekeeper" and m["short_name"]
    assert m["start_url"] == "/score" and m["display"] == "standalone"
    felt = dict(re.findall(r"--(felt|felt-dark):\s*(#[0-9a-f]{6})", (STATIC / "style.css").read_text()))
    assert m["background_color"] == felt["felt"] and m["theme_color"] == felt["felt-dark"]
    sizes = {}
    for icon in m["icons"]:
        assert icon["src"].startswith("/static/icons/")
        path = STATIC / icon["src"].removeprefix("/static/")
        assert path.is_file() and server.get(icon["src"]).status_code == 200
        if icon["type"] == "image/png":
            w, h = png_size(path)
            assert icon["sizes"] == f"{w}x{h}"
            sizes[w] = icon
    assert {192, 512} <= set(sizes)
    # the page links it through offline.js
    assert "/static/manifest.webmanifest" in (STATIC / "offline.js").read_text()


def test_the_policy_lets_the_worker_compile_webassembly_and_nothing_be_evaluated(server: TestClient) -> None:
    for path in ("/score", "/sw.js", "/static/scoreworker.js", ENGINE_URL):
        csp = csp_of(server.get(path))
        sources = csp["script-src"].split()
        assert "'wasm-unsafe-eval'" in sources and "'unsafe-eval'" not in sources
        assert "'unsafe-inline'" not in sources and csp["worker-src"] == "'self'"


def test_pyodide_is_vendored_at_its_pinned_version_and_packaged() -> None:
    pin = json.loads((ROOT / "webvendor/package.json").read_text())["dependencies"]["pyodide"]
    lock = json.loads((ROOT / "webvendor/package-lock.json").read_text())
    assert lock["packages"]["node_modules/pyodide"]["version"] == pin
    vendored = STATIC / "vendor/pyodide"
    assert json.loads((vendored / "package.json").read_text())["version"] == pin
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
                 "LICENSE"):
        assert (vendored / name).is_file(), name
    assert (vendored / "pyodide.asm.wasm").read_bytes()[:4] == b"\0asm"
    assert "Mozilla Public License Version 2.0" in (vendored / "LICENSE").read_text()
    # the wheel carries every file under static/ (the .wasm and .zip too)
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert re.search(r'"cardtable\.web" = \[[^\]]*"static/\*\*/\*"', pyproject)
