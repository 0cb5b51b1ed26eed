// The gin referee at a real table, /referee (issue 30; docs/games/gin-referee.md "In the
// browser"): the terminal's `cardtable referee gin --physical` on a phone. The page keeps the
// deal's typed lines (the record) and posts them all each time (POST /api/referee/gin): the
// server replays them through the terminal's own code and answers what the seat-less table
// shows, the rulings, the score, who is to move and what may be typed next; a bad line is
// refused naming it, and the page keeps its lines. Nothing is decided here.
//
// The table is drawn on the felt as the puzzle page draws a position (the server's picture:
// each seat's known cards face up and the unknown ones as backs, the stock, the pile). The
// seat to move acts with the buttons under it, or by tapping the stock, the pile or one of its
// cards; a card that becomes known is named on a grid of the 52 cards; "report an
// irregularity" lists R1–R13. Undo drops the last line; the session is kept in localStorage.

import { suitHtml } from "./cards.js";
import { N_, pageUrl, t, tn, withLang } from "./i18n.js";
import { loadSession, whoHeaders } from "./player.js";
import { Felt } from "/static/felt/felt.js";

const GAME = "gin";
const STORE = `cardtable.referee.${GAME}`;
const SUITS = ["♠", "♥", "♦", "♣"];
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const PACK = SUITS.flatMap((s) => RANKS.map((r) => r + s));
const reduced = matchMedia("(prefers-reduced-motion: reduce)");

// what the seat to move is doing, by the view's phase
const PHASE = {
  offer: N_("take the upcard or pass"),
  offer_dealer: N_("take the upcard or pass"),
  first_draw: N_("draw from the stock"),
  draw: N_("draw from the stock or take the top discard"),
  discard: N_("discard, knock or go gin"),
  fifty: N_("take the discard to knock, or pass"),
  defend: N_("meld, lay off or say done"),
};
// the answers to a ruling that gives a choice
const CHOICE = {
  new_deal: N_("a new deal"),
  continue: N_("play on"),
  open_hand: N_("the offender's hand face up"),
  no_bonus: N_("no bonus for the offender"),
};

const rf = {
  dealer: 1,          // the engine's seat that deals: 0 (seat 1) or 1 (seat 2)
  lines: [],          // the lines typed so far, seats counted from 1 (the record)
  got: null,          // the server's answer for those lines
  sending: false,
  sheet: null,        // what the sheet shows: {kind, …}
  armed: false,       // "new deal" tapped once: the next tap drops the deal
};

const $ = (id) => document.getElementById(id);

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.append(suitHtml(String(text)));
  return e;
}

function button(cls, text, onClick) {
  const b = el("button", cls, text);
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}

// --- keeping the session ------------------------------------------------------------------------

function save() {
  try {
    localStorage.setItem(STORE, JSON.stringify({ version: 1, dealer: rf.dealer, lines: rf.lines }));
  } catch (e) { /* private mode: this page only */ }
}

function restore() {
  try {
    const s = JSON.parse(localStorage.getItem(STORE) || "null");
    if (s && (s.dealer === 0 || s.dealer === 1) && Array.isArray(s.lines) && s.lines.every((x) => typeof x === "string")) {
      rf.dealer = s.dealer;
      rf.lines = s.lines;
    }
  } catch (e) { /* nothing kept */ }
}

// --- the server ---------------------------------------------------------------------------------

/** POST the lines; ``{ok, data}`` (data: the answer, or ``{error, line}``). */
async function ask(lines) {
  await loadSession();
  const body = JSON.stringify({ dealer: rf.dealer, lines });
  let r;
  for (let i = 0; i < 2; i++) {
    try {
      r = await fetch(withLang(`/api/referee/${GAME}`), {
        method: "POST", body, headers: { "Content-Type": "application/json", ...whoHeaders("POST") },
      });
    } catch (e) {
      return { ok: false, data: { error: t("could not reach the server") } };
    }
    if (r.status !== 403) break;
    await loadSession(true);          // a session's token changed in another tab
  }
  const data = await r.json().catch(() => ({}));
  if (!r.ok && !data.error) data.error = t("the server answered {status}", { status: r.status });
  return { ok: r.ok, data };
}

/** Make ``lines`` the record if the server takes them; else say why where it was entered
 * (``where``: "board", "line" or "sheet") and change nothing. */
async function post(lines, where = "board") {
  if (rf.sending) return false;
  rf.sending = true;
  document.body.dataset.phase = "sending";
  sayError("");
  const { ok, data } = await ask(lines);
  rf.sending = false;
  if (!ok) {
    document.body.dataset.phase = rf.got ? (rf.got.over ? "over" : "ready") : "broken";
    const n = data.line;
    const text = n && n <= rf.lines.length
      ? t("line {n} ({line}): {error}", { n, line: lines[n - 1], error: data.error }) : data.error;
    sayError(text, where);
    return false;
  }
  accept(lines, data);
  return true;
}

/** The server took ``lines``: they are the record, ``data`` what it shows. */
function accept(lines, data) {
  rf.lines = lines;
  rf.got = data;
  save();
  document.body.dataset.phase = data.over ? "over" : "ready";
  document.body.dataset.lines = String(lines.length);
  draw();
}

function enter(line, where = "board") {
  return post([...rf.lines, line.trim()], where);
}

function sayError(text, where = "board") {
  for (const [id, place] of [["error", "board"], ["line-error", "line"], ["sheet-error", "sheet"]]) {
    const p = $(id);
    p.textContent = "";
    if (text && place === where) p.append(suitHtml(text));
    p.dataset.shown = text && place === where ? "true" : "false";
  }
}

// --- what the answer says -----------------------------------------------------------------------

function choices(kind) {
  return ((rf.got && rf.got.choices) || []).filter((c) => !kind || c.kind === kind);
}

function seatName(n) {
  return t("Seat {n}", { n });
}

function topOfPile() {
  const pile = (rf.got && rf.got.table.pile) || [];
  return pile.length ? pile[pile.length - 1] : "";
}

/** A move as the button says it. */
function moveWords(c) {
  const words = c.line.split(" ");
  const verb = words[0];
  const card = words[1] || "";
  const phase = rf.got && rf.got.table.phase;
  switch (verb) {
    case "draw": return t("Draw (card not seen)");
    case "take":
      if (card) return t("Take {card}", { card });
      return phase === "offer" || phase === "offer_dealer" ? t("Take the upcard {card}", { card: topOfPile() })
        : t("Take {card}", { card: topOfPile() });
    case "pass": return t("Pass");
    case "accept": return t("Accept the knock");
    case "choose": return t("Choose: {choice}", { choice: CHOICE[card] ? t(CHOICE[card]) : card });
    case "discard": return t("Discard {card}", { card });
    case "knock": return t("Knock, discarding {card}", { card });
    case "gin": return t("Gin, discarding {card}", { card });
    case "done": return t("Done");
    default: return c.line;
  }
}

/** The cards named so far anywhere (they are not named again as new). */
function named() {
  return new Set((rf.got && rf.got.table.named) || []);
}

function lawOf(rule) {
  return ((rf.got && rf.got.laws) || []).find((l) => l.rule === rule) || null;
}

// --- drawing ------------------------------------------------------------------------------------

let felt = null;

function feltConfig() {
  const g = rf.got;
  const mover = g.to_move ? g.to_move.seat : null;
  const hot = [];
  if (choices("move").some((c) => c.line === "draw") || choices("name").some((c) => c.verb === "draw")) hot.push("stock");
  if (choices("move").some((c) => ["take", "discard", "knock", "gin"].includes(c.verb))) hot.push("pile");
  const totals = g.score.totals || [0, 0];
  return {
    picture: g.table.felt.picture,
    viewer: null,
    seats: [0, 1].map((s) => ({
      name: seatName(s + 1), note: "", total: totals[s], connected: null, away: false, bot: false,
      toMove: mover === s + 1, deadline: null,
    })),
    hand: [], selected: [], active: !g.over, hot,
    fourColour: false, reducedMotion: reduced.matches, holdMs: 600,
  };
}

function drawFelt() {
  if (!felt) {
    felt = Felt($("felt"), feltConfig());
    felt.on("zone", ({ id }) => onZone(id));
  } else {
    felt.set(feltConfig());
  }
}

function drawStatus() {
  const g = rf.got;
  const p = $("status");
  let text;
  const dealer = t("Seat {n} deals.", { n: rf.dealer + 1 });
  if (!rf.lines.length) text = `${dealer} ${t("Enter the upcard, then what happens at the table.")}`;
  else if (g.over) {
    const w = g.score.winners || [];
    text = w.length === 1 ? t("The deal is over: seat {n} scores {points}.", { n: w[0], points: g.score.totals[w[0] - 1] })
      : g.score.deal || t("The deal is over.");
  }
  else if (choices("name").some((c) => c.verb === "upcard")) text = t("Enter the upcard first.");
  else if (g.to_move && g.to_move.chooses) text = t("Seat {n} answers the ruling.", { n: g.to_move.seat });
  else if (g.table.knock && g.table.knock.open) text = t("Seat {n} accepts the knock or reports it.", { n: g.to_move ? g.to_move.seat : "?" });
  else if (g.to_move) {
    const what = PHASE[g.to_move.phase];
    text = what ? t("Seat {n} to move: {what}.", { n: g.to_move.seat, what: t(what) }) : t("Seat {n} to move.", { n: g.to_move.seat });
  } else text = "";
  p.textContent = text;
}

function drawActions() {
  const box = $("actions");
  box.replaceChildren();
  const g = rf.got;
  const add = (b) => { box.append(b); return b; };
  // the upcard first
  if (choices("name").some((c) => c.verb === "upcard")) {
    add(button("primary rf-act", t("Upcard…"), () => pickFor("upcard"))).dataset.act = "upcard";
  }
  // whole moves without a card: take, pass, draw, answers; moves of an exposed card
  for (const c of [...choices("move"), ...choices("answer")]) {
    const cardMove = ["discard", "knock", "gin", "biggin"].includes(c.verb);
    if (cardMove) continue;
    const b = add(button(c.kind === "answer" ? "primary rf-act" : "rf-act", moveWords(c), () => enter(c.line)));
    b.dataset.line = c.line;
  }
  for (const c of choices("name")) {
    if (c.verb === "draw") add(button("rf-act", t("Draw a card you saw…"), () => pickFor("draw"))).dataset.act = "draw-seen";
  }
  // a card onto the pile: the card tapped on the table, or named here
  for (const verb of ["discard", "knock", "gin"]) {
    const known = choices("move").filter((c) => c.verb === verb);
    const unknown = choices("name").some((c) => c.verb === verb);
    if (!known.length && !unknown) continue;
    const label = { discard: t("Discard…"), knock: t("Knock…"), gin: t("Gin…") }[verb];
    add(button(verb === "discard" ? "rf-act" : "rf-act rf-strong", label, () => pickFor(verb))).dataset.act = verb;
  }
  for (const c of choices("show")) {
    add(button("rf-act rf-quiet", tn("Seat {seat}'s hand: {n} card unknown…", "Seat {seat}'s hand: {n} cards unknown…",
      c.unknown, { seat: c.seat }), () => pickFor("show", c))).dataset.act = `show-${c.seat}`;
  }
  if (g.laws && g.laws.length) {
    add(button("rf-act rf-report", t("Report an irregularity…"), openReports)).dataset.act = "report";
  }
}

function drawNotes() {
  const ul = $("notes");
  ul.replaceChildren();
  for (const n of rf.got.notes || []) ul.append(el("li", "", n));
  ul.hidden = !ul.children.length;
}

function drawRulings() {
  const box = $("rulings");
  box.replaceChildren();
  const list = rf.got.rulings || [];
  if (!list.length) {
    box.append(el("p", "rf-none", t("No irregularity reported.")));
    return;
  }
  list.forEach((r, i) => {
    const card = el("article", "rf-ruling");
    card.dataset.rule = r.rule;
    card.id = `ruling-${i + 1}`;
    const head = el("h3", "rf-ruling-head");
    head.append(el("span", "rf-rule", r.rule), " ", el("span", "rf-rule-name", r.name));
    card.append(head, el("p", "rf-ruling-text", r.text));
    const remedy = el("p", "rf-remedy");
    remedy.append(el("strong", "", t("Remedy:")), " ", suitHtml(r.remedy));
    const law = el("p", "rf-law");
    law.append(el("strong", "", t("Law:")), " ", el("cite", "", r.law));
    card.append(remedy, law);
    box.append(card);
  });
}

function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "0";
}

function drawScore() {
  const box = $("score");
  box.replaceChildren();
  const s = rf.got.score;
  const table = el("table", "rf-score-table");
  const head = el("tr");
  head.append(el("th", "", ""), ...[1, 2].map((n) => el("th", "rf-pts", seatName(n))));
  const thead = el("thead");
  thead.append(head);
  const body = el("tbody");
  for (const it of s.items) {
    const tr = el("tr");
    tr.dataset.rule = it.rule;
    tr.append(el("td", "rf-item", it.text));
    for (const n of [1, 2]) {
      const td = el("td", "rf-pts", n === it.seat ? signed(it.points) : "");
      td.title = t("running total: {points}", { points: it.running[n - 1] });
      tr.append(td);
    }
    body.append(tr);
  }
  for (const m of s.missing || []) {
    const tr = el("tr", "rf-missing");
    tr.append(el("td", "rf-item", tn("Seat {seat} was {n} card short: 10 points a missing card, {points} added to his deadwood.",
      "Seat {seat} was {n} cards short: 10 points a missing card, {points} added to his deadwood.", m.cards,
      { seat: m.seat, points: m.points })), el("td", "rf-pts", ""), el("td", "rf-pts", ""));
    body.append(tr);
  }
  const foot = el("tfoot");
  const total = el("tr", "rf-total");
  total.append(el("th", "", t("Total")), ...s.seats.map((x) => {
    const td = el("td", "rf-pts", x.sum);
    td.dataset.seat = String(x.seat);
    return td;
  }));
  foot.append(total);
  table.append(thead, body, foot);
  if (!s.items.length) box.append(el("p", "rf-none", rf.got.over ? (s.deal || t("Nobody scores.")) : t("No score yet: the deal goes on.")));
  box.append(table);
  if (s.winners && s.winners.length) {
    box.append(el("p", "rf-winner", t("Seat {n} wins the deal.", { n: s.winners.join(", ") })));
  }
  if (s.note) box.append(el("p", "rf-note", s.note));
}

function drawRecord() {
  const ol = $("record");
  ol.replaceChildren();
  rf.lines.forEach((line, i) => {
    const li = el("li", i === rf.lines.length - 1 ? "rf-last" : "", line);
    li.dataset.n = String(i + 1);
    ol.append(li);
  });
  if (!rf.lines.length) ol.append(el("li", "rf-none", t("Nothing entered yet.")));
  $("undo").disabled = !rf.lines.length || rf.sending;
  // the dealer is chosen before the first line
  const d = $("dealer-box");
  d.replaceChildren();
  if (!rf.lines.length) {
    d.append(el("span", "", t("Dealer:")));
    for (const s of [0, 1]) {
      const b = button("small-button rf-seg", seatName(s + 1), () => {
        if (rf.dealer === s) return;
        rf.dealer = s;
        post([]);
      });
      b.setAttribute("aria-pressed", String(rf.dealer === s));
      b.dataset.dealer = String(s);
      d.append(b);
    }
  } else {
    d.append(el("span", "", t("Seat {n} deals.", { n: rf.dealer + 1 })));
  }
  $("new-deal").textContent = rf.armed ? t("Tap again to drop this deal") : t("New deal");
  $("new-deal").disabled = !rf.lines.length;
}

function draw() {
  drawStatus();
  drawFelt();
  drawActions();
  drawNotes();
  drawRulings();
  drawScore();
  drawRecord();
  if (rf.sheet && rf.sheet.kind !== "chooser") redrawSheet();
}

// --- the table's gestures -----------------------------------------------------------------------

function onZone(id) {
  if (rf.sending || !rf.got || rf.got.over) return;
  if (id === "stock") {
    const moves = choices("move").filter((c) => c.line === "draw");
    const named = choices("name").some((c) => c.verb === "draw");
    const opts = moves.map((c) => ({ text: moveWords(c), line: c.line }));
    if (named) opts.push({ text: t("Draw a card you saw…"), then: () => pickFor("draw") });
    if (opts.length) chooser(t("The stock"), opts);
  } else if (id === "pile") {
    const opts = choices("move").filter((c) => ["take", "pass"].includes(c.verb) && !c.cards.length)
      .map((c) => ({ text: moveWords(c), line: c.line }));
    if (choices("move").some((c) => c.verb === "discard") || choices("name").some((c) => c.verb === "discard")) {
      opts.push({ text: t("Discard…"), then: () => pickFor("discard") });
    }
    if (opts.length) chooser(t("The discard pile"), opts);
  }
}

/** A known card tapped on the table: the moves that name it. */
function onCard(card, seat) {
  if (rf.sending || !rf.got || rf.got.over) return;
  const moves = [...choices("move"), ...choices("answer")].filter((c) => (c.cards || []).includes(card) && c.seat === seat);
  if (!moves.length) {
    const g = rf.got;
    sayError(g.to_move && g.to_move.seat !== seat ? t("{card}: seat {n} is not to move.", { card, n: seat })
      : t("{card}: no move plays it now.", { card }), "board");
    return;
  }
  chooser(t("Seat {n}: {card}", { n: seat, card }), moves.map((c) => ({ text: moveWords(c), line: c.line })));
}

$("felt").addEventListener("click", (e) => {
  const face = e.target.closest(".ft-place[data-seat] [data-card]");
  if (!face || face.closest("[data-zone-id]")) return;
  const seat = Number(face.closest(".ft-place[data-seat]").dataset.seat) + 1;
  onCard(face.dataset.card, seat);
});

// --- the sheet: a chooser, the card picker, the reports -----------------------------------------

function openSheet(state) {
  rf.sheet = state;
  $("sheet").hidden = false;
  $("sheet-back").hidden = false;
  document.body.classList.add("rf-sheet-open");
  sayError("");
  redrawSheet();
  const first = $("sheet").querySelector("button:not(:disabled), input");
  if (first) first.focus({ preventScroll: true });
}

function closeSheet() {
  rf.sheet = null;
  $("sheet").hidden = true;
  $("sheet-back").hidden = true;
  document.body.classList.remove("rf-sheet-open");
  $("sheet-body").replaceChildren();
  $("sheet-actions").replaceChildren();
}

$("sheet-back").addEventListener("click", closeSheet);
document.addEventListener("keydown", (e) => { if (e.key === "Escape" && rf.sheet) closeSheet(); });

function redrawSheet() {
  const s = rf.sheet;
  if (!s) return;
  $("sheet").dataset.kind = s.kind;
  $("sheet-title").textContent = "";
  $("sheet-title").append(suitHtml(s.title));
  const body = $("sheet-body");
  const acts = $("sheet-actions");
  body.replaceChildren();
  acts.replaceChildren();
  if (s.kind === "chooser") {
    for (const o of s.options) {
      const b = button("rf-choice", o.text, async () => {
        if (o.then) { o.then(); return; }
        closeSheet();
        await enter(o.line);
      });
      if (o.line) b.dataset.line = o.line;
      body.append(b);
    }
  } else if (s.kind === "picker") {
    body.append(grid(s));
    if (s.note) body.append(el("p", "rf-sheet-note", s.note));
    if (s.multi) {
      const ok = button("primary", tn("Enter {n} card", "Enter {n} cards", s.chosen.length), () => finishPick());
      ok.id = "pick-done";
      ok.disabled = !s.chosen.length || rf.sending;
      acts.append(ok);
    }
  } else if (s.kind === "reports") {
    drawReportList(body);
  } else if (s.kind === "report") {
    drawReportForm(body, acts);
  }
  acts.append(button("small-button", t("cancel"), closeSheet));
}

function chooser(title, options) {
  openSheet({ kind: "chooser", title, options });
}

/** The grid of the 52 cards: ``s.enabled`` the cards that may be chosen, ``s.chosen`` those chosen. */
function grid(s) {
  const box = el("div", "rf-grid");
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", s.title);
  for (const suit of SUITS) {
    const row = el("div", "rf-grid-row");
    for (const rank of RANKS) {
      const card = rank + suit;
      const b = button(`rf-pick suit-${{ "♠": "s", "♥": "h", "♦": "d", "♣": "c" }[suit]}`, card, () => pickCard(card));
      b.dataset.card = card;
      const on = s.chosen.includes(card);
      b.setAttribute("aria-pressed", String(on));
      b.disabled = !on && (!s.enabled.has(card) || rf.sending);
      row.append(b);
    }
    box.append(row);
  }
  return box;
}

function pickCard(card) {
  const s = rf.sheet;
  if (!s || (s.kind !== "picker" && s.kind !== "report")) return;
  if (!s.multi) {
    s.chosen = [card];
    if (s.kind === "picker") {
      finishPick();
      return;
    }
  } else if (s.chosen.includes(card)) {
    s.chosen = s.chosen.filter((c) => c !== card);
  } else if (s.chosen.length < (s.max || 52)) {
    s.chosen = [...s.chosen, card].sort((a, b) => PACK.indexOf(a) - PACK.indexOf(b));
  }
  redrawSheet();
}

async function finishPick() {
  const s = rf.sheet;
  if (!s || !s.chosen.length) return;
  const line = s.line(s.chosen);
  if (await enter(line, "sheet")) closeSheet();
}

/** The card picker for a line that names a card: ``verb`` upcard, draw, discard, knock, gin,
 * show (``c``: the show choice, with its seat). */
function pickFor(verb, c) {
  const g = rf.got;
  const seat = g.to_move ? g.to_move.seat : null;
  const fresh = new Set(PACK.filter((x) => !named().has(x)));
  const playable = (v) => new Set(choices("move").filter((m) => m.verb === v).flatMap((m) => m.cards));
  let state;
  if (verb === "upcard") {
    state = { title: t("The upcard"), enabled: fresh, line: (cs) => `upcard ${cs[0]}` };
  } else if (verb === "draw") {
    state = { title: t("Seat {n} drew:", { n: seat }), enabled: fresh, line: (cs) => `draw ${cs[0]}`,
      note: t("Only a card you saw: the record keeps every other card unknown.") };
  } else if (verb === "show") {
    state = { title: t("Cards seen in seat {n}'s hand", { n: c.seat }), enabled: fresh, multi: true, max: c.unknown,
      line: (cs) => `${c.verb} ${c.seat} ${cs.join(" ")}` };
  } else {
    const enabled = playable(verb);
    if (choices("name").some((m) => m.verb === verb)) for (const x of fresh) enabled.add(x);
    const title = { discard: t("Seat {n} discards:", { n: seat }), knock: t("Seat {n} knocks, discarding:", { n: seat }),
      gin: t("Seat {n} goes gin, discarding:", { n: seat }) }[verb];
    state = { title, enabled, line: (cs) => `${verb} ${cs[0]}` };
    if (verb !== "discard" && !choices("move").some((m) => m.verb === verb)) {
      state.note = t("A knock is scored from both spreads: enter the hands first.");
    }
  }
  openSheet({ kind: "picker", chosen: [], multi: false, ...state });
}

// --- reports ------------------------------------------------------------------------------------

function openReports() {
  openSheet({ kind: "reports", title: t("Report an irregularity") });
}

function drawReportList(body) {
  const now = new Set(choices("report").map((c) => c.rule));
  const list = el("div", "rf-laws");
  for (const law of rf.got.laws) {
    const b = button("rf-law-item", "", () => openReport(law.rule));
    b.dataset.rule = law.rule;
    b.append(el("span", "rf-rule", law.rule), " ", el("span", "rf-law-name", law.name));
    if (now.has(law.rule)) b.append(" ", el("span", "rf-now", t("possible now")));
    list.append(b);
  }
  body.append(list);
}

function openReport(rule) {
  const g = rf.got;
  const law = lawOf(rule);
  const words = law.words.map(() => "");      // nothing chosen for the person
  openSheet({
    kind: "report", title: `${law.rule} · ${law.name}`, rule, seat: g.to_move ? g.to_move.seat : 1,
    chosen: [], multi: law.cards === "some", max: law.cards === "some" ? 3 : 1, words,
    enabled: new Set(PACK),
  });
}

function reportLine(s) {
  const law = lawOf(s.rule);
  const parts = [`${s.seat}: report ${s.rule}`, ...s.chosen, ...s.words.filter(Boolean)];
  return law ? parts.join(" ") : "";
}

function drawReportForm(body, acts) {
  const s = rf.sheet;
  const law = lawOf(s.rule);
  body.append(el("p", "rf-remedy", law.remedy), el("p", "rf-law", law.law));
  // who reports
  const who = el("div", "rf-seg-row");
  who.append(el("span", "", t("Reported by:")));
  for (const n of [1, 2]) {
    const b = button("small-button rf-seg", seatName(n), () => { s.seat = n; redrawSheet(); });
    b.setAttribute("aria-pressed", String(s.seat === n));
    b.dataset.reporter = String(n);
    who.append(b);
  }
  body.append(who);
  // the words of the report
  law.words.forEach((group, gi) => {
    const row = el("div", "rf-seg-row rf-words");
    for (const w of group) {
      const on = s.words[gi] === w.word;
      const b = button("small-button rf-seg", w.text, () => {
        s.words[gi] = group.length > 1 ? w.word : (on ? "" : w.word);
        redrawSheet();
      });
      b.setAttribute("aria-pressed", String(on));
      b.dataset.word = w.word;
      row.append(b);
    }
    body.append(row);
  });
  if (law.cards !== "none") {
    body.append(el("p", "rf-sheet-note", law.cards === "some" ? t("The cards it names (up to 3):") : t("The card it names:")));
    body.append(grid(s));
  }
  const line = reportLine(s);
  body.append(el("p", "rf-preview", line));
  const ok = button("primary", t("Report"), async () => {
    if (await enter(reportLine(rf.sheet), "sheet")) closeSheet();
  });
  ok.id = "report-send";
  const unsaid = law.words.some((group, gi) => group.length > 1 && !s.words[gi]);
  ok.disabled = rf.sending || (law.cards !== "none" && !s.chosen.length) || unsaid;
  acts.append(ok);
  const back = button("small-button", t("back"), openReports);
  acts.append(back);
}

// --- the record ---------------------------------------------------------------------------------

$("line-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const input = $("line");
  const line = input.value.trim();
  if (!line) return;
  if (await enter(line, "line")) input.value = "";
});

$("undo").addEventListener("click", () => {
  if (rf.lines.length) post(rf.lines.slice(0, -1));
});

$("new-deal").addEventListener("click", () => {
  if (!rf.armed) {
    rf.armed = true;
    drawRecord();
    setTimeout(() => { rf.armed = false; if (rf.got) drawRecord(); }, 4000);
    return;
  }
  rf.armed = false;
  post([]);
});

// --- start ---------------------------------------------------------------------------------------

function words() {
  document.title = t("cardtable — gin referee");
  $("home").textContent = t("cardtable");
  $("home").href = pageUrl("/");
  $("title").textContent = t("Gin referee");
  $("felt").setAttribute("aria-label", t("table"));
  $("rulings-h").textContent = t("Rulings");
  $("score-h").textContent = t("Score");
  $("record-h").textContent = t("The record");
  $("line").placeholder = t("type a line, e.g. {example}", { example: "2: report R8 K♥ hand" });
  $("line").setAttribute("aria-label", t("a line, as typed at the terminal"));
  $("line-send").textContent = t("Enter");
  $("undo").textContent = t("Undo the last line");
}

async function start() {
  words();
  restore();
  const kept = rf.lines;
  rf.sending = true;
  const first = await ask(kept);
  rf.sending = false;
  if (first.ok) {
    accept(kept, first.data);
    return;
  }
  // a kept session the server no longer takes whole: keep the lines before the bad one
  const n = first.data.line && first.data.line <= kept.length ? first.data.line : 1;
  const second = await ask(kept.slice(0, n - 1));
  if (second.ok) accept(kept.slice(0, n - 1), second.data);
  else document.body.dataset.phase = "broken";
  sayError(first.data.line ? t("line {n} ({line}): {error}", { n, line: kept[n - 1], error: first.data.error })
    : first.data.error);
}

start();
