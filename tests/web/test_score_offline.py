"""Issue 30, "works offline once loaded" (docs/scorekeeper.md "Offline"), in Debian's Chromium:
the score page registers the service worker, which keeps the page, its files, Pyodide and the
engine; then with the network gone (the browser offline and the server stopped) the page's
``scoreSheet``/``scoreFields`` (static/scoreapi.js) answer from the engine running in the
browser exactly what the server answered online — a Dummy sheet and a gin sheet, their totals
and lines in the page's language, a bad entry's 400 — and the page reloads from the cache.

The figures (Pyodide's cold start to the first scored sheet, the bytes kept) are printed and
written to /tmp/score-offline.json."""

from __future__ import annotations

import copy
import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardtable.match import Match
from cardtable.registry import game_parts, get_game

from .conftest import Server

pytestmark = pytest.mark.slow

FIGURES = Path("/tmp/score-offline.json")
GIN = {"knocker": 0, "hands": [["A♠", "2♠", "3♠", "4♠", "5♠", "6♠", "7♠", "8♠", "9♠", "10♠"],
                               ["K♥", "K♦", "K♣", "Q♥", "Q♦", "Q♣", "J♥", "J♦", "9♥", "8♦"]]}
BAD_GIN = {"knocker": 0, "hands": [GIN["hands"][0], GIN["hands"][1][:9]]}


#: Dummy plays one hand unless a target is set (B29): a match of a few deals
DUMMY_RULES = {"match_target": 5000}


def sheet(game: str, players: int, entries: list[dict[str, Any]],
          rules: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"format": "cardtable-sheet", "version": 1, "game": game, "players": players,
            "names": ["Ann", "Bo", "Cy", "Di"][:players], "preset": None, "rules": rules or {}, "title": "",
            "entries": copy.deepcopy(entries)}


def dummy_entries(deals: int = 3, seed: int = 11) -> tuple[int, list[dict[str, Any]]]:
    """The ends of a few Dummy deals played with random legal moves, as people enter them."""
    game = get_game("dummy")
    tally = game_parts("dummy").tally
    assert tally is not None
    match = Match(game, game.default_players, game.make_options(None, DUMMY_RULES), seed=seed)
    rng = random.Random(seed)
    out = []
    for _ in range(deals):
        state = match.state
        while not state.is_over:
            seat = state.to_move()[0]
            state.apply(rng.choice(state.legal_moves(seat)), seat)
        out.append(json.loads(json.dumps(tally.describe(state), ensure_ascii=False)))
        match.finish_deal()
        if match.over:
            break
        match.next_deal()
    return game.default_players, out


def requests_of() -> list[dict[str, Any]]:
    players, dummy = dummy_entries()
    bad_dummy = copy.deepcopy(dummy)
    bad_dummy[-1]["hand"][0] = bad_dummy[-1]["hand"][0] + ["A♠", "A♠"]     # a card twice
    return [
        {"kind": "sheet", "body": {"sheet": sheet("dummy", players, dummy, DUMMY_RULES)}},
        {"kind": "sheet", "body": {"sheet": sheet("gin", 2, [GIN, {"dead": True}, GIN])}},
        {"kind": "sheet", "body": {"sheet": sheet("gin", 2, [GIN, BAD_GIN])}},
        {"kind": "sheet", "body": {"sheet": sheet("dummy", players, bad_dummy, DUMMY_RULES)}},
        {"kind": "sheet", "body": {"sheet": {"format": "nothing"}}},
        {"kind": "fields", "body": {"game": "dummy", "players": players, "rules": DUMMY_RULES}},
        {"kind": "fields", "body": {"game": "gin", "players": 5}},
    ]


ASK = """async (requests) => {
  const api = await import("/static/scoreapi.js");
  const out = [];
  for (const r of requests) {
    const t0 = performance.now();
    const got = await (r.kind === "sheet" ? api.scoreSheet(r.body) : api.scoreFields(r.body));
    out.push({...got, ms: performance.now() - t0});
  }
  return out;
}"""

KEPT = """async () => {
  const off = await import("/static/offline.js");
  return await off.offlineStatus();
}"""


@pytest.fixture(scope="module")
def own_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server of this module's own: the test stops it to take the network away."""
    srv = Server(tmp_path_factory.mktemp("offline-server"))
    yield srv
    if srv.proc.poll() is None:
        srv.stop()


def test_the_score_page_scores_offline_as_the_server_did(browser: Any, own_server: Server) -> None:
    # the browser says English; the page is opened in Polish (?lang=pl): offline it stays Polish
    context = browser.new_context(locale="en-US", viewport={"width": 390, "height": 844})
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    requests = requests_of()
    try:
        # --- online: the page registers the service worker, which keeps everything -----------------
        page.goto(f"{own_server.base}/score?lang=pl")
        t0 = time.monotonic()
        page.evaluate("import('/static/offline.js').then((m) => m.offlineRegistration).then(() => true)")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)
        installed_s = time.monotonic() - t0
        # the page as opened (?lang=pl) and its language's game list are kept too
        page.wait_for_function("() => Promise.all([caches.match(location.href, {ignoreVary: true}), "
                               "caches.match('/api/games?lang=pl', {ignoreVary: true})])"
                               ".then((got) => got.every(Boolean))", timeout=30_000)
        assert page.evaluate("document.querySelector('link[rel=manifest]').href").endswith(
            "/static/manifest.webmanifest")
        kept = page.evaluate(KEPT)
        assert kept and kept["files"] >= 40 and kept["bytes"] > 13_000_000, kept
        online = page.evaluate(ASK, requests)
        assert [r["offline"] for r in online] == [False] * len(requests)
        assert [r["status"] for r in online] == [200, 200, 400, 400, 400, 200, 400]
        assert online[2]["body"]["deal"] == 2 and online[2]["body"]["field"] == "hands" \
            and online[2]["body"]["seat"] == 2
        assert online[0]["body"]["game"] == "dummy" and len(online[0]["body"]["deals"]) == 3
        assert online[3]["body"]["deal"] == 3 and online[3]["body"]["field"] == "hand"
        lines = [line["text"] for seat in online[1]["body"]["deals"][0]["lines"] for line in seat]
        assert lines, "the lines of a gin deal"
        # the page warms the engine up while the network is there (from the service worker's cache)
        t0 = time.monotonic()
        warm = page.evaluate("import('/static/scoreapi.js').then((api) => api.warmOffline())")
        warm_s = time.monotonic() - t0
        assert warm["ready"] and warm["pyodide"] == "314.0.8", warm

        # --- the network goes: the browser offline, the server gone -----------------------------------
        context.set_offline(True)
        own_server.stop()
        offline = page.evaluate(ASK, requests)
        assert [r["offline"] for r in offline] == [True] * len(requests), [r["body"] for r in offline]
        for asked, on, off in zip(requests, online, offline, strict=True):
            assert (off["status"], off["body"]) == (on["status"], on["body"]), asked

        # --- the page comes back from the cache, and scores again from nothing ------------------------
        page.reload(wait_until="load")
        assert page.evaluate("document.body.classList.contains('score-page')")
        assert page.evaluate("document.documentElement.lang") == "pl"
        assert page.evaluate("JSON.parse(document.getElementById('cardtable-i18n').textContent).locale") == "pl"
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        again = page.evaluate(ASK, requests)
        assert [(r["status"], r["body"]) for r in again] == [(r["status"], r["body"]) for r in online]
        # the worker's start (Pyodide, the engine unpacked and imported) and the first sheet scored
        cold_s = again[0]["ms"] / 1000
        start = page.evaluate("import('/static/scoreapi.js').then((api) => api.warmOffline())")
        assert start["ready"], start
        # a score page never opened (a game's, a shared sheet's) is the kept page: it reads its address
        page.goto(f"{own_server.base}/score/gin?lang=pl", wait_until="load")
        assert page.evaluate("document.body.classList.contains('score-page')")
        assert not problems, problems
    finally:
        context.close()
    figures = {"install_s": round(installed_s, 2), "warm_up_online_s": round(warm_s, 2),
               "first_offline_sheet_after_warm_up_ms": round(offline[0]["ms"]),
               "cold_start_to_first_sheet_s": round(cold_s, 2), "start_ms": start["ms"],
               "pyodide_load_ms": start["pyodide_ms"], "engine_unpack_import_ms": start["engine_ms"],
               "next_sheet_ms": round(again[1]["ms"]), "kept_files": kept["files"], "kept_bytes": kept["bytes"]}
    FIGURES.write_text(json.dumps(figures, indent=1))
    print("score offline:", figures)
