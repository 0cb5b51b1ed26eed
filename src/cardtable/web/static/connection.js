// One WebSocket per tab (../shared/contracts/table-protocol.md): it reconnects by itself, with
// a heartbeat that gives up a socket gone silent, and sends the page's messages.

import { t, withLang } from "./i18n.js";
import { forgetSeat } from "./player.js";
import { banner, page, redraw, say, tableId } from "./store.js";

// a ping this often; a socket silent for 3 of them is dead (tests may set a shorter one)
const HEARTBEAT_MS = Number(window.__cardtable_heartbeat_ms) || 15000;

let handlers = {};

/** ``{state, error, chat, presence, lostSeat}``: what the page does with each message. */
export function setHandlers(h) {
  handlers = h;
}

export function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  // layout=1: the server adds the table's layout, its picture and the score in words
  const q = "?layout=1" + (page.token ? `&token=${encodeURIComponent(page.token)}` : "");
  // lang: the layout's texts, hints and refusals come in the page's language
  const ws = new WebSocket(withLang(`${proto}://${location.host}/ws/tables/${encodeURIComponent(tableId)}${q}`));
  page.ws = ws;
  page.heard = Date.now();
  page.conn = page.retry ? "reconnecting" : "connecting";
  redraw();
  ws.onopen = () => {
    page.retry = 0;
    page.sentFor = null;        // a move sent on a lost socket may be sent again (seq decides)
    page.heard = Date.now();
    page.conn = "connected";
    redraw();
  };
  ws.onmessage = (ev) => {
    page.heard = Date.now();
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    const fn = handlers[msg.type];
    if (fn) fn(msg);
  };
  ws.onclose = (ev) => onClose(ws, ev);
}

async function onClose(ws, ev) {
  if (page.ws !== ws) return;
  page.ws = null;
  page.conn = "reconnecting";
  if (ev.code === 4404) {
    page.closedFor = t("there is no such table");
    page.conn = "closed";
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
    // or left; this page watches from now on (it never sits on a dead socket)
    const seated = page.state !== null && page.state.seat !== null;
    page.token = null;
    forgetSeat(tableId);
    if (handlers.lostSeat) await handlers.lostSeat();
    const mySeats = page.mine ? page.mine.seats : [];
    banner(mySeats.length
      ? t("Your seat is played from another tab or device now; this page watches. Take it back here with \"take my seat back\".")
      : seated ? t("You no longer hold a seat at this table; this page watches.")
        : t("this seat's link is not valid for this table"), seated || mySeats.length ? "info" : "error");
    connect();
    return;
  }
  redraw();
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

export function send(obj) {
  if (!page.ws || page.ws.readyState !== WebSocket.OPEN) {
    say(t("not connected: the move was not sent"), "error");
    return false;
  }
  page.ws.send(JSON.stringify(obj));
  return true;
}

// tests and accessibility tools may send a raw message through the page's own socket
window.__cardtable_send = send;

export function reconnect() {
  const old = page.ws;
  page.ws = null;
  if (old) old.close(1000);
  connect();
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && !page.ws && !page.closedFor) connect();
});
