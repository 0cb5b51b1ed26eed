// The table page's state. Everything the page shows is drawn from ``page`` (the frames the
// server sent and what the person is composing); ``redraw()`` asks for a new drawing.

import { t } from "./i18n.js";

export const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());

export const page = {
  token: null,
  ws: null,
  state: null,       // the newest state frame received
  finished: null,    // a finished deal kept on screen (a frame to draw) until "next deal"
  summary: null,
  game: null,
  mine: null,        // this player at this table: {host, seats, away} (GET /api/players/me/tables)
  presence: null,    // which seats have a connection open
  retry: 0,
  closedFor: null,
  sentFor: null,     // "deal:seq" of the state a move was sent at: one move per state
  heard: 0,          // when the socket last said anything
  changingSeat: false,
  conn: "connecting",   // connecting | connected | reconnecting | closed
  movesKey: null,    // what the moves on screen were drawn from (the click guard)
  seatsKey: null,
  // composing
  selected: [],      // indices into the hand as drawn (handOrder)
  groups: [],        // Remik: melds being built for one move (lists of cards)
  board: null,       // 十三张: the rows being built
  picked: null,
  rowsMove: null,
  rowsWarning: null,
  rowsInfo: null,    // the server's description of the rows on the board
  // what the page shows besides the table
  message: null,     // {text, kind}: the answer to what the person just did, by the hand
  banner: null,      // {text, kind}: this browser's place at the table (the invite link's answer)
  join: null,        // the seat the invite link offers ({seat})
  confirm: null,     // {move, warning}: a costly move waits for "send anyway"
  sure: null,        // {text, yes, action}: "are you sure" for leaving or ending the table
  chooser: null,     // {zone, items: [{move, words}], at: {x, y}}: which move, when several fit
  seatMenu: null,    // {seat, at}: the host's menu at a seat's place
  panel: null,       // the panel open over the table: moves | chat | log | rules | settings | invite
  chat: [],
  unread: 0,
  overlayDown: false, // the end-of-deal overlay folded to see the table
  announce: "",      // the live region's last words (other players' moves)
};

let drawer = null;
let scheduled = false;

export function onRedraw(fn) {
  drawer = fn;
}

/** Draw again, once, after the current task (many changes at once draw once). */
export function redraw() {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    if (drawer) drawer();
  });
}

/** The frame on screen: the finished deal while it is kept there, else the newest state. */
export function shown() {
  return page.finished || page.state;
}

export function seatsNow() {
  return (page.state && page.state.seats) || (page.summary && page.summary.seats) || [];
}

/** A seat as a person reads it (seats counted from 1). */
export function seatName(s) {
  if (s === null || s === undefined) return "—";
  const w = shown();
  const seat = seatsNow()[s];
  if (seat && seat.kind === "bot" && seat.person) return t("{name} (away)", { name: seat.person });
  if (w && Array.isArray(w.seat_words) && w.seat_words[s]) return w.seat_words[s];
  if (w && s === w.seat) return t("You");
  if (seat && seat.name) return seat.kind === "bot" ? t("{name} (bot, seat {n})", { name: seat.name, n: s + 1 }) : seat.name;
  return t("Seat {n}", { n: s + 1 });
}

/** The answer to what the person did, shown by the hand. */
export function say(text, kind = "info") {
  page.message = text ? { text, kind } : null;
  redraw();
}

/** A line above the table about this browser's place at it. */
export function banner(text, kind = "info") {
  page.banner = text ? { text, kind } : null;
  redraw();
}

export function stateKey(w) {
  return `${w.deal}:${w.seq}`;
}

/** A move's text in the person's words (``legal_words``), else the text. */
export function wordsOf(text) {
  const w = page.state;
  if (!w) return text;
  const i = (w.legal || []).indexOf(text);
  return i >= 0 && w.legal_words && w.legal_words[i] ? w.legal_words[i] : text;
}

export function isHost() {
  return Boolean(page.mine && page.mine.host);
}

/** The match totals a frame should show: after the deal once it is over. */
export function totalsOf(w) {
  if (w.status !== "over" && w.view.over && w.finished && w.finished.deal === w.deal && w.finished.totals) {
    return w.finished.totals;
  }
  return w.totals || [];
}

/** The seat's own cards: ``hand``, or its entry of ``hands`` where a game keeps every seat's
 * hand there (Dummy). */
export function ownHand(view) {
  if (Array.isArray(view.hand)) return view.hand;
  if (view.seat !== null && Array.isArray(view.hands) && Array.isArray(view.hands[view.seat])) {
    return view.hands[view.seat];
  }
  return [];
}

export function readSetting(key, fallback) {
  try {
    const v = localStorage.getItem(key);
    return v === null ? fallback : v;
  } catch (e) {
    return fallback;
  }
}

export function writeSetting(key, value) {
  try { localStorage.setItem(key, value); } catch (e) { /* private mode: for this page only */ }
}
