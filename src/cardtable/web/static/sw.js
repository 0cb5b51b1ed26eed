// The scorekeeper's service worker (issue 30, docs/scorekeeper.md "Offline"): once /score has
// been opened, the page, its scripts and styles, Pyodide and the engine's zip are kept, so the
// page loads and scores (scoreapi.js → scoreworker.js) without a network.
//
// Served by the server as GET /sw.js (scope /: server/offline.py), which writes in VERSION (a
// hash of every file kept) and SHELL (their URLs): a release that changes any of them is a new
// service worker, which fills a new cache and deletes the old ones.
//
//   - the files of SHELL under /static/ and the engine's zip: cache first (they change only
//     with VERSION);
//   - the score page (/score, /score/{game}, /score/s/{id}) and the GET APIs it reads offline
//     (API below): network first, the cache when the network fails (a page asked in a language
//     not kept yet falls back to /score as kept);
//   - everything else (the other pages, the tables' APIs and sockets, POSTs): not touched.

const VERSION = "dev";
const SHELL = [];

const PREFIX = "cardtable-offline-";
const CACHE = `${PREFIX}${VERSION}`;
const ENGINE = "/static-engine/cardtable-engine.zip";
const API = new Set(["/api/games"]);
const KEPT = new Set(SHELL);
const LOOSE = { ignoreVary: true };

const isScorePage = (path) => path === "/score" || path.startsWith("/score/");

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // past the browser's HTTP cache: the files of this version, not older copies
    await cache.addAll(SHELL.map((url) => new Request(url, { cache: "reload", credentials: "same-origin" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, LOOSE);
  if (hit) return hit;
  const got = await fetch(request);
  if (got.ok) await cache.put(request, got.clone());
  return got;
}

async function networkFirst(request, fallback) {
  const cache = await caches.open(CACHE);
  try {
    const got = await fetch(request);
    if (got.ok) await cache.put(request, got.clone());
    return got;
  } catch (e) {
    const hit = (await cache.match(request, LOOSE))
      || (await cache.match(request, { ...LOOSE, ignoreSearch: true }))
      || (fallback && (await cache.match(fallback, { ...LOOSE, ignoreSearch: true })));
    if (hit) return hit;
    throw e;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (isScorePage(url.pathname) && (request.mode === "navigate" || request.destination === "document")) {
    event.respondWith(networkFirst(request, "/score"));
  } else if (API.has(url.pathname)) {
    event.respondWith(networkFirst(request, null));
  } else if (KEPT.has(url.pathname) && (url.pathname.startsWith("/static/") || url.pathname === ENGINE)) {
    event.respondWith(cacheFirst(request));
  }
});

// what a page may ask (offline.js): "keep" its own address and its language's game list (the
// install kept /score and /api/games in the browser's language; a page opened with ?lang= is
// kept as it is), "offline-status" what is kept: {version, files, bytes}
async function keep(urls) {
  const cache = await caches.open(CACHE);
  for (const raw of urls || []) {
    const url = new URL(raw, self.location.origin);
    if (url.origin !== self.location.origin || !(isScorePage(url.pathname) || API.has(url.pathname))) continue;
    try {
      const got = await fetch(url.href, { credentials: "same-origin", cache: "no-cache" });
      if (got.ok) await cache.put(url.href, got);
    } catch (e) {
      // offline already: what was kept stays
    }
  }
}

self.addEventListener("message", (event) => {
  if (event.data && event.data.kind === "keep") {
    event.waitUntil(keep(event.data.urls));
    return;
  }
  if (!event.data || event.data.kind !== "offline-status") return;
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    let bytes = 0;
    const keys = await cache.keys();
    for (const request of keys) {
      const r = await cache.match(request, LOOSE);
      if (r) bytes += (await r.clone().arrayBuffer()).byteLength;
    }
    event.source?.postMessage({ kind: "offline-status", version: VERSION, files: keys.length, bytes });
  })());
});
