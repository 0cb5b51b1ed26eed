// Who this browser is at the tables (../shared/contracts/table-protocol.md, "People, hosts and
// seats"): one player credential per browser profile, made once and kept in localStorage, sent
// as X-Player; and each table's seat token, kept per table in localStorage, never in an address.

import { t, withLang } from "./i18n.js";

const PLAYER = "cardtable.player";
const NAME = "cardtable.name";
const SEAT = (tableId) => `cardtable.seat.${tableId}`;

function read(key) {
  try { return localStorage.getItem(key); } catch (e) { return null; }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch (e) { /* private mode: kept for this page only */ }
}

/** The stored credential ``{player, secret, name}``, or null. */
export function storedPlayer() {
  try {
    const p = JSON.parse(read(PLAYER) || "null");
    return p && typeof p.secret === "string" ? p : null;
  } catch (e) {
    return null;
  }
}

/** The name this browser plays under (the player's, else the last one typed). */
export function myName() {
  const p = storedPlayer();
  return (p && p.name) || read(NAME) || "";
}

export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/** A JSON request to the server in the page's language, as the player when there is one. */
export async function api(method, url, body) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const p = storedPlayer();
  if (p) headers["X-Player"] = p.secret;
  let r;
  try {
    r = await fetch(withLang(url), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(t("could not reach the server"), 0);
  }
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw new ApiError(data.error || t("the server answered {status}", { status: r.status }), r.status);
  return data;
}

/** The player credential, made with ``name`` the first time (a server that no longer knows
 * the stored one, e.g. a new database, gets a new one). */
export async function ensurePlayer(name) {
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
  if (!storedPlayer()) return [];
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
