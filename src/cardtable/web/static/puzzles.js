// The puzzle page, /puzzles/{game} (issue 29): one decision of one seat, drawn on the felt as
// the table page draws a position, with that seat's view only; the person makes the move they
// think best with the cards (or from the list of all moves), the server judges it
// (POST /api/puzzle/{id}/answer), and the page shows right or wrong, the answer drawn on the
// table (its cards raised, its zone lit, an arrow), why in sentences, and the player's puzzle
// rating after the try. "Puzzle of the day" and "next puzzle" (one the player has not tried,
// near their rating) come from docs/server.md "Puzzles".
//
// The felt is given a frame-like object {view, legal, felt, seat} made from the puzzle: its
// picture, the seat's hand, and the targets that turn a gesture into a move (gestures.js, as
// on the table page). The address keeps the puzzle shown: /puzzles/{game}?id={id}.

import { $, accountBox, el, gameTitle, loadGames, provisionalBadge } from "./account.js";
import { cardKey, parseCard, suitHtml } from "./cards.js";
import { atZone, hotZones, playCard, zonesById } from "./gestures.js";
import { pageUrl, t, tn, withLang } from "./i18n.js";
import { ApiError, api, ensurePlayer, hasPlayer, loadSession, myName } from "./player.js";
import { Felt } from "/static/felt/felt.js";

const SVG = "http://www.w3.org/2000/svg";
const SORT = "cardtable.puzzleSort";
const FOUR = "cardtable.fourColour";
const HOLD_MS = 900;
const reduced = matchMedia("(prefers-reduced-motion: reduce)");

const pz = {
  games: [],           // GET /api/games (titles in the page's language)
  catalogue: [],       // GET /api/puzzles: [{game, puzzles, daily}]
  game: null,          // the game chosen
  puzzle: null,        // the puzzle as a solver sees it
  frame: null,         // {view, legal, felt, seat}: what the felt draws
  result: null,        // the server's answer to the try
  tried: null,         // the move sent
  sending: false,
  selected: [],        // indices into the hand as drawn
  chooser: null,       // {moves, at}: which move, when a gesture fits several
  ratings: null,       // the player's puzzle ratings per game (null: no player)
  before: null,        // the rating of the game before the try (null: none yet)
  visitor: false,      // the try was made without a player
};

// --- small helpers ---------------------------------------------------------------------------------

function say(text, kind = "info") {
  const m = $("message");
  m.textContent = text || "";
  m.className = `message pz-message ${kind}`;
  m.hidden = !text;
}

/** The answer to what the person did, shown by the hand (as on the table page). */
function handSay(text, kind = "info") {
  const m = $("hand-line");
  m.textContent = "";
  if (text) m.append(suitHtml(text));
  m.className = `message pz-hand-line ${kind}`;
  m.dataset.kind = kind;
}

function readSetting(key, fallback) {
  try {
    const v = localStorage.getItem(key);
    return v === null ? fallback : v;
  } catch (e) {
    return fallback;
  }
}

function writeSetting(key, value) {
  try { localStorage.setItem(key, value); } catch (e) { /* private mode */ }
}

function fourColour() {
  const on = readSetting(FOUR, "0") === "1";
  document.body.classList.toggle("four-colour", on);
  return on;
}

function button(cls, text, onClick) {
  const b = el("button", cls, text);
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}

/** A move in the person's words (the puzzle's ``legal`` carries them). */
function wordsOf(move) {
  const m = pz.puzzle && pz.puzzle.legal.find((x) => x.move === move);
  return m ? m.words : move;
}

function gameName(id) {
  const g = pz.games.find((x) => x.id === id);
  return g ? gameTitle(g) : id;
}

function entryOf(id) {
  return pz.catalogue.find((x) => x.game === id) || null;
}

const LANG = document.documentElement.lang || "en";
function signed(n) {
  let s;
  try {
    s = new Intl.NumberFormat(LANG, { signDisplay: "exceptZero" }).format(n);
  } catch (e) {
    s = (n > 0 ? "+" : "") + String(n);
  }
  return s.replace(/^-/u, "\u2212");
}

// --- the hand and the felt ---------------------------------------------------------------------------

const SUIT_ORDER = ["♠", "♥", "♣", "♦"];
const RANK_ORDER = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

function sameBag(a, b) {
  return a.length === b.length && [...a].sort().join("\0") === [...b].sort().join("\0");
}

/** The seat's cards as its game sorts them (the picture's ``hand_order``), or by rank. */
function handCards() {
  const f = pz.frame;
  if (!f) return [];
  const v = f.view;
  const cards = Array.isArray(v.hand) ? v.hand
    : Array.isArray(v.hands) && Array.isArray(v.hands[f.seat]) ? v.hands[f.seat] : [];
  const pic = f.felt && f.felt.picture;
  let base = pic && Array.isArray(pic.hand_order) && sameBag(pic.hand_order, cards) ? pic.hand_order : null;
  if (!base) base = [...cards].sort((a, b) => cardKey(a) - cardKey(b));
  if (readSetting(SORT, "game") !== "rank") return base;
  const rankOf = (c) => { const p = parseCard(c); return p && !p.joker ? RANK_ORDER.indexOf(p.rank) : 99; };
  const suitOf = (c) => { const p = parseCard(c); return p && p.suit ? SUIT_ORDER.indexOf(p.suit) : 9; };
  return [...base].sort((a, b) => rankOf(a) - rankOf(b) || suitOf(a) - suitOf(b));
}

function selectedCards() {
  const hand = handCards();
  return pz.selected.filter((i) => i < hand.length).map((i) => hand[i]);
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

function targets() {
  return (pz.frame && pz.frame.felt && pz.frame.felt.targets) || [];
}

/** Where a move is made on the table: ``{zone, cards}``, or null (a move of the list only). */
function targetOf(move) {
  return targets().find((x) => x.move === move) || null;
}

function canAct() {
  return Boolean(pz.frame && !pz.result && !pz.sending && (pz.frame.legal || []).length);
}

function seatsInfo() {
  const f = pz.frame;
  const n = f.view.players || (f.felt.picture.seats || []).length;
  return Array.from({ length: n }, (_, s) => ({
    name: t("Seat {n}", { n: s + 1 }), note: s === f.seat ? t("you") : "", total: null,
    connected: null, away: false, bot: false, toMove: !pz.result && (f.view.to_move || []).includes(s), deadline: null,
  }));
}

function feltConfig() {
  const f = pz.frame;
  const hand = handCards();
  let selected = pz.selected.filter((i) => i < hand.length);
  let hot = canAct() ? hotZones(targets(), selected.map((i) => hand[i])) : [];
  if (pz.result) {
    // the answer drawn as a move being made: its cards raised, its zone lit
    const at = targetOf(pz.result.answer.move);
    selected = at ? indexesOf(at.cards, hand) : [];
    hot = at ? [at.zone] : [];
  }
  return {
    picture: f.felt.picture, viewer: f.seat, seats: seatsInfo(), hand, selected, active: canAct(), hot,
    fourColour: fourColour(), reducedMotion: reduced.matches, holdMs: HOLD_MS,
  };
}

let felt = null;

function drawFelt() {
  const box = $("felt");
  box.classList.toggle("pz-showing", Boolean(pz.result));
  box.classList.toggle("pz-wrong", Boolean(pz.result && !pz.result.correct));
  if (!felt) {
    felt = Felt(box, feltConfig());
    felt.on("select", onSelect);
    felt.on("zone", ({ id, kind }) => zoneGesture(id, kind, selectedCards()));
    felt.on("drop", ({ id, kind, indices }) => {
      pz.selected = [...new Set([...pz.selected, ...(indices || [])])];
      zoneGesture(id, kind, selectedCards());
    });
    felt.on("play", onPlay);
    felt.on("sort", () => {
      const before = selectedCards();
      writeSetting(SORT, readSetting(SORT, "game") === "rank" ? "game" : "rank");
      pz.selected = indexesOf(before, handCards());
      drawFelt();
    });
  } else {
    felt.set(feltConfig());
  }
  marksSoon();
}

// --- gestures become a move (as on the table page) ----------------------------------------------------

function onSelect(indices) {
  pz.selected = [...indices];
  closeChooser();
  if (!pz.result) handSay("");
  felt.set({ hot: canAct() ? hotZones(targets(), selectedCards()) : [] });
}

function zoneGesture(id, kind, cards) {
  if (!canAct()) return;
  const r = atZone(targets(), id, cards);
  if (r.kind === "send") answer(r.move);
  else if (r.kind === "choose") choose(r.moves, `#felt [data-zone-id="${CSS.escape(id)}"]`);
  else if (r.kind === "select") {
    const e = wordsOf(r.examples[0]);
    handSay(r.need === 1 ? t("Select the card first, then click here (e.g. {move}).", { move: e })
      : t("Select the cards first, then click here (e.g. {move}).", { move: e }), "error");
  } else if (r.kind === "more") {
    handSay(t("Not a move yet: select the other cards too (e.g. {move}).", { move: wordsOf(r.examples[0]) }), "error");
  } else if (r.kind === "none") {
    handSay(t("That is not a move now: {cards} cannot go there.", { cards: cards.join(" ") }), "error");
  } else if (kind === "stock" || kind === "pile" || cards.length) {
    handSay(t("That is not a move now."), "error");
  } else {
    handSay(t("Nothing to do there now."), "info");
  }
}

function onPlay({ index, card }) {
  if (!canAct()) return;
  const moves = playCard(targets(), zonesById(pz.frame.felt.picture), card);
  if (moves.length === 1) answer(moves[0]);
  else if (moves.length > 1) choose(moves, `#felt [data-hand-index="${index}"]`);
  else handSay(t("No move plays {card} by itself now.", { card }), "info");
}

/** "Which move?" at the zone or card, when a gesture fits several moves. */
function choose(moves, selector) {
  closeChooser();
  const anchor = document.querySelector(selector) || $("felt");
  const r = anchor.getBoundingClientRect();
  const box = el("div", "pz-pop");
  box.id = "chooser";
  box.setAttribute("role", "dialog");
  const title = t("Which move?");
  box.setAttribute("aria-label", title);
  box.append(el("p", "pz-pop-title", title));
  for (const m of moves) {
    const b = button("move", "", () => { closeChooser(); answer(m); });
    b.dataset.move = m;
    b.append(suitHtml(wordsOf(m)));
    box.append(b);
  }
  box.append(button("small-button", t("cancel"), closeChooser));
  document.body.append(box);
  const w = box.getBoundingClientRect();
  const x = Math.max(8, Math.min(r.left + r.width / 2 - w.width / 2, innerWidth - w.width - 8));
  let y = r.top - w.height - 8;
  if (y < 8) y = r.bottom + 8;
  box.style.left = `${x}px`;
  box.style.top = `${Math.max(8, Math.min(y, innerHeight - w.height - 8))}px`;
  box.addEventListener("keydown", (ev) => { if (ev.key === "Escape") closeChooser(); });
  pz.chooser = box;
  box.querySelector("button").focus({ preventScroll: true });
}

function closeChooser() {
  if (pz.chooser) pz.chooser.remove();
  pz.chooser = null;
}

document.addEventListener("pointerdown", (ev) => {
  if (pz.chooser && !pz.chooser.contains(ev.target)) closeChooser();
}, true);

// --- the list of all moves -----------------------------------------------------------------------

function drawMoves() {
  const box = $("moves");
  box.replaceChildren();
  const groups = new Map();
  for (const m of pz.puzzle.legal) {
    const verb = m.move.split(" ")[0];
    if (!groups.has(verb)) groups.set(verb, { label: String(m.words).split(" ")[0], items: [] });
    groups.get(verb).items.push(m);
  }
  const answered = pz.result;
  const best = answered ? new Set([answered.answer.move, ...(answered.accept || []).map((a) => a.move)]) : new Set();
  for (const g of groups.values()) {
    const row = el("div", "move-group");
    row.append(el("span", "verb", g.label));
    for (const m of g.items) {
      let cls = "move";
      if (best.has(m.move)) cls += " pz-best";
      if (answered && m.move === answered.move && !answered.correct) cls += " pz-played";
      const b = button(cls, "", () => answer(m.move));
      b.dataset.move = m.move;
      b.append(suitHtml(m.words));
      b.disabled = Boolean(answered) || pz.sending;
      row.append(b);
    }
    box.append(row);
  }
}

// --- the try -------------------------------------------------------------------------------------

async function answer(move) {
  if (!canAct() || !move) return;
  const p = pz.puzzle;
  closeChooser();
  pz.sending = true;
  pz.tried = move;
  document.body.dataset.phase = "sending";
  handSay(t("sent: {move}", { move: wordsOf(move) }));
  drawFelt();
  drawMoves();
  const game = p.game;
  pz.before = pz.ratings && pz.ratings[game] ? pz.ratings[game].rating : null;
  pz.visitor = !hasPlayer();       // a visitor's try stays unrated, whatever comes after
  let got;
  try {
    got = await api("POST", `/api/puzzle/${encodeURIComponent(p.id)}/answer`, { move });
  } catch (e) {
    if (pz.puzzle !== p) return;
    pz.sending = false;
    pz.tried = null;
    document.body.dataset.phase = "solving";
    // a move that is not legal there: said where the hand is, nothing counted
    handSay(e instanceof ApiError && e.status === 400 ? `${wordsOf(move)}: ${e.message}` : e.message, "error");
    drawFelt();
    drawMoves();
    return;
  }
  if (pz.puzzle !== p) return;
  pz.sending = false;
  pz.result = got;
  pz.selected = [];
  if (got.rating && pz.ratings) pz.ratings[game] = got.rating;
  document.body.dataset.phase = "answered";
  document.body.dataset.correct = String(Boolean(got.correct));
  handSay("");
  drawFelt();
  drawMoves();
  drawResult();
  drawRating();
  // on a narrow screen the verdict is under the table: bring it into view with the hand
  if (matchMedia("(max-width: 900px)").matches) {
    $("result").scrollIntoView({ block: "nearest", behavior: reduced.matches ? "auto" : "smooth" });
  }
}

function drawResult() {
  const r = pz.result;
  const box = $("result");
  box.replaceChildren();
  box.hidden = !r;
  if (!r) return;
  box.className = `pz-result ${r.correct ? "right" : "wrong"}`;
  const head = el("h3", "pz-verdict");
  head.id = "verdict";
  head.textContent = r.correct ? t("Right!") : t("Wrong");
  box.append(head);
  const played = wordsOf(r.move);
  const best = r.answer.words || wordsOf(r.answer.move);
  let line;
  if (!r.correct) line = t("You played {move}. The best move: {answer}.", { move: played, answer: best });
  else if (r.move !== r.answer.move) line = t("You played {move}: just as good as the best move, {answer}.", { move: played, answer: best });
  else line = t("You played {move}: the best move.", { move: played });
  const said = el("p", "pz-said");
  said.id = "answer-line";
  said.append(suitHtml(line));
  box.append(said);
  if (!targetOf(r.answer.move)) {
    box.append(el("p", "note", t("That move is made from the list of all moves (it has no place on the table).")));
  }
  if (Array.isArray(r.explanation) && r.explanation.length) {
    const ul = el("ul", "pz-why");
    ul.id = "explanation";
    for (const s of r.explanation) {
      const li = el("li");
      li.append(suitHtml(s));
      ul.append(li);
    }
    box.append(ul);
  }
  const rated = el("p", "pz-rated");
  rated.id = "rating-change";
  if (r.rated && r.rating) {
    const change = r.rating.rating - (pz.before === null ? 1000 : pz.before);
    rated.append(el("span", "", t("Your puzzle rating: {rating}", { rating: r.rating.rating })), " ");
    const ch = el("strong", `pz-change ${change > 0 ? "up" : change < 0 ? "down" : ""}`, `(${signed(change)})`);
    ch.id = "rating-delta";
    rated.append(ch);
    if (r.rating.provisional) rated.append(" ", provisionalBadge());
  } else if (!pz.visitor) {
    rated.textContent = t("Not rated: only your first try at a puzzle counts.");
  } else {
    rated.textContent = t("Not rated: you are solving as a visitor.");
  }
  box.append(rated);
  if (!hasPlayer()) box.append(rateForm("result-rate"));
  const more = button("primary", t("Next puzzle"), () => load("next"));
  more.id = "result-next";
  box.append(more);
  marksSoon();
}

// --- the answer drawn on the table: arrows from its cards to its zone ---------------------------------

let marksTimer = null;

function drawMarks() {
  const box = $("felt");
  let layer = $("pz-arrows");
  const r = pz.result;
  if (!r) {
    if (layer) layer.remove();
    return;
  }
  if (!layer) {
    layer = document.createElementNS(SVG, "svg");
    layer.id = "pz-arrows";
    layer.setAttribute("class", "pz-arrows");
    layer.setAttribute("aria-hidden", "true");
    box.append(layer);
  }
  layer.replaceChildren();
  const frame = box.getBoundingClientRect();
  layer.setAttribute("viewBox", `0 0 ${frame.width} ${frame.height}`);
  const svg = (tag, attrs) => {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    return e;
  };
  const defs = svg("defs", {});
  for (const kind of ["best", "played"]) {
    const m = svg("marker", { id: `pz-head-${kind}`, viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5,
      markerHeight: 5, orient: "auto-start-reverse" });
    m.append(svg("path", { d: "M0 0 10 5 0 10z", class: `pz-head pz-${kind}` }));
    defs.append(m);
  }
  layer.append(defs);
  const rel = (b) => ({ x: b.left - frame.left, y: b.top - frame.top, w: b.width, h: b.height });
  const mark = (move, kind, offset) => {
    const at = targetOf(move);
    const z = at && box.querySelector(`[data-zone-id="${CSS.escape(at.zone)}"]`);
    if (!z) return;
    const zr = rel(z.getBoundingClientRect());
    const used = new Set();
    let n = 0;
    for (const c of at.cards) {
      const e = [...box.querySelectorAll("[data-hand-index]")].find((x) => x.dataset.card === c && !used.has(x));
      if (!e) continue;
      used.add(e);
      const cr = rel(e.getBoundingClientRect());
      const from = { x: cr.x + Math.min(cr.w * 0.3, 24), y: cr.y + 6 };
      const to = { x: zr.x + zr.w / 2 + offset, y: from.y > zr.y + zr.h / 2 ? zr.y + zr.h - 4 : zr.y + 4 };
      const mid = { x: (from.x + to.x) / 2 + (kind === "best" ? -30 : 30), y: (from.y + to.y) / 2 };
      layer.append(svg("path", { d: `M${from.x} ${from.y}Q${mid.x} ${mid.y} ${to.x} ${to.y}`,
        class: `pz-arrow pz-${kind}`, "marker-end": `url(#pz-head-${kind})` }));
      if (kind !== "best") layer.append(svg("rect", { x: cr.x - 3, y: cr.y - 3, width: cr.w + 6, height: cr.h + 6, rx: 8, class: `pz-ring pz-${kind}` }));
      n++;
    }
    if (!n && kind !== "best") {
      layer.append(svg("rect", { x: zr.x - 9, y: zr.y - 9, width: zr.w + 18, height: zr.h + 18, rx: 16, class: `pz-ring pz-${kind}` }));
    }
    const text = svg("text", { x: zr.x + zr.w / 2 + (kind === "best" ? -4 : 4), y: Math.max(14, zr.y - 12),
      class: `pz-tag pz-${kind}`, "text-anchor": kind === "best" ? "end" : "start" });
    text.textContent = kind === "best" ? t("best") : t("yours");
    layer.append(text);
    try {
      const b = text.getBBox();
      layer.insertBefore(svg("rect", { x: b.x - 5, y: b.y - 1, width: b.width + 10, height: b.height + 2,
        rx: (b.height + 2) / 2, class: `pz-pill pz-${kind}` }), text);
    } catch (e) { /* not drawn: the text alone */ }
  };
  const same = r.correct;
  if (!same) mark(r.move, "played", 6);
  mark(r.answer.move, "best", same ? 0 : -6);
}

function marksSoon() {
  drawMarks();
  clearTimeout(marksTimer);
  marksTimer = setTimeout(drawMarks, 360);     // again once the cards stand in their places
}

// --- the player's puzzle rating ------------------------------------------------------------------

async function loadRatings() {
  await loadSession(true);
  if (!hasPlayer()) {
    pz.ratings = null;
    return;
  }
  try {
    pz.ratings = await api("GET", "/api/players/me/puzzles");
  } catch (e) {
    pz.ratings = e.status === 401 ? null : {};
  }
}

/** "Rate my tries": a visitor makes a player (a guest credential, as the lobby does). */
function rateForm(id) {
  const f = el("form", "pz-rate");
  f.id = id;
  f.noValidate = true;
  const label = el("label", "");
  const input = el("input");
  input.name = "name";
  input.maxLength = 40;
  input.autocomplete = "nickname";
  input.value = myName();
  label.append(el("span", "", t("Your name")), input);
  const go = el("button", "small-button", t("Rate my tries"));
  go.type = "submit";
  const msg = el("span", "message");
  f.append(label, go, msg);
  f.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const name = input.value.trim();
    if (!name) {
      msg.textContent = t("type your name first");
      msg.className = "message error";
      input.focus();
      return;
    }
    go.disabled = true;
    try {
      await ensurePlayer(name);
    } catch (e) {
      msg.textContent = e.message;
      msg.className = "message error";
      go.disabled = false;
      return;
    }
    await loadRatings();
    drawRating();
    if (pz.result) drawResult();
  });
  return f;
}

function drawRating() {
  const box = $("rating");
  box.replaceChildren();
  const game = pz.game;
  if (!game) return;
  const name = gameName(game);
  if (!pz.ratings) {
    box.dataset.rated = "false";
    box.append(el("span", "", t("You solve as a visitor: your tries are not rated.")), " ");
    const open = button("small-button", t("Rate my tries"), () => {
      open.replaceWith(rateForm("rate-form"));
      const input = $("rate-form").querySelector("input");
      input.focus();
    });
    open.id = "rate-open";
    box.append(open);
    return;
  }
  box.dataset.rated = "true";
  const r = pz.ratings[game];
  if (!r) {
    box.append(el("span", "", t("No puzzle rating in {game} yet: your first try makes one.", { game: name })));
    return;
  }
  const strong = el("strong", "pz-number", r.rating);
  strong.id = "rating-number";
  box.append(el("span", "", t("Your puzzle rating in {game}:", { game: name })), " ", strong);
  if (r.provisional) box.append(" ", provisionalBadge());
  box.append(" ", el("span", "pz-solved", tn("{solved} of {n} puzzle solved", "{solved} of {n} puzzles solved",
    r.tried, { solved: r.solved })));
}

// --- choosing a puzzle ---------------------------------------------------------------------------

function fillChooser() {
  const sel = $("game");
  sel.replaceChildren();
  const withPuzzles = pz.catalogue.filter((x) => x.puzzles > 0);
  if (!withPuzzles.some((x) => x.game === pz.game)) sel.append(new Option("—", "", true, true));
  for (const x of withPuzzles) {
    const text = tn("{game} ({n} puzzle)", "{game} ({n} puzzles)", x.puzzles, { game: gameName(x.game) });
    sel.append(new Option(text, x.game, x.game === pz.game, x.game === pz.game));
  }
  sel.disabled = !withPuzzles.length;
}

function keepInUrl() {
  const params = new URLSearchParams(location.search);
  if (pz.puzzle) params.set("id", pz.puzzle.id);
  else params.delete("id");
  const q = params.toString();
  try {
    history.replaceState(null, "", `/puzzles/${encodeURIComponent(pz.game)}${q ? `?${q}` : ""}`);
  } catch (e) { /* a sandboxed page keeps its address */ }
}

/** Ask for a puzzle: "daily", "next", or one by its id. */
async function load(which) {
  const game = pz.game;
  const url = which === "daily" ? `/api/puzzles/${encodeURIComponent(game)}/daily`
    : which === "next" ? `/api/puzzles/${encodeURIComponent(game)}/next`
        + (pz.puzzle ? `?after=${encodeURIComponent(pz.puzzle.id)}` : "")
      : `/api/puzzle/${encodeURIComponent(which)}`;
  for (const b of [$("daily"), $("next"), $("result-next")]) if (b) b.disabled = true;
  document.body.dataset.phase = "loading";
  let got;
  try {
    got = await api("GET", url);
  } catch (e) {
    say(e.message, "error");
    document.body.dataset.phase = pz.puzzle ? (pz.result ? "answered" : "solving") : "none";
    for (const b of [$("daily"), $("next"), $("result-next")]) if (b) b.disabled = false;
    return e.message;
  }
  say("");
  show(got);
  return null;
}

function show(p) {
  closeChooser();
  pz.puzzle = p;
  pz.game = p.game;
  pz.frame = { view: p.view, legal: p.legal.map((m) => m.move), felt: p.felt, seat: p.seat };
  pz.result = null;
  pz.tried = null;
  pz.sending = false;
  pz.selected = [];
  const entry = entryOf(p.game);
  const daily = Boolean(entry && entry.daily === p.id);
  document.body.dataset.puzzle = p.id;
  document.body.dataset.daily = String(daily);
  document.body.dataset.phase = "solving";
  delete document.body.dataset.correct;
  $("puzzle").hidden = false;
  $("question").textContent = p.question;
  const about = $("about");
  about.replaceChildren();
  if (daily) about.append(el("span", "badge pz-daily", t("puzzle of the day")), " ");
  about.append(el("span", `pz-difficulty pz-${p.difficulty}`, p.difficulty_words || p.difficulty));
  about.append(" ", el("span", "pz-game", gameName(p.game)));
  for (const b of [$("daily"), $("next")]) b.disabled = false;
  $("daily").setAttribute("aria-pressed", String(daily));
  document.title = t("{game} puzzle — cardtable", { game: gameName(p.game) });
  handSay(targets().length
    ? t("Make your move on the table as in a game (select cards, then click where they go), or choose it from all moves.")
    : t("Choose your move from the list of all moves."));
  $("moves-box").open = !targets().length;
  fillChooser();
  drawFelt();
  drawMoves();
  drawResult();
  drawRating();
  keepInUrl();
  document.body.dataset.ready = "true";
}

function nothing(text) {
  pz.puzzle = null;
  $("puzzle").hidden = true;
  say(text, "info");
  fillChooser();
  drawRating();
  for (const b of [$("daily"), $("next")]) b.disabled = true;
  document.body.dataset.phase = "none";
  document.body.dataset.ready = "true";
}

async function catalogue() {
  try {
    const r = await fetch(withLang("/api/puzzles"));
    return r.ok ? await r.json() : [];
  } catch (e) {
    return [];
  }
}

async function start() {
  const [, games, cat] = await Promise.all([accountBox(async () => { await loadRatings(); drawRating(); if (pz.result) drawResult(); }),
    loadGames(), catalogue(), loadRatings()]);
  pz.games = games;
  pz.catalogue = cat;
  let asked = "";
  try { asked = decodeURIComponent(location.pathname.split("/")[2] || ""); } catch (e) { asked = ""; }
  const known = (id) => pz.catalogue.find((x) => x.game === id || gameName(x.game) === id);
  const withPuzzles = pz.catalogue.filter((x) => x.puzzles > 0);
  const id = new URLSearchParams(location.search).get("id");
  $("game").addEventListener("change", (ev) => {
    const v = ev.currentTarget.value;
    if (v) location.href = pageUrl(`/puzzles/${encodeURIComponent(v)}`);
  });
  $("daily").addEventListener("click", () => load("daily"));
  $("next").addEventListener("click", () => load("next"));
  let failed = null;
  if (id) {
    pz.game = asked || (withPuzzles[0] && withPuzzles[0].game) || "";
    failed = await load(id);
    if (pz.puzzle) return;
  }
  if (!withPuzzles.length) {
    pz.game = asked || null;
    nothing(t("There are no puzzles yet."));
    return;
  }
  const entry = asked ? known(asked) : withPuzzles[0];
  if (!entry) {
    pz.game = asked;
    nothing(t("There are no puzzles of {game}. Choose a game.", { game: asked }));
    return;
  }
  pz.game = entry.game;
  if (!entry.puzzles) {
    nothing(t("{game} has no puzzles yet. Choose another game.", { game: gameName(entry.game) }));
    return;
  }
  await load("daily");
  if (failed) say(failed, "error");      // the puzzle asked for is not there: today's instead
}

reduced.addEventListener("change", () => { if (felt) drawFelt(); });
new ResizeObserver(() => { if (pz.result) marksSoon(); }).observe($("felt"));
start();
