// 十三张's arrangement board: the player puts the thirteen cards into 头道 (3), 中道 (5) and
// 尾道 (5); the page composes the `arrange` move and the server judges it. A fouling
// arrangement is legal (it is scored as a foul), so the page warns, using the server's
// description of the rows when it has one.
//
// The board is drawn as the hand is laid out on a real table: three rows of card places on a
// felt (the front row of 3 on top, then the middle and the back row of 5), and the cards not
// placed yet below as a fanned hand. Styles: rows.css (card sizes follow the board's width).
//
// Gestures (all of them end in the page's handlers, so the page keeps the board's state):
//   * click or tap a card of the hand, then a row (its label, a free place, or anywhere on it);
//     click a placed card to take it back; with a card picked, clicking a card of a full row
//     swaps the two;
//   * drag with the mouse or a finger (pointer events; a floating copy follows): a card of the
//     hand onto a row, a placed card onto another row or back onto the hand; dropped on a full
//     row (onto one of its cards, else the nearest one) the two cards exchange places;
//   * keyboard: arrow keys move the focus (←/→ along the hand or a row, ↑/↓ between rows),
//     1/2/3 put the focused card (or the picked one) in the front, middle or back row,
//     Backspace/Delete returns a placed card to the hand, Enter/Space picks a card, Enter on a
//     row's label places the picked card, Escape drops the pick (or cancels a drag).
//
// drawBoard(box, hand, board, picked, handlers, opts) draws the board in ``box`` (again: a
// redraw with nothing changed costs nothing, and the card elements are kept across redraws):
//   handlers.pick(card) — a card of the hand was clicked (the page toggles its picked card);
//   handlers.setBoard(board) — one call with the whole new board for every change (place,
//     return, swap, move, reorder); the page keeps it and drops its picked card if it got
//     placed. The board shows it at once; a late redraw with an older board is ignored;
//   handlers.toRow(row), .place(card, row), .unplace(card) — the first version's handlers,
//     used when there is no setBoard (they must act on one board the page keeps and redraw);
//     without toRow a row's label places the picked card through setBoard;
//   handlers.swap(a, b) — optional: two cards exchange places (else setBoard, else in turn);
//   handlers.describe — optional: {head, middle, tail: text} or the server's rows check as
//     POST /api/games/shisanzhang/rows answers it ({rows: [{kind, kind_zh}], fouled,
//     foul_reason, complete}: the hand types, the foul warning, the rows out of order
//     marked); describeRows(box, info) shows it without a redraw;
//   handlers.say(text, kind) — optional: the page's message line ("that row holds 3 cards");
//   opts.sort ("rank" | "suit"): the hand's order (default: the player's last choice, rank);
//   opts.motion (false: no animation; none either under prefers-reduced-motion).
// boardPlace / boardRemove / boardSwap / rowOf / sortHand are the same moves as pure functions.

import { cardEl, faceSvg, parseCard, SUITS } from "./cards.js";
import { N_, t, tn } from "./i18n.js";

export const ROWS = [
  { id: "head", name: N_("头道 front"), short: "头道", size: 3, key: "1" },
  { id: "middle", name: N_("中道 middle"), short: "中道", size: 5, key: "2" },
  { id: "tail", name: N_("尾道 back"), short: "尾道", size: 5, key: "3" },
];
const SIZE = Object.fromEntries(ROWS.map((r) => [r.id, r.size]));
const BY_KEY = Object.fromEntries(ROWS.map((r) => [r.key, r.id]));
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const SORT_STORE = "cardtable.rowsSort";
const DRAG_SLOP = { mouse: 4, pen: 6, touch: 8 };
const MOTION_MS = 200;
const ECHO_MS = 1500;

export function rowsMove(board) {
  return "arrange " + ROWS.map((r) => board[r.id].join(" ")).join(" | ");
}

/** A board filled from an `arrange` move text (the arranger's suggestion). */
export function boardFromMove(text) {
  const parts = text.replace(/^arrange\s+/, "").split("|").map((p) => p.trim().split(/\s+/).filter(Boolean));
  const board = { head: parts[0] || [], middle: parts[1] || [], tail: parts[2] || [] };
  return board;
}

// --- the board as data: pure helpers the page may use in its own handlers --------------------

function copyBoard(board) {
  return { head: [...(board.head || [])], middle: [...(board.middle || [])], tail: [...(board.tail || [])] };
}

/** The row ``card`` is in, or null (in the hand). */
export function rowOf(board, card) {
  return ROWS.map((r) => r.id).find((id) => (board[id] || []).includes(card)) || null;
}

/** The board with ``card`` back in the hand. */
export function boardRemove(board, card) {
  const next = copyBoard(board);
  for (const r of ROWS) next[r.id] = next[r.id].filter((c) => c !== card);
  return next;
}

/** The board with ``card`` in ``row`` (at ``at``, else at the end), or null if the row is full. */
export function boardPlace(board, card, row, at = null) {
  const next = boardRemove(board, card);
  if (next[row].length >= SIZE[row]) return null;
  const i = at === null || at === undefined ? next[row].length : Math.max(0, Math.min(at, next[row].length));
  next[row].splice(i, 0, card);
  return next;
}

/** The board with ``a`` and ``b`` exchanged (a card of the hand takes a placed card's place,
 * which goes to the hand; two placed cards trade places). */
export function boardSwap(board, a, b) {
  const next = copyBoard(board);
  const ra = rowOf(next, a);
  const rb = rowOf(next, b);
  const ia = ra ? next[ra].indexOf(a) : -1;
  const ib = rb ? next[rb].indexOf(b) : -1;
  if (ra) next[ra][ia] = b;
  if (rb) next[rb][ib] = a;
  return next;
}

// --- sorting the hand ----------------------------------------------------------------------

function rankIndex(card) {
  const c = parseCard(card);
  if (!c) return -1;
  if (c.joker) return 20 + ["LJ", "BJ", "JK"].indexOf(card);
  return RANKS.indexOf(c.rank);
}

function suitIndex(card) {
  const c = parseCard(card);
  return c && c.suit ? SUITS.indexOf(c.suit) : 9;
}

/** The hand as players hold it: by rank high to low (then suit), or by suit then rank. */
export function sortHand(cards, mode = "rank") {
  const key = mode === "suit"
    ? (c) => suitIndex(c) * 100 - rankIndex(c)
    : (c) => -rankIndex(c) * 10 + suitIndex(c);
  return [...cards].sort((a, b) => key(a) - key(b));
}

function storedSort() {
  try {
    return localStorage.getItem(SORT_STORE) === "suit" ? "suit" : "rank";
  } catch (e) {
    return "rank";
  }
}

// --- per board state (the box keeps one set of listeners across redraws) --------------------

const STATES = new WeakMap();

function stateOf(box) {
  let st = STATES.get(box);
  if (!st) {
    st = {
      box, hand: [], board: copyBoard({}), picked: null, handlers: {}, opts: {}, sort: null,
      press: null, drag: null, suppressUntil: 0, wantFocus: null, flipFrom: null, status: null, echo: null,
      cards: new Map(), base: new WeakMap(), used: new Set(), drawn: null,
    };
    STATES.set(box, st);
    install(st);
  }
  return st;
}

function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function isFourColour() {
  return document.body.classList.contains("four-colour");
}

/** A card as the board draws it: the page's card element, its face the SVG drawing. */
function boardCard(st, card, cls) {
  // a card keeps its element across redraws (its drawing is made once; a drag or the focus
  // outlives the page's redraws)
  const four = isFourColour();
  const key = `${card}|${four ? 4 : 2}`;
  let el = st.cards.get(key);
  if (!el) {
    el = cardEl(card, { selectable: true });
    if (!el.querySelector("svg")) el.innerHTML = faceSvg(card, { fourColour: four });
    el.dataset.card = card;
    el.draggable = false;
    st.cards.set(key, el);
    st.base.set(el, el.className);
  }
  el.className = `${st.base.get(el)} ${cls} svg-face`;
  el.removeAttribute("aria-pressed");
  el.removeAttribute("aria-keyshortcuts");
  st.used.add(key);
  return el;
}

function rowName(id) {
  const r = ROWS.find((x) => x.id === id);
  return r ? t(r.name) : t("your hand");
}

// --- drawing -------------------------------------------------------------------------------

export function drawBoard(box, hand, board, picked, handlers, opts = {}) {
  const st = stateOf(box);
  const before = snapshot(st);
  st.hand = [...(hand || [])];
  st.board = unechoed(st, copyBoard(board || {}));
  st.picked = picked || null;
  st.handlers = handlers || {};
  st.opts = opts || {};
  if (st.opts.sort) st.sort = st.opts.sort;
  if (!st.sort) st.sort = storedSort();
  if (st.drawn === drawnKey(st) && st.felt && st.felt.parentNode === box) {
    // nothing to draw anew (the page redrew for something else): the descriptions only
    if (st.handlers.describe) describeRows(box, st.handlers.describe);
    return;
  }
  paint(st, before);
}

function drawnKey(st) {
  return JSON.stringify([st.hand, st.board, st.picked, st.sort, isFourColour()]);
}

function paint(st, before) {
  const { box, board, picked } = st;
  box.classList.add("rows-board");
  st.used = new Set();
  const placed = new Set(ROWS.flatMap((r) => board[r.id]));
  const loose = sortHand(st.hand.filter((c) => !placed.has(c)), st.sort);

  const felt = document.createElement("div");
  felt.className = "arrange-felt";
  for (const r of ROWS) felt.append(drawRow(st, r, picked));

  const sort = document.createElement("button");
  sort.type = "button";
  sort.className = "arrange-sort";
  sort.dataset.sort = st.sort;
  // shows the order a press gives: ranks high to low, or suit by suit
  sort.textContent = st.sort === "rank" ? "♠♥♦♣" : "A K Q";
  sort.setAttribute("aria-label", st.sort === "rank" ? t("sort by suit") : t("sort by rank"));
  sort.title = sort.getAttribute("aria-label");
  felt.append(sort);

  const rest = document.createElement("div");
  rest.className = "arrange-loose";
  rest.setAttribute("role", "group");
  rest.setAttribute("aria-label", t("your hand"));
  rest.dataset.zone = "loose";
  rest.dataset.count = String(loose.length);
  for (const c of loose) {
    const el = boardCard(st, c, "loose");
    el.setAttribute("aria-keyshortcuts", ROWS.map((r) => r.key).join(" "));
    if (picked === c) {
      el.classList.add("selected");
      el.setAttribute("aria-pressed", "true");
    }
    rest.append(el);
  }
  // the foul warning: over the hand's lower edge (or in its place once every card is placed)
  const foul = document.createElement("p");
  foul.className = "arrange-foul";
  rest.append(foul);

  if (!st.status || st.status.parentNode !== box) {
    st.status = document.createElement("p");
    st.status.className = "arrange-status";
    st.status.setAttribute("role", "status");
    st.status.setAttribute("aria-live", "polite");
  }
  box.replaceChildren(felt, rest, st.status);
  st.felt = felt;
  st.drawn = drawnKey(st);
  for (const key of [...st.cards.keys()]) if (!st.used.has(key)) st.cards.delete(key);

  // the rows' descriptions: the page's, else the last ones while the row is unchanged
  const desc = st.handlers.describe;
  if (desc) describeRows(box, desc);
  else carryDescriptions(st, before);
  if (st.drag) markDrag(st);
  restoreFocus(st, before);
  animate(st, before);
}

function drawRow(st, r, picked) {
  const cards = st.board[r.id];
  const row = document.createElement("div");
  row.className = "arrange-row";
  row.dataset.row = r.id;
  row.dataset.size = String(r.size);
  row.dataset.count = String(cards.length);
  row.dataset.cards = cards.join(" ");
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", t(r.name));
  if (cards.length >= r.size) row.classList.add("full");

  const head = document.createElement("div");
  head.className = "row-head";
  const label = document.createElement("button");
  label.type = "button";
  label.className = "row-label";
  label.dataset.row = r.id;
  const key = document.createElement("kbd");
  key.textContent = r.key;
  key.setAttribute("aria-hidden", "true");
  const words = document.createElement("span");
  words.className = "row-name";
  words.textContent = t("{row} ({placed}/{size})", { row: t(r.name), placed: cards.length, size: r.size });
  // a narrow board writes the row's name down its side: the game's own name and the count
  const short = document.createElement("span");
  short.className = "row-short";
  short.setAttribute("aria-hidden", "true");
  short.textContent = r.short;
  const count = document.createElement("span");
  count.className = "row-count";
  count.setAttribute("aria-hidden", "true");
  count.textContent = `${cards.length}/${r.size}`;
  label.append(key, words, short, count);
  label.setAttribute("aria-label", words.textContent);
  const type = document.createElement("span");
  type.className = "row-type";
  head.append(label, type);

  const line = document.createElement("div");
  line.className = "row-cards";
  for (const c of cards) {
    const el = boardCard(st, c, "placed");
    el.removeAttribute("aria-pressed");
    el.setAttribute("aria-keyshortcuts", ["1", "2", "3", "Delete"].join(" "));
    if (picked && cards.length >= r.size) el.classList.add("swappable");
    line.append(el);
  }
  for (let i = cards.length; i < r.size; i++) {
    const slot = document.createElement("span");
    slot.className = "slot";
    slot.setAttribute("aria-hidden", "true");
    line.append(slot);
  }
  row.append(head, line);
  return row;
}

/** Show the rows' hand types and the foul warning: ``info`` is {head, middle, tail: text}
 * (optionally ``foul``: text, ``foulRows``: row ids) or the server's rows check. */
export function describeRows(box, info) {
  if (!info) return;
  const texts = {};
  let foul = info.foul || "";
  let foulRows = info.foulRows || [];
  if (Array.isArray(info.rows)) {
    ROWS.forEach((r, i) => {
      const k = info.rows[i] || {};
      texts[r.id] = k.kind ? `${k.kind} ${k.kind_zh || ""}`.trim() : "";
    });
    if (info.fouled) {
      foul = t("Fouls (倒水): {reason}", { reason: info.foul_reason || "" });
      if (!info.foulRows) {
        // the server names the pair of rows out of order: 头道 over 中道, else 中道 over 尾道
        foulRows = /头道/.test(info.foul_reason || "") ? ["head", "middle"] : ["middle", "tail"];
      }
    }
  } else {
    for (const r of ROWS) texts[r.id] = info[r.id] || "";
  }
  for (const r of ROWS) {
    const row = box.querySelector(`.arrange-row[data-row=${r.id}]`);
    if (!row) continue;
    row.querySelector(".row-type").textContent = texts[r.id] || "";
    row.classList.toggle("fouls", foulRows.includes(r.id));
  }
  const line = box.querySelector(".arrange-foul");
  if (line) line.textContent = foul;
}

function moving(st) {
  return st.opts.motion !== false && !reducedMotion();
}

function snapshot(st) {
  const { box } = st;
  const rects = new Map();
  if (moving(st)) {
    for (const el of box.querySelectorAll(".card[data-card]")) rects.set(el.dataset.card, el.getBoundingClientRect());
  }
  if (st.flipFrom) {
    rects.set(st.flipFrom.card, st.flipFrom.rect);
    st.flipFrom = null;
  }
  const rows = {};
  for (const row of box.querySelectorAll(".arrange-row[data-row]")) {
    rows[row.dataset.row] = { cards: row.dataset.cards, text: row.querySelector(".row-type")?.textContent || "",
      fouls: row.classList.contains("fouls") };
  }
  const foul = box.querySelector(".arrange-foul")?.textContent || "";
  const a = document.activeElement;
  const focus = a && a !== document.body && box.contains(a) ? focusKey(a) : null;
  return { rects, rows, foul, focus };
}

function carryDescriptions(st, before) {
  let same = true;
  for (const r of ROWS) {
    const old = before.rows[r.id];
    const row = st.box.querySelector(`.arrange-row[data-row=${r.id}]`);
    if (old && row && old.cards === row.dataset.cards) {
      row.querySelector(".row-type").textContent = old.text;
      row.classList.toggle("fouls", old.fouls);
    } else {
      same = false;
    }
  }
  if (same) st.box.querySelector(".arrange-foul").textContent = before.foul;
}

// --- focus ---------------------------------------------------------------------------------

function focusKey(el) {
  if (el.matches(".card[data-card]")) return { card: el.dataset.card };
  if (el.matches(".row-label")) return { label: el.dataset.row };
  if (el.matches(".arrange-sort")) return { sort: true };
  return null;
}

function findFocus(st, want) {
  const { box } = st;
  if (!want) return null;
  if (want.card) return box.querySelector(`.card[data-card="${CSS.escape(want.card)}"]`);
  if (want.label) return box.querySelector(`.row-label[data-row=${want.label}]`);
  if (want.sort) return box.querySelector(".arrange-sort");
  if (want.loose !== undefined) {
    const cards = [...box.querySelectorAll(".arrange-loose .card")];
    if (cards.length) return cards[Math.min(want.loose, cards.length - 1)];
    return want.orLabel ? box.querySelector(`.row-label[data-row=${want.orLabel}]`) : null;
  }
  if (want.inRow) {
    const cards = [...box.querySelectorAll(`.arrange-row[data-row=${want.inRow}] .card`)];
    if (cards.length) return cards[Math.min(want.index || 0, cards.length - 1)];
    return box.querySelector(`.row-label[data-row=${want.inRow}]`);
  }
  return null;
}

function restoreFocus(st, before) {
  const a = document.activeElement;
  const free = !a || a === document.body || st.box.contains(a);
  let el = null;
  if (st.wantFocus && performance.now() - st.wantFocus.at < 2000 && free) el = findFocus(st, st.wantFocus);
  st.wantFocus = null;
  if (!el && before.focus && free) el = findFocus(st, before.focus);
  if (el && el !== document.activeElement) el.focus({ preventScroll: true });
}

/** Where the focus goes after the next redraw (set before calling a handler, which may redraw
 * at once or later). */
function wantFocus(st, want) {
  st.wantFocus = { ...want, at: performance.now() };
}

// --- motion --------------------------------------------------------------------------------

function animate(st, before) {
  if (!moving(st) || !before.rects.size) return;
  for (const el of st.box.querySelectorAll(".card[data-card]")) {
    const old = before.rects.get(el.dataset.card);
    if (!old || typeof el.animate !== "function") continue;
    // a card still sliding from the last redraw starts from where it is now (measured above)
    for (const a of el.getAnimations()) if (a.id === "rows-slide") a.cancel();
    const now = el.getBoundingClientRect();
    const dx = old.left - now.left;
    const dy = old.top - now.top;
    if (Math.abs(dx) + Math.abs(dy) < 2) continue;
    el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }],
      { duration: MOTION_MS, easing: "cubic-bezier(.2,.7,.3,1)", id: "rows-slide" });
  }
}

// --- acting on the board -------------------------------------------------------------------

function say(st, text, kind = "info") {
  if (st.status) st.status.textContent = text;
  if (st.handlers.say) st.handlers.say(text, kind);
}

/** The board to draw: the page's, unless it is an older board than the last one handed to
 * setBoard, drawn late (a component's effect that kept the board of its render). */
function unechoed(st, board) {
  const e = st.echo;
  if (!e) return board;
  const key = JSON.stringify(board);
  const i = e.chain.lastIndexOf(key);
  const last = e.chain.length - 1;
  if (performance.now() - e.at > ECHO_MS || i < 0 || i === last) {
    st.echo = null;               // the page drew what it was given, or a board of its own
    return board;
  }
  return JSON.parse(e.chain[last]);
}

function commit(st, next, fallback) {
  if (!st.handlers.setBoard) {
    fallback();
    return;
  }
  const now = performance.now();
  if (!st.echo || now - st.echo.at > ECHO_MS) st.echo = { chain: [JSON.stringify(st.board)], at: now };
  st.echo.chain.push(JSON.stringify(next));
  st.echo.at = now;
  st.handlers.setBoard(next);
  if (JSON.stringify(st.board) !== JSON.stringify(next)) {
    // the page draws later (a component library batches its updates): show the new board now,
    // so the next key or drag acts on it; the page's own redraw follows with the same board
    st.board = copyBoard(next);
    if (st.picked && rowOf(next, st.picked)) st.picked = null;
    paint(st, snapshot(st));
  }
}

/** Put ``card`` in ``row`` (a move between rows too). False when the row is full. */
function putCard(st, card, row) {
  const from = rowOf(st.board, card);
  if (from === row) return true;
  if (st.board[row].length >= SIZE[row]) {
    say(st, tn("that row holds {n} card", "that row holds {n} cards", SIZE[row]), "error");
    return false;
  }
  say(st, `${card} → ${rowName(row)}`);
  commit(st, boardPlace(st.board, card, row), () => st.handlers.place?.(card, row));
  return true;
}

function returnCard(st, card) {
  if (!rowOf(st.board, card)) return;
  say(st, `${card} → ${rowName(null)}`);
  commit(st, boardRemove(st.board, card), () => st.handlers.unplace?.(card));
}

/** ``a`` and ``b`` exchange places (``b`` is placed; ``a`` is placed elsewhere or loose). */
function swapCards(st, a, b) {
  if (a === b) return;
  const ra = rowOf(st.board, a);
  const rb = rowOf(st.board, b);
  if (!rb) return;
  say(st, `${a} ⇄ ${b}`);
  const h = st.handlers;
  if (h.swap) {
    h.swap(a, b);
    return;
  }
  if (h.setBoard) {
    commit(st, boardSwap(st.board, a, b), null);
    return;
  }
  if (ra === rb) return;         // a new order within one row needs setBoard or swap
  // the page's own handlers in turn (they act on the one board the page keeps)
  h.unplace(b);
  h.place(a, rb);
  if (ra) h.place(b, ra);
}

/** The picked card goes to ``row`` (through the page's toRow, as a click on its label). */
function toRow(st, row) {
  if (!st.picked) return;
  if (!st.handlers.toRow) {
    putCard(st, st.picked, row);
    return;
  }
  if (rowOf(st.board, st.picked) !== row && st.board[row].length < SIZE[row]) {
    say(st, `${st.picked} → ${rowName(row)}`);
  }
  if (st.handlers.toRow) st.handlers.toRow(row);
  else putCard(st, st.picked, row);
}

// --- events (delegated: one set of listeners per box, whatever is redrawn) -----------------

function install(st) {
  const { box } = st;
  box.addEventListener("click", (ev) => onClick(st, ev));
  box.addEventListener("keydown", (ev) => onKey(st, ev));
  box.addEventListener("pointerdown", (ev) => onPointerDown(st, ev));
  // no native drag of the cards' drawings, no long-press menu on a card while dragging
  box.addEventListener("dragstart", (ev) => ev.preventDefault());
  box.addEventListener("contextmenu", (ev) => {
    if (st.drag || (ev.target instanceof Element && ev.target.closest(".card"))) ev.preventDefault();
  });
}

function onClick(st, ev) {
  const target = ev.target instanceof Element ? ev.target : null;
  if (!target || performance.now() < st.suppressUntil) return;
  // a finger's tap acted already when it lifted (Chromium drops the click of a tap that
  // follows a drag closely, and a tap should not wait)
  if (ev.pointerType === "touch") return;
  activate(st, target);
}

/** A click or a tap on ``target`` (an element of the board). */
function activate(st, target) {
  const sort = target.closest(".arrange-sort");
  if (sort) {
    st.sort = st.sort === "rank" ? "suit" : "rank";
    try { localStorage.setItem(SORT_STORE, st.sort); } catch (e) { /* private mode */ }
    paint(st, snapshot(st));
    return;
  }
  const label = target.closest(".row-label");
  if (label) {
    toRow(st, label.dataset.row);
    return;
  }
  const card = target.closest(".card[data-card]");
  if (card && card.classList.contains("loose")) {
    st.handlers.pick?.(card.dataset.card);
    return;
  }
  const row = target.closest(".arrange-row");
  if (card && row) {
    const c = card.dataset.card;
    const id = row.dataset.row;
    if (st.picked && st.picked !== c && !rowOf(st.board, st.picked)) {
      if (st.board[id].length >= SIZE[id]) swapCards(st, st.picked, c);
      else toRow(st, id);
    } else {
      returnCard(st, c);
    }
    return;
  }
  if (row && st.picked) toRow(st, row.dataset.row);
}

/** The focusable things of the board in lines, top to bottom (a row: its label and cards; the
 * hand: each of its drawn lines). */
function focusLines(st) {
  const lines = [];
  for (const row of st.box.querySelectorAll(".arrange-row")) {
    lines.push({ zone: row.dataset.row, items: [row.querySelector(".row-label"), ...row.querySelectorAll(".card")] });
  }
  let last = null;
  for (const el of st.box.querySelectorAll(".arrange-loose .card")) {
    const top = Math.round(el.offsetTop);
    if (!last || Math.abs(top - last.top) > 4) {
      last = { zone: "loose", top, items: [] };
      lines.push(last);
    }
    last.items.push(el);
  }
  return lines;
}

function centreX(el) {
  const r = el.getBoundingClientRect();
  return r.left + r.width / 2;
}

function moveFocus(st, el, key) {
  const lines = focusLines(st);
  const li = lines.findIndex((l) => l.items.includes(el));
  if (li < 0) return false;
  const line = lines[li];
  let next = null;
  if (key === "ArrowLeft" || key === "ArrowRight") {
    // along the zone: the hand's lines are one sequence
    const zone = lines.filter((l) => l.zone === line.zone).flatMap((l) => l.items);
    const i = zone.indexOf(el) + (key === "ArrowLeft" ? -1 : 1);
    next = zone[Math.max(0, Math.min(i, zone.length - 1))];
  } else if (key === "Home" || key === "End") {
    const zone = lines.filter((l) => l.zone === line.zone).flatMap((l) => l.items);
    next = key === "Home" ? zone[0] : zone[zone.length - 1];
  } else {
    const to = lines[li + (key === "ArrowUp" ? -1 : 1)];
    if (to) {
      const x = centreX(el);
      next = to.items.reduce((best, it) => (Math.abs(centreX(it) - x) < Math.abs(centreX(best) - x) ? it : best));
    }
  }
  if (next && next !== el) next.focus();
  return true;
}

function onKey(st, ev) {
  if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
  const el = ev.target instanceof Element ? ev.target : null;
  if (!el) return;
  if (ev.key === "Escape") {
    if (st.drag || st.press) {
      endDrag(st, null);
      ev.preventDefault();
    } else if (st.picked) {
      st.handlers.pick?.(st.picked);
      ev.preventDefault();
    }
    return;
  }
  const card = el.closest(".card[data-card]");
  if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(ev.key)) {
    if (moveFocus(st, el, ev.key)) ev.preventDefault();
    return;
  }
  if (ev.key in BY_KEY) {
    const row = BY_KEY[ev.key];
    const c = card ? card.dataset.card : st.picked;
    if (!c) return;
    ev.preventDefault();
    if (card && card.classList.contains("loose")) {
      const cards = [...st.box.querySelectorAll(".arrange-loose .card")];
      wantFocus(st, { loose: cards.indexOf(card), orLabel: row });
    } else if (card) {
      wantFocus(st, { card: c });
    } else {
      wantFocus(st, focusKey(el) || {});
    }
    putCard(st, c, row);
    return;
  }
  if ((ev.key === "Backspace" || ev.key === "Delete") && card && card.classList.contains("placed")) {
    ev.preventDefault();
    const row = rowOf(st.board, card.dataset.card);
    wantFocus(st, { inRow: row, index: st.board[row].indexOf(card.dataset.card) });
    returnCard(st, card.dataset.card);
  }
}

// --- dragging (pointer events: mouse, pen and touch alike) ---------------------------------

function onPointerDown(st, ev) {
  st.suppressUntil = 0;
  if (ev.pointerType === "mouse" && ev.button !== 0) return;
  if (st.press || st.drag) return;
  const target = ev.target instanceof Element ? ev.target : null;
  if (!target || !st.box.contains(target)) return;
  const card = target.closest(".card[data-card]");
  // a card may be dragged; anything else is followed only for a finger's tap
  if (!card && ev.pointerType !== "touch") return;
  const el = card || target;
  const rect = el.getBoundingClientRect();
  st.press = {
    id: ev.pointerId, type: ev.pointerType || "mouse", card: card ? card.dataset.card : null,
    from: card ? rowOf(st.board, card.dataset.card) : null, x0: ev.clientX, y0: ev.clientY,
    dx: ev.clientX - rect.left, dy: ev.clientY - rect.top, rect, el, target, moved: false,
  };
  const move = (e) => onPointerMove(st, e);
  const up = (e) => onPointerUp(st, e);
  const cancel = (e) => { if (st.press && e.pointerId === st.press.id) endDrag(st, null); };
  st.press.off = () => {
    window.removeEventListener("pointermove", move, true);
    window.removeEventListener("pointerup", up, true);
    window.removeEventListener("pointercancel", cancel, true);
  };
  window.addEventListener("pointermove", move, true);
  window.addEventListener("pointerup", up, true);
  window.addEventListener("pointercancel", cancel, true);
}

function onPointerMove(st, ev) {
  const p = st.press;
  if (!p || ev.pointerId !== p.id) return;
  if (!st.drag) {
    const far = Math.hypot(ev.clientX - p.x0, ev.clientY - p.y0) >= (DRAG_SLOP[p.type] || 6);
    if (!far) return;
    p.moved = true;
    if (!p.card) return;
    startDrag(st);
  }
  ev.preventDefault();
  moveGhost(st, ev.clientX, ev.clientY);
  hover(st, targetAt(st, ev.clientX, ev.clientY));
}

function onPointerUp(st, ev) {
  const p = st.press;
  if (!p || ev.pointerId !== p.id) return;
  if (!st.drag) {
    // a click: the click event does the rest; a tap acts now, on what the finger pressed
    endDrag(st, null);
    if (p.type === "touch" && !p.moved && p.el.isConnected) {
      const under = document.elementFromPoint(ev.clientX, ev.clientY);
      if (under && (under === p.el || p.el.contains(under))) activate(st, p.target);
    }
    return;
  }
  ev.preventDefault();
  endDrag(st, targetAt(st, ev.clientX, ev.clientY));
}

function startDrag(st) {
  const p = st.press;
  const ghost = p.el.cloneNode(true);
  for (const a of ["data-card", "aria-label", "aria-pressed", "aria-keyshortcuts", "id", "tabindex"]) ghost.removeAttribute(a);
  ghost.setAttribute("aria-hidden", "true");
  ghost.classList.remove("selected", "loose", "placed", "dragging");
  ghost.classList.add("rows-ghost");
  ghost.tabIndex = -1;
  // placed by its own style: no page rule about cards moves it
  ghost.style.cssText = `position:fixed;left:0;top:0;margin:0;z-index:1000;pointer-events:none;` +
    `width:${p.rect.width}px;height:${p.rect.height}px`;
  // a finger would hide the card: it rides a little above a touch point
  p.lift = p.type === "touch" ? Math.min(p.dy, p.rect.height * 0.35) + 24 : 0;
  document.body.append(ghost);
  document.body.classList.add("rows-dragging");
  st.drag = { ghost, card: p.card, from: p.from, over: null };
  markDrag(st);
  moveGhost(st, p.x0, p.y0);
}

function moveGhost(st, x, y) {
  const p = st.press;
  const left = x - p.dx;
  const top = y - p.dy - (p.lift || 0);
  st.drag.x = left;
  st.drag.y = top;
  st.drag.ghost.style.transform = `translate(${left}px, ${top}px) rotate(-3deg) scale(1.06)`;
}

function markDrag(st) {
  const el = st.box.querySelector(`.card[data-card="${CSS.escape(st.drag.card)}"]`);
  if (el) el.classList.add("dragging");
  if (st.drag.over) hover(st, st.drag.over, true);
}

/** What a drop at (x, y) lands on: a row (and the card under the point), the hand, or null. */
function targetAt(st, x, y) {
  const el = document.elementFromPoint(x, y);
  if (!el || !st.box.contains(el)) return null;
  let row = el.closest(".arrange-row");
  if (!row && el.closest(".arrange-felt")) {
    // between two rows on the felt: the nearest row
    const rows = [...st.box.querySelectorAll(".arrange-row")];
    row = rows.reduce((best, r) => {
      const rr = r.getBoundingClientRect();
      const d = Math.abs(rr.top + rr.height / 2 - y);
      return !best || d < best.d ? { r, d } : best;
    }, null)?.r;
  }
  if (row) {
    const over = el.closest(".card[data-card]");
    return { zone: row.dataset.row, over: over ? over.dataset.card : null, x };
  }
  if (el.closest(".arrange-loose")) return { zone: "loose" };
  return null;
}

/** The card of a full ``row`` a drop swaps with: the one under the point, else the nearest. */
function swapTarget(st, target) {
  const cards = [...st.box.querySelectorAll(`.arrange-row[data-row=${target.zone}] .card[data-card]`)]
    .filter((el) => el.dataset.card !== st.drag.card);
  if (target.over && target.over !== st.drag.card) return target.over;
  if (!cards.length) return null;
  return cards.reduce((best, el) => (Math.abs(centreX(el) - target.x) < Math.abs(centreX(best) - target.x) ? el : best))
    .dataset.card;
}

/** What dropping the dragged card on ``target`` does: {place: row} | {swap: card} | {unplace} | null. */
function dropAction(st, target) {
  if (!target || !st.drag) return null;
  const { card, from } = st.drag;
  if (target.zone === "loose") return from ? { unplace: true } : null;
  const row = target.zone;
  if (from === row) {
    const other = target.over && target.over !== card ? target.over : null;
    return other && (st.handlers.setBoard || st.handlers.swap) ? { swap: other } : null;
  }
  if (st.board[row].length < SIZE[row]) return { place: row };
  const other = swapTarget(st, target);
  return other ? { swap: other } : null;
}

function hover(st, target, again = false) {
  if (!st.drag) return;
  if (!again) st.drag.over = target;
  for (const el of st.box.querySelectorAll(".drop-ok, .drop-swap, .swap-target")) {
    el.classList.remove("drop-ok", "drop-swap", "swap-target");
  }
  const act = dropAction(st, target);
  if (!act) return;
  if (act.unplace) st.box.querySelector(".arrange-loose")?.classList.add("drop-ok");
  if (act.place) st.box.querySelector(`.arrange-row[data-row=${act.place}]`)?.classList.add("drop-ok");
  if (act.swap) {
    st.box.querySelector(`.arrange-row[data-row=${target.zone}]`)?.classList.add("drop-swap");
    st.box.querySelector(`.card[data-card="${CSS.escape(act.swap)}"]`)?.classList.add("swap-target");
  }
}

/** The drag (or press) ends: dropped on ``target``, or cancelled with null. */
function endDrag(st, target) {
  const p = st.press;
  const d = st.drag;
  if (p && p.off) p.off();
  st.press = null;
  if (!d) return;
  const act = dropAction(st, target);
  st.drag = null;
  const rect = d.ghost.getBoundingClientRect();
  d.ghost.remove();
  document.body.classList.remove("rows-dragging");
  for (const el of st.box.querySelectorAll(".dragging, .drop-ok, .drop-swap, .swap-target")) {
    el.classList.remove("dragging", "drop-ok", "drop-swap", "swap-target");
  }
  // the click that ends a mouse drag is not a click on the board (a new press is a new gesture)
  st.suppressUntil = performance.now() + 400;
  if (!act) return;
  st.flipFrom = { card: d.card, rect };
  if (act.place) putCard(st, d.card, act.place);
  else if (act.unplace) returnCard(st, d.card);
  else if (act.swap) swapCards(st, d.card, act.swap);
}
