// The action bar under the hand: the line that says whose turn it is (or the answer to what
// the person just did), the moves that have no gesture now (pass, knock, bids as a bidding
// box, declarations), the moves the selected cards make, Remik's meld builder, the hint, and
// the button that opens every move in a panel.

import { t, tn } from "./i18n.js";
import { checkLine } from "./builder.js";
import { suitHtml } from "./cards.js";
import { page } from "./store.js";
import { html, suited, useLayoutEffect, useRef, useState } from "./ui.js";

const MANY = 6;          // a group of more moves than this is a box to choose from

function moveButton(m, play, extra = "") {
  return html`<button type="button" key=${m.text} class=${"move act" + extra} data-move=${m.text}
    onClick=${() => play(m.text)}>${suited(m.words)}</button>`;
}

/** A group of many moves of one kind (bids): a menu and one button for the chosen move. */
function BidBox({ group, play }) {
  const [chosen, setChosen] = useState(null);
  const items = group.items;
  const pick = items.find((m) => m.text === chosen) || items[0];
  const label = t("choose: {what}", { what: group.label });
  return html`<span class="bidbox">
    <select aria-label=${label} value=${pick.text} onChange=${(e) => setChosen(e.currentTarget.value)}>
      ${items.map((m) => html`<option key=${m.text} value=${m.text}>${m.words}</option>`)}
    </select>
    ${moveButton(pick, play, " bid")}
  </span>`;
}

function groupEl(g, play) {
  if (g.items.length > MANY) return html`<${BidBox} key=${g.verb} group=${g} play=${play}/>`;
  return g.items.map((m) => moveButton(m, play));
}

function HintChip({ hint, play }) {
  const text = t("Hint: {move} — {reason}", { move: hint.words, reason: hint.reason });
  const label = t("play the hint");
  return html`<div id="hint" class="hint">
    <span id="hint-text" title=${text}>${suited(text)}</span>
    <button id="hint-play" type="button" class="small-button" data-hint-move=${hint.move} aria-label=${label}
      title=${label} onClick=${() => play(hint.move)}>▶</button>
  </div>`;
}

function Builder({ w, builder }) {
  const groups = page.groups;
  const make = t("make a meld");
  const makeTitle = t("Select cards, then make them a meld (or click your melds' place).");
  const send = t("send these melds");
  const remove = t("put back");
  const line = groups.length ? checkLine(w, groups) : "";
  return html`<div id="melds" class="builder">
    <button id="meld-group" type="button" class="small-button" title=${makeTitle} onClick=${builder.group}>${make}</button>
    <ul id="meld-groups" class="meld-groups">
      ${groups.map((g, i) => html`<li key=${i}>[${g.join(" ")}] <button type="button" class="chip-x" aria-label=${remove}
        title=${remove} onClick=${() => builder.remove(i)}>×</button></li>`)}
    </ul>
    <span class="check-line" aria-live="polite">${line}</span>
    ${groups.length ? html`<button id="meld-send" type="button" class="primary" onClick=${builder.send}>${send}</button>` : null}
  </div>`;
}

/** The answer to what the person just did, by the hand. Its text is written here, not by the
 * component library: whatever else changes it (a tool, a test), the next answer shows. */
export function MessageLine() {
  const ref = useRef(null);
  const msg = page.message;
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const text = msg ? msg.text : "";
    if (el.textContent !== text || el.dataset.kind !== (msg ? msg.kind : "")) {
      el.replaceChildren(suitHtml(text));
      el.dataset.kind = msg ? msg.kind : "";
    }
  });
  return html`<p id="message" class=${"message " + (msg ? msg.kind : "")} role="status" aria-live="polite" ref=${ref}></p>`;
}

/** ``bar``: {free: [group], exact: [move], wider: n, hint, builder, play, clear, sort} */
export function ActionBar({ w, bar }) {
  const legal = w.legal || [];
  const all = legal.length ? tn("all {n} move", "all {n} moves", legal.length) : t("all moves");
  const allLabel = t("all moves");
  const barLabel = t("your moves");
  const open = page.panel === "moves";
  const clearLabel = t("clear selection");
  const wider = bar.wider ? tn("{n} more move uses these cards: select more",
    "{n} more moves use these cards: select more", bar.wider) : "";
  const msg = page.message;
  const turn = bar.turn;
  return html`<section id="actionbar" class="actionbar" aria-label=${barLabel}>
    <div class="prompt">
      <${MessageLine}/>
      <p id="turn" class="turn" hidden=${Boolean(msg)}>${turn}</p>
      ${bar.hint ? html`<${HintChip} hint=${bar.hint} play=${bar.play}/>` : null}
    </div>
    <div class="actions">
      <button id="moves-open" type="button" class="small-button all-moves" aria-controls="moves-panel"
        aria-expanded=${String(open)} title=${all} aria-label=${all} onClick=${bar.openMoves}>☰ <span class="count" aria-hidden="true">${all}</span><span class="n" aria-hidden="true">${legal.length || ""}</span></button>
      ${page.selected.length ? html`<button id="clear" type="button" class="small-button" title=${clearLabel}
        aria-label=${clearLabel} onClick=${bar.clear}>✕ ${page.selected.length}</button>` : null}
      ${bar.rows ? html`<button id="arrange-send" type="button" class="primary" disabled=${bar.rows.disabled}
        data-composed=${bar.rows.composed} onClick=${bar.rows.send}>${bar.rows.label}</button>` : null}
      ${bar.builder ? html`<${Builder} w=${w} builder=${bar.builder}/>` : null}
      ${bar.exact.map((m) => moveButton(m, bar.play, " fits"))}
      ${wider ? html`<span class="wider">${wider}</span>` : null}
      ${bar.free.map((g) => groupEl(g, bar.play))}
    </div>
  </section>`;
}
