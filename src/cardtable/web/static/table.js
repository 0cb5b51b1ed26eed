// The table page: one WebSocket per tab (../shared/contracts/table-protocol.md). The state always
// comes from the server; the page only composes move texts and shows what it was sent.

import { cardsInText } from "./cards.js";
import { pageUrl, t, tn, withLang } from "./i18n.js";
import { boardFromMove, drawBoard, ROWS, rowsMove } from "./rows.js";
import {
  drawHand, drawLayoutHand, drawTrick, drawLayoutZones, drawScores, drawSummary, drawZones, ownHand,
} from "./view.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const tokenKey = `cardtable.token.${tableId}`;

function readToken() {
  const m = /(?:^|[#&])token=([^&]+)/.exec(location.hash);
  if (m) {
    const token = decodeURIComponent(m[1]);
    try { sessionStorage.setItem(tokenKey, token); } catch (e) { /* private mode */ }
    return token;
  }
  try { return sessionStorage.getItem(tokenKey); } catch (e) { return null; }
}

const page = {
  token: readToken(),
  ws: null,
  state: null,
  summary: null,
  game: null,
  selected: [],
  retry: 0,
  closedFor: null,
  sentSeq: null,
  fresh: [],       // cards that just came into the hand
  presence: null,  // which seats have a connection open
  groups: [],      // Remik: melds being built for one move
  rowsMove: null,  // 十三张: the arrangement composed on the board, and its foul warning
  rowsWarning: null,
  board: null,     // 十三张: the rows being built
  picked: null,
  finished: null,  // the state of a deal that just ended, kept on screen
  pending: null,   // the next deal's newest state, shown after "next deal"
};

function seatName(s) {
  if (s === null || s === undefined) return "—";
  if (page.state && s === page.state.seat) return t("You");
  const seat = page.summary && page.summary.seats[s];
  if (seat && seat.name) return seat.kind === "bot" ? t("{name} (bot, seat {n})", { name: seat.name, n: s + 1 }) : seat.name;
  return t("Seat {n}", { n: s + 1 });
}

function say(text, kind = "info") {
  const m = $("message");
  m.textContent = text;
  m.className = "message " + kind;
}

async function loadSummary() {
  try {
    const r = await fetch(withLang(`/api/tables/${encodeURIComponent(tableId)}`));
    if (!r.ok) {
      say((await r.json()).error || t("no table {table}", { table: tableId }), "error");
      return;
    }
    page.summary = await r.json();
    const games = await (await fetch(withLang("/api/games"))).json();
    page.game = games.find((g) => g.id === page.summary.game) || null;
    const g = page.game;
    const title = g ? g.title || g.name : page.summary.game;
    $("title").textContent = g && title !== g.native_name ? `${title} · ${g.native_name}` : title;
    document.title = t("{game} — cardtable", { game: title });
    $("rules-link").href = pageUrl(`/rules/${encodeURIComponent(page.summary.game)}`);
    document.querySelector("header.bar a.home").href = pageUrl("/");
  } catch (e) {
    say(t("could not reach the server"), "error");
  }
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  // layout=1: the server adds the core's table layout and the score in words to each state
  const q = "?layout=1" + (page.token ? `&token=${encodeURIComponent(page.token)}` : "");
  // lang: the layout's texts, hints and refusals come in the page's language
  const ws = new WebSocket(withLang(`${proto}://${location.host}/ws/tables/${encodeURIComponent(tableId)}${q}`));
  page.ws = ws;
  $("conn").textContent = t("connecting…");
  ws.onopen = () => {
    page.retry = 0;
    $("conn").textContent = t("connected");
    $("conn").className = "conn ok";
  };
  ws.onmessage = (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    if (msg.type === "state") onState(msg);
    else if (msg.type === "error") onError(msg);
    else if (msg.type === "chat") onChat(msg);
    else if (msg.type === "presence") {
      page.presence = msg;
      if (page.state) drawSeats();
    }
  };
  ws.onclose = (ev) => {
    if (page.ws !== ws) return;
    page.ws = null;
    $("conn").className = "conn down";
    if (ev.code === 4401) {
      page.closedFor = t("this seat's link is not valid for this table");
    } else if (ev.code === 4404) {
      page.closedFor = t("there is no such table");
    }
    if (page.closedFor) {
      $("conn").textContent = t("closed");
      say(page.closedFor, "error");
      return;
    }
    $("conn").textContent = t("reconnecting…");
    const wait = Math.min(8000, 250 * 2 ** page.retry++);
    setTimeout(connect, wait);
  };
}

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

function playMove(text, confirmed = false) {
  if (!page.state) return;
  // a costly move (the same warnings as the terminal's) is sent only once confirmed
  const warning = (page.state.warnings || {})[text] || (text === page.rowsMove ? page.rowsWarning : null);
  if (warning && !confirmed) {
    askConfirm(text, warning);
    return;
  }
  clearConfirm();
  say(t("sent: {move}", { move: text }));
  page.sentSeq = page.state.seq;
  send({ type: "move", move: text, seq: page.state.seq });
}

function onChat(msg) {
  const li = document.createElement("li");
  const who = document.createElement("strong");
  who.textContent = msg.seat === null ? t("spectator")
    : (msg.seat === (page.state && page.state.seat) ? t("You") : (msg.name || t("Seat {n}", { n: msg.seat + 1 })));
  const text = document.createElement("span");
  text.textContent = ": " + msg.text;     // text, never HTML
  li.append(who, text);
  const box = $("chat-log");
  box.append(li);
  while (box.children.length > 100) box.firstChild.remove();
  box.scrollTop = box.scrollHeight;
}

function clearConfirm() {
  $("confirm").hidden = true;
  $("confirm-text").textContent = "";
  delete $("confirm").dataset.pending;
}

function askConfirm(text, warning) {
  $("confirm-text").textContent = t("Careful: {warning}", { warning });
  $("confirm-send").textContent = t("send '{move}' anyway", { move: text });
  $("confirm").dataset.pending = text;
  $("confirm").hidden = false;
  $("confirm-cancel").focus();
}

function drawHint(w) {
  const box = $("hint");
  const h = w.hint;
  box.hidden = !h;
  if (!h) {
    // nothing of an earlier position stays in the page, not even hidden
    $("hint-text").textContent = "";
    delete $("hint-play").dataset.hintMove;
    return;
  }
  $("hint-text").textContent = t("Hint: {move} — {reason}", { move: h.move, reason: h.reason });
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
  say(msg.move ? `${msg.move}: ${msg.message}` : msg.message, "error");
}

function onState(msg) {
  // A finished deal stays on the table (all hands, the score) until the player asks for the
  // next one; the next deal's state waits meanwhile and is always the newest one received.
  if (page.finished) {
    if (msg.deal > page.finished.deal) {
      page.pending = msg;
      render();
      return;
    }
    page.finished = null;
  }
  if (msg.view.over && msg.status !== "over" && page.state && page.state.deal === msg.deal) {
    page.finished = msg;
  }
  applyState(msg);
}

function nextDeal() {
  const next = page.pending;
  page.finished = null;
  page.pending = null;
  if (next) applyState(next);
  else render();
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
  if (page.summary && (msg.status !== page.summary.status)) loadSummary().then(render);
  render();
  if (page.sentSeq !== null && msg.seq !== page.sentSeq) {
    say("");
    page.sentSeq = null;
  }
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

function drawMoves(legal) {
  const box = $("moves");
  box.replaceChildren();
  if (!legal.length) {
    const w = page.state;
    const movers = (w.view.to_move || []).map(seatName).join(", ");
    const p = document.createElement("p");
    p.className = "none";
    p.textContent = w.status === "waiting" ? t("waiting for players to join")
      : w.view.over ? t("the deal is over") : movers ? t("waiting for {players}", { players: movers }) : "";
    box.append(p);
    return;
  }
  const groups = new Map();
  legal.forEach((text, i) => {
    const verb = text.split(" ")[0];
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push([text, i]);
  });
  let shown = 0;
  for (const [verb, items] of groups) {
    const g = document.createElement("div");
    g.className = "move-group";
    const h = document.createElement("span");
    h.className = "verb";
    h.textContent = verb;
    g.append(h);
    for (const [text, i] of items) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "move" + (fits(text) ? "" : " dim");
      b.dataset.move = text;
      b.textContent = text;
      b.title = t("key {n}", { n: i + 1 });
      b.addEventListener("click", () => playMove(text));
      g.append(b);
      if (fits(text)) shown++;
    }
    box.append(g);
  }
  if (page.selected.length && !shown) say(t("no legal move uses all the selected cards"), "info");
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
  $("arrange-send").dataset.composed = full ? rowsMove(board) : "";
  page.rowsMove = full ? rowsMove(board) : null;
  page.rowsWarning = null;
  checkRows(board);
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

function drawSeats() {
  const box = $("seats");
  box.replaceChildren();
  const w = page.state;
  const n = w.view.players;
  const movers = new Set(w.view.to_move || []);
  for (let s = 0; s < n; s++) {
    const d = document.createElement("div");
    d.className = "seat" + (movers.has(s) && !w.view.over ? " to-move" : "") + (s === w.seat ? " me" : "");
    d.dataset.seat = String(s);
    const name = document.createElement("strong");
    name.textContent = seatName(s);
    d.append(name);
    const total = document.createElement("span");
    total.className = "total";
    total.textContent = t("total {points}", { points: w.totals ? w.totals[s] : 0 });
    d.append(total);
    const conn = page.presence && page.presence.connected ? page.presence.connected[s] : null;
    const kind = page.summary && page.summary.seats[s] ? page.summary.seats[s].kind : null;
    if (kind === "person" && conn !== null) {
      const c = document.createElement("span");
      c.className = "presence " + (conn ? "on" : "off");
      c.textContent = conn ? t("● connected") : t("○ away");
      d.append(c);
    }
    if (page.summary && page.summary.seats[s] && page.summary.seats[s].kind === "open") {
      const open = document.createElement("span");
      open.className = "open-seat";
      open.textContent = t("open seat");
      d.append(open);
    }
    box.append(d);
  }
}

function drawTimer() {
  const timer = $("timer");
  const w = page.state;
  if (!w || !w.deadline) {
    timer.textContent = "";
    return;
  }
  const left = Math.max(0, Math.round((w.deadline - Date.now()) / 1000));
  timer.textContent = tn("{n} second left", "{n} seconds left", left);
}

function drawLog(view) {
  const box = $("log");
  box.replaceChildren();
  (view.log || []).slice(-12).forEach((line) => {
    const li = document.createElement("li");
    const m = /^(\d+): (.*)$/.exec(line);
    li.textContent = m ? `${seatName(Number(m[1]))}: ${m[2]}` : line;
    box.append(li);
  });
}

function render() {
  const w = page.state;
  if (!w) return;
  const ctx = { players: w.view.players, seatName, family: page.game ? page.game.family : "" };
  // for tests and tools: what the page last received (never more than the frame carried)
  document.body.dataset.seq = String(w.seq);
  document.body.dataset.deal = String(w.deal);
  document.body.dataset.status = w.status;
  document.body.dataset.over = String(Boolean(w.view.over));
  $("status").textContent = w.status === "over" ? t("match over")
    : w.status === "waiting" ? t("waiting for players") : t("deal {n}", { n: w.deal + 1 });
  $("you").textContent = w.seat === null ? t("spectator") : t("you are seat {n}", { n: w.seat + 1 });
  drawSeats();
  drawZones(w.view, $("centre"), $("facts"), ctx);
  drawTrick(w.view, $("trick"), seatName);
  if (w.layout) {
    drawLayoutZones(w.layout, $("centre"));
    drawLayoutHand(w.layout, $("hand"), page.selected, toggle, page.fresh || []);
    $("turn").textContent = w.status === "waiting" ? t("Waiting for players to join.") : w.layout.turn;
  } else {
    drawHand(w.view, $("hand"), page.selected, toggle);
  }
  drawMoves(w.legal || []);
  drawArrangement(w);
  drawMeldBuilder(w);
  drawHint(w);
  if (w.score) drawSummary(w.score, w.view, $("scores"));
  else drawScores(w.view, $("scores"), ctx);
  drawLog(w.view);
  drawTimer();
  $("replay").hidden = w.status !== "over";
  $("again").hidden = w.status !== "over";
  $("next-deal").hidden = !page.finished;
  $("next-deal").disabled = !page.pending;
}

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
// the bots keep their seats, people's seats are open again (this player takes theirs back)
$("again").addEventListener("click", async () => {
  const seats = page.summary.seats.map((s) => (s.kind === "bot" ? `bot:${s.name}` : "open"));
  const post = async (url, body) => {
    const r = await fetch(withLang(url), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const data = await r.json().catch(() => ({}));
    if (!r.ok) throw new Error(data.error || t("the server answered {status}", { status: r.status }));
    return data;
  };
  try {
    const made = await post("/api/tables", { same_cards_as: tableId, seats, bot_delay_ms: 600 });
    const me = page.state.seat;
    if (me === null) {
      location.href = pageUrl(`/tables/${made.id}`);
      return;
    }
    const name = (page.summary.seats[me] && page.summary.seats[me].name) || t("Player");
    const j = await post(`/api/tables/${made.id}/seats/${me}`, { name });
    location.href = pageUrl(`/tables/${made.id}#token=${encodeURIComponent(j.token)}`);
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
  if (!page.state) return;
  const n = Number(ev.key);
  const legal = page.state.legal || [];
  if (Number.isInteger(n) && n >= 1 && n <= Math.min(9, legal.length)) playMove(legal[n - 1]);
});

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && !page.ws && !page.closedFor) connect();
});

const joinSeat = new URLSearchParams(location.search).get("join");

async function join(ev) {
  ev.preventDefault();
  const name = $("join-name").value.trim();
  if (!name) {
    say(t("type your name to take the seat"), "error");
    return;
  }
  const r = await fetch(withLang(`/api/tables/${encodeURIComponent(tableId)}/seats/${encodeURIComponent(joinSeat)}`), {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name }),
  });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) {
    say(data.error || t("could not take the seat ({status})", { status: r.status }), "error");
    return;
  }
  try { localStorage.setItem("cardtable.name", name); } catch (e) { /* private mode */ }
  page.token = data.token;
  try { sessionStorage.setItem(tokenKey, data.token); } catch (e) { /* private mode */ }
  history.replaceState(null, "", pageUrl(`/tables/${encodeURIComponent(tableId)}#token=${encodeURIComponent(data.token)}`));
  $("join").hidden = true;
  await loadSummary();
  if (page.ws) page.ws.close(1000);
  page.ws = null;
  connect();
}

if (joinSeat !== null && !page.token) {
  $("join").hidden = false;
  $("join-button").textContent = t("Take seat {n}", { n: Number(joinSeat) + 1 });
  try { $("join-name").value = localStorage.getItem("cardtable.name") || ""; } catch (e) { /* private mode */ }
  $("join").addEventListener("submit", join);
}

setInterval(drawTimer, 1000);
loadSummary().then(() => {
  $("replay").href = pageUrl(`/tables/${encodeURIComponent(tableId)}/replay`);
  connect();
});
