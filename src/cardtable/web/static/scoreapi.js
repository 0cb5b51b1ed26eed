// The scorekeeper's two questions, online or not (issue 30, docs/scorekeeper.md "Offline").
//
//   scoreFields(body)  body {game, players, preset?, rules?}  → POST /api/score/fields
//   scoreSheet(body)   body {sheet}                           → POST /api/score/sheet
//
// Each resolves to {status, body, offline}: the server's status and JSON when it answers (the
// page's language, the session's CSRF token when signed in: the page's own requests'), else —
// no network (offline, the request failed, no answer within TIMEOUT_MS, or a gateway's
// 502/503/504) — the same status and JSON from the engine running in this browser
// (scoreworker.js, Pyodide), with offline true. Never rejects: when neither can answer,
// {status: 0, body: {error}}. warmOffline() starts the worker once the page is idle (and the
// service worker of offline.js, if any, has taken the page: Pyodide then comes from its cache),
// so that it is ready before the network goes; offlineReady() is its promise (or null).

import { LOCALE, t, withLang } from "./i18n.js";
import { accountName, loadSession, whoHeaders } from "./player.js";

const ROUTES = { fields: "/api/score/fields", sheet: "/api/score/sheet" };
/** A server that has not answered after this long counts as gone (a phone's dead network
 * often hangs instead of failing). */
export const TIMEOUT_MS = 10_000;
const GATEWAY = new Set([502, 503, 504]);
/** warmOffline() waits this long at most for the service worker to take the page. */
const SW_WAIT_MS = 60_000;

let worker = null;
let next = 1;
const waiting = new Map();
let warming = null;

function startWorker() {
  if (worker) return worker;
  worker = new Worker(new URL("./scoreworker.js", import.meta.url), { type: "module", name: "scoreworker" });
  worker.addEventListener("message", (event) => {
    const { id, status, body } = event.data || {};
    const done = waiting.get(id);
    if (done) {
      waiting.delete(id);
      done({ status, body });
    }
  });
  worker.addEventListener("error", (event) => {
    // the worker could not be started at all (its script missing offline): answer everyone
    // waiting, and start a new one next time
    const why = (event && event.message) || t("could not reach the server");
    for (const done of waiting.values()) done({ status: 0, body: { error: why } });
    waiting.clear();
    worker = null;
    warming = null;
  });
  return worker;
}

function askWorker(kind, body) {
  const w = startWorker();
  const id = next++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    w.postMessage({ id, kind, body, lang: LOCALE });
  });
}

/** ``promise``, or a rejection after ``ms`` (a hanging network counts as none). */
function within(promise, ms) {
  let timer;
  const late = new Promise((resolve, reject) => { timer = setTimeout(() => reject(new Error("timeout")), ms); });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The server's answer {status, body}; throws when the network failed. */
async function askServer(kind, body) {
  await within(loadSession(), TIMEOUT_MS);
  const send = async () => {
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), TIMEOUT_MS);
    try {
      const r = await fetch(withLang(ROUTES[kind]), {
        method: "POST", cache: "no-store", signal: stop.signal,
        headers: { ...whoHeaders("POST"), "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const data = await r.json().catch(() => null);
      return { status: r.status, body: data };
    } finally {
      clearTimeout(timer);
    }
  };
  let got = await send();
  if (got.status === 403 && accountName()) {      // the session's token changed: read it again
    await within(loadSession(true), TIMEOUT_MS);
    got = await send();
  }
  if (got.body === null) {
    if (GATEWAY.has(got.status)) throw new Error(`the server answered ${got.status}`);
    got.body = { error: t("the server answered {status}", { status: got.status }) };
  }
  return got;
}

async function ask(kind, body) {
  if (navigator.onLine !== false) {
    try {
      const got = await askServer(kind, body);
      if (!GATEWAY.has(got.status)) return { ...got, offline: false };
    } catch (e) {
      // no network: the engine in this browser answers
    }
  }
  const got = await askWorker(kind, body);
  if (got.status === 0 && !got.body?.error) got.body = { error: t("could not reach the server") };
  return { ...got, offline: true };
}

/** POST /api/score/fields: ``{status, body, offline}`` (see the top of this file). */
export function scoreFields(body) {
  return ask("fields", body);
}

/** POST /api/score/sheet: ``{status, body, offline}`` (see the top of this file). */
export function scoreSheet(body) {
  return ask("sheet", body);
}

/** Resolves once the service worker (offline.js) controls the page, so that the worker's
 * Pyodide comes from its cache, not a second download beside the one it keeps; at the latest
 * after SW_WAIT_MS (a page without the service worker warms up all the same). */
function kept() {
  const sw = navigator.serviceWorker;
  if (!sw || sw.controller) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, SW_WAIT_MS);
    sw.addEventListener("controllerchange", () => { clearTimeout(timer); resolve(); }, { once: true });
  });
}

/** Starts the offline engine when the page is idle (once; later calls return the same
 * promise): resolves ``{ready: true, ms, pyodide_ms, engine_ms, pyodide}`` (how long the
 * start took; Pyodide's version) when it can answer, or rejects with the reason it could not
 * start. */
export function warmOffline() {
  if (!warming) {
    warming = kept().then(() => new Promise((resolve) => {
      const go = () => resolve(askWorker("warm", null));
      if (typeof requestIdleCallback === "function") requestIdleCallback(go, { timeout: 5_000 });
      else setTimeout(go, 1_000);
    })).then((got) => {
      if (got.status !== 200) {
        warming = null;
        throw new Error(got.body?.error || t("could not reach the server"));
      }
      return got.body;
    });
  }
  return warming;
}

/** Whether the offline engine has been started: its warm-up promise, or null. */
export function offlineReady() {
  return warming;
}
