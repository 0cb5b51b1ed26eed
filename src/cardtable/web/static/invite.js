// The table's invite panel: a link per seat (built from this page's own address, so a friend
// on the LAN gets the address they can reach, never 127.0.0.1), a button that copies it, and
// its QR code (static/qr.js) for a phone at the same table.

import { t } from "./i18n.js";
import { qrSvg } from "./qr.js";

const $ = (id) => document.getElementById(id);
const WATCH = "watch";

/** The invite link of seat ``n`` (``null``: the link to watch). */
export function inviteLink(tableId, n) {
  const base = `${location.origin}/tables/${encodeURIComponent(tableId)}`;
  return n === null ? base : `${base}?join=${n}`;
}

function option(value, text) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  return o;
}

/** Fill the seat menu: every seat a person may take (open, a person's, one a bot plays for an
 * away person), then "to watch"; keeps the choice made, else the first open seat. */
let filledFor = null;

export function fillInvite(tableId, seats, mySeat, seatName) {
  const key = JSON.stringify([seats, mySeat, seats.map((_, n) => seatName(n))]);
  if (key === filledFor) return;
  filledFor = key;
  const sel = $("invite-seat");
  const before = sel.value;
  sel.replaceChildren();
  let firstOpen = null;
  seats.forEach((s, n) => {
    if (s.kind === "bot" && !s.person) return;
    if (n === mySeat) return;
    const who = s.kind === "open" ? t("open") : s.person || s.name || seatName(n);
    sel.append(option(String(n), t("seat {n} ({who})", { n: n + 1, who })));
    if (s.kind === "open" && firstOpen === null) firstOpen = String(n);
  });
  sel.append(option(WATCH, t("someone who watches")));
  const values = [...sel.options].map((o) => o.value);
  sel.value = values.includes(before) && before ? before : firstOpen ?? values[0];
  showInvite(tableId, seats);
}

function showInvite(tableId, seats) {
  const v = $("invite-seat").value;
  const n = v === WATCH ? null : Number(v);
  const link = inviteLink(tableId, n);
  $("invite-link").value = link;
  $("invite-link").dataset.inviteSeat = n === null ? "" : String(n);
  const s = n === null ? null : seats[n];
  $("invite-note").textContent = n === null ? t("This link shows the table to watch; it takes no seat.")
    : s && s.kind === "open" ? t("Whoever opens this link first takes seat {n}.", { n: n + 1 })
      : t("Seat {n} belongs to its player: with this link, in their own browser, they take it back.", { n: n + 1 });
  const box = $("invite-qr");
  box.replaceChildren();
  try {
    box.append(qrSvg(link, 220, t("QR code of the link")));
  } catch (e) {
    box.textContent = e.message;
  }
}

async function copy() {
  const input = $("invite-link");
  const text = input.value;
  let done = false;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      done = true;
    }
  } catch (e) { /* not allowed: the selection below */ }
  if (!done) {
    input.focus();
    input.select();
    try { done = document.execCommand("copy"); } catch (e) { done = false; }
  }
  $("invite-copy").textContent = done ? t("copied") : t("select the link and copy it");
  setTimeout(() => { $("invite-copy").textContent = t("copy the link"); }, 2000);
}

export function setUpInvite(tableId, getSeats) {
  const panel = $("invite-panel");
  const button = $("invite-open");
  const toggle = (open) => {
    panel.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
    if (open) showInvite(tableId, getSeats());
  };
  button.addEventListener("click", () => toggle(panel.hidden));
  $("invite-close").addEventListener("click", () => toggle(false));
  $("invite-seat").addEventListener("change", () => showInvite(tableId, getSeats()));
  $("invite-copy").addEventListener("click", copy);
  $("invite-link").addEventListener("focus", () => $("invite-link").select());
}
