// The table page: the card table drawn by felt/ (seats around a felt, the hand at the bottom),
// a slim header, the action bar, and panels over the table. The state always comes from the
// server (../shared/contracts/table-protocol.md); the page turns gestures into move texts and
// shows what it was sent.

import { noticeState, setBaseTitle } from "./attention.js";
import { ActionBar, MessageLine } from "./actionbar.js";
import { builderActive, compose, legalFor } from "./builder.js";
import { cardsInText, cardKey, parseCard } from "./cards.js";
import { connect, send, setHandlers } from "./connection.js";
import { atZone, hotZones, playCard, sameCards, withSelection, zonesById } from "./gestures.js";
import * as guard from "./guard.js";
import { pageUrl, t, tn } from "./i18n.js";
import { InvitePanel } from "./invite.js";
import { DealOverlay, MatchOverlay } from "./overlay.js";
import { ChatPanel, LogPanel, MovesPanel, openPanel, RulesPanel, SettingsPanel, moveGroups } from "./panels.js";
import {
  again, handleInvite, hostAct, loadMine, loadSummary, places, refreshPlaces, rematch, takeSeat, takeTokens,
} from "./places.js";
import { hasPlayer, loadSession, seatOf } from "./player.js";
import { Chooser, Confirm, SeatMenu, Sure } from "./popovers.js";
import { ArrangeBoard, arrangeSend } from "./arrange.js";
import {
  isHost, onRedraw, ownHand, page, readSetting, redraw, say, seatName, seatsNow, shown, stateKey,
  tableId, totalsOf, wordsOf, writeSetting,
} from "./store.js";
import { Component, createRef, html, render } from "./ui.js";
import { Felt } from "/static/felt/felt.js";


const SCORE_SCREEN = `cardtable.scoreScreen.${tableId}`;
const SHOW_HINTS = "cardtable.showHints";
const FOUR = "cardtable.fourColour";
const SORT = (game) => `cardtable.sort.${game}`;
const HOLD_MS = 900;
const reduced = matchMedia("(prefers-reduced-motion: reduce)");

takeTokens(seatOf);

// --- settings (remembered in this browser) ----------------------------------------------------

const settings = {
  get fourColour() { return readSetting(FOUR, "0") === "1"; },
  setFourColour(on) { writeSetting(FOUR, on ? "1" : "0"); redraw(); },
  get hints() { return readSetting(SHOW_HINTS, "1") !== "0"; },
  setHints(on) { writeSetting(SHOW_HINTS, on ? "1" : "0"); redraw(); },
  get hintsOffered() {
    const w = shown();
    if (!w || w.seat === null) return false;
    return w.hints !== undefined ? Boolean(w.hints) : Boolean(page.summary && page.summary.hints);
  },
  get sort() {
    const w = shown();
    return (w && readSetting(SORT(w.view.game), null)) || gameSort(w);
  },
  setSort(mode) {
    const w = shown();
    if (!w) return;
    const before = selectedCards();
    writeSetting(SORT(w.view.game), mode);
    page.selected = indicesOf(before, handCards(w));
    redraw();
  },
};

// --- the hand ------------------------------------------------------------------------------------

/** How the game's players sort their hand: by suit or by rank (the layout's groups say). */
function gameSort(w) {
  const groups = w && w.layout && Array.isArray(w.layout.hand) ? w.layout.hand : [];
  return groups.length && groups[0].rank !== undefined && groups[0].suit === undefined ? "rank" : "suit";
}

const SUIT_ORDER = ["♠", "♥", "♣", "♦"];

/** The seat's cards as the game sorts them, re-sorted by suit or rank when the person asks. */
function sortedHand(w) {
  const cards = ownHand(w.view);
  const pic = w.felt && w.felt.picture;
  let base = pic && Array.isArray(pic.hand_order) ? pic.hand_order
    : w.layout && Array.isArray(w.layout.hand) ? w.layout.hand.flatMap((g) => g.cards.map((c) => c.text)) : null;
  if (!base || !sameCards(base, cards)) base = [...cards].sort((a, b) => cardKey(a) - cardKey(b));
  const mode = settings.sort;
  if (mode === gameSort(w) && (w.layout || (pic && pic.hand_order))) return base;
  const rankAt = new Map(base.map((c, i) => [c, i]));     // the game's own order within a suit
  const suitOf = (c) => { const p = parseCard(c); return p && p.suit ? SUIT_ORDER.indexOf(p.suit) : 9; };
  const rankOf = (c) => { const p = parseCard(c); return p && !p.joker ? ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"].indexOf(p.rank) : 99; };
  const bySuit = (a, b) => suitOf(a) - suitOf(b) || rankAt.get(a) - rankAt.get(b);
  const byRank = gameSort(w) === "rank" ? (a, b) => rankAt.get(a) - rankAt.get(b)
    : (a, b) => rankOf(a) - rankOf(b) || suitOf(a) - suitOf(b);
  return [...base].sort(mode === "rank" ? byRank : bySuit);
}

/** The hand the table draws: sorted, less the cards in Remik's groups being built. */
function handCards(w) {
  const cards = sortedHand(w);
  if (!page.groups.length || w !== page.state) return cards;
  const out = [...cards];
  for (const c of page.groups.flat()) {
    const i = out.indexOf(c);
    if (i >= 0) out.splice(i, 1);
  }
  return out;
}

function indicesOf(cards, hand) {
  const used = new Set();
  const out = [];
  for (const c of cards) {
    const i = hand.findIndex((x, k) => x === c && !used.has(k));
    if (i >= 0) { used.add(i); out.push(i); }
  }
  return out;
}

function selectedCards() {
  const w = shown();
  if (!w) return [];
  const hand = handCards(w);
  return page.selected.filter((i) => i < hand.length).map((i) => hand[i]);
}

function arranging(w) {
  return w === page.state && w.view.game === "shisanzhang" && (w.legal || []).some((m) => m.startsWith("arrange"));
}

// --- frames ----------------------------------------------------------------------------------

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

/** A frame that draws the state's ``finished`` deal: its final view and picture, its score in
 * words and the match totals after it (not the totals before it, which the finishing frame
 * carries). */
function finishedFrame(msg) {
  const f = msg.finished;
  return {
    ...msg, fromFinished: true, deal: f.deal, view: f.view, legal: [], legal_words: [], log_words: null,
    layout: null, hint: null, warnings: {}, score: f.summary || null, deadline: null,
    totals: f.totals || msg.totals, felt: { picture: f.picture || null, targets: [] },
  };
}

function onState(msg) {
  const first = page.state === null;
  if (msg.status === "over") {
    if (page.panel === "moves" && (!page.state || page.state.status !== "over")) page.panel = null;
    page.finished = null;      // the match's last frame is its finished deal, with the final totals
    rememberScoreScreen(null);
  } else if (msg.view.over) {
    // a deal just ended: it stays on the table (all hands, the score) until the player asks for
    // the next one, also after a reload
    if (page.finished !== msg) page.overlayDown = false;
    if (page.panel === "moves") page.panel = null;       // the deal's end takes the table
    page.finished = msg;
    rememberScoreScreen(msg.deal);
  } else if (first && msg.finished && scoreScreenDeal() === msg.finished.deal) {
    page.finished = finishedFrame(msg);     // reloaded on the score screen
  }
  const previous = page.state;
  page.state = msg;
  if (previous && previous.seq !== msg.seq) {
    page.confirm = null;        // asked about an older position
    page.groups = [];           // melds being built belong to that position
    page.chooser = null;
  }
  if (previous && previous.deal !== msg.deal) {
    page.message = null;        // no text of the last deal stays
    page.board = null;          // 十三张: a new hand, a new board
    page.picked = null;
    page.rowsInfo = null;
  }
  if (!previous || previous.seq !== msg.seq || previous.deal !== msg.deal) page.selected = [];
  const seatsKey = JSON.stringify(msg.seats || []) + msg.status;
  if (page.seatsKey !== null && seatsKey !== page.seatsKey) refreshPlaces();
  page.seatsKey = seatsKey;
  if (page.sentFor !== null && page.sentFor !== stateKey(msg)) {
    page.message = null;
    page.sentFor = null;
  }
  noticeState(previous, msg, gameTitle());
  draw();
}

function onError(msg) {
  if (msg.move) page.sentFor = null;      // refused: nothing changed, the player may choose again
  const move = msg.move ? wordsOf(msg.move) : null;
  say(move ? `${move}: ${msg.message}` : msg.message, "error");
}

let chatId = 0;
function onChat(msg) {
  page.chat.push({ ...msg, id: ++chatId });
  if (page.chat.length > 100) page.chat.shift();
  if (page.panel !== "chat") page.unread += 1;
  if (msg.system) refreshPlaces();
  redraw();
}

function nextDeal() {
  page.finished = null;
  page.overlayDown = false;
  rememberScoreScreen(null);
  redraw();
}

function showLastDeal() {
  if (!page.state || !page.state.finished) return;
  page.finished = finishedFrame(page.state);
  page.overlayDown = false;
  page.panel = null;
  rememberScoreScreen(page.state.finished.deal);
  redraw();
}

setHandlers({
  state: onState,
  error: onError,
  chat: onChat,
  presence: (msg) => { page.presence = msg; redraw(); },
  lostSeat: loadMine,
});

// --- moves -----------------------------------------------------------------------------------

function playMove(text, confirmed = false) {
  const w = page.state;
  if (!w || !text || page.finished) return;
  // one move per state: a second click, a key held down or a late tap sends nothing more
  if (page.sentFor === stateKey(w)) return;
  page.chooser = null;
  // a costly move (the same warnings as the terminal's) is sent only once confirmed
  const warning = (w.warnings || {})[text] || (text === page.rowsMove ? page.rowsWarning : null);
  if (warning && !confirmed) {
    page.confirm = { move: text, warning, words: wordsOf(text) };
    redraw();
    return;
  }
  page.confirm = null;
  if (send({ type: "move", move: text, seq: w.seq })) {
    page.sentFor = stateKey(w);
    say(t("sent: {move}", { move: wordsOf(text) }));
  }
}

function typed(ev) {
  ev.preventDefault();
  const input = ev.currentTarget.querySelector("input");
  const text = input.value.trim();
  if (!text) {
    say(t("type a move first (the verb, then the cards)"), "error");
    return;
  }
  playMove(text);
  input.value = "";
}

function sayChat(ev) {
  ev.preventDefault();
  const input = ev.currentTarget.querySelector("input");
  const text = input.value.trim();
  if (!text) return;
  if (send({ type: "chat", text })) input.value = "";
}

/** Does a move use every selected card (for the list of moves: the others are dimmed)? */
function fits(text) {
  const sel = selectedCards();
  if (!sel.length) return true;
  const named = cardsInText(text);
  return sel.every((c) => named.includes(c));
}

// --- gestures on the table --------------------------------------------------------------------

function canAct(w) {
  return Boolean(w && w === page.state && !page.finished && (w.legal || []).length && w.status === "playing");
}

function targetsOf(w) {
  return (w && w.felt && w.felt.targets) || [];
}

function anchorOf(selector) {
  const el = selector ? document.querySelector(selector) : null;
  const stage = document.getElementById("stage");
  const r = (el || stage || document.body).getBoundingClientRect();
  return { x: r.left + r.width / 2, y: el ? r.top : r.top + r.height / 2, bottom: el ? r.bottom : r.top + r.height / 2 };
}

function choose(moves, selector) {
  page.chooser = { items: moves.map((m) => ({ move: m, words: wordsOf(m) })), at: anchorOf(selector) };
  redraw();
}

function notNow(w) {
  if (w.seat === null) return;
  const movers = (w.view.to_move || []).map(seatName).join(", ");
  say(movers ? t("Not your turn: waiting for {players}.", { players: movers }) : t("That is not a move now."), "info");
}

/** A zone clicked (or cards dropped on it) with ``cards`` selected. */
function zoneGesture(id, kind, cards) {
  const w = page.state;
  if (!canAct(w)) {
    if (w && !page.finished) notNow(w);
    return;
  }
  if (!guard.gestureOk()) return;
  const builder = builderActive(w);
  if (builder && id.startsWith("build:")) {
    const i = Number(id.slice(6));
    if (cards.length) {
      page.groups[i].push(...cards);
      page.selected = [];
    } else {
      page.groups.splice(i, 1);
    }
    redraw();
    return;
  }
  const all = builder && page.groups.length ? [...page.groups.flat(), ...cards] : cards;
  const r = atZone(targetsOf(w), id, all);
  const sel = `[data-zone-id="${CSS.escape(id)}"]`;
  if (builder && id === `melds:${w.seat}` && r.kind !== "send" && r.kind !== "choose") {
    if (cards.length) makeGroup();
    else if (page.groups.length) sendGroups();
    else say(t("Select at least three cards of your hand, then click here to make them a meld."), "info");
    return;
  }
  if (r.kind === "send") playMove(r.move);
  else if (r.kind === "choose") choose(r.moves, sel);
  else if (r.kind === "select") {
    const e = wordsOf(r.examples[0]);
    say(r.need === 1 ? t("Select the card first, then click here (e.g. {move}).", { move: e })
      : t("Select the cards first, then click here (e.g. {move}).", { move: e }), "error");
  } else if (r.kind === "more") {
    say(t("Not a move yet: select the other cards too (e.g. {move}).", { move: wordsOf(r.examples[0]) }), "error");
  } else if (r.kind === "none") {
    say(t("That is not a move now: {cards} cannot go there.", { cards: all.join(" ") }), "error");
  } else if (kind === "stock" || kind === "pile" || cards.length) {
    say(t("That is not a move now."), "error");
  } else {
    say(t("Nothing to do there now."), "info");
  }
}

function onZone({ id, kind }) {
  zoneGesture(id, kind, selectedCards());
}

function onDrop({ id, kind, indices }) {
  const joined = [...new Set([...page.selected, ...(indices || [])])];
  page.selected = joined;
  zoneGesture(id, kind, selectedCards());
}

function onPlay({ index, card }) {
  const w = page.state;
  if (!canAct(w)) return;
  if (!guard.gestureOk()) return;
  const moves = playCard(targetsOf(w), zonesById(w.felt && w.felt.picture), card);
  if (moves.length === 1) playMove(moves[0]);
  else if (moves.length > 1) choose(moves, `[data-hand-index="${index}"]`);
  else say(t("No move plays {card} by itself now.", { card }), "info");
}

function onSelect(indices) {
  page.selected = [...indices];
  lastSet.selected = JSON.stringify(page.selected);     // the felt drew it already
  if (page.message && page.message.kind !== "error-keep") page.message = null;
  redraw();
}

function onSeat(seat) {
  const w = page.state;
  if (!isHost() || !w || w.status === "over") return;
  page.seatMenu = { seat, at: anchorOf(`#felt [data-seat="${seat}"]`) };
  redraw();
}

function onSort() {
  settings.setSort(settings.sort === "suit" ? "rank" : "suit");
}

// --- Remik's meld builder ----------------------------------------------------------------------

function makeGroup() {
  const cards = selectedCards();
  if (cards.length < 3) {
    say(t("select at least three cards of your hand for a meld"), "error");
    return;
  }
  page.groups.push(cards);
  page.selected = [];
  page.message = null;
  redraw();
}

function sendGroups() {
  const w = page.state;
  if (!page.groups.length || !w) return;
  const moves = legalFor(w.legal, page.groups, "meld");
  if (moves.length === 1) playMove(moves[0]);
  else if (moves.length > 1) choose(moves, "#meld-send");
  else playMove(compose(page.groups));
}

const builder = {
  group: makeGroup,
  send: sendGroups,
  remove: (i) => { page.groups.splice(i, 1); redraw(); },
};

// --- the drawing of the table (felt/) ------------------------------------------------------------

function seatInfo(w) {
  const seats = seatsNow();
  const totals = totalsOf(w);
  const movers = new Set(w.view.to_move || []);
  const connected = page.presence && page.presence.connected ? page.presence.connected : [];
  const bots = (page.game && page.game.bot_choices) || [];
  return Array.from({ length: w.view.players }, (_, s) => {
    const seat = seats[s] || {};
    const toMove = movers.has(s) && !w.view.over && w.status === "playing";
    const bot = bots.find((b) => b.name === seat.name);
    const note = seat.kind === "open" ? t("open seat")
      : seat.kind === "bot" && seat.person ? t("a bot plays for now")
        : seat.kind === "bot" ? (bot ? bot.label : seat.name || "") : "";
    return {
      name: seatName(s), total: totals[s] ?? 0, note,
      connected: seat.kind === "person" && connected[s] !== undefined ? Boolean(connected[s]) : null,
      away: Boolean(seat.kind === "bot" && seat.person), bot: seat.kind === "bot", toMove,
      deadline: toMove && w === page.state ? w.deadline : null,
    };
  });
}

/** The picture to draw: the frame's, with Remik's groups being built in front of this seat. */
function pictureOf(w) {
  const pic = w.felt && w.felt.picture;
  if (!pic) return { seats: Array.from({ length: w.view.players }, () => ({ backs: 0, known: [], tags: [], zones: [] })), centre: [] };
  if (!page.groups.length || w !== page.state || w.seat === null) return pic;
  const label = (i) => t("meld {n} (not sent yet)", { n: i + 1 });
  const seats = pic.seats.map((s, i) => (i !== w.seat ? s : {
    ...s, zones: [...(s.zones || []), ...page.groups.map((g, k) => ({ id: `build:${k}`, kind: "meld", label: label(k), cards: g }))],
  }));
  return { ...pic, seats };
}

function feltConfig() {
  const w = shown();
  if (!w) return null;
  const hand = arranging(w) ? [] : handCards(w);
  const targets = targetsOf(w);
  const sel = page.selected.filter((i) => i < hand.length);
  const hot = canAct(w) ? hotZones(targets, sel.map((i) => hand[i])) : [];
  if (canAct(w) && builderActive(w) && w.seat !== null) {
    hot.push(`melds:${w.seat}`, ...page.groups.map((_, k) => `build:${k}`));
  }
  return {
    picture: pictureOf(w), viewer: w.seat, seats: seatInfo(w), hand, selected: sel,
    active: canAct(w), hot: [...new Set(hot)], fourColour: settings.fourColour, reducedMotion: reduced.matches,
    holdMs: HOLD_MS,
  };
}

let felt = null;
const lastSet = {};

function syncFelt() {
  if (!felt) return;
  const cfg = feltConfig();
  if (!cfg) return;
  const changed = {};
  for (const [k, v] of Object.entries(cfg)) {
    const s = JSON.stringify(v);
    if (lastSet[k] !== s) {
      lastSet[k] = s;
      changed[k] = v;
    }
  }
  if (Object.keys(changed).length) felt.set(changed);
}

class FeltHost extends Component {
  constructor(props) {
    super(props);
    this.box = createRef();
  }

  shouldComponentUpdate() { return false; }

  componentDidMount() {
    felt = Felt(this.box.current, feltConfig() || { picture: { seats: [], centre: [] }, hand: [], seats: [] });
    felt.on("select", onSelect);
    felt.on("zone", onZone);
    felt.on("play", onPlay);
    felt.on("drop", onDrop);
    felt.on("seat", onSeat);
    felt.on("sort", onSort);
    Object.assign(lastSet, Object.fromEntries(Object.entries(feltConfig() || {}).map(([k, v]) => [k, JSON.stringify(v)])));
  }

  componentWillUnmount() {
    if (felt) felt.destroy();
    felt = null;
  }

  render() {
    return html`<div id="felt" class="felt-host" ref=${this.box}></div>`;
  }
}

// --- the page ------------------------------------------------------------------------------------

function gameTitle() {
  const g = page.game;
  return g ? g.title || g.name : page.summary ? page.summary.game : "";
}

function matchLength(w) {
  const g = page.game;
  if (!g || !page.summary) return "";
  for (const key of g.match_length || []) {
    const o = (g.options || []).find((x) => x.key === key);
    const rules = page.summary.rules || {};
    const v = key in rules ? rules[key] : w.view.options && key in w.view.options ? w.view.options[key] : o ? o.default : null;
    if (v === null || v === undefined || v === 0) continue;
    return key === "deals" ? t("of {n}", { n: v }) : t("to {n}", { n: v });
  }
  return "";
}

const ICONS = {
  chat: "M4 4h16v11H8l-4 4z",
  log: "M5 6h14M5 12h14M5 18h9",
  rules: "M5 4h9a4 4 0 0 1 4 4v12H9a4 4 0 0 1-4-4zM9 8h6M9 12h6",
  settings: "M12 8a4 4 0 1 0 0 8a4 4 0 1 0 0-8zM12 2v3M12 19v3M2 12h3M19 12h3M5 5l2 2M17 17l2 2M5 19l2-2M17 7l2-2",
  invite: "M9 11a4 4 0 1 0 0-8a4 4 0 1 0 0 8zM2 21a7 7 0 0 1 14 0M19 8v6M16 11h6",
  home: "M3 11l9-8l9 8M6 9v11h12V9",
};

function icon(name) {
  return html`<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d=${ICONS[name]}/></svg>`;
}

function iconButton(name, label, extra) {
  const open = page.panel === name;
  return html`<button id=${`${name}-open`} type="button" class="icon-button" aria-label=${label} title=${label}
    aria-controls=${`${name}-panel`} aria-expanded=${String(open)} onClick=${() => openPanel(name)}>${icon(name)}${extra || null}</button>`;
}

function Header({ w }) {
  const g = page.game;
  const title = g ? (g.title || g.name) : page.summary ? page.summary.game : "…";
  const full = g && title !== g.native_name ? `${title} · ${g.native_name}` : title;
  const status = !w ? "" : w.status === "over" ? t("match over") : w.status === "waiting" ? t("waiting for players")
    : [t("deal {n}", { n: w.deal + 1 }), matchLength(w)].filter(Boolean).join(" · ");
  const totals = w ? totalsOf(w) : [];
  const mine = w && w.seat !== null ? t("you: {points}", { points: totals[w.seat] ?? 0 }) : "";
  const conn = { connecting: t("connecting…"), connected: t("connected"), reconnecting: t("reconnecting…"), closed: t("closed") }[page.conn];
  const left = page.state && page.state.deadline && !page.finished
    ? Math.max(0, Math.round((page.state.deadline - Date.now()) / 1000)) : null;
  const timer = left === null ? "" : tn("{n} second left", "{n} seconds left", left);
  const home = t("cardtable");
  const unread = page.unread ? html`<span class="dot" aria-hidden="true"></span>` : null;
  const chatLabel = page.unread ? tn("chat ({n} unread)", "chat ({n} unread)", page.unread) : t("chat");
  const over = !page.summary || !page.state || page.state.status === "over";
  const labels = { log: t("last moves"), rules: t("rules"), settings: t("settings"), invite: t("invite") };
  return html`<div class="head">
    <a class="home" href=${pageUrl("/")} aria-label=${home} title=${home}>${icon("home")}</a>
    <h1 id="title">${full}</h1>
    <span id="status" class="status">${status}</span>
    ${mine ? html`<span id="my-total" class="my-total">${mine}</span>` : null}
    ${timer ? html`<span id="timer" class=${"timer" + (left <= 10 ? " low" : "")} title=${timer} role="timer"
      aria-label=${timer}><span aria-hidden="true">⏱ ${left}</span></span>` : html`<span id="timer" class="timer"></span>`}
    <span id="conn" class=${"conn " + (page.conn === "connected" ? "ok" : "down")} title=${conn}>${conn}</span>
    <span class="tools">
      ${iconButton("chat", chatLabel, unread)}
      ${iconButton("log", labels.log)}
      ${iconButton("rules", labels.rules)}
      ${iconButton("settings", labels.settings)}
      ${over ? null : iconButton("invite", labels.invite)}
    </span>
  </div>`;
}

/** The seats as a list for screen readers (the table itself is a picture). */
function Players({ w }) {
  const seats = seatsNow();
  const totals = totalsOf(w);
  const movers = new Set(w.view.to_move || []);
  const label = t("players");
  const rows = Array.from({ length: w.view.players }, (_, s) => {
    const seat = seats[s] || {};
    const conn = page.presence && page.presence.connected ? page.presence.connected[s] : null;
    const total = t("total {points}", { points: totals[s] ?? 0 });
    const on = t("● connected");
    const off = t("○ away");
    const awayText = seat.person ? t("a bot plays for {name} until they take the seat back", { name: seat.person }) : "";
    const openText = t("open seat");
    const moving = t("to move");
    const presence = seat.kind === "person" && conn !== null && conn !== undefined
      ? html`<span class=${"presence " + (conn ? "on" : "off")}>${conn ? on : off}</span>` : null;
    const away = seat.kind === "bot" && seat.person ? html`<span class="away-seat">${awayText}</span>` : null;
    const open = seat.kind === "open" ? html`<span class="open-seat">${openText}</span>` : null;
    const turn = movers.has(s) && !w.view.over ? html`<span class="to-move">${moving}</span>` : null;
    return html`<li key=${s} data-player=${String(s)}><strong>${seatName(s)}</strong>
      <span class="total" data-total=${String(totals[s] ?? 0)}>${total}</span>${presence}${away}${open}${turn}</li>`;
  });
  return html`<ul id="players" class="sr" aria-label=${label}>${rows}</ul>`;
}

function Notices({ w }) {
  const p = w ? places(w) : null;
  const known = t("These cards have been played before, at another table: whoever saw that match knows them. Play for fun, not to prove anything.");
  const nameLabel = t("Your name");
  const takeLabel = page.join ? t("Take seat {n}", { n: page.join.seat + 1 }) : "";
  const back = p && p.back !== undefined ? t("take my seat back (seat {n})", { n: p.back + 1 }) : "";
  const knownDeal = Boolean((page.summary && page.summary.known_deal) || (page.state && page.state.known_deal));
  const submit = async (ev) => {
    ev.preventDefault();
    const name = ev.currentTarget.querySelector("input").value.trim();
    if (!name) {
      page.banner = { text: t("type your name to take the seat"), kind: "error" };
      redraw();
      return;
    }
    await takeSeat(page.join.seat, name);
  };
  return html`<div class="notices">
    <p id="banner" class=${"banner " + (page.banner ? page.banner.kind : "")} role="status" aria-live="polite"
      hidden=${!page.banner}>${page.banner ? page.banner.text : ""}</p>
    <p id="known-deal" class="banner known" hidden=${!knownDeal}>${known}</p>
    <form id="join" class="join-form" hidden=${!page.join} onSubmit=${submit}>
      <label for="join-name">${nameLabel}</label>
      <input id="join-name" maxlength="40" autocomplete="nickname" required value=${page.join ? page.join.name : ""}
        onInput=${(ev) => { if (page.join) page.join.name = ev.currentTarget.value; }}/>
      <button type="submit" id="join-button" class="primary">${takeLabel}</button>
    </form>
    <button id="take-back" type="button" class="small-button primary" hidden=${!back}
      data-for-seat=${p && p.back !== undefined ? String(p.back) : ""} onClick=${() => takeSeat(p.back, null)}>${back}</button>
  </div>`;
}

/** The action bar's contents for this frame. */
function barOf(w) {
  const legal = w.legal || [];
  const targets = targetsOf(w);
  const onTable = new Set(targets.map((x) => x.move));
  const board = arranging(w);
  const sel = selectedCards();
  const { exact, wider } = withSelection(targets, page.groups.length ? [...page.groups.flat(), ...sel] : sel);
  const free = legal.length ? moveGroups(w).map((g) => ({
    ...g, items: g.items.filter((m) => !onTable.has(m.text) && !(board && m.text.startsWith("arrange"))),
  })).filter((g) => g.items.length) : [];
  const hint = settings.hintsOffered && settings.hints && w === page.state && w.hint
    ? { move: w.hint.move, words: w.hint.words || wordsOf(w.hint.move), reason: w.hint.reason } : null;
  const turn = w.status === "waiting" ? t("Waiting for players to join.")
    : w.layout ? w.layout.turn : w.fromFinished || w.view.over ? t("Deal {n} is over.", { n: w.deal + 1 }) : "";
  return {
    free, hint, turn, wider: wider.length,
    exact: exact.map((x) => ({ text: x.move, words: wordsOf(x.move) })),
    builder: builderActive(w) ? builder : null,
    rows: board ? arrangeSend(playMove) : null,
    hasHand: ownHand(w.view).length > 0 && !board,
    sortMode: settings.sort,
    play: playMove,
    clear: () => { page.selected = []; page.message = null; redraw(); },
    sort: onSort,
    openMoves: () => openPanel("moves"),
  };
}

const noPlaces = { back: undefined, canLeave: false, canEnd: false, hostLine: "", leave: () => {}, end: () => {} };

function App() {
  const w = shown();
  const p = w ? places(w) : null;
  const over = w && w.status === "over";
  const dealOver = w && !over && page.finished;
  return html`
    <header class="bar top"><${Header} w=${w}/></header>
    <${Notices} w=${w}/>
    <main id="stage" class=${"stage" + (w && arranging(w) ? " arranging" : "")}>
      <${FeltHost}/>
      ${w ? html`<${Players} w=${w}/>` : null}
      ${w && arranging(w) ? html`<${ArrangeBoard} w=${w}/>` : null}
      ${dealOver ? html`<${DealOverlay} w=${w} ownHand=${ownHand(w.view)} nextDeal=${nextDeal}/>` : null}
      ${over ? html`<${MatchOverlay} w=${w} ownHand=${ownHand(w.view)} rematch=${rematch} again=${again} host=${isHost()}/>` : null}
      <${Chooser} play=${playMove}/>
      <${SeatMenu} act=${hostAct} mySeat=${w ? w.seat : null}/>
    </main>
    ${w ? html`<${ActionBar} w=${w} bar=${barOf(w)}/>` : html`<section id="actionbar" class="actionbar"><div class="prompt"><${MessageLine}/></div></section>`}
    ${w ? html`<${MovesPanel} w=${w} fits=${fits} play=${playMove} typed=${typed}/>` : null}
    <${ChatPanel} onSay=${sayChat}/>
    ${w ? html`<${LogPanel} w=${w} showLastDeal=${showLastDeal}/>` : null}
    <${RulesPanel} game=${page.summary ? page.summary.game : null}/>
    <${SettingsPanel} settings=${settings} places=${p || noPlaces}/>
    ${page.summary ? html`<${InvitePanel} tableId=${tableId} seats=${seatsNow()} mySeat=${w ? w.seat : null} seatName=${seatName}/>` : null}
    <${Confirm} play=${playMove}/>
    <${Sure}/>
    <p id="announce" class="sr" aria-live="polite">${page.announce}</p>
  `;
}

const root = document.getElementById("app");

function draw() {
  const started = performance.now();
  const w = shown();
  if (w) {
    // for tests and tools: what the page shows (never more than the frames carried)
    const d = document.body.dataset;
    d.seq = String(w.seq);
    d.deal = String(w.deal);
    d.status = w.status;
    d.over = String(Boolean(w.view.over));
    d.latestSeq = String(page.state.seq);
    if (w.fromFinished) d.fromFinished = "true";
    else delete d.fromFinished;
  }
  document.body.classList.toggle("four-colour", settings.fourColour);
  if (page.game && page.titled !== page.game.id) {     // the game's list came after the table
    page.titled = page.game.id;
    setBaseTitle(t("{game} — cardtable", { game: gameTitle() }));
  }
  render(html`<${App}/>`, root);
  const drawn = performance.now();
  syncFelt();
  // for tests and the performance notes: how long the last drawing took
  const took = performance.now() - started;
  document.body.dataset.drawMs = took.toFixed(1);
  if (Array.isArray(window.__cardtable_draws)) window.__cardtable_draws.push([took, performance.now() - drawn]);
  if (w) {
    // the click guard: moves drawn anew ignore input for a moment (guard.js)
    const key = `${w.deal}:${w.seq}:${Boolean(page.finished)}:${(w.legal || []).join("|")}`;
    if (key !== page.movesKey) {
      page.movesKey = key;
      guard.changed();
    } else {
      guard.redrawn();
    }
  }
}

onRedraw(draw);

// --- keys ----------------------------------------------------------------------------------------

document.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape") {
    if (page.chooser || page.seatMenu) {
      page.chooser = null;
      page.seatMenu = null;
      redraw();
    } else if (page.panel) {
      page.panel = null;
      redraw();
    }
    return;
  }
  const target = ev.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return;
  if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.defaultPrevented) return;
  // the arrangement board's keys (1/2/3 put a card in a row) and the panels' are their own
  if (target instanceof Element && target.closest("#arrange, .panel, .pop, .modal")) return;
  if (!page.state || page.finished || guard.quiet()) return;
  const n = Number(ev.key);
  const legal = page.state.legal || [];
  if (Number.isInteger(n) && n >= 1 && n <= Math.min(9, legal.length)) playMove(legal[n - 1]);
});

setInterval(() => { if (page.state && page.state.deadline && !page.finished) redraw(); }, 1000);
reduced.addEventListener("change", () => redraw());
addEventListener("resize", () => redraw());

guard.install();
draw();

async function start() {
  await Promise.all([loadSummary(), loadSession()]);
  setBaseTitle(t("{game} — cardtable", { game: gameTitle() }));
  if (hasPlayer()) await loadMine();
  await handleInvite();
  if (!page.ws) connect();
}

start();
