// What tells a person something happened while they looked elsewhere: the tab's title on
// their turn ("● Your turn — …"), a notification when the tab is hidden (if they allowed it),
// the sounds, and a visually hidden live region that reads other players' moves aloud.

import { t } from "./i18n.js";
import { play } from "./sound.js";
import { page, readSetting, redraw, writeSetting } from "./store.js";

const NOTIFY = "cardtable.notify";
let baseTitle = document.title;
let lastTurnKey = null;

export function setBaseTitle(text) {
  baseTitle = text;
  document.title = text;
}

export function notifyWanted() {
  return readSetting(NOTIFY, "0") === "1" && "Notification" in window && Notification.permission === "granted";
}

/** Ask the browser for notifications (a button in the settings: a click, never on load). */
export async function askNotify() {
  if (!("Notification" in window)) return "unsupported";
  let answer = Notification.permission;
  if (answer === "default") {
    try { answer = await Notification.requestPermission(); } catch (e) { answer = "denied"; }
  }
  writeSetting(NOTIFY, answer === "granted" ? "1" : "0");
  redraw();
  return answer;
}

export function stopNotify() {
  writeSetting(NOTIFY, "0");
  redraw();
}

function myTurn(w) {
  return Boolean(w && (w.legal || []).length && !w.view.over && w.status === "playing");
}

/** Called with each state frame (``prev``: the one before it): title, sounds, notification
 * and the live region's words. */
export function noticeState(prev, w, gameTitle) {
  const mine = myTurn(w);
  const turnTitle = t("● Your turn — {game}", { game: gameTitle || baseTitle });
  document.title = mine ? turnTitle : baseTitle;
  const key = mine ? `${w.deal}:${w.seq}` : null;
  if (mine && key !== lastTurnKey && !myTurn(prev)) {
    play("turn");
    if (document.hidden && notifyWanted()) {
      try {
        const n = new Notification(t("Your turn"), { body: w.layout && w.layout.turn ? w.layout.turn : gameTitle, tag: `cardtable-${w.seq}` });
        n.onclick = () => { window.focus(); n.close(); };
      } catch (e) { /* not allowed here */ }
    }
  }
  lastTurnKey = key;
  if (!prev || prev.deal !== w.deal) {
    if (prev && w.view.over && !prev.view.over) play("deal");
    return;
  }
  if (w.view.over && !prev.view.over) {
    play("deal");
  } else if (trickWon(prev, w)) {
    play("trick");
  } else if (w.seq !== prev.seq) {
    play("card");
  }
  // other players' moves, read aloud: the log's new lines that are not this seat's
  const log = w.view.log || [];
  const words = Array.isArray(w.log_words) ? w.log_words : [];
  const before = (prev.view.log || []).length;
  const said = [];
  for (let i = before; i < log.length; i++) {
    const who = Number(String(log[i]).split(":")[0]);
    if (w.seat === null || who !== w.seat) said.push(words[i] || log[i]);
  }
  if (said.length) {
    page.announce = said.join(". ");
    redraw();
  }
}

function trickOf(w) {
  const pic = w && w.felt && w.felt.picture;
  if (!pic) return null;
  return (pic.centre || []).find((z) => z.kind === "trick") || null;
}

/** A trick just became complete (its winner is known). */
function trickWon(prev, w) {
  const a = trickOf(prev);
  const b = trickOf(w);
  return Boolean(b && b.winner !== undefined && b.winner !== null && !(a && a.winner !== undefined && a.winner !== null));
}
