// Where the scorekeeper's sheets are kept (/score, issue 30): this device's sheets in
// localStorage (several, each with its last result and, once saved to the account, the id of
// its copy there), the list "my sheets" to reopen or delete them, the account's sheets
// (GET /api/players/me/sheets), and the page's requests: the two scoring questions through
// scoreapi.js (the server, or the engine in this browser when the network is gone) and the
// others as plain JSON requests with the session's CSRF token.

import { $, el, when } from "./account.js";
import { pageUrl, t, tn, withLang } from "./i18n.js";
import { accountName, loadSession, whoHeaders } from "./player.js";
import { scoreFields, scoreSheet } from "./scoreapi.js";

const STORE = "cardtable.scoresheets";

/** Every sheet of this device: ``{id: {sheet, result, remote, updated_ms}}``. */
export function readStore() {
  try {
    const v = JSON.parse(localStorage.getItem(STORE) || "{}");
    return v && typeof v === "object" ? v : {};
  } catch (e) {
    return {};
  }
}

/** Keep ``all``; false (and a message for the page) when the browser would not. */
export function writeStore(all, say = () => {}) {
  try {
    localStorage.setItem(STORE, JSON.stringify(all));
    return true;
  } catch (e) {
    say(t("This browser did not keep the sheet (its storage is full or off)."), "error");
    return false;
  }
}

export function newId() {
  const a = new Uint8Array(8);
  crypto.getRandomValues(a);
  return Array.from(a, (b) => b.toString(36).padStart(2, "0")).join("").slice(0, 12);
}

/** The game of the sheet used last on this device (null: none). */
export function lastGame() {
  const all = Object.values(readStore()).filter((x) => x && x.sheet);
  all.sort((a, b) => (b.updated_ms || 0) - (a.updated_ms || 0));
  return all.length ? all[0].sheet.game : null;
}

/** A JSON request as the page's player (the session's CSRF token on a change):
 * ``{ok, status, data}``; never throws. */
export async function call(method, url, body) {
  await loadSession();
  const send = () => {
    const headers = { ...whoHeaders(method) };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    return fetch(withLang(url), { method, headers, cache: "no-store",
      body: body === undefined ? undefined : JSON.stringify(body) });
  };
  let r;
  try {
    r = await send();
    if (r.status === 403 && accountName() && method !== "GET") {
      await loadSession(true);
      r = await send();
    }
  } catch (e) {
    return { ok: false, status: 0, data: { error: t("could not reach the server") } };
  }
  const data = await r.json().catch(() => ({}));
  if (!r.ok && !data.error) data.error = t("the server answered {status}", { status: r.status });
  return { ok: r.ok, status: r.status, data };
}

/** POST /api/score/fields (``kind`` "fields") or /api/score/sheet ("sheet") as ``call``
 * answers, ``offline`` true when the engine in this browser answered. */
export async function score(kind, body) {
  const got = await (kind === "fields" ? scoreFields(body) : scoreSheet(body));
  const data = got.body && typeof got.body === "object" ? got.body : {};
  if (got.status !== 200 && !data.error) data.error = t("could not reach the server");
  document.body.dataset.offline = got.offline ? "true" : "false";
  return { ok: got.status === 200, status: got.status, data, offline: Boolean(got.offline) };
}

function button(cls, text) {
  const b = el("button", cls, text);
  b.type = "button";
  return b;
}

/** A delete button that asks once more before ``go()``. */
function deleteButton(text, go) {
  const del = button("small-button sk-delete", text);
  del.addEventListener("click", () => {
    if (del.dataset.confirm !== "1") {
      del.dataset.confirm = "1";
      del.textContent = t("delete it? tap again");
      return;
    }
    go();
  });
  return del;
}

function item(title, href, line, updated, del) {
  const li = el("li", "sk-sheet-item");
  const a = el("a", "sk-sheet-open", title);
  a.href = href;
  const text = el("div", "sk-sheet-text");
  text.append(a, el("span", "sk-sheet-line", line),
    el("span", "sk-sheet-when", when(new Date(updated || 0).toISOString())));
  li.append(text, del);
  return li;
}

/** "My sheets": this device's, newest first, and the account's (signed in). ``gameName(id)``
 * words a game; ``say(text, kind)`` tells the page. */
export function drawSheets(gameName, say) {
  const all = readStore();
  const ids = Object.keys(all).filter((id) => all[id] && all[id].sheet)
    .sort((a, b) => (all[b].updated_ms || 0) - (all[a].updated_ms || 0));
  const list = $("sheets");
  list.replaceChildren();
  for (const id of ids) {
    const { sheet, result, updated_ms: updated } = all[id];
    const names = (result ? result.names : sheet.names || []).join(", ");
    const state = result && result.over ? t("over") : tn("{n} deal", "{n} deals", (sheet.entries || []).length);
    const li = item(sheet.title || gameName(sheet.game), pageUrl(`/score/${encodeURIComponent(sheet.game)}?sheet=${id}`),
      `${gameName(sheet.game)} · ${names} · ${state}`, updated,
      deleteButton(t("delete"), () => {
        const now = readStore();
        delete now[id];
        writeStore(now, say);
        drawSheets(gameName, say);
      }));
    li.dataset.sheet = id;
    list.append(li);
  }
  $("no-sheets").hidden = list.children.length > 0;
  drawAccountSheets(ids.map((id) => all[id].remote && all[id].remote.id).filter(Boolean), gameName, say);
}

async function drawAccountSheets(here, gameName, say) {
  const box = $("account-sheets-box");
  if (!accountName()) {
    box.hidden = true;
    return;
  }
  const got = await call("GET", "/api/players/me/sheets");
  const list = $("account-sheets");
  list.replaceChildren();
  const rows = got.ok && Array.isArray(got.data) ? got.data : [];
  for (const row of rows) {
    const line = `${gameName(row.game)} · ${tn("{n} deal", "{n} deals", row.deals)}` +
      (here.includes(row.id) ? ` · ${t("also on this device")}` : "");
    const li = item(row.title || gameName(row.game), pageUrl(`/score/s/${encodeURIComponent(row.id)}`), line,
      row.updated_ms, deleteButton(t("delete from my account"), async () => {
        const gone = await call("DELETE", `/api/sheets/${encodeURIComponent(row.id)}`);
        if (!gone.ok) say(gone.data.error, "error");
        drawSheets(gameName, say);
      }));
    li.dataset.remote = row.id;
    list.append(li);
  }
  box.hidden = !rows.length;
}
