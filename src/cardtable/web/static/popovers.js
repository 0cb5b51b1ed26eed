// Small boxes over the table: which move, when a gesture fits several; the host's menu at a
// seat's place; "send anyway" for a costly move; "are you sure" for leaving or ending.

import { t } from "./i18n.js";
import { page, redraw, seatName, seatsNow } from "./store.js";
import { focusables, html, suited, useEffect, useLayoutEffect, useRef } from "./ui.js";

/** A box placed at ``at`` ({x, y} in the viewport), kept inside it; Escape or a press outside
 * closes it; focus goes to its first button and stays inside. */
function Pop({ id, at, onClose, label, children, role = "dialog" }) {
  const ref = useRef(null);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const r = box.getBoundingClientRect();
    const x = Math.max(8, Math.min(at.x - r.width / 2, innerWidth - r.width - 8));
    // above its place, else below it (never over the header's buttons)
    let y = at.y - r.height - 8;
    if (y < 52) y = (at.bottom ?? at.y) + 8;
    y = Math.max(52, Math.min(y, innerHeight - r.height - 8));
    box.style.left = `${x}px`;
    box.style.top = `${y}px`;
  });
  useEffect(() => {
    const box = ref.current;
    if (!box) return undefined;
    const before = document.activeElement;
    (focusables(box)[0] || box).focus({ preventScroll: true });
    const key = (ev) => {
      if (ev.key === "Escape") {
        ev.preventDefault();
        ev.stopPropagation();
        onClose();
      } else if (ev.key === "Tab") {
        const all = focusables(box);
        const i = all.indexOf(document.activeElement);
        if (ev.shiftKey && i <= 0) { ev.preventDefault(); all[all.length - 1].focus(); }
        else if (!ev.shiftKey && i === all.length - 1) { ev.preventDefault(); all[0].focus(); }
      }
    };
    const outside = (ev) => { if (!box.contains(ev.target)) onClose(); };
    box.addEventListener("keydown", key);
    document.addEventListener("pointerdown", outside, true);
    return () => {
      box.removeEventListener("keydown", key);
      document.removeEventListener("pointerdown", outside, true);
      if (before instanceof HTMLElement && document.contains(before)) before.focus({ preventScroll: true });
    };
  }, [id]);
  return html`<div id=${id} class="pop" role=${role} aria-label=${label} ref=${ref} tabindex="-1">${children}</div>`;
}

export function Chooser({ play }) {
  const c = page.chooser;
  if (!c) return null;
  const close = () => { page.chooser = null; redraw(); };
  const title = t("Which move?");
  const cancel = t("cancel");
  return html`<${Pop} id="chooser" at=${c.at} onClose=${close} label=${title}>
    <p class="pop-title">${title}</p>
    ${c.items.map((m) => html`<button type="button" key=${m.move} class="move" data-move=${m.move}
      onClick=${() => { page.chooser = null; play(m.move); }}>${suited(m.words)}</button>`)}
    <button type="button" class="small-button quiet-button" onClick=${close}>${cancel}</button>
  <//>`;
}

function hostButton(label, action, seat, act) {
  return html`<button type="button" key=${action} class="small-button host-action" data-action=${action}
    data-for-seat=${String(seat)} onClick=${() => act(action, seat)}>${label}</button>`;
}

/** The host's menu at a seat's place: give a person's (or an open) seat to a bot, free a
 * bot's seat. */
export function SeatMenu({ act, mySeat }) {
  const m = page.seatMenu;
  if (!m) return null;
  const close = () => { page.seatMenu = null; redraw(); };
  const seat = seatsNow()[m.seat] || {};
  const title = t("Seat {n}: {name}", { n: m.seat + 1, name: seatName(m.seat) });
  const buttons = [];
  if (seat.kind === "open" || (seat.kind === "person" && m.seat !== mySeat)) buttons.push(hostButton(t("give to a bot"), "bot", m.seat, act));
  if (seat.kind === "bot") buttons.push(hostButton(t("free the seat"), "open", m.seat, act));
  const none = t("Nothing to change at this seat.");
  const cancel = t("close");
  return html`<${Pop} id="seat-menu" at=${m.at} onClose=${close} label=${title} role="menu">
    <p class="pop-title">${title}</p>
    ${buttons.length ? buttons : html`<p class="note">${none}</p>`}
    <button type="button" class="small-button quiet-button" onClick=${close}>${cancel}</button>
  <//>`;
}

/** A costly move (the terminal's warnings): said in place, sent only on "send anyway". */
export function Confirm({ play }) {
  const c = page.confirm;
  const text = c ? t("Careful: {warning}", { warning: c.warning }) : "";
  const send = c ? t("send '{move}' anyway", { move: c.words }) : "";
  const cancel = t("cancel");
  const cancelled = t("not sent; choose again");
  const ref = useRef(null);
  useEffect(() => { if (c && ref.current) ref.current.focus(); }, [c && c.move]);
  return html`<div id="confirm" class="confirm modal" role="alertdialog" aria-labelledby="confirm-text" hidden=${!c}>
    <p id="confirm-text">${text}</p>
    <button id="confirm-send" type="button" class="small-button" onClick=${() => play(c.move, true)}>${send}</button>
    <button id="confirm-cancel" type="button" class="small-button" ref=${ref}
      onClick=${() => { page.confirm = null; page.message = { text: cancelled, kind: "info" }; redraw(); }}>${cancel}</button>
  </div>`;
}

/** "Are you sure": leaving the table, ending it for everyone. */
export function Sure() {
  const s = page.sure;
  const cancel = t("cancel");
  const ref = useRef(null);
  useEffect(() => { if (s && ref.current) ref.current.focus(); }, [s && s.text]);
  return html`<div id="sure" class="confirm sure modal" role="alertdialog" aria-labelledby="sure-text" hidden=${!s}>
    <p id="sure-text">${s ? s.text : ""}</p>
    <button id="sure-yes" type="button" class="small-button" onClick=${async () => { const a = s.action; page.sure = null; redraw(); await a(); }}>${s ? s.yes : ""}</button>
    <button id="sure-no" type="button" class="small-button" ref=${ref} onClick=${() => { page.sure = null; redraw(); }}>${cancel}</button>
  </div>`;
}
