// Who sits where (version 2 of the protocol): this browser's player credential takes seats
// (static/player.js), the invite link gives a seat back to its player, the host's actions,
// leaving, ending the table, and the new tables made from this one (rematch, same cards).

import { reconnect, connect } from "./connection.js";
import { pageUrl, t, withLang } from "./i18n.js";
import { api, ensurePlayer, forgetSeat, hasPlayer, keepSeat, myName, myTables } from "./player.js";
import { banner, isHost, page, redraw, say, seatsNow, tableId } from "./store.js";

const OPEN_INVITE = (id) => `cardtable.openInvite.${id}`;

/** The contract's entry point /tables/{id}#token=TOKEN: the token is kept for this table and
 * leaves the address bar at once (an address is copied, shared, shown on screens); a token an
 * earlier version of the page kept in session storage moves to local storage. */
export function takeTokens(seatOf) {
  const m = /(?:^|[#&])token=([^&]+)/.exec(location.hash);
  if (m) {
    keepSeat(tableId, null, decodeURIComponent(m[1]));
    history.replaceState(history.state, "", location.pathname + location.search);
  }
  try {
    const old = sessionStorage.getItem(`cardtable.token.${tableId}`);
    if (old && !seatOf(tableId)) keepSeat(tableId, null, old);
    sessionStorage.removeItem(`cardtable.token.${tableId}`);
    if (sessionStorage.getItem(OPEN_INVITE(tableId))) {
      sessionStorage.removeItem(OPEN_INVITE(tableId));
      page.panel = "invite";      // a rematch made by this host: friends need the new links
    }
  } catch (e) { /* private mode */ }
  page.token = (seatOf(tableId) || {}).token || null;
}

export async function loadSummary() {
  try {
    page.summary = await api("GET", `/api/tables/${encodeURIComponent(tableId)}`);
  } catch (e) {
    say(e.status === 404 ? e.message || t("no table {table}", { table: tableId }) : e.message, "error");
    return;
  }
  if (!page.game) {
    // the game's title and facts: fetched alongside, never in the way of the table's socket
    const id = page.summary.game;
    fetch(withLang("/api/games")).then((r) => r.json()).then((games) => {
      page.game = games.find((g) => g.id === id) || null;
      redraw();                  // the page's draw titles the tab once the game is known
    }).catch(() => { /* the title stays the game's id */ });
  }
  redraw();
}

/** This player's place at the table: host, seats, seats a bot plays while they are away. */
export async function loadMine() {
  const entry = (await myTables()).find((x) => x.id === tableId);
  page.mine = entry ? entry.you : null;
  redraw();
}

/** Seats changed (a friend joined, someone is away, the host acted): ask again what is ours. */
export async function refreshPlaces() {
  await Promise.all([loadSummary(), loadMine()]);
}

export function askSure(text, yes, action) {
  page.sure = { text, yes, action };
  redraw();
}

export async function hostAct(action, seat) {
  page.seatMenu = null;
  try {
    if (action === "bot") {
      await api("POST", `/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/bot`, {});
      say(t("A bot plays seat {n} now.", { n: seat + 1 }));
    } else if (action === "open") {
      await api("POST", `/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/open`, {});
      say(t("Seat {n} is open: its invite link takes it.", { n: seat + 1 }));
    }
  } catch (e) {
    say(e.message, "error");
  }
  refreshPlaces();
}

export function endTable() {
  askSure(t("End the table for everyone? The match counts as abandoned: no winner, no replay."), t("end the table"),
    async () => {
      try {
        await api("DELETE", `/api/tables/${encodeURIComponent(tableId)}`);
        banner(t("You ended the table."), "info");
      } catch (e) {
        say(e.message, "error");
      }
      refreshPlaces();
    });
}

export function leave() {
  askSure(t("Leave the table? A bot plays your seat from now on, and you watch."), t("leave the table"),
    async () => {
      page.changingSeat = true;
      try {
        await api("POST", `/api/tables/${encodeURIComponent(tableId)}/leave`, {});
      } catch (e) {
        page.changingSeat = false;
        say(e.message, "error");
        if (!page.ws) connect();
        return;
      }
      forgetSeat(tableId);
      page.token = null;
      page.panel = null;
      banner(t("You left the table; a bot plays your seat. You are watching."), "info");
      await refreshPlaces();
      page.changingSeat = false;
      reconnect();
    });
}

/** Take seat ``n`` with this browser's player (``name`` for a new player): an open seat, or
 * ours again (a fresh token; the old one stops working). */
export async function takeSeat(n, name) {
  let data;
  page.changingSeat = true;
  try {
    await ensurePlayer(name || myName());
    data = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/seats/${n}`, name ? { name } : {});
  } catch (e) {
    page.changingSeat = false;
    banner(e.message || t("could not take the seat ({status})", { status: e.status }), "error");
    if (!page.ws) connect();
    return false;
  }
  keepSeat(tableId, data.seat, data.token);
  page.token = data.token;
  page.join = null;
  banner("");
  // the invite link did its work: the address is the table's again
  history.replaceState(history.state, "", pageUrl(`/tables/${encodeURIComponent(tableId)}`));
  await refreshPlaces();
  page.changingSeat = false;
  reconnect();
  return true;
}

/** ``?join=`` as the page reads it: a seat number from 0, checked against the table. */
function joinRequest() {
  const raw = new URLSearchParams(location.search).get("join");
  if (raw === null) return null;
  const players = page.summary ? page.summary.players : 0;
  if (!/^[0-9]{1,4}$/.test(raw) || Number(raw) >= players) {
    return {
      error: t("This invite link does not name a seat of this table ({join}); the table has seats 1 to {n}. You can watch it.",
        { join: raw.slice(0, 20) || "—", n: players }),
    };
  }
  return { seat: Number(raw) };
}

export async function handleInvite() {
  const req = joinRequest();
  if (req === null || !page.summary) return;
  if (req.error) {
    banner(req.error, "error");
    return;
  }
  const n = req.seat;
  const seat = page.summary.seats[n];
  if (page.summary.status === "over") {
    banner(t("The match at this table is over; you can watch how it ended."), "info");
    return;
  }
  if (page.mine && page.mine.seats.includes(n)) {
    // this browser's player holds the seat: back from a closed tab, another device, or away
    if (await takeSeat(n, null)) banner(t("Welcome back: seat {n} is yours again.", { n: n + 1 }), "info");
    return;
  }
  if (seat.kind !== "open") {
    const who = seat.person || (seat.kind === "bot" ? t("a bot") : seat.name);
    banner(t("Seat {n} is taken ({who}). You can watch the table.", { n: n + 1, who }), "error");
    return;
  }
  page.join = { seat: n, name: myName() };
  redraw();
}

/** What this player may do about their place: take their seat back, leave; the host's line. */
export function places(w) {
  const seats = seatsNow();
  const mySeats = page.mine ? page.mine.seats : [];
  const over = !page.state || page.state.status === "over";
  // a seat of mine this page does not play (a bot plays it while I am away, or another tab has it)
  const back = mySeats.find((s) => s !== w.seat || (seats[s] && seats[s].kind === "bot"));
  const host = page.summary && page.summary.host;
  return {
    back: over ? undefined : back,
    canLeave: !over && hasPlayer() && Boolean(mySeats.length || w.seat !== null || isHost()),
    canEnd: !over && isHost(),
    hostLine: isHost() ? t("You are the host of this table.") : host ? t("Host: {name}", { name: host }) : "",
    leave,
    end: endTable,
  };
}

/** "Play these cards again": a new table with this ended match's game, options and deals;
 * the bots keep their seats, this player takes theirs again, other people's are open. */
export async function again() {
  const me = page.state.seat;
  const seats = page.summary.seats.map((s, i) => (i === me ? "me" : s.kind === "bot" && !s.person ? `bot:${s.name}` : "open"));
  try {
    await ensurePlayer(myName() || (me !== null && page.summary.seats[me].name) || t("Player"));
    const made = await api("POST", "/api/tables", { same_cards_as: tableId, seats, bot_delay_ms: 600 });
    if (made.token) keepSeat(made.id, made.seat, made.token);
    location.href = pageUrl(`/tables/${encodeURIComponent(made.id)}`);
  } catch (e) {
    say(e.message, "error");
  }
}

/** The host's rematch: a new table of the same game, options and kinds of seats, each
 * person's seat kept for them (POST /api/tables/{id}/rematch; a server without it: the bots
 * again, people's seats open), and its invite panel open on arrival. */
export async function rematch() {
  try {
    await ensurePlayer(myName() || t("Player"));
    let made;
    try {
      made = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/rematch`, {});
    } catch (e) {
      if (e.status !== 404 && e.status !== 405) throw e;
      made = await api("POST", "/api/tables", rematchBody());
    }
    if (made.token) keepSeat(made.id, made.seat, made.token);
    try { sessionStorage.setItem(OPEN_INVITE(made.id), "1"); } catch (e) { /* private mode */ }
    location.href = pageUrl(`/tables/${encodeURIComponent(made.id)}`);
  } catch (e) {
    say(e.message, "error");
  }
}

/** A new table like this one, made by hand (a server with no rematch of its own). */
function rematchBody() {
  const s = page.summary;
  const me = page.state.seat;
  const seats = s.seats.map((x, i) => (i === me ? "me" : x.kind === "bot" && !x.person ? `bot:${x.name}` : "open"));
  if (me === null && !seats.includes("open")) seats[0] = "me";
  const body = { game: s.game, players: s.players, seats, rules: s.rules || {} };
  if (s.preset) body.preset = s.preset;
  for (const k of ["listed", "hints", "turn_seconds", "bot_delay_ms"]) if (s[k] !== undefined && s[k] !== null) body[k] = s[k];
  return body;
}
