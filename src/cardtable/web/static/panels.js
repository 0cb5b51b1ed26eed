// The panels that open over the table: all moves (the accessible way, and the typed move),
// chat, the log, the rules and the settings. One is open at a time; while open it keeps the
// keyboard's focus inside it, and Escape closes it.

import { LOCALE, pageUrl, t } from "./i18n.js";
import { askNotify, notifyWanted, stopNotify } from "./attention.js";
import { setSound, soundOn } from "./sound.js";
import { page, redraw, seatName, shown } from "./store.js";
import { focusables, html, suited, useEffect, useLayoutEffect, useRef } from "./ui.js";
import { drawZones } from "./view.js";

export function closePanel() {
  page.panel = null;
  redraw();
}

export function openPanel(name) {
  page.panel = page.panel === name ? null : name;
  if (name === "chat" && page.panel === "chat") page.unread = 0;
  redraw();
}

/** A panel over the table: a titled box that traps focus while open and closes on Escape. */
export function Panel({ id, title, open, initial, wide, children }) {
  const ref = useRef(null);
  useEffect(() => {
    const box = ref.current;
    if (!open || !box) return undefined;
    const before = document.activeElement;
    const first = (initial && box.querySelector(initial)) || focusables(box)[0] || box;
    first.focus({ preventScroll: true });
    const onKey = (ev) => {
      if (ev.key === "Escape") {
        ev.preventDefault();
        ev.stopPropagation();
        closePanel();
      } else if (ev.key === "Tab") {
        const all = focusables(box);
        if (!all.length) return;
        const i = all.indexOf(document.activeElement);
        if (ev.shiftKey && (i <= 0)) {
          ev.preventDefault();
          all[all.length - 1].focus();
        } else if (!ev.shiftKey && i === all.length - 1) {
          ev.preventDefault();
          all[0].focus();
        }
      }
    };
    box.addEventListener("keydown", onKey);
    return () => {
      box.removeEventListener("keydown", onKey);
      const now = document.activeElement;
      if (before instanceof HTMLElement && document.contains(before) && (!now || now === document.body || box.contains(now))) {
        before.focus({ preventScroll: true });
      }
    };
  }, [open]);
  const close = t("close");
  return html`<section id=${id} class=${"panel" + (wide ? " wide" : "")} role="dialog" aria-modal="true"
      aria-labelledby=${`${id}-h`} hidden=${!open} ref=${ref} tabindex="-1">
    <header class="panel-head">
      <h2 id=${`${id}-h`}>${title}</h2>
      <button type="button" class="icon-button panel-close" aria-label=${close} title=${close} onClick=${closePanel}>✕</button>
    </header>
    <div class="panel-body">${children}</div>
  </section>`;
}

// --- all moves ---------------------------------------------------------------------------------

/** The moves as groups under a heading, each move in the player's words: the layout's groups,
 * else the legal moves grouped by their verb (with ``legal_words``). */
export function moveGroups(w) {
  const legal = w.legal || [];
  const said = (text, i) => (w.legal_words && w.legal_words[i]) || text;
  if (w.layout && Array.isArray(w.layout.moves) && w.layout.moves.length) {
    return w.layout.moves.map((g) => ({
      verb: g.verb,
      label: g.label || g.verb,
      items: g.moves.map((text, k) => ({ text, words: (g.words || [])[k] || said(text, legal.indexOf(text)), i: legal.indexOf(text) })),
    }));
  }
  const groups = new Map();
  legal.forEach((text, i) => {
    const words = said(text, i);
    const verb = text.split(" ")[0];
    if (!groups.has(verb)) groups.set(verb, { verb, label: words.split(" ")[0], items: [] });
    groups.get(verb).items.push({ text, words, i });
  });
  return [...groups.values()];
}

function moveButton({ text, words, i }, fits, play) {
  const key = i >= 0 ? t("key {n}", { n: i + 1 }) : undefined;
  return html`<button type="button" key=${text} class=${"move" + (fits(text) ? "" : " dim")} data-move=${text}
    title=${key} onClick=${() => play(text)}>${suited(words)}</button>`;
}

function moveGroup(g, fits, play) {
  return html`<div class="move-group" key=${g.verb}>
    <span class="verb">${g.label}</span>
    ${g.items.map((item) => moveButton(item, fits, play))}
  </div>`;
}

export function MovesPanel({ w, fits, play, typed }) {
  const legal = w.legal || [];
  const movers = (w.view.to_move || []).map(seatName).join(", ");
  const none = w.status === "waiting" ? t("waiting for players to join")
    : w.view.over ? t("the deal is over") : movers ? t("waiting for {players}", { players: movers }) : "";
  const title = t("All moves");
  const typeLabel = t("or type a move");
  const placeholder = t("the move as text, e.g. draw");
  const sendLabel = t("send");
  const note = t("Every move you may make now. Keys 1–9 play the first nine.");
  const groups = legal.length ? moveGroups(w).map((g) => moveGroup(g, fits, play)) : null;
  return html`<${Panel} id="moves-panel" title=${title} open=${page.panel === "moves"} initial="#moves button.move">
    <p class="panel-note">${note}</p>
    <div id="moves" class="moves">
      ${groups || html`<p class="none">${none}</p>`}
    </div>
    <form id="typed" class="typed" onSubmit=${typed}>
      <label for="typed-move">${typeLabel}</label>
      <input id="typed-move" name="move" autocomplete="off" maxlength="300" placeholder=${placeholder}/>
      <button type="submit">${sendLabel}</button>
    </form>
  <//>`;
}

// --- chat --------------------------------------------------------------------------------------

function chatLine(m, mySeat) {
  if (m.system) return html`<li class="system" key=${m.id}><span>${m.text}</span></li>`;
  const who = m.seat === null ? t("spectator") : m.seat === mySeat ? t("You") : (m.name || t("Seat {n}", { n: m.seat + 1 }));
  // text, never HTML; a name or text written right to left stays in its box
  return html`<li key=${m.id}><strong><bdi>${who}</bdi></strong><span>: <bdi>${m.text}</bdi></span></li>`;
}

export function ChatPanel({ onSay }) {
  const list = useRef(null);
  useLayoutEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [page.chat.length, page.panel]);
  const title = t("Chat");
  const label = t("message");
  const placeholder = t("say something to the table");
  const sayLabel = t("say");
  const empty = t("No messages yet.");
  const mySeat = page.state ? page.state.seat : null;
  const lines = page.chat.map((m) => chatLine(m, mySeat));
  return html`<${Panel} id="chat-panel" title=${title} open=${page.panel === "chat"} initial="#chat-text">
    <ul id="chat-log" class="chat-log" aria-live="polite" ref=${list}>
      ${lines.length ? lines : html`<li class="none">${empty}</li>`}
    </ul>
    <form id="chat" class="typed" onSubmit=${onSay}>
      <label for="chat-text" class="sr">${label}</label>
      <input id="chat-text" maxlength="300" autocomplete="off" placeholder=${placeholder}/>
      <button type="submit">${sayLabel}</button>
    </form>
  <//>`;
}

// --- the log -----------------------------------------------------------------------------------

/** What the engine shows this seat, as text (the accessible reading of the whole table). */
function Facts({ w, open }) {
  const ref = useRef(null);
  useEffect(() => {
    if (!open || !ref.current) return;
    const centre = document.createElement("div");
    const facts = document.createElement("div");
    drawZones(w.view, centre, facts, { players: w.view.players, seatName, family: page.game ? page.game.family : "" });
    ref.current.replaceChildren(...centre.childNodes, ...facts.childNodes);
  });
  return html`<div id="facts" class="facts" ref=${ref}></div>`;
}

export function LogPanel({ w, showLastDeal }) {
  const list = useRef(null);
  const words = Array.isArray(w.log_words) ? w.log_words : [];
  useLayoutEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [words.length, page.panel]);
  const open = page.panel === "log";
  const title = t("Last moves");
  const last = t("show the last deal's result");
  const more = t("Everything the engine shows you");
  const none = w.fromFinished ? t("Deal {n} is over.", { n: w.deal + 1 }) : t("No moves yet.");
  const canLast = Boolean(page.state && page.state.finished) && !page.finished && page.state.status !== "over"
    && !page.state.view.over;
  return html`<${Panel} id="log-panel" title=${title} open=${open}>
    <ol id="log" class="log" ref=${list}>
      ${words.length ? words.map((line, i) => html`<li key=${i}>${suited(line)}</li>`) : html`<li class="none">${none}</li>`}
    </ol>
    <button id="last-deal" type="button" class="small-button" hidden=${!canLast} onClick=${showLastDeal}>${last}</button>
    <details class="facts-box">
      <summary>${more}</summary>
      <${Facts} w=${w} open=${open}/>
    </details>
  <//>`;
}

// --- the rules ---------------------------------------------------------------------------------

export function RulesPanel({ game }) {
  const open = page.panel === "rules";
  const url = game ? pageUrl(`/rules/${encodeURIComponent(game)}`) : null;
  const withLocale = url && !url.includes("lang=") ? `${url}${url.includes("?") ? "&" : "?"}lang=${LOCALE}` : url;
  const title = t("Rules");
  const newTab = t("open the rules in a new tab");
  const frameTitle = t("the rules of the game");
  return html`<${Panel} id="rules-panel" title=${title} open=${open} wide=${true}>
    ${open && url ? html`<iframe class="rules-frame" src=${withLocale} title=${frameTitle}></iframe>` : null}
    <a id="rules-link" class="rules-link" href=${url || "/"} target="_blank" rel="noopener">${newTab}</a>
  <//>`;
}

// --- settings ----------------------------------------------------------------------------------

/** The language menu (i18n.js puts it in the header) moves into the settings. */
function LanguageSlot() {
  const ref = useRef(null);
  useEffect(() => {
    const menu = document.querySelector("label.lang");
    if (menu && ref.current && menu.parentElement !== ref.current) ref.current.append(menu);
  });
  return html`<div class="lang-slot" ref=${ref}></div>`;
}

export function SettingsPanel({ settings, places }) {
  const title = t("Settings");
  const four = t("four colours");
  const sound = t("sounds");
  const hints = t("show hints");
  const sortLabel = t("sort my hand");
  const bySuit = t("by suit");
  const byRank = t("by rank");
  const language = t("Language");
  const notifyOn = notifyWanted();
  const notifyText = notifyOn ? t("notifications are on: turn them off") : t("notify me when it is my turn");
  const notifyNote = !("Notification" in window) ? t("this browser cannot notify")
    : Notification.permission === "denied" ? t("this browser blocks notifications from this page") : "";
  const tableTitle = t("This table");
  const lobby = t("back to the lobby");
  const leave = t("leave the table");
  const end = t("end the table");
  const w = shown();
  const you = !w ? "" : w.seat === null ? t("spectator") : t("you are seat {n}", { n: w.seat + 1 });
  return html`<${Panel} id="settings-panel" title=${title} open=${page.panel === "settings"}>
    <div class="settings">
      <label class="switch"><input id="four-colour" type="checkbox" checked=${settings.fourColour}
        onChange=${(e) => settings.setFourColour(e.currentTarget.checked)}/> <span>${four}</span></label>
      <label class="switch"><input id="sound" type="checkbox" checked=${soundOn()}
        onChange=${(e) => { setSound(e.currentTarget.checked); redraw(); }}/> <span>${sound}</span></label>
      <label id="hint-switch" class="switch" hidden=${!settings.hintsOffered}><input id="show-hints" type="checkbox"
        checked=${settings.hints} onChange=${(e) => settings.setHints(e.currentTarget.checked)}/> <span>${hints}</span></label>
      <fieldset class="sort-choice">
        <legend>${sortLabel}</legend>
        <label><input id="sort-suit" type="radio" name="sort" checked=${settings.sort === "suit"}
          onChange=${() => settings.setSort("suit")}/> ${bySuit}</label>
        <label><input id="sort-rank" type="radio" name="sort" checked=${settings.sort === "rank"}
          onChange=${() => settings.setSort("rank")}/> ${byRank}</label>
      </fieldset>
      <div class="notify">
        <button id="notify" type="button" class="small-button" disabled=${!("Notification" in window)}
          onClick=${() => (notifyOn ? stopNotify() : askNotify())}>${notifyText}</button>
        ${notifyNote ? html`<span class="note">${notifyNote}</span>` : null}
      </div>
      <div class="language"><span>${language}</span><${LanguageSlot}/></div>
    </div>
    <section class="this-table" aria-labelledby="this-table-h">
      <h3 id="this-table-h">${tableTitle}</h3>
      <p id="you" class="you">${you}</p>
      <p id="host-line" class="host-line">${places.hostLine}</p>
      <button id="leave" type="button" class="small-button" hidden=${!places.canLeave} onClick=${places.leave}>${leave}</button>
      <button id="end-table" type="button" class="small-button danger" hidden=${!places.canEnd} onClick=${places.end}>${end}</button>
      <a class="button-link lobby-link" href=${pageUrl("/")}>${lobby}</a>
    </section>
  <//>`;
}
