"""Issue 28, "The server holds": the browser's safety headers on every answer, and requests
another site makes a browser send (a form, a no-cors fetch) refused without changing anything."""

from __future__ import annotations

import base64
import hashlib
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardtable.server.app import WEB_DIR

from .helpers import as_player, new_player, new_table


def csp_of(r: Any) -> dict[str, str]:
    return {d.split(" ", 1)[0]: d.split(" ", 1)[1] if " " in d else ""
            for d in (x.strip() for x in r.headers["content-security-policy"].split(";"))}


@pytest.mark.parametrize("path", ["/", "/tables/nothing", "/api/health", "/api/games",
                                  "/static/table.js", "/static/felt/felt.css", "/api/tables/none", "/rules/gin"])
def test_every_answer_carries_the_safety_headers(server: TestClient, path: str) -> None:
    r = server.get(path)
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "same-origin"
    assert r.headers["x-frame-options"] == "DENY"
    csp = csp_of(r)
    assert csp["frame-ancestors"] == "'none'"
    assert csp["object-src"] == "'none'" and csp["base-uri"] == "'none'"
    assert "'unsafe-inline'" not in csp["script-src"] and "'unsafe-eval'" not in csp["script-src"]
    assert csp["default-src"] == "'self'"


def test_the_pages_inline_import_map_is_allowed_by_its_hash_and_nothing_else(server: TestClient) -> None:
    page = server.get("/tables/nothing").text
    inline = re.findall(r'<script type="importmap">(.*?)</script>', page, re.S)
    assert inline, "the table page has its import map inline"
    want = {"'sha256-" + base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() + "'" for s in inline}
    sources = set(csp_of(server.get("/tables/nothing"))["script-src"].split())
    assert want <= sources
    # one hash per distinct inline script of the pages, 'self', and 'wasm-unsafe-eval': the
    # scorekeeper's offline worker compiles Pyodide's WebAssembly (issue 30); it allows no eval
    others = sources - want - {"'self'", "'wasm-unsafe-eval'"}
    assert not others or all(s.startswith("'sha256-") for s in others)
    assert "'wasm-unsafe-eval'" in sources and csp_of(server.get("/tables/nothing"))["worker-src"] == "'self'"
    assert len(list(WEB_DIR.glob("*.html"))) >= 3


def count_tables(server: TestClient) -> int:
    return len(server.get("/api/tables").json())


def test_a_form_of_another_site_creates_no_table(server: TestClient) -> None:
    before = count_tables(server)
    # an HTML form posts text/plain or urlencoded without asking; the browser says where from
    r = server.post("/api/tables", content='{"game": "gin", "seats": ["bot:random", "bot:random"]}',
                    headers={"Content-Type": "text/plain", "Origin": "https://evil.example"})
    assert r.status_code == 403 and "another site" in r.json()["error"]
    r = server.post("/api/tables", content='{"game": "gin", "seats": ["bot:random", "bot:random"]}',
                    headers={"Content-Type": "text/plain"})
    assert r.status_code == 415 and "JSON" in r.json()["error"]
    r = server.post("/api/tables", content="game=gin", headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert r.status_code == 415
    r = server.post("/api/tables", json={"game": "gin", "seats": ["bot:random", "bot:random"]},
                    headers={"Sec-Fetch-Site": "cross-site"})
    assert r.status_code == 403
    r = server.post("/api/tables", json={"game": "gin", "seats": ["bot:random", "bot:random"]},
                    headers={"Origin": "null"})
    assert r.status_code == 403
    assert count_tables(server) == before
    # the same request from the server's own page goes through
    r = server.post("/api/tables", json={"game": "gin", "seats": ["bot:random", "bot:random"], "bot_delay_ms": 0},
                    headers={"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"})
    assert r.status_code == 201, r.text
    assert count_tables(server) == before + 1


def test_another_sites_request_takes_no_seat(server: TestClient) -> None:
    table = new_table(server, "gin", ["open", "bot:random"])
    bo = new_player(server, "bo")
    r = server.post(f"/api/tables/{table['id']}/seats/0", content="", headers={
        **as_player(bo), "Origin": "https://evil.example", "Content-Type": "text/plain"})
    assert r.status_code == 403
    assert server.get(f"/api/tables/{table['id']}").json()["seats"][0]["kind"] == "open"
