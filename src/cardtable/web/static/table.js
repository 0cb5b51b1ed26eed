// The table page: one WebSocket per tab (../shared/contracts/table-protocol.md). The state always
// comes from the server; the page only composes move texts and shows what it was sent.
//
// Who sits where (version 2): this browser's player credential (static/player.js) takes seats;
// the seat token is kept per table in localStorage and never stays in the address bar.

import { cardsInText } from "./cards.js";
import * as guard from "./guard.js";
import { pageUrl, t, tn, withLang } from "./i18n.js";
import { fillInvite, setUpInvite } from "./invite.js";
import {
  api, ensurePlayer, forgetSeat, keepSeat, myName, myTables, seatOf, storedPlayer,
} from "./player.js";
import { boardFromMove, drawBoard, ROWS, rowsMove } from "./rows.js";
import {
  drawHand, drawLayoutHand, drawTrick, drawLayoutZones, drawScores, drawSummary, drawZones, ownHand,
} from "./view.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const SCORE_SCREEN = `cardtable.scoreScreen.${tableId}`;
const SHOW_HINTS = "cardtable.showHints";
// a ping this often; a socket silent for 3 of them is dead (tests may set a shorter one)
const HEARTBEAT_MS = Number(window.__cardtable_heartbeat_ms) || 15000;

/** The contract's entry point /tables/{id}#token=TOKEN: the token is kept for this table and
 * leaves the address bar at once (an address is copied, shared, shown on screens). */
function takeTokenFromAddress() {
  const m = /(?:^|[#&])token=([^&]+)/.exec(location.hash);
  if (!m) return;
  keepSeat(tableId, null, decodeURIComponent(m[1]));
  history.replaceState(history.state, "", location.pathname + location.search);
}
takeTokenFromAddress();

/** A token an earlier version of the page kept in this tab's session storage moves to the
 * table's place in local storage. */
function takeTokenFromSession() {
  try {
    const old = sessionStorage.getItem(`cardtable.token.${tableId}`);
    if (old && !seatOf(tableId)) keepSeat(tableId, null, old);
    sessionStorage.removeItem(`cardtable.token.${tableId}`);
  } catch (e) { /* private mode */ }
}
takeTokenFromSession();

const page = {
  token: (seatOf(tableId) || {}).token || null,
  ws: null,
  state: null,     // the newest state frame received
  finished: null,  // a finished deal kept on screen (a frame to draw) until "next deal"
  summary: null,
  game: null,
  mine: null,      // this player at this table: {host, seats, away} (GET /api/players/me/tables)
  selected: [],
  retry: 0,
  closedFor: null,
  sentFor: null,   // "deal:seq" of the state a move was sent at: one move per state
  fresh: [],       // cards that just came into the hand
  presence: null,  // which seats have a connection open
  groups: [],      // Remik: melds being built for one move
  rowsMove: null,  // 十三张: the arrangement composed on the board, and its foul warning
  rowsWarning: null,
  board: null,     // 十三张: the rows being built
  picked: null,
  heard: 0,        // when the socket last said anything
  changingSeat: false,   // taking a seat (back) or leaving: the old token's socket closes meanwhile
  movesKey: null,  // what the moves on screen were drawn from (the click guard)
  movesDrawn: null,  // … and the move buttons (kept while nothing about them changed)
  seatsKey: null,
};

/** The frame on screen: the finished deal while it is kept there, else the newest state. */
function shown() {
  return page.finished || page.state;
}

function seatsNow() {
  return (page.state && page.state.seats) || (page.summary && page.summary.seats) || [];
}

function seatName(s) {
  if (s === null || s === undefined) return "—";
  const w = shown();
  const seat = seatsNow()[s];
  if (seat && seat.kind === "bot" && seat.person) return t("{name} (away)", { name: seat.person });
  if (w && Array.isArray(w.seat_words) && w.seat_words[s]) return w.seat_words[s];
  if (w && s === w.seat) return t("You");
  if (seat && seat.name) return seat.kind === "bot" ? t("{name} (bot, seat {n})", { name: seat.name, n: s + 1 }) : seat.name;
  return t("Seat {n}", { n: s + 1 });
}

function say(text, kind = "info") {
  const m = $("message");
  m.textContent = text;
  m.className = "message " + kind;
}

/** A line above the table about this browser's place at it (the invite link's answer). */
function banner(text, kind = "info") {
  const b = $("banner");
  b.textContent = text || "";
  b.className = "banner " + kind;
  b.hidden = !text;
}

async function loadSummary() {
  try {
    page.summary = await api("GET", `/api/tables/${encodeURIComponent(tableId)}`);
  } catch (e) {
    say(e.status === 404 ? e.message || t("no table {table}", { table: tableId }) : e.message, "error");
    return;
  }
  try {
    const games = await (await fetch(withLang("/api/games"))).json();
    page.game = games.find((g) => g.id === page.summary.game) || null;
  } catch (e) { /* the title stays the game's id */ }
  const g = page.game;
  const title = g ? g.title || g.name : page.summary.game;
  $("title").textContent = g && title !== g.native_name ? `${title} · ${g.native_name}` : title;
  document.title = t("{game} — cardtable", { game: title });
  $("rules-link").href = pageUrl(`/rules/${encodeURIComponent(page.summary.game)}`);
  document.querySelector("header.bar a.home").href = pageUrl("/");
  $("known-deal").hidden = !page.summary.known_deal;
}

/** This player's place at the table: host, seats, seats a bot plays while they are away. */
async function loadMine() {
  const entry = (await myTables()).find((x) => x.id === tableId);
  page.mine = entry ? entry.you : null;
}

// --- the socket --------------------------------------------------------------------------------

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  // layout=1: the server adds the core's table layout and the score in words to each state
  const q = "?layout=1" + (page.token ? `&token=${encodeURIComponent(page.token)}` : "");
  // lang: the layout's texts, hints and refusals come in the page's language
  const ws = new WebSocket(withLang(`${proto}://${location.host}/ws/tables/${encodeURIComponent(tableId)}${q}`));
  page.ws = ws;
  page.heard = Date.now();
  $("conn").textContent = t("connecting…");
  ws.onopen = () => {
    page.retry = 0;
    page.sentFor = null;        // a move sent on a lost socket may be sent again (seq decides)
    page.heard = Date.now();
    $("conn").textContent = t("connected");
    $("conn").className = "conn ok";
  };
  ws.onmessage = (ev) => {
    page.heard = Date.now();
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    if (msg.type === "state") onState(msg);
    else if (msg.type === "error") onError(msg);
    else if (msg.type === "chat") onChat(msg);
    else if (msg.type === "presence") {
      page.presence = msg;
      if (page.state) drawSeats(shown());
    }
  };
  ws.onclose = (ev) => onClose(ws, ev);
}

async function onClose(ws, ev) {
  if (page.ws !== ws) return;
  page.ws = null;
  $("conn").className = "conn down";
  if (ev.code === 4404) {
    page.closedFor = t("there is no such table");
    $("conn").textContent = t("closed");
    say(page.closedFor, "error");
    return;
  }
  if (ev.code === 4401 && page.changingSeat) {
    // this page is taking its seat (back) or leaving: the old token's connection was closed by
    // that very change, and the page connects again once it is done
    return;
  }
  if (ev.code === 4401 && page.token) {
    // the seat's token stopped working: taken back in another tab or device, freed by the host,
    // or left (or a #token= link that never was one); this page watches from now on (it never
    // sits on a dead socket)
    const seated = page.state !== null && page.state.seat !== null;
    page.token = null;
    forgetSeat(tableId);
    await loadMine();
    const mySeats = page.mine ? page.mine.seats : [];
    banner(mySeats.length
      ? t("Your seat is played from another tab or device now; this page watches. Take it back here with \"take my seat back\".")
      : seated ? t("You no longer hold a seat at this table; this page watches.")
        : t("this seat's link is not valid for this table"), seated || mySeats.length ? "info" : "error");
    connect();
    return;
  }
  $("conn").textContent = t("reconnecting…");
  // back off: 0.25 s, 0.5 s, 1 s … 8 s, with a little jitter so many pages do not come at once
  const wait = Math.min(8000, 250 * 2 ** page.retry++) * (0.8 + 0.4 * Math.random());
  setTimeout(() => { if (!page.ws && !page.closedFor) connect(); }, wait);
}

// a socket that says nothing for three heartbeats is dead although it never closed: closed
// here, it reconnects like any other
setInterval(() => {
  const ws = page.ws;
  if (!ws || ws.readyState !== WebSocket.OPEN) return;
  if (Date.now() - page.heard > 3 * HEARTBEAT_MS) {
    ws.close();
    onClose(ws, { code: 1006 });
    return;
  }
  ws.send(JSON.stringify({ type: "ping" }));
}, HEARTBEAT_MS);

function send(obj) {
  if (!page.ws || page.ws.readyState !== WebSocket.OPEN) {
    say(t("not connected: the move was not sent"), "error");
    return false;
  }
  page.ws.send(JSON.stringify(obj));
  return true;
}

// tests and accessibility tools may send a raw message through the page's own socket
window.__cardtable_send = send;

function stateKey(w) {
  return `${w.deal}:${w.seq}`;
}

function wordsOf(text) {
  const w = page.state;
  if (!w) return text;
  const i = (w.legal || []).indexOf(text);
  return i >= 0 && w.legal_words && w.legal_words[i] ? w.legal_words[i] : text;
}

function playMove(text, confirmed = false) {
  const w = page.state;
  if (!w || !text || page.finished) return;
  // one move per state: a second click, a key held down or a late tap sends nothing more
  if (page.sentFor === stateKey(w)) return;
  // a costly move (the same warnings as the terminal's) is sent only once confirmed
  const warning = (w.warnings || {})[text] || (text === page.rowsMove ? page.rowsWarning : null);
  if (warning && !confirmed) {
    askConfirm(text, warning);
    return;
  }
  clearConfirm();
  if (send({ type: "move", move: text, seq: w.seq })) {
    page.sentFor = stateKey(w);
    say(t("sent: {move}", { move: wordsOf(text) }));
  }
}

function onChat(msg) {
  const li = document.createElement("li");
  const text = document.createElement("span");
  if (msg.system) {
    li.className = "system";
    text.textContent = msg.text;            // the table's own words, in this page's language
    li.append(text);
  } else {
    const who = document.createElement("strong");
    const name = document.createElement("bdi");  // a name or text written right to left stays in its box
    name.textContent = msg.seat === null ? t("spectator")
      : (msg.seat === (page.state && page.state.seat) ? t("You") : (msg.name || t("Seat {n}", { n: msg.seat + 1 })));
    who.append(name);
    const said = document.createElement("bdi");
    said.textContent = msg.text;              // text, never HTML
    text.append(": ", said);
    li.append(who, text);
  }
  const box = $("chat-log");
  box.append(li);
  while (box.children.length > 100) box.firstChild.remove();
  box.scrollTop = box.scrollHeight;
  if (msg.system) refreshPlaces();
}

function clearConfirm() {
  $("confirm").hidden = true;
  $("confirm-text").textContent = "";
  delete $("confirm").dataset.pending;
}

function askConfirm(text, warning) {
  $("confirm-text").textContent = t("Careful: {warning}", { warning });
  $("confirm-send").textContent = t("send '{move}' anyway", { move: wordsOf(text) });
  $("confirm").dataset.pending = text;
  $("confirm").hidden = false;
  $("confirm-cancel").focus();
}

/** Hints: only where the table gives them, and only while this player wants them. */
function hintsWanted() {
  try { return localStorage.getItem(SHOW_HINTS) !== "0"; } catch (e) { return true; }
}

function drawHint(w) {
  const box = $("hint");
  const tableGives = w.hints !== undefined ? Boolean(w.hints) : Boolean(page.summary && page.summary.hints);
  $("hint-switch").hidden = !tableGives || w.seat === null;
  $("show-hints").checked = hintsWanted();
  const h = tableGives && hintsWanted() && w === page.state ? w.hint : null;
  box.hidden = !h;
  if (!h) {
    // nothing of an earlier position stays in the page, not even hidden
    $("hint-text").textContent = "";
    delete $("hint-play").dataset.hintMove;
    return;
  }
  $("hint-text").textContent = t("Hint: {move} — {reason}", { move: h.words || wordsOf(h.move), reason: h.reason });
  $("hint-play").dataset.hintMove = h.move;
}

async function checkRows(board) {
  // 十三张: each full row's hand type and the foul warning, from the server's evaluator
  const rows = ROWS.map((r) => board[r.id]);
  try {
    const r = await fetch(withLang(`/api/games/${encodeURIComponent(page.state.view.game)}/rows`), {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ rows, options: page.state.view.options || {} }),
    });
    if (!r.ok) return;
    const info = await r.json();
    ROWS.forEach((row, i) => {
      const el = document.querySelector(`[data-row=${row.id}] .row-type`);
      const k = info.rows[i];
      if (el) el.textContent = k.kind ? `${k.kind} ${k.kind_zh || ""}` : "";
    });
    $("foul").textContent = info.fouled ? t("Fouls (倒水): {reason}", { reason: info.foul_reason }) : "";
    page.rowsWarning = info.fouled && info.complete
      ? t("this arrangement fouls (倒水): {reason}", { reason: info.foul_reason }) : null;
  } catch (e) { /* the check is a help only */ }
}

function onError(msg) {
  if (msg.move) page.sentFor = null;      // refused: nothing changed, the player may choose again
  const move = msg.move ? wordsOf(msg.move) : null;
  say(move ? `${move}: ${msg.message}` : msg.message, "error");
}

// --- the finished deal -------------------------------------------------------------------------

function scoreScreenDeal() {
  try {
    const v = sessionStorage.getItem(SCORE_SCREEN);
    return v === null ? null : Number(v);
  } catch (e) {
    return null;
  }
}

function rememberScoreScreen(deal) {
  try {
    if (deal === null) sessionStorage.removeItem(SCORE_SCREEN);
    else sessionStorage.setItem(SCORE_SCREEN, String(deal));
  } catch (e) { /* private mode */ }
}

/** A frame that draws the state's ``finished`` deal: its final view, its score in words and
 * the match totals after it (not the totals before it, which the finishing frame carries). */
function finishedFrame(msg) {
  const f = msg.finished;
  return {
    ...msg, fromFinished: true, deal: f.deal, view: f.view, legal: [], legal_words: [], log_words: null,
    layout: null, hint: null, warnings: {}, score: f.summary || null, deadline: null,
    totals: f.totals || msg.totals,
  };
}

/** The match totals a frame should show: after the deal once it is over. */
function totalsOf(w) {
  if (w.status !== "over" && w.view.over && w.finished && w.finished.deal === w.deal && w.finished.totals) {
    return w.finished.totals;
  }
  return w.totals || [];
}

function onState(msg) {
  const first = page.state === null;
  if (msg.status === "over") {
    page.finished = null;      // the match's last frame is its finished deal, with the final totals
    rememberScoreScreen(null);
  } else if (msg.view.over) {
    // a deal just ended: it stays on the table (all hands, the score) until the player asks for
    // the next one, also after a reload
    page.finished = msg;
    rememberScoreScreen(msg.deal);
  } else if (first && msg.finished && scoreScreenDeal() === msg.finished.deal) {
    page.finished = finishedFrame(msg);     // reloaded on the score screen
  }
  applyState(msg);
}

function nextDeal() {
  page.finished = null;
  rememberScoreScreen(null);
  render();
}

function showLastDeal() {
  if (!page.state || !page.state.finished) return;
  page.finished = finishedFrame(page.state);
  rememberScoreScreen(page.state.finished.deal);
  render();
}

function applyState(msg) {
  const previous = page.state;
  page.state = msg;
  if (previous && previous.seq !== msg.seq) {
    clearConfirm();             // asked about an older position
    page.groups = [];           // melds being built belong to that position
  }
  if (previous && previous.deal !== msg.deal) say("");          // no text of the last deal stays
  // the cards that came into the hand with this state (drawn or taken), to mark them
  if (previous && previous.deal === msg.deal && previous.seq !== msg.seq) {
    const left = [...ownHand(previous.view)];
    page.fresh = ownHand(msg.view).filter((c) => {
      const i = left.indexOf(c);
      if (i >= 0) left.splice(i, 1);
      return i < 0;
    });
  } else if (!previous || previous.deal !== msg.deal) {
    page.fresh = [];
  }
  if (!previous || previous.seq !== msg.seq || previous.deal !== msg.deal) page.selected = [];
  page.selected = page.selected.filter((c) => ownHand(msg.view).includes(c));
  if (msg.known_deal) $("known-deal").hidden = false;
  const seatsKey = JSON.stringify(msg.seats || []) + msg.status;
  if (page.seatsKey !== null && seatsKey !== page.seatsKey) refreshPlaces();
  page.seatsKey = seatsKey;
  render();
  if (page.sentFor !== null && page.sentFor !== stateKey(msg)) {
    say("");
    page.sentFor = null;
  }
}

/** Seats changed (a friend joined, someone is away, the host acted): ask again what is ours. */
async function refreshPlaces() {
  await Promise.all([loadSummary(), loadMine()]);
  render();
}

function toggle(card) {
  const i = page.selected.indexOf(card);
  if (i >= 0) page.selected.splice(i, 1);
  else page.selected.push(card);
  render();
}

/** Legal moves that use every selected card (as many times as it is selected). */
function fits(text) {
  if (!page.selected.length) return true;
  const named = cardsInText(text);
  return page.selected.every((c) => named.includes(c));
}

/** The moves as groups under a heading, each move in the player's words: the layout's groups,
 * else the legal moves grouped by their verb (with ``legal_words``). */
function moveGroups(w) {
  const legal = w.legal || [];
  const said = (text, i) => (w.legal_words && w.legal_words[i]) || text;
  if (w.layout && Array.isArray(w.layout.moves) && w.layout.moves.length) {
    return w.layout.moves.map((g) => ({
      label: g.label || g.verb,
      items: g.moves.map((text, k) => ({ text, words: (g.words || [])[k] || said(text, legal.indexOf(text)), i: legal.indexOf(text) })),
    }));
  }
  const groups = new Map();
  legal.forEach((text, i) => {
    const words = said(text, i);
    const verb = text.split(" ")[0];
    if (!groups.has(verb)) groups.set(verb, { label: words.split(" ")[0], items: [] });
    groups.get(verb).items.push({ text, words, i });
  });
  return [...groups.values()];
}

function drawMoves(w) {
  const box = $("moves");
  const legal = w.legal || [];
  // the same moves, the same selection: the buttons stay (a click under way is not lost)
  const key = JSON.stringify([w.deal, w.seq, Boolean(page.finished), legal, w.legal_words, page.selected,
    w.status, w.view.to_move, legal.length ? null : (w.view.to_move || []).map(seatName)]);
  if (key === page.movesDrawn) return;
  page.movesDrawn = key;
  box.replaceChildren();
  if (!legal.length) {
    const movers = (w.view.to_move || []).map(seatName).join(", ");
    const p = document.createElement("p");
    p.className = "none";
    p.textContent = w.status === "waiting" ? t("waiting for players to join")
      : w.view.over ? t("the deal is over") : movers ? t("waiting for {players}", { players: movers }) : "";
    box.append(p);
    return;
  }
  let shownMoves = 0;
  for (const group of moveGroups(w)) {
    const g = document.createElement("div");
    g.className = "move-group";
    const h = document.createElement("span");
    h.className = "verb";
    h.textContent = group.label;
    g.append(h);
    for (const { text, words, i } of group.items) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "move" + (fits(text) ? "" : " dim");
      b.dataset.move = text;
      b.textContent = words;
      if (i >= 0) b.title = t("key {n}", { n: i + 1 });
      b.addEventListener("click", () => playMove(text));
      g.append(b);
      if (fits(text)) shownMoves++;
    }
    box.append(g);
  }
  if (page.selected.length && !shownMoves) say(t("no legal move uses all the selected cards"), "info");
}

function emptyBoard() {
  return { head: [], middle: [], tail: [] };
}

/** 十三张: the arrangement board, while the seat may still arrange. */
function drawArrangement(w) {
  const box = $("arrange");
  const arranging = w.view.game === "shisanzhang" && (w.legal || []).some((m) => m.startsWith("arrange"));
  box.hidden = !arranging;
  if (!arranging) {
    page.board = null;
    return;
  }
  if (!page.board) page.board = emptyBoard();
  const board = page.board;
  const size = Object.fromEntries(ROWS.map((r) => [r.id, r.size]));
  const redraw = () => drawArrangement(page.state);
  const place = (c, row) => {
    for (const r of ROWS) board[r.id] = board[r.id].filter((x) => x !== c);
    if (board[row].length >= size[row]) {
      say(tn("that row holds {n} card", "that row holds {n} cards", size[row]), "error");
      redraw();
      return;
    }
    board[row].push(c);
    page.picked = null;
    redraw();
  };
  drawBoard($("arrange-board"), ownHand(w.view), board, page.picked, {
    pick: (c) => { page.picked = page.picked === c ? null : c; redraw(); },
    toRow: (row) => { if (page.picked) place(page.picked, row); },
    place,
    unplace: (c) => { for (const r of ROWS) board[r.id] = board[r.id].filter((x) => x !== c); redraw(); },
  });
  const full = ROWS.every((r) => board[r.id].length === r.size);
  $("arrange-send").disabled = !full;
  delete $("arrange-send").dataset.quiet;     // its own state now; the guard may disable it again
  $("arrange-send").dataset.composed = full ? rowsMove(board) : "";
  page.rowsMove = full ? rowsMove(board) : null;
  page.rowsWarning = null;
  checkRows(board);
  guard.redrawn();
}

/** Rummy openings (Remik): several melds put down in one move. The player groups selected
 * cards into melds, then sends them as one `meld [..] [..]` move; the server judges it. */
function drawMeldBuilder(w) {
  const box = $("melds");
  const can = w.view.game === "remik" && (w.legal || []).length > 0;
  box.hidden = !can;
  if (!can) {
    page.groups = [];
    return;
  }
  const list = $("meld-groups");
  list.replaceChildren();
  page.groups.forEach((g, i) => {
    const li = document.createElement("li");
    li.textContent = `[${g.join(" ")}] `;
    const x = document.createElement("button");
    x.type = "button";
    x.className = "small-button";
    x.textContent = t("remove");
    x.addEventListener("click", () => { page.groups.splice(i, 1); render(); });
    li.append(x);
    list.append(li);
  });
  $("meld-send").disabled = page.groups.length === 0;
  $("meld-send").dataset.composed = page.groups.length
    ? "meld " + page.groups.map((g) => `[${g.join(" ")}]`).join(" ") : "";
}

function isHost() {
  return Boolean(page.mine && page.mine.host);
}

function hostButton(text, action, seat) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "small-button host-action";
  b.textContent = text;
  b.dataset.action = action;
  b.dataset.forSeat = String(seat);
  b.addEventListener("click", () => hostAct(action, seat));
  return b;
}

function drawSeats(w) {
  const box = $("seats");
  box.replaceChildren();
  const n = w.view.players;
  const movers = new Set(w.view.to_move || []);
  const seats = seatsNow();
  const totals = totalsOf(w);
  const hosting = isHost() && page.state && page.state.status !== "over";
  for (let s = 0; s < n; s++) {
    const d = document.createElement("div");
    d.className = "seat" + (movers.has(s) && !w.view.over ? " to-move" : "") + (s === w.seat ? " me" : "");
    d.dataset.seat = String(s);
    const name = document.createElement("strong");
    name.textContent = seatName(s);
    d.append(name);
    const total = document.createElement("span");
    total.className = "total";
    total.dataset.total = String(totals[s] ?? 0);
    total.textContent = t("total {points}", { points: totals[s] ?? 0 });
    d.append(total);
    const seat = seats[s] || {};
    const conn = page.presence && page.presence.connected ? page.presence.connected[s] : null;
    if (seat.kind === "person" && conn !== null && conn !== undefined) {
      const c = document.createElement("span");
      c.className = "presence " + (conn ? "on" : "off");
      c.textContent = conn ? t("● connected") : t("○ away");
      d.append(c);
    }
    if (seat.kind === "bot" && seat.person) {
      const a = document.createElement("span");
      a.className = "away-seat";
      a.textContent = t("a bot plays for {name} until they take the seat back", { name: seat.person });
      d.append(a);
    }
    if (seat.kind === "open") {
      const open = document.createElement("span");
      open.className = "open-seat";
      open.textContent = t("open seat");
      d.append(open);
    }
    if (hosting) {
      const tools = document.createElement("span");
      tools.className = "host-tools";
      if (seat.kind === "open" || (seat.kind === "person" && s !== w.seat)) {
        tools.append(hostButton(t("give to a bot"), "bot", s));
      }
      if (seat.kind === "bot") tools.append(hostButton(t("free the seat"), "open", s));
      if (tools.childElementCount) d.append(tools);
    }
    box.append(d);
  }
}

/** What this player may do about their place: take their seat back, leave; the host's line. */
function drawPlaces(w) {
  const seats = seatsNow();
  const mySeats = page.mine ? page.mine.seats : [];
  const over = !page.state || page.state.status === "over";
  // a seat of mine this page does not play (a bot plays it while I am away, or another tab has it)
  const back = mySeats.find((s) => s !== w.seat || (seats[s] && seats[s].kind === "bot"));
  $("take-back").hidden = over || back === undefined;
  $("take-back").dataset.forSeat = back === undefined ? "" : String(back);
  if (back !== undefined) $("take-back").textContent = t("take my seat back (seat {n})", { n: back + 1 });
  // leaving needs this browser's player (a seat taken with a bare #token= link has none)
  $("leave").hidden = over || !storedPlayer() || !(mySeats.length || w.seat !== null || isHost());
  $("end-table").hidden = over || !isHost();
  const host = page.summary && page.summary.host;
  $("host-line").textContent = isHost() ? t("You are the host of this table.")
    : host ? t("Host: {name}", { name: host }) : "";
}

function drawTimer() {
  const timer = $("timer");
  const w = page.state;
  if (!w || !w.deadline || page.finished) {
    timer.textContent = "";
    return;
  }
  const left = Math.max(0, Math.round((w.deadline - Date.now()) / 1000));
  timer.textContent = tn("{n} second left", "{n} seconds left", left);
}

function drawLog(w) {
  const box = $("log");
  box.replaceChildren();
  // the moves in the player's words (log_words, one per log entry); a finished deal redrawn
  // after a reload has none, and its score says what happened
  const words = Array.isArray(w.log_words) ? w.log_words : null;
  if (!words) return;
  words.slice(-12).forEach((line) => {
    const li = document.createElement("li");
    li.textContent = line;
    box.append(li);
  });
}

function render() {
  const w = shown();
  if (!w) return;
  const ctx = { players: w.view.players, seatName, family: page.game ? page.game.family : "" };
  // for tests and tools: what the page shows (never more than the frames carried)
  document.body.dataset.seq = String(w.seq);
  document.body.dataset.deal = String(w.deal);
  document.body.dataset.status = w.status;
  document.body.dataset.over = String(Boolean(w.view.over));
  document.body.dataset.latestSeq = String(page.state.seq);
  if (w.fromFinished) document.body.dataset.fromFinished = "true";
  else delete document.body.dataset.fromFinished;
  $("status").textContent = w.status === "over" ? t("match over")
    : w.status === "waiting" ? t("waiting for players") : t("deal {n}", { n: w.deal + 1 });
  $("you").textContent = w.seat === null ? t("spectator") : t("you are seat {n}", { n: w.seat + 1 });
  drawSeats(w);
  drawPlaces(w);
  drawZones(w.view, $("centre"), $("facts"), ctx);
  drawTrick(w.view, $("trick"), seatName);
  if (w.layout) {
    drawLayoutZones(w.layout, $("centre"));
    drawLayoutHand(w.layout, $("hand"), page.selected, toggle, w === page.state ? page.fresh || [] : []);
    $("turn").textContent = w.status === "waiting" ? t("Waiting for players to join.") : w.layout.turn;
  } else {
    drawHand(w.view, $("hand"), page.selected, toggle);
    $("turn").textContent = w.fromFinished ? t("Deal {n} is over.", { n: w.deal + 1 }) : "";
  }
  drawMoves(w);
  drawArrangement(w);
  drawMeldBuilder(w);
  drawHint(w);
  if (w.score) drawSummary(w.score, w.view, $("scores"));
  else drawScores(w.view, $("scores"), ctx);
  drawLog(w);
  drawTimer();
  $("replay").hidden = w.status !== "over" || Boolean(page.summary && page.summary.abandoned);
  $("again").hidden = w.status !== "over" || Boolean(page.summary && page.summary.abandoned);
  $("next-deal").hidden = !page.finished;
  $("next-deal").disabled = Boolean(page.finished && !page.finished.fromFinished && page.finished === page.state);
  $("last-deal").hidden = Boolean(page.finished) || !page.state.finished || page.state.status === "over"
    || page.state.view.over;
  fillInvite(tableId, seatsNow(), w.seat, seatName);
  $("invite-open").hidden = !page.summary || page.state.status === "over";
  // the click guard: moves drawn anew ignore input for a moment (guard.js)
  const key = `${w.deal}:${w.seq}:${Boolean(page.finished)}:${(w.legal || []).join("|")}`;
  if (key !== page.movesKey) {
    page.movesKey = key;
    guard.changed();
  } else {
    guard.redrawn();
  }
}

// --- the host's and the player's own actions ---------------------------------------------------

function askSure(text, yes, action) {
  $("sure-text").textContent = text;
  $("sure-yes").textContent = yes;
  $("sure").hidden = false;
  $("sure-yes").onclick = async () => {
    $("sure").hidden = true;
    await action();
  };
  $("sure-no").focus();
}
$("sure-no").addEventListener("click", () => { $("sure").hidden = true; });

async function hostAct(action, seat) {
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

$("end-table").addEventListener("click", () => askSure(
  t("End the table for everyone? The match counts as abandoned: no winner, no replay."),
  t("end the table"),
  async () => {
    try {
      await api("DELETE", `/api/tables/${encodeURIComponent(tableId)}`);
      banner(t("You ended the table."), "info");
    } catch (e) {
      say(e.message, "error");
    }
    refreshPlaces();
  }));

$("leave").addEventListener("click", () => askSure(
  t("Leave the table? A bot plays your seat from now on, and you watch."),
  t("leave the table"),
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
    banner(t("You left the table; a bot plays your seat. You are watching."), "info");
    await refreshPlaces();
    page.changingSeat = false;
    reconnect();
  }));

$("take-back").addEventListener("click", () => {
  const n = Number($("take-back").dataset.forSeat);
  if (Number.isInteger(n)) takeSeat(n, null);
});

/** Take seat ``n`` with this browser's player (``name`` for a new player): an open seat, or
 * ours again (a fresh token; the old one stops working). */
async function takeSeat(n, name) {
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
  $("join").hidden = true;
  banner("");
  // the invite link did its work: the address is the table's again
  history.replaceState(history.state, "", pageUrl(`/tables/${encodeURIComponent(tableId)}`));
  await refreshPlaces();
  page.changingSeat = false;
  reconnect();
  return true;
}

function reconnect() {
  const old = page.ws;
  page.ws = null;
  if (old) old.close(1000);
  connect();
}

// --- the invite link (?join=N) ----------------------------------------------------------------

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

async function handleInvite() {
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
  $("join").hidden = false;
  $("join-button").textContent = t("Take seat {n}", { n: n + 1 });
  $("join-name").value = myName();
  $("join").onsubmit = async (ev) => {
    ev.preventDefault();
    const name = $("join-name").value.trim();
    if (!name) {
      banner(t("type your name to take the seat"), "error");
      return;
    }
    await takeSeat(n, name);
  };
}

// --- controls ----------------------------------------------------------------------------------

$("typed").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const input = $("typed-move");
  const text = input.value.trim();
  if (!text) {
    say(t("type a move first (the verb, then the cards)"), "error");
    return;
  }
  playMove(text);
  input.value = "";
});

$("next-deal").addEventListener("click", nextDeal);
$("last-deal").addEventListener("click", showLastDeal);

$("meld-group").addEventListener("click", () => {
  if (page.selected.length < 3) {
    say(t("select at least three cards of your hand for a meld"), "error");
    return;
  }
  page.groups.push([...page.selected]);
  page.selected = [];
  render();
});
$("meld-send").addEventListener("click", () => {
  const text = $("meld-send").dataset.composed;
  if (text) playMove(text);
});

// "play these cards again": a new table with this ended match's game, options and deals;
// the bots keep their seats, this player takes theirs again, other people's are open
$("again").addEventListener("click", async () => {
  const me = page.state.seat;
  const seats = page.summary.seats.map((s, i) => (i === me ? "me" : s.kind === "bot" ? `bot:${s.name}` : "open"));
  try {
    await ensurePlayer(myName() || (me !== null && page.summary.seats[me].name) || t("Player"));
    const made = await api("POST", "/api/tables", { same_cards_as: tableId, seats, bot_delay_ms: 600 });
    if (made.token) keepSeat(made.id, made.seat, made.token);
    location.href = pageUrl(`/tables/${encodeURIComponent(made.id)}`);
  } catch (e) {
    say(e.message, "error");
  }
});
$("hint-play").addEventListener("click", () => playMove($("hint-play").dataset.hintMove));
$("confirm-send").addEventListener("click", () => playMove($("confirm").dataset.pending, true));
$("confirm-cancel").addEventListener("click", () => {
  clearConfirm();
  say(t("not sent; choose again"));
});
$("show-hints").addEventListener("change", () => {
  try { localStorage.setItem(SHOW_HINTS, $("show-hints").checked ? "1" : "0"); } catch (e) { /* private mode */ }
  render();
});

$("chat").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const input = $("chat-text");
  const text = input.value.trim();
  if (!text) return;
  if (send({ type: "chat", text })) input.value = "";
});

$("arrange-send").addEventListener("click", () => {
  const text = $("arrange-send").dataset.composed;
  if (text) playMove(text);
});
$("arrange-auto").addEventListener("click", () => {
  // the arranger's split is the first `arrange` move the engine lists (after declarations)
  const first = (page.state.legal || []).find((m) => m.startsWith("arrange"));
  if (first) page.board = boardFromMove(first);
  render();
});
$("arrange-clear").addEventListener("click", () => {
  page.board = emptyBoard();
  render();
});

const fourColour = $("four-colour");
function applyColours() {
  document.body.classList.toggle("four-colour", fourColour.checked);
}
try { fourColour.checked = localStorage.getItem("cardtable.fourColour") === "1"; } catch (e) { /* private mode */ }
applyColours();
fourColour.addEventListener("change", () => {
  try { localStorage.setItem("cardtable.fourColour", fourColour.checked ? "1" : "0"); } catch (e) { /* private mode */ }
  applyColours();
});

$("clear").addEventListener("click", () => {
  page.selected = [];
  render();
});

document.addEventListener("keydown", (ev) => {
  if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLTextAreaElement) return;
  if (!page.state || page.finished || guard.quiet()) return;
  const n = Number(ev.key);
  const legal = page.state.legal || [];
  if (Number.isInteger(n) && n >= 1 && n <= Math.min(9, legal.length)) playMove(legal[n - 1]);
});

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && !page.ws && !page.closedFor) connect();
});

guard.install();
setUpInvite(tableId, seatsNow);
setInterval(drawTimer, 1000);

async function start() {
  await loadSummary();
  if (storedPlayer()) await loadMine();
  $("replay").href = pageUrl(`/tables/${encodeURIComponent(tableId)}/replay`);
  await handleInvite();
  if (!page.ws) connect();
}

start();
