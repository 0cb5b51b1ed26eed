// The review of one seat's play in the replay viewer (issue 29). The person asks for it
// (POST /api/tables/{id}/reviews, as the player this browser is), the page polls it while the
// server computes it (GET …/reviews/{seat}), then shows it over the replay:
//
//   * each decision of the seat as a tick on the strip over the step controls, coloured by its
//     mark (inaccuracy, mistake, blunder; forced grey), and in the list of moves;
//   * at a decision's step (the table as the seat saw it before moving), the best move drawn
//     on the felt (its cards raised, its zone lit, an arrow; the move played as a dashed one)
//     and, over the table, the best move in words with what the move played cost, its 95 %
//     interval, and apart, what was best with hindsight (every card known);
//   * a panel with the review's summary, its marks, a graph of the expected points of the
//     move played and of the best move at each decision of the deal, and the three costliest
//     decisions as links to their steps.
//
// The words of the moves and where each is made on the table come with the review
// (``on_table``, server/replayview.py); the numbers are written by Intl in the page's language.

import { suitHtml } from "./cards.js";
import { t } from "./i18n.js";
import { api, hasPlayer, loadSession } from "./player.js";

const POLL_MS = 1500;
const SVG = "http://www.w3.org/2000/svg";
const MARKS = ["inaccuracy", "mistake", "blunder"];

const $ = (id) => document.getElementById(id);
const LANG = document.documentElement.lang || "en";

function numberFormat(options) {
  try {
    return new Intl.NumberFormat(LANG, options);
  } catch (e) {
    return new Intl.NumberFormat("en", options);
  }
}

// one decimal, rounded half to even as the server's sentences are (Python's format)
const ONE = numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1, roundingMode: "halfEven" });
const SIGNED = numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1, roundingMode: "halfEven",
  signDisplay: "exceptZero" });
const WHOLE = numberFormat({ maximumFractionDigits: 0, signDisplay: "exceptZero" });
const minus = (s) => s.replace(/^-/u, "\u2212");

/** ``3.25`` → "3.2" (a loss, unsigned); ``signed`` → "+3.2", "−3.2". */
export function fmt(x, signed = false) {
  return minus((signed ? SIGNED : ONE).format(Number(x) || 0));
}

const rv = {
  ctx: null,
  open: false,           // the panel is shown (and the review asked for, once per seat)
  key: null,             // "seat:worlds" of what follows
  status: "idle",        // idle | noseat | noplayer | asking | queued | running | done | failed | refused
  error: "",
  review: null,
  onTable: [],
  since: 0,              // when the asking began (the progress's seconds)
  poll: null,
  folded: false,         // the panel folded to its head (narrow screens)
  arrowsTimer: null,
};

function worldsAsked() {
  const v = Number(new URLSearchParams(location.search).get("worlds"));
  return Number.isInteger(v) && v >= 8 && v <= 256 ? v : null;
}

function keyOf(seat) {
  return `${seat}:${worldsAsked() ?? ""}`;
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}

function svg(tag, attrs = {}) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

function button(cls, text, onClick) {
  const b = el("button", cls, text);
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}

function markWords(mark) {
  return { inaccuracy: t("inaccuracy"), mistake: t("mistake"), blunder: t("blunder"), forced: t("forced") }[mark] || "";
}

function noteWords(note) {
  return {
    forced: t("the only legal move"), equivalent: t("every move led to the same result"),
    best: t("the best move"), close: t("too close to tell"), small: t("a small loss"),
  }[note] || "";
}

/** "+3.2 points" (or wins, where every seat scores alike each deal). */
function amount(x, signed = true) {
  const n = fmt(x, signed);
  return rv.review && rv.review.summary && rv.review.summary.unit === "wins"
    ? t("{n} wins", { n }) : t("{n} points", { n });
}

// --- which decision is where -------------------------------------------------------------------

function decisions() {
  return rv.review ? rv.review.decisions || [] : [];
}

function reviewed() {
  return rv.status === "done" && rv.review && rv.ctx.seat() === rv.review.seat;
}

/** The decisions of deal ``deal``, each ``{k, d, at}`` (k: its number in the review). */
function ofDeal(deal) {
  if (!reviewed()) return [];
  return decisions().map((d, k) => ({ k, d, at: rv.onTable[k] || {} })).filter((x) => x.d.deal === deal);
}

/** The decision made at this step of this deal (the table as it was before the move). */
function decisionAt(deal, step) {
  return ofDeal(deal).find((x) => x.d.index === step) || null;
}

/** Whether the panel lies over the table (a narrow screen): going to a step folds it. */
function narrow() {
  try {
    return window.matchMedia("(max-width: 760px)").matches;
  } catch (e) {
    return false;
  }
}

function jump(deal, index) {
  if (narrow()) rv.folded = true;
  rv.ctx.go(deal, index);
}

function goTo(x) {
  jump(x.d.deal, x.d.index);
}

function candidateValue(d, move) {
  const c = (d.candidates || []).find((c) => c.move === move);
  return c && Number.isFinite(c.value) ? c.value : null;
}

// --- asking and polling --------------------------------------------------------------------------

function base() {
  return `/api/tables/${encodeURIComponent(rv.ctx.tableId)}/reviews`;
}

function reset(key) {
  clearTimeout(rv.poll);
  rv.poll = null;
  rv.key = key;
  rv.status = "idle";
  rv.error = "";
  rv.review = null;
  rv.onTable = [];
}

/** Ask for the review of the seat seen as (or say why it cannot be asked). */
export async function ask() {
  const seat = rv.ctx.seat();
  if (seat === null) {
    reset(null);
    rv.status = "noseat";
    rv.ctx.render();
    return;
  }
  const key = keyOf(seat);
  reset(key);
  rv.status = "asking";
  rv.since = Date.now();
  rv.ctx.render();
  await loadSession();
  if (rv.key !== key) return;
  if (!hasPlayer()) {
    rv.status = "noplayer";
    rv.ctx.render();
    return;
  }
  const worlds = worldsAsked();
  try {
    const got = await api("POST", base(), worlds === null ? { seat } : { seat, worlds });
    if (rv.key === key) take(got, key);
  } catch (e) {
    if (rv.key !== key) return;
    rv.status = "refused";
    rv.error = e.message || String(e);
    rv.ctx.render();
  }
}

async function poll(key) {
  if (rv.key !== key) return;
  const seat = rv.ctx.seat();
  const worlds = worldsAsked();
  try {
    const got = await api("GET", `${base()}/${seat}${worlds === null ? "" : `?worlds=${worlds}`}`);
    if (rv.key === key) take(got, key);
  } catch (e) {
    if (rv.key !== key) return;
    if (e.status === 0) {            // the server did not answer: try again a little later
      rv.poll = setTimeout(() => poll(key), POLL_MS * 2);
      return;
    }
    rv.status = "refused";
    rv.error = e.message || String(e);
    rv.ctx.render();
  }
}

function take(got, key) {
  const status = got && got.status;
  if (status === "done" && got.review) {
    rv.status = "done";
    rv.review = got.review;
    rv.onTable = Array.isArray(got.on_table) ? got.on_table : [];
    // the review opens at its first decision of this deal when the replay is at its start
    const first = ofDeal(rv.ctx.deal())[0];
    if (first && rv.ctx.step() === 0) {
      rv.ctx.go(first.d.deal, first.d.index);
      return;
    }
  } else if (status === "failed") {
    rv.status = "failed";
    rv.error = got.error || "";
  } else {
    rv.status = status === "queued" ? "queued" : "running";
    clearTimeout(rv.poll);
    rv.poll = setTimeout(() => poll(key), POLL_MS);
  }
  rv.ctx.render();
}

/** The replay could not be loaded (``why``) but the address asked for the review: ask it,
 * to say what the server answers (a running match's review is refused, and says why). */
export async function askWithoutReplay(tableId, seat, why) {
  const msg = $("message");
  await loadSession();
  if (!hasPlayer()) return;
  const worlds = worldsAsked();
  try {
    await api("POST", `/api/tables/${encodeURIComponent(tableId)}/reviews`,
      worlds === null ? { seat } : { seat, worlds });
  } catch (e) {
    const line = el("span", "rp-review-why", t("No review: {why}", { why: e.message || String(e) }));
    line.id = "review-refused";
    msg.replaceChildren(document.createTextNode(why), el("br"), line);
    msg.hidden = false;
  }
}

// --- the controls ----------------------------------------------------------------------------------

export function setupReview(ctx) {
  rv.ctx = ctx;
  const btn = $("review-button");
  btn.addEventListener("click", () => (rv.open ? close() : open()));
  if (new URLSearchParams(location.search).get("review") === "1") open();
}

function open() {
  rv.open = true;
  keepInUrl();
  const seat = rv.ctx.seat();
  if (seat === null || rv.key !== keyOf(seat) || ["idle", "noseat", "noplayer", "refused", "failed"].includes(rv.status)) {
    ask();
  } else {
    rv.ctx.render();
  }
  requestAnimationFrame(() => $("review").focus({ preventScroll: true }));
}

function close() {
  rv.open = false;
  keepInUrl();
  rv.ctx.render();
  $("review-button").focus({ preventScroll: true });
}

function keepInUrl() {
  const params = new URLSearchParams(location.search);
  if (rv.open) params.set("review", "1");
  else params.delete("review");
  try {
    history.replaceState(null, "", `${location.pathname}?${params}${location.hash}`);
  } catch (e) { /* a sandboxed page keeps its address */ }
}

/** The seat seen as changed: its own review (asked at once when the panel is open). */
export function seatChanged() {
  const seat = rv.ctx.seat();
  if (seat !== null && rv.key === keyOf(seat)) return;
  reset(null);
  if (rv.open) ask();
}

// --- what the felt draws ---------------------------------------------------------------------------

/** The best move of the decision at this step, as the felt draws a move being made: its hand
 * cards raised (``selected``: indexes in ``hand`` as drawn) and its zone lit (``hot``). */
export function reviewFelt(hand) {
  const x = rv.open ? decisionAt(rv.ctx.deal(), rv.ctx.step()) : null;
  const felt = $("felt");
  felt.classList.toggle("rp-advising", Boolean(x));
  if (!x || !x.at.best_at) return { selected: [], hot: [] };
  return { selected: indexesOf(x.at.best_at.cards || [], hand), hot: [x.at.best_at.zone] };
}

function indexesOf(cards, hand) {
  const used = new Set();
  const out = [];
  for (const c of cards) {
    const i = hand.findIndex((h, n) => h === c && !used.has(n));
    if (i >= 0) {
      used.add(i);
      out.push(i);
    }
  }
  return out.sort((a, b) => a - b);
}

/** Arrows over the felt: from the best move's cards to its zone (solid, green) and from the
 * played move's (dashed, in its mark's colour), or a ring round a zone clicked alone. */
function drawArrows() {
  const felt = $("felt");
  let layer = $("review-arrows");
  const x = rv.open ? decisionAt(rv.ctx.deal(), rv.ctx.step()) : null;
  if (!x) {
    if (layer) layer.remove();
    return;
  }
  if (!layer) {
    layer = svg("svg", { id: "review-arrows", class: "rp-arrows", "aria-hidden": "true" });
    felt.append(layer);
  }
  layer.replaceChildren();
  const box = felt.getBoundingClientRect();
  layer.setAttribute("viewBox", `0 0 ${box.width} ${box.height}`);
  const defs = svg("defs");
  for (const [id, cls] of [["rp-head-best", "best"], ["rp-head-played", x.d.mark || "none"]]) {
    const m = svg("marker", { id, viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5,
      orient: "auto-start-reverse" });
    m.append(svg("path", { d: "M0 0 10 5 0 10z", class: `rp-head rp-m-${cls}` }));
    defs.append(m);
  }
  layer.append(defs);
  const rel = (r) => ({ x: r.left - box.left, y: r.top - box.top, w: r.width, h: r.height });
  const handCard = (card, skip) => [...felt.querySelectorAll("[data-hand-index]")]
    .find((e) => e.dataset.card === card && !skip.has(e)) || null;
  const zoneEl = (id) => felt.querySelector(`[data-zone-id="${CSS.escape(id)}"]`);
  const draw = (place, kind, mark, offset) => {
    if (!place) return;
    const z = zoneEl(place.zone);
    if (!z) return;
    const zr = rel(z.getBoundingClientRect());
    const zc = { x: zr.x + zr.w / 2 + offset, y: zr.y + zr.h / 2 };
    const cls = `rp-arrow rp-${kind} rp-m-${mark}`;
    const used = new Set();
    let drawn = 0;
    for (const c of place.cards || []) {
      const e = handCard(c, used);
      if (!e) continue;
      used.add(e);
      const r = rel(e.getBoundingClientRect());
      const from = { x: r.x + Math.min(r.w * 0.3, 24), y: r.y + 6 };
      // to the zone's edge nearest the card, bending a little
      const to = { x: zc.x, y: from.y > zc.y ? zr.y + zr.h - 4 : zr.y + 4 };
      const mid = { x: (from.x + to.x) / 2 + (kind === "best" ? -30 : 30), y: (from.y + to.y) / 2 };
      layer.append(svg("path", { d: `M${from.x} ${from.y}Q${mid.x} ${mid.y} ${to.x} ${to.y}`, class: cls,
        "marker-end": `url(#rp-head-${kind})` }));
      // the felt raises and rings the best move's cards itself; the played one gets a ring
      if (kind !== "best") layer.append(svg("rect", { x: r.x - 3, y: r.y - 3, width: r.w + 6, height: r.h + 6, rx: 8, class: `rp-ring ${cls}` }));
      drawn++;
    }
    // a zone clicked alone: the felt lights the best one; the played one gets a dashed ring
    if (!drawn && kind !== "best") layer.append(svg("rect", { x: zr.x - 9, y: zr.y - 9, width: zr.w + 18, height: zr.h + 18,
      rx: 16, class: `rp-ring ${cls}` }));
    // its tag, above the zone
    const tag = kind === "best" ? t("best") : t("played");
    const tx = zc.x + (kind === "best" ? -4 : 4);
    const ty = zr.y - 12;
    const text = svg("text", { x: tx, y: ty, class: `rp-tag rp-${kind} rp-m-${mark}`,
      "text-anchor": kind === "best" ? "end" : "start" });
    text.textContent = tag;
    layer.append(text);
    try {
      const b = text.getBBox();
      const pill = svg("rect", { x: b.x - 5, y: b.y - 1, width: b.width + 10, height: b.height + 2, rx: (b.height + 2) / 2,
        class: `rp-pill rp-${kind} rp-m-${mark}` });
      layer.insertBefore(pill, text);
    } catch (e) { /* not drawn (hidden): the text alone */ }
  };
  const same = x.d.best === x.d.played;
  if (!same) draw(x.at.played_at, "played", x.d.mark || "none", 6);
  draw(x.at.best_at, "best", "best", same ? 0 : -6);
}

function arrowsSoon() {
  drawArrows();
  // again when the cards have reached their places (they move for up to 300 ms)
  clearTimeout(rv.arrowsTimer);
  rv.arrowsTimer = setTimeout(drawArrows, 360);
}

// --- the words over the table ----------------------------------------------------------------------

function chip(mark, text) {
  const c = el("span", `rp-chip rp-m-${mark || "none"}`, text);
  return c;
}

function withSuits(text) {
  const s = el("span");
  s.append(suitHtml(text));
  return s;
}

function line(cls, parts) {
  const p = el("p", cls);
  for (const part of parts) p.append(typeof part === "string" ? document.createTextNode(part) : part);
  return p;
}

/** "Best: discard 4♦ (+14.6 points)" with the words of a template whose {move} is a node. */
function filled(template, params) {
  const out = [];
  const re = /\{([a-z]+)\}/gu;
  let last = 0;
  let m;
  while ((m = re.exec(template))) {
    out.push(template.slice(last, m.index));
    const v = params[m[1]];
    out.push(v === undefined ? m[0] : v);
    last = m.index + m[0].length;
  }
  out.push(template.slice(last));
  return out.filter((p) => p !== "");
}

function drawAdvice() {
  const box = $("advice");
  if (!rv.open || !reviewed()) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  const deal = rv.ctx.deal();
  const step = rv.ctx.step();
  const mine = ofDeal(deal);
  const x = decisionAt(deal, step);
  const prev = [...mine].reverse().find((y) => y.d.index < step) || null;
  const next = mine.find((y) => y.d.index > step) || null;
  const nav = el("span", "rp-advice-nav");
  const pb = button("rp-mini", "‹", () => prev && goTo(prev));
  pb.id = "prev-decision";
  pb.disabled = !prev;
  pb.title = t("previous decision");
  pb.setAttribute("aria-label", t("previous decision"));
  const nb = button("rp-mini", "›", () => next && goTo(next));
  nb.id = "next-decision";
  nb.disabled = !next;
  nb.title = t("next decision");
  nb.setAttribute("aria-label", t("next decision"));
  nav.append(pb, nb);
  const parts = [];
  if (!x) {
    const head = line("rp-advice-head", [t("Not a decision of seat {n}: step to one with ‹ ›, the marks or the graph.",
      { n: rv.review.seat + 1 })]);
    head.prepend(nav);
    parts.push(head);
    box.dataset.decision = "";
    box.replaceChildren(...parts);
    return;
  }
  const { d, at } = x;
  box.dataset.decision = String(x.k);
  box.dataset.mark = d.mark || "none";
  const n = mine.findIndex((y) => y.k === x.k) + 1;
  const head = line("rp-advice-head", [t("Move {move}: decision {n} of {count}", { move: d.index + 1, n, count: mine.length }), " "]);
  head.prepend(nav);
  if (d.mark) head.append(chip(d.mark, markWords(d.mark)));
  const noted = noteWords(d.note);
  if (noted && d.note !== "marked") head.append(el("span", "rp-note", noted));
  parts.push(head);
  const played = withSuits(at.played_words || d.played);
  played.className = "rp-said-played";
  const best = withSuits(at.best_words || d.best);
  best.className = "rp-said-best";
  best.id = "advice-best";
  if (d.best === d.played) {
    parts.push(line("rp-advice-main", filled(t("played: {move}, the best move"), { move: played })));
  } else {
    parts.push(line("rp-advice-main", filled(t("played: {move}"), { move: played })));
    const [lo, hi] = Array.isArray(d.ci95) ? d.ci95 : [0, 0];
    let cost;
    if (d.note === "close") {
      // the search preferred another move, which fresh worlds did not confirm
      parts.push(line("rp-advice-best", filled(t("best by the search: {move}"), { move: best })));
      cost = el("span", "rp-cost", t("measured again: {amount} (between {lo} and {hi}, 95 %)",
        { amount: amount(d.loss), lo: fmt(lo), hi: fmt(hi) }));
    } else {
      const gain = el("span", "rp-gain", amount(d.loss));
      gain.id = "advice-gain";
      parts.push(line("rp-advice-best", filled(t("best: {move} ({amount})"), { move: best, amount: gain })));
      cost = el("span", "rp-cost", t("lost {loss} (between {lo} and {hi}, 95 %)",
        { loss: amount(d.loss, false), lo: fmt(lo), hi: fmt(hi) }));
    }
    cost.id = "advice-loss";
    parts.push(line("rp-advice-cost", [cost]));
  }
  const h = d.hindsight;
  if (h && at.hindsight_words) {
    const hb = withSuits(at.hindsight_words);
    const said = h.best === d.played ? filled(t("with hindsight (every card known): {move} was best"), { move: hb })
      : filled(t("with hindsight (every card known): {move} ({amount})"), { move: hb, amount: amount(h.loss) });
    const p = line("rp-hindsight", said);
    p.id = "advice-hindsight";
    parts.push(p);
  }
  box.replaceChildren(...parts);
}

// --- the strip of decisions, the list of moves ---------------------------------------------------

function drawMarks() {
  const strip = $("marks");
  if (!rv.open || !reviewed()) {
    strip.hidden = true;
    strip.replaceChildren();
    return;
  }
  strip.hidden = false;
  const deal = rv.ctx.deal();
  const moves = Math.max(1, rv.ctx.dealData().moves.length);
  const track = el("div", "rp-track");
  const now = el("span", "rp-now");
  now.style.left = `${(rv.ctx.step() / moves) * 100}%`;
  track.append(now);
  for (const x of ofDeal(deal)) {
    const mark = x.d.mark || "none";
    const b = button(`rp-tick rp-m-${mark}`, "", () => goTo(x));
    b.dataset.decision = String(x.k);
    b.dataset.mark = mark;
    b.style.left = `${(x.d.index / moves) * 100}%`;
    const said = t("move {move}: {what}", { move: x.d.index + 1, what: markWords(x.d.mark) || noteWords(x.d.note) });
    b.title = said;
    b.setAttribute("aria-label", said);
    if (x.d.index === rv.ctx.step()) b.setAttribute("aria-current", "step");
    track.append(b);
  }
  strip.replaceChildren(track);
}

function markLog() {
  if (!rv.open || !reviewed()) return;
  const by = new Map(ofDeal(rv.ctx.deal()).map((x) => [x.d.index + 1, x.d]));
  for (const li of document.querySelectorAll("#log li[data-step]")) {
    const d = by.get(Number(li.dataset.step));
    if (!d) continue;
    li.classList.add("rp-decided");
    li.dataset.mark = d.mark || "none";
    if (d.mark) li.append(" ", chip(d.mark, markWords(d.mark)));
  }
}

// --- the panel ---------------------------------------------------------------------------------------

function progress() {
  const secs = Math.round((Date.now() - rv.since) / 1000);
  if (rv.status === "asking") return t("Asking for the review…");
  if (rv.status === "queued") return t("Review queued…");
  return t("Computing the review… {s} s", { s: secs });
}

function graph(deal) {
  const xs = ofDeal(deal);
  const W = 320;
  const H = 170;
  const L = 34;
  const R = 8;
  const T = 10;
  const B = 22;
  const moves = Math.max(1, rv.ctx.dealData().moves.length);
  const pts = xs.map((x) => ({ ...x, played: candidateValue(x.d, x.d.played), best: candidateValue(x.d, x.d.best) }));
  const vals = pts.flatMap((p) => [p.played, p.best]).filter((v) => v !== null);
  let lo = Math.min(0, ...vals);
  let hi = Math.max(0, ...vals);
  if (hi - lo < 1) {
    hi += 1;
    lo -= 1;
  }
  const X = (index) => L + (index / moves) * (W - L - R);
  const Y = (v) => T + ((hi - v) / (hi - lo)) * (H - T - B);
  const g = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "rp-graph", role: "img", id: "review-graph" });
  const title = svg("title");
  title.textContent = t("Expected points at each decision of deal {n}: the move played and the best move", { n: deal + 1 });
  g.append(title);
  // the axes: 0, the highest and the lowest value
  const labelled = [];
  for (const v of new Set([0, Math.round(hi), Math.round(lo)])) {
    if (labelled.some((y) => Math.abs(Y(y) - Y(v)) < 16)) continue;   // too near one drawn
    labelled.push(v);
    g.append(svg("line", { x1: L, x2: W - R, y1: Y(v), y2: Y(v), class: v === 0 ? "rp-axis rp-zero" : "rp-axis" }));
    const label = svg("text", { x: L - 4, y: Y(v) + 4, class: "rp-axis-label", "text-anchor": "end" });
    label.textContent = minus(WHOLE.format(v));
    g.append(label);
  }
  const moveLabel = svg("text", { x: W - R, y: H - 4, class: "rp-axis-label", "text-anchor": "end" });
  moveLabel.textContent = t("move {n}", { n: moves });
  g.append(moveLabel);
  const now = svg("line", { x1: X(rv.ctx.step()), x2: X(rv.ctx.step()), y1: T, y2: H - B, class: "rp-now-line" });
  g.append(now);
  const path = (key) => pts.filter((p) => p[key] !== null)
    .map((p, i) => `${i ? "L" : "M"}${X(p.d.index).toFixed(1)} ${Y(p[key]).toFixed(1)}`).join("");
  g.append(svg("path", { d: path("best"), class: "rp-line-best" }));
  g.append(svg("path", { d: path("played"), class: "rp-line-played" }));
  for (const p of pts) {
    const mark = p.d.mark || "none";
    const item = svg("g", { class: `rp-point rp-m-${mark}`, "data-decision": p.k, "data-mark": mark, tabindex: 0,
      role: "button" });
    const said = p.played === null
      ? t("move {move}: {what}", { move: p.d.index + 1, what: noteWords(p.d.note) })
      : t("move {move}: played {played}, best {best}", { move: p.d.index + 1, played: fmt(p.played, true), best: fmt(p.best ?? p.played, true) });
    item.setAttribute("aria-label", said);
    const tip = svg("title");
    tip.textContent = said;
    item.append(tip);
    const x = X(p.d.index);
    if (p.played === null) {
      item.append(svg("rect", { x: x - 3, y: H - B - 3, width: 6, height: 6, class: "rp-dot rp-dot-forced" }));
    } else {
      if (p.best !== null && p.best !== p.played) {
        item.append(svg("line", { x1: x, x2: x, y1: Y(p.best), y2: Y(p.played), class: "rp-gap" }));
        item.append(svg("circle", { cx: x, cy: Y(p.best), r: 2.5, class: "rp-dot-best" }));
      }
      item.append(svg("circle", { cx: x, cy: Y(p.played), r: mark === "none" ? 3 : 4.5, class: "rp-dot" }));
    }
    // a larger invisible target for the finger
    item.append(svg("rect", { x: x - 7, y: T, width: 14, height: H - T - B + 6, class: "rp-hit" }));
    if (p.d.index === rv.ctx.step()) item.setAttribute("aria-current", "step");
    item.addEventListener("click", () => goTo(p));
    item.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") {
        ev.preventDefault();
        goTo(p);
      }
    });
    g.append(item);
  }
  return g;
}

function drawPanel() {
  const panel = $("review");
  const btn = $("review-button");
  btn.setAttribute("aria-expanded", rv.open ? "true" : "false");
  document.body.classList.toggle("reviewing", rv.open);
  panel.hidden = !rv.open;
  if (!rv.open) {
    panel.replaceChildren();
    return;
  }
  panel.classList.toggle("folded", rv.folded);
  const seat = rv.ctx.seat();
  const head = el("header", "rp-review-head");
  const h = el("h2", "", seat === null ? t("Review") : t("Review of seat {n}", { n: seat + 1 }));
  h.id = "review-title";
  const fold = button("rp-fold rp-review-fold", rv.folded ? t("show the review") : t("fold"), () => {
    rv.folded = !rv.folded;
    rv.ctx.render();
  });
  fold.setAttribute("aria-expanded", rv.folded ? "false" : "true");
  const shut = button("rp-fold", "×", close);
  shut.id = "review-close";
  shut.title = t("close the review");
  shut.setAttribute("aria-label", t("close the review"));
  head.append(h, fold, shut);
  if (rv.folded && reviewed()) {
    const gist = el("p", "rp-review-gist", (rv.review.summary || {}).words || "");
    head.append(gist);
  }
  const body = el("div", "rp-review-body");
  body.hidden = rv.folded;
  const status = el("p", "rp-review-status");
  status.id = "review-status";
  status.setAttribute("role", "status");
  body.append(status);
  panel.dataset.status = rv.status;
  if (rv.status === "noseat") {
    status.textContent = t("Choose a seat (“as”, at the top) to review its play.");
  } else if (rv.status === "noplayer") {
    status.textContent = t("A review is asked for by a player of this server: play a match here or sign in first, then open this replay again.");
  } else if (["asking", "queued", "running"].includes(rv.status)) {
    status.classList.add("rp-busy");
    status.textContent = progress();
  } else if (rv.status === "refused" || rv.status === "failed") {
    status.classList.add("error");
    status.textContent = rv.error || t("The review could not be made.");
    body.append(button("rp-fold", t("ask again"), ask));
  } else if (rv.status === "done" && rv.review && rv.review.seat !== seat) {
    status.textContent = t("This review is of another seat.");
  } else if (reviewed()) {
    fillReview(body, status);
  }
  panel.replaceChildren(head, body);
}

function fillReview(body, status) {
  const r = rv.review;
  const s = r.summary || {};
  const deal = rv.ctx.deal();
  status.textContent = s.words || "";
  status.id = "review-summary";
  const deals = Array.isArray(s.deals) ? s.deals : [];
  const here = deals.find((x) => x.deal === deal);
  if (deals.length > 1 && here) body.append(el("p", "rp-review-deal", t("Deal {n}: {words}", { n: deal + 1, words: here.words })));
  // the marks, which are also the strip's legend
  const marks = el("p", "rp-legend");
  const count = (m) => (m === "forced" ? s.forced || 0 : (s.marks || {})[m] || 0);
  for (const m of [...MARKS, "forced"]) {
    const c = chip(m, `${markWords(m)} ${count(m)}`);
    c.dataset.count = String(count(m));
    c.dataset.markCount = m;
    marks.append(c);
  }
  body.append(marks);
  const fig = el("figure", "rp-figure");
  const cap = el("figcaption", "", t("Expected points at each decision of this deal"));
  const legend = el("span", "rp-graph-legend");
  legend.append(el("span", "rp-key-best", t("best move")), el("span", "rp-key-played", t("move played")));
  cap.append(" ", legend);
  fig.append(graph(deal), cap);
  body.append(fig);
  const costly = Array.isArray(s.costliest) ? s.costliest : [];
  const h3 = el("h3", "", t("The costliest decisions"));
  body.append(h3);
  if (!costly.length) {
    body.append(el("p", "rp-quiet", t("No decision cost points that the review could tell apart from chance.")));
  } else {
    const ol = el("ol", "rp-costly");
    ol.id = "review-costliest";
    costly.forEach((c, i) => {
      const li = el("li");
      const b = button(`rp-link rp-m-${c.mark || "none"}`, "", () => jump(c.deal, c.index));
      b.append(suitHtml(c.words || ""));
      b.dataset.costly = String(i);
      b.dataset.deal = String(c.deal);
      b.dataset.index = String(c.index);
      li.append(b);
      ol.append(li);
    });
    body.append(ol);
  }
  const budget = r.budget || {};
  body.append(el("p", "rp-quiet rp-budget", t("{worlds} sampled deals per decision, from what the seat knew; each loss with its range at 95 %.",
    { worlds: budget.worlds ?? "?" })));
}

/** Everything of the review on screen, after the replay drew the step. */
export function drawReview() {
  drawPanel();
  drawAdvice();
  drawMarks();
  markLog();
  arrowsSoon();
}

/** The felt was drawn again at another size: the arrows follow it. */
export function feltResized() {
  arrowsSoon();
}
