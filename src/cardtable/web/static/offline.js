// Installable and offline (issue 30, docs/scorekeeper.md "Offline"). Importing this module
// (`import "./offline.js";`, or its named exports) links the web-app manifest (the phone's
// "add to home screen": cardtable scorekeeper, starting at /score), sets the bar's colour,
// and registers the service worker GET /sw.js (scope /) once the page has loaded, so that the
// score page, its files, Pyodide and the engine are kept for use without a network; this page
// itself is kept as opened (its ?lang=), with the game list in its language.
//
//   offlineRegistration: Promise of the ServiceWorkerRegistration, or null where the browser
//     has no service workers (or refuses them: a private window, plain http off localhost)
//   offlineStatus(): Promise of {version, files, bytes} of what is kept (null before the
//     service worker is active)

import { withLang } from "./i18n.js";

const MANIFEST = "/static/manifest.webmanifest";
const THEME = "#154a2e";

function addHead(tag, attrs) {
  const sel = `${tag}[${Object.entries(attrs).slice(0, 1).map(([k, v]) => `${k}="${v}"`).join("")}]`;
  if (document.head.querySelector(sel)) return;
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  document.head.appendChild(el);
}

addHead("link", { rel: "manifest", href: MANIFEST });
addHead("meta", { name: "theme-color", content: THEME });
addHead("link", { rel: "apple-touch-icon", href: "/static/icons/icon-192.png" });

function loaded() {
  return document.readyState === "complete"
    ? Promise.resolve()
    : new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
}

export const offlineRegistration = ("serviceWorker" in navigator)
  ? loaded()
    .then(() => navigator.serviceWorker.register("/sw.js", { scope: "/", type: "classic" }))
    .catch((e) => {
      console.warn("offline: the service worker was not registered", e);
      return null;
    })
  : Promise.resolve(null);

// once it is active, it keeps this page as opened (its ?lang=) and the game list in its language
if ("serviceWorker" in navigator) {
  offlineRegistration.then((reg) => reg && navigator.serviceWorker.ready).then((reg) => {
    if (reg && reg.active) {
      reg.active.postMessage({ kind: "keep", urls: [location.pathname + location.search, withLang("/api/games")] });
    }
  });
}

/** What the service worker keeps: ``{version, files, bytes}``, or null. */
export async function offlineStatus() {
  const reg = await offlineRegistration;
  const active = reg && reg.active;
  if (!active) return null;
  return new Promise((resolve) => {
    const channel = (event) => {
      if (event.data && event.data.kind === "offline-status") {
        navigator.serviceWorker.removeEventListener("message", channel);
        resolve(event.data);
      }
    };
    navigator.serviceWorker.addEventListener("message", channel);
    navigator.serviceWorker.startMessages();
    active.postMessage({ kind: "offline-status" });
  });
}
