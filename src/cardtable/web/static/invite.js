// The table's invite panel: a link per seat (built from this page's own address, so a friend
// on the LAN gets the address they can reach, never 127.0.0.1), a button that copies it, and
// its QR code (static/qr.js) for a phone at the same table.

import { t } from "./i18n.js";
import { closePanel, Panel } from "./panels.js";
import { qrSvg } from "./qr.js";
import { page } from "./store.js";
import { html, useLayoutEffect, useRef, useState } from "./ui.js";

const WATCH = "watch";

/** The invite link of seat ``n`` (``null``: the link to watch). */
export function inviteLink(tableId, n) {
  const base = `${location.origin}/tables/${encodeURIComponent(tableId)}`;
  return n === null ? base : `${base}?join=${n}`;
}

/** The seats a person may be invited to: open ones, a person's (to take it back), one a bot
 * plays for an away person; never this page's own; then "to watch". */
function choices(seats, mySeat, seatName) {
  const out = [];
  seats.forEach((s, n) => {
    if (s.kind === "bot" && !s.person) return;
    if (n === mySeat) return;
    const who = s.kind === "open" ? t("open") : s.person || s.name || seatName(n);
    out.push({ value: String(n), text: t("seat {n} ({who})", { n: n + 1, who }), open: s.kind === "open" });
  });
  out.push({ value: WATCH, text: t("someone who watches"), open: false });
  return out;
}

function Qr({ link, open }) {
  const ref = useRef(null);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box || !open) return;          // drawn when the panel opens (a QR code takes a moment)
    box.replaceChildren();
    try {
      box.append(qrSvg(link, 220, t("QR code of the link")));
    } catch (e) {
      box.textContent = e.message;
    }
  }, [link, open]);
  return html`<div id="invite-qr" class="invite-qr" ref=${ref}></div>`;
}

export function InvitePanel({ tableId, seats, mySeat, seatName }) {
  const [chosen, setChosen] = useState(null);
  const [copied, setCopied] = useState(null);
  const input = useRef(null);
  const options = choices(seats, mySeat, seatName);
  const values = options.map((o) => o.value);
  const firstOpen = options.find((o) => o.open);
  const value = chosen !== null && values.includes(chosen) ? chosen : firstOpen ? firstOpen.value : values[0];
  const n = value === WATCH ? null : Number(value);
  const link = inviteLink(tableId, n);
  const s = n === null ? null : seats[n];
  const note = n === null ? t("This link shows the table to watch; it takes no seat.")
    : s && s.kind === "open" ? t("Whoever opens this link first takes seat {n}.", { n: n + 1 })
      : t("Seat {n} belongs to its player: with this link, in their own browser, they take it back.", { n: n + 1 });
  const copy = async () => {
    let done = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(link);
        done = true;
      }
    } catch (e) { /* not allowed: the selection below */ }
    if (!done && input.current) {
      input.current.focus();
      input.current.select();
      try { done = document.execCommand("copy"); } catch (e) { done = false; }
    }
    setCopied(done ? "yes" : "no");
    setTimeout(() => setCopied(null), 2000);
  };
  const title = t("Invite friends");
  const forLabel = t("for");
  const linkLabel = t("invite link");
  const copyLabel = copied === "yes" ? t("copied") : copied === "no" ? t("select the link and copy it") : t("copy the link");
  const close = t("close");
  return html`<${Panel} id="invite-panel" title=${title} open=${page.panel === "invite"}>
    <label class="invite-for"><span>${forLabel}</span> <select id="invite-seat" value=${value}
        onChange=${(e) => setChosen(e.currentTarget.value)}>
      ${options.map((o) => html`<option key=${o.value} value=${o.value}>${o.text}</option>`)}
    </select></label>
    <div class="invite-row">
      <input id="invite-link" readonly aria-label=${linkLabel} value=${link} ref=${input}
        data-invite-seat=${n === null ? "" : String(n)} onFocus=${(e) => e.currentTarget.select()}/>
      <button id="invite-copy" type="button" class="small-button" onClick=${copy}>${copyLabel}</button>
    </div>
    <p id="invite-note" class="invite-note">${note}</p>
    <${Qr} link=${link} open=${page.panel === "invite"}/>
    <button id="invite-close" type="button" class="small-button" onClick=${closePanel}>${close}</button>
  <//>`;
}
