"""The browser table's speed, measured in Debian's Chromium with the Performance API.

    .venv/bin/python bench/page_speed.py [--game dummy] [--players 4] [--moves 40] [--json]

Starts `cardtable serve` on 127.0.0.1 (its own SQLite file), opens a table of the game
against bots at 1280×800 and measures:

- **first paint**: the page's first contentful paint, and the moment the table is drawn
  (the first animation frame after the first card is in the felt), from navigation start;
- **frame to drawn**: for each state frame the page receives, the time from the frame's
  arrival (a wrapped ``WebSocket``'s message event) to the first animation frame after the
  page took it (``document.body.dataset.seq`` changed): the time until the new state is
  on screen (animations then run from there);
- **page weight**: bytes of every resource the page loaded (HTML, scripts, styles, data),
  without fonts (none are shipped: docs/web.md "Cards and fonts").

The person's own moves are made through the page's list of moves (``data-move``), one per
state, as fast as the click guard allows. Figures go to docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]

# records each state frame's arrival and the first animation frame after the page drew it
WATCH = """
(() => {
  window.__frames = []; window.__drawn = []; window.__cardtable_draws = [];
  // a subclass: the page's socket keeps WebSocket.OPEN and the rest of the statics
  window.WebSocket = class extends window.WebSocket {
    constructor(...a) {
      super(...a);
      this.addEventListener("message", (ev) => {
        try { const m = JSON.parse(ev.data); if (m.type === "state") window.__frames.push([m.seq, performance.now()]); }
        catch (e) {}
      });
    }
  };
  window.__firstCard = null;
  new MutationObserver(() => {
    if (window.__firstCard === null && document.querySelector("#felt [data-card]")) {
      const at = performance.now();
      requestAnimationFrame(() => { window.__firstCard = [at, performance.now()]; });
      window.__firstCard = -1;
    }
  }).observe(document, { childList: true, subtree: true });
  new MutationObserver(() => {
    const seq = Number(document.body.dataset.seq);
    const at = performance.now();
    requestAnimationFrame(() => window.__drawn.push([seq, at, performance.now()]));
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-seq"] });
})();
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def call(base: str, method: str, path: str, body: Any = None, player: str | None = None) -> Any:
    headers = {"Content-Type": "application/json", **({"X-Player": player} if player else {})}
    req = urllib.request.Request(base + path, data=json.dumps(body).encode() if body is not None else None,
                                 headers=headers, method=method)
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def measure(game: str, players: int, moves: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    tmp = Path(tempfile.mkdtemp())
    exe = Path(sys.executable).with_name("cardtable")
    proc = subprocess.Popen([str(exe), "serve", "--host", "127.0.0.1", "--port", str(port),
                             "--db", f"sqlite:///{tmp / 'bench.db'}", "--moves-per-second", "1000"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                call(base, "GET", "/api/health")
                break
            except OSError:
                time.sleep(0.1)
        me = call(base, "POST", "/api/players", {"name": "Ann"})
        table = call(base, "POST", "/api/tables", {"game": game, "players": players,
                                                   "seats": ["open"] + ["bot:heuristic"] * (players - 1),
                                                   "bot_delay_ms": 0, "hints": False}, me["secret"])
        token = call(base, "POST", f"/api/tables/{table['id']}/seats/0", {"name": "Ann"}, me["secret"])["token"]
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            ctx = browser.new_context(viewport={"width": 1280, "height": 800})
            ctx.add_init_script(WATCH)
            page = ctx.new_page()
            # a cold load first (nothing cached), as a newcomer opens an invite link
            page.goto(f"{base}/tables/{table['id']}#token={token}")
            page.wait_for_function("() => Array.isArray(window.__firstCard)", timeout=30_000)
            drawn_at = page.evaluate("window.__firstCard[1]")
            steps = page.evaluate("""() => {
                const nav = performance.getEntriesByType('navigation')[0];
                const res = performance.getEntriesByType('resource');
                return {dom_content_loaded: nav.domContentLoadedEventEnd,
                        last_file: Math.max(...res.map((e) => e.responseEnd)),
                        first_frame: window.__frames.length ? window.__frames[0][1] : null,
                        card_in_dom: window.__firstCard[0]}; }""")
            paint = page.evaluate("""() => {
                const p = performance.getEntriesByName('first-contentful-paint')[0];
                return p ? p.startTime : null; }""")
            weight = page.evaluate("""() => {
                const nav = performance.getEntriesByType('navigation')[0];
                const res = performance.getEntriesByType('resource');
                const size = (e) => e.encodedBodySize || e.transferSize || 0;
                const files = res.filter((e) => !/\\.(woff2?|ttf|otf)(\\?|$)/.test(e.name));
                return { total: size(nav) + files.reduce((a, e) => a + size(e), 0),
                         files: files.map((e) => [e.name.replace(location.origin, ''), size(e),
                                                  Math.round(e.startTime), Math.round(e.responseEnd)]) }; }""")
            made = 0
            for _ in range(moves * 20):
                if made >= moves or page.evaluate("document.body.dataset.status") == "over":
                    break
                clicked = page.evaluate("""() => {
                    const b = [...document.querySelectorAll('[data-move]:not([disabled])')];
                    if (!b.length) return false;
                    b[Math.floor(b.length / 2)].click(); return true; }""")
                made += bool(clicked)
                page.wait_for_timeout(450)      # the click guard's quiet moment, and the bots
            frames = page.evaluate("window.__frames")
            drawn = page.evaluate("window.__drawn")
            draws = [d[0] for d in page.evaluate("window.__cardtable_draws")]
            browser.close()
    finally:
        proc.terminate()
        proc.wait(10)
    arrived = {}
    for seq, at in frames:
        arrived.setdefault(seq, at)
    lags = []
    for seq, _changed, painted in drawn:
        if seq in arrived:
            lags.append(painted - arrived[seq])
    return {"game": game, "players": players, "moves_made": made,
            "first_contentful_paint_ms": round(paint, 1) if paint is not None else None,
            "table_drawn_ms": round(drawn_at, 1),
            "steps_ms": {k: round(v, 1) if v is not None else None for k, v in steps.items()},
            "frame_to_drawn_ms": {"n": len(lags),
                                  "median": round(statistics.median(lags), 1) if lags else None,
                                  "p95": round(sorted(lags)[int(0.95 * (len(lags) - 1))], 1) if lags else None,
                                  "max": round(max(lags), 1) if lags else None},
            "draw_js_ms": {"n": len(draws), "median": round(statistics.median(draws), 1) if draws else None,
                           "p95": round(sorted(draws)[int(0.95 * (len(draws) - 1))], 1) if draws else None},
            "page_weight_bytes": weight["total"], "files": weight["files"]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="dummy")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--moves", type=int, default=40)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    r = measure(a.game, a.players, a.moves)
    if a.json:
        print(json.dumps(r, indent=1))
        return
    print(f"{r['game']} ({r['players']} players), {r['moves_made']} moves made")
    print(f"first contentful paint {r['first_contentful_paint_ms']} ms, table drawn {r['table_drawn_ms']} ms")
    print("  on the way (ms from navigation start):", r["steps_ms"])
    f = r["frame_to_drawn_ms"]
    print(f"frame to drawn: median {f['median']} ms, p95 {f['p95']} ms, max {f['max']} ms over {f['n']} frames")
    d = r["draw_js_ms"]
    print(f"the page's own drawing (script, layout included): median {d['median']} ms, p95 {d['p95']} ms "
          f"over {d['n']} draws")
    print(f"page weight without fonts: {r['page_weight_bytes'] / 1024:.1f} KiB in {len(r['files']) + 1} files")


if __name__ == "__main__":
    main()
