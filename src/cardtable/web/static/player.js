// Who this browser is at the tables (../shared/contracts/table-protocol.md, "People, hosts and
// seats" and "Accounts, ratings and open data"): a signed-in account (its session cookie; every
// request that changes something carries the session's X-CSRF-Token), else one guest player
// credential per browser profile, made once and kept in localStorage, sent as X-Player; and
// each table's seat token, kept per table in localStorage, never in an address.

import { t, withLang } from "./i18n.js";

const PLAYER = "cardtable.player";
const NAME = "cardtable.name";
const SEAT = (tableId) => `cardtable.seat.${tableId}`;
const CHANGES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function read(key) {
  try { return localStorage.getItem(key); } catch (e) { return null; }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch (e) { /* private mode: kept for this page only */ }
}

/** The stored guest credential ``{player, secret, name}``, or null. */
export function storedPlayer() {
  try {
    const p = JSON.parse(read(PLAYER) || "null");
    return p && typeof p.secret === "string" ? p : null;
  } catch (e) {
    return null;
  }
}

// --- the account's session (GET /api/session, read once when the page starts) -------------

const GUEST = { name: null, csrf: null, public_name: false };
let current = { ...GUEST };
let loading = null;

/** The session ``{name, csrf, public_name}`` (name null for a guest), asked of the server
 * once; ``fresh`` asks again. */
export function loadSession(fresh = false) {
  if (!loading || fresh) {
    loading = fetch(withLang("/api/session"), { cache: "no-store" })
      .then((r) => (r.ok ? r.json() : GUEST))
      .catch(() => GUEST)
      .then((s) => {
        current = { ...GUEST, ...(s || {}) };
        return current;
      });
  }
  return loading;
}

/** The session as last read (a guest's until loadSession() has answered). */
export function session() {
  return current;
}

/** The signed-in account's name, or null. */
export function accountName() {
  return current.name || null;
}

/** Whether this browser is a player: signed in, or holding a guest credential. */
export function hasPlayer() {
  return Boolean(current.name || storedPlayer());
}

/** The headers that say who is asking: the session's X-CSRF-Token on a request that changes
 * something (signed in), else the guest credential. */
export function whoHeaders(method = "GET") {
  const headers = {};
  if (current.name) {
    if (current.csrf && CHANGES.has(method.toUpperCase())) headers["X-CSRF-Token"] = current.csrf;
    return headers;
  }
  const p = storedPlayer();
  if (p) headers["X-Player"] = p.secret;
  return headers;
}

/** The name this browser plays under (the account's, the guest's, else the last one typed). */
export function myName() {
  const p = storedPlayer();
  return current.name || (p && p.name) || read(NAME) || "";
}

export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

async function send(method, url, body, headers) {
  try {
    return await fetch(withLang(url), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(t("could not reach the server"), 0);
  }
}

async function answer(r) {
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw new ApiError(data.error || t("the server answered {status}", { status: r.status }), r.status);
  return data;
}

/** A JSON request to the server in the page's language, as the account (its session) or the
 * guest player when there is one. */
export async function api(method, url, body) {
  await loadSession();
  const base = body !== undefined ? { "Content-Type": "application/json" } : {};
  let r = await send(method, url, body, { ...base, ...whoHeaders(method) });
  if (r.status === 403 && current.name && CHANGES.has(method.toUpperCase())) {
    // the session's token changed (signed in again in another tab): read it once more
    await loadSession(true);
    r = await send(method, url, body, { ...base, ...whoHeaders(method) });
  }
  return answer(r);
}

/** Sign up (``create``) or in with a name and password. The guest credential goes along, so
 * its seats and history become the account's; the browser is the account from then on (its
 * session), and the guest credential is forgotten. */
export async function signIn(name, password, create = false) {
  const headers = { "Content-Type": "application/json" };
  const p = storedPlayer();
  if (p) headers["X-Player"] = p.secret;
  const r = await send("POST", create ? "/api/accounts" : "/api/session", { name, password }, headers);
  const data = await answer(r);
  write(PLAYER, null);
  write(NAME, data.name);
  await loadSession(true);
  return data;
}

/** Sign out: the session ends; this browser is a guest again (with no credential). */
export async function signOut() {
  try {
    await api("DELETE", "/api/session");
  } finally {
    write(PLAYER, null);
    current = { ...GUEST };
    await loadSession(true);
  }
}

/** The account is gone (deleted): this browser is a guest again. */
export async function forgetAccount() {
  write(PLAYER, null);
  current = { ...GUEST };
  await loadSession(true);
}

/** The player: the signed-in account, else the guest credential, made with ``name`` the
 * first time (a server that no longer knows the stored one, e.g. a new database, gets a new
 * one). */
export async function ensurePlayer(name) {
  const me = await loadSession();
  if (me.name) return { name: me.name, account: true };
  const have = storedPlayer();
  if (have) {
    try {
      await api("GET", "/api/players/me");
      return have;
    } catch (e) {
      if (e.status !== 401) return have;
      write(PLAYER, null);       // not a player of this server: make a new one
    }
  }
  const wanted = (name || myName()).trim();
  if (!wanted) throw new ApiError(t("type your name first"), 400);
  const made = await api("POST", "/api/players", { name: wanted });
  write(PLAYER, JSON.stringify({ player: made.player, secret: made.secret, name: made.name }));
  write(NAME, made.name);
  return made;
}

/** The player's tables (host or a seat of theirs), newest first; [] without a player. */
export async function myTables() {
  await loadSession();
  if (!hasPlayer()) return [];
  try {
    return await api("GET", "/api/players/me/tables");
  } catch (e) {
    return [];
  }
}

/** The seat token kept for a table: ``{seat, token}`` (seat may be null: not known yet). */
export function seatOf(tableId) {
  const raw = read(SEAT(tableId));
  if (raw) {
    try {
      const s = JSON.parse(raw);
      if (s && typeof s.token === "string") return s;
    } catch (e) { /* an older form: ignored */ }
  }
  return null;
}

export function keepSeat(tableId, seat, token) {
  write(SEAT(tableId), JSON.stringify({ seat, token }));
}

export function forgetSeat(tableId) {
  write(SEAT(tableId), null);
}
