// The scorekeeper's engine in the browser (issue 30, docs/scorekeeper.md "Offline"): a module
// worker that runs the engine's own Python with Pyodide (vendor/pyodide/, vendored by
// tools/vendor-web) and answers what the server's POST /api/score/fields and POST
// /api/score/sheet would, with the same status and the same JSON, when the network is gone.
//
// Started by scoreapi.js (never by a page directly). Messages in: {id, kind: "fields" |
// "sheet" | "warm", body, lang}; out: {id, status, body} (status 0: the engine could not be
// started, body.error says why). "warm" loads everything and answers {ready: true, ms, pyodide_ms, engine_ms, pyodide}
// (the start's milliseconds: in all, Pyodide's load, the engine's unpacking and import). The
// engine is the zip the server builds of the installed package (GET
// /static-engine/cardtable-engine.zip), unpacked into Pyodide's site-packages; its scoring is
// cardtable.scoreoffline.answer_json. The service worker (sw.js) keeps all these files, so
// the worker starts offline too.

import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";

const ENGINE = "/static-engine/cardtable-engine.zip";
const INDEX = new URL("./vendor/pyodide/", import.meta.url).href;

let starting = null;

async function start() {
  const t0 = performance.now();
  const [py, zip] = await Promise.all([
    loadPyodide({ indexURL: INDEX, stdout: () => {}, stderr: (line) => console.warn("scoreworker:", line) }),
    fetch(ENGINE, { credentials: "same-origin" }).then((r) => {
      if (!r.ok) throw new Error(`${ENGINE}: ${r.status}`);
      return r.arrayBuffer();
    }),
  ]);
  const t1 = performance.now();
  const site = py.runPython("import site; site.getsitepackages()[0]");
  py.unpackArchive(new Uint8Array(zip), "zip", { extractDir: site });
  py.runPython("import importlib; importlib.invalidate_caches()");
  const answer = py.pyimport("cardtable.scoreoffline").answer_json;
  const t2 = performance.now();
  // how long the start took: all of it, Pyodide's own load, the engine unpacked and imported
  return { answer, ms: Math.round(t2 - t0), pyodide_ms: Math.round(t1 - t0), engine_ms: Math.round(t2 - t1),
    pyodide: py.version };
}

function engine() {
  if (!starting) {
    starting = start().catch((e) => {
      starting = null;          // a later message tries again (the files may be back)
      throw e;
    });
  }
  return starting;
}

self.addEventListener("message", async (event) => {
  const { id, kind, body, lang } = event.data || {};
  let reply;
  try {
    const eng = await engine();
    if (kind === "warm") {
      reply = { id, status: 200, body: { ready: true, ms: eng.ms, pyodide_ms: eng.pyodide_ms,
        engine_ms: eng.engine_ms, pyodide: eng.pyodide } };
    } else {
      const got = JSON.parse(eng.answer(String(kind), JSON.stringify(body === undefined ? null : body),
        lang || null));
      reply = { id, status: got.status, body: got.body };
    }
  } catch (e) {
    reply = { id, status: 0, body: { error: String((e && e.message) || e) } };
  }
  self.postMessage(reply);
});
