// The zones of the picture (parts/felt.py): each drawn by its kind, as players lay such
// cards on a table. A zone is an element with data-zone (its kind) and data-zone-id; the
// felt reports a click on it and decides nothing.

import { html } from "./html.js";
import { Back, Face } from "./card.js";
import { jitter, trickBox, trickOffset } from "./geometry.js";
import { t } from "../i18n.js";

function tagCls(card) {
  return /[♥♦]/u.test(card) ? "ft-red" : "";
}

/** The small things drawn on a zone's card at position i: a word ("head", "born") and a
 * joker's stand-in ("7♥") as a tag, the joker itself drawn as a joker. */
export function marksOf(z) {
  const marks = (z && z.marks) || {};
  const stand = (z && z.stand_in) || {};
  if (!Object.keys(marks).length && !Object.keys(stand).length) return null;
  return (c, i) => [
    marks[String(i)] ? html`<span class="ft-mark">${marks[String(i)]}</span>` : null,
    stand[String(i)] ? html`<span class=${`ft-standin ${tagCls(stand[String(i)])}`}
        title=${`${c.card} = ${stand[String(i)]}`}>${stand[String(i)]}</span>` : null,
  ];
}

/** Cards overlapped in a row: ``show`` is the part of each card left visible (of its width);
 * ``offset``: the first card's position in its zone (for the zone's marks). */
export function Row({ cards, ctx, from, show = 0.42, extras, cls, offset = 0 }) {
  return html`<div class=${`ft-row${cls ? ` ${cls}` : ""}`} style=${{ "--ov": String(show) }}>
    ${cards.map((c, i) => html`<${Face} key=${c.key} card=${c.card} k=${c.key} from=${from}
        four=${ctx.four} extra=${extras ? extras(c, i + offset) : null} />`)}
  </div>`;
}

/** A squared pile of ``count`` face-down cards with the count on it (stock, kitty, a won pile). */
export function Squared({ count, label }) {
  const layers = Math.min(count, 4);
  if (count <= 0) return html`<div class="ft-slot" aria-label=${label || null}></div>`;
  const backs = [];
  for (let i = 0; i < layers; i++) {
    backs.push(html`<${Back} key=${i} cls="ft-layer"
        style=${{ left: `${i * 1.5}px`, top: `${-i * 1.5}px` }} />`);
  }
  return html`<div class="ft-squared">${backs}<span class="ft-count">${count}</span></div>`;
}

function zoneLabel(z) {
  return [z.label, z.text].filter(Boolean).join(": ") || z.kind;
}

/** The element every zone is drawn in: focusable and clickable where a move can be made. */
function Box({ z, ctx, children, cls, caption = true }) {
  const hot = ctx.hot.has(z.id);
  const classes = `ft-zone ft-z-${z.kind}${hot ? " ft-hot" : ""}${z._held ? " ft-held" : ""}${cls ? ` ${cls}` : ""}`;
  return html`<div class=${classes} data-zone=${z.kind} data-zone-id=${z.id} role="button"
      tabindex=${hot ? 0 : -1} aria-label=${zoneLabel(z)}>
    ${children}
    ${caption && z.label ? html`<div class="ft-zlabel">${z.label}</div>` : null}
  </div>`;
}

function fromFor(z) {
  return Number.isInteger(z.owner) ? `seat:${z.owner}` : "auto";
}

function Stock({ z, ctx }) {
  return html`<${Box} z=${z} ctx=${ctx}><${Squared} count=${Number(z.count) || 0} label=${z.label} /><//>`;
}

/** The discard pile squared up: its top card over the one below (so taking the top shows
 * the next at once), edges for the rest; spread out on demand where the rules allow. */
function Pile({ z, ctx }) {
  const cards = z._cards;
  const open = ctx.spreadOpen.has(z.id);
  const shown = open ? [] : cards.slice(-2);
  const extras = marksOf(z);
  const spreadWord = t("spread out");     // said outside the template, where the extractor reads it
  const toggle = z.spread && cards.length > 1
    ? html`<button type="button" class="ft-spread-toggle" data-spread=${z.id}
        aria-pressed=${open ? "true" : "false"} title=${spreadWord} aria-label=${spreadWord}>${open ? "▣" : "⇆"}</button>`
    : null;
  // the spread button sits beside the pile, never over it: a tap on the pile throws or takes
  return html`<${Box} z=${z} ctx=${ctx} cls=${cards.length > 2 ? "ft-deep" : ""}>
    <div class="ft-pilebox">
      ${cards.length ? null : html`<div class="ft-slot"></div>`}
      ${shown.map((c, i) => html`<${Face} key=${c.key} card=${c.card} k=${c.key} four=${ctx.four}
          from=${i === shown.length - 1 ? fromFor(z) : "none"} cls="ft-stacked"
          extra=${extras && i === shown.length - 1 ? extras(c, cards.length - 1) : null} />`)}
      ${cards.length > 1 ? html`<span class="ft-count">${cards.length}</span>` : null}
      ${toggle}
    </div>
  <//>`;
}

/** A pile's cards fanned out over the middle of the table (drawn by the table, on top). */
export function SpreadPanel({ z, ctx }) {
  return html`<div class="ft-spread" data-spread-panel=${z.id} role="dialog" aria-label=${z.label || z.kind}>
    <${Row} cards=${z._cards} ctx=${ctx} show=${0.38} from="none" cls="ft-wrap" extras=${marksOf(z)} />
    <button type="button" class="ft-spread-toggle" data-spread=${z.id} aria-pressed="true"
        title=${t("close")} aria-label=${t("close")}>▣</button>
  </div>`;
}

/** A meld: cards overlapped in a row, words on some cards, a joker's stand-in as a small tag. */
function Meld({ z, ctx }) {
  return html`<${Box} z=${z} ctx=${ctx}>
    ${z._cards.length ? html`<${Row} cards=${z._cards} ctx=${ctx} from=${fromFor(z)} extras=${marksOf(z)} show=${0.4} />`
      : html`<div class="ft-slot"></div>`}
  <//>`;
}

function boxStyle(ctx) {
  const b = trickBox(ctx.places.length);
  return { width: `calc(var(--w) * ${b.w})`, height: `calc(var(--w) * ${(1.4 * b.h).toFixed(3)})` };
}

/** A trick: each card toward its player's side; the winner's card lit once it is complete.
 * Or, for the climbing games, the combination to beat with its player's name. */
function Trick({ z, ctx }) {
  if (z._plays.length) {
    const cards = z._plays.map((p, i) => {
      const place = ctx.places[p.seat];
      const o = trickOffset(place ? place.angle : 90, ctx.places.length);
      const style = {
        left: `calc(50% + var(--w) * ${(o.x - 0.5).toFixed(3)})`,
        top: `calc(50% + var(--w) * ${(1.4 * (o.y - 0.5)).toFixed(3)})`,
        rotate: `${jitter(p.card, 5).toFixed(1)}deg`,
        zIndex: String(i + 1),
      };
      const win = Number.isInteger(z.winner) && p.seat === z.winner && !z._held;
      return html`<${Face} key=${p.key} card=${p.card} k=${p.key} four=${ctx.four} from=${`seat:${p.seat}`}
          cls=${`ft-played${win ? " ft-win" : ""}`} style=${style}
          title=${`${ctx.names[p.seat] || ""} ${p.card}`.trim()} />`;
    });
    return html`<${Box} z=${z} ctx=${ctx} caption=${false}><div class="ft-trickbox" style=${boxStyle(ctx)}>${cards}</div><//>`;
  }
  if (z._cards.length) {
    const who = Number.isInteger(z.seat) ? ctx.names[z.seat] || "" : "";
    return html`<${Box} z=${z} ctx=${ctx} caption=${false}>
      <div class="ft-combo">
        <${Row} cards=${z._cards} ctx=${ctx} from=${Number.isInteger(z.seat) ? `seat:${z.seat}` : "auto"} show=${0.5} />
        <div class="ft-zlabel">${[who, z.label].filter(Boolean).join(" · ")}</div>
      </div>
    <//>`;
  }
  return html`<${Box} z=${z} ctx=${ctx} caption=${false}>
    <div class="ft-trickbox ft-empty" style=${boxStyle(ctx)}><div class="ft-slot ft-oval"></div></div>
    ${z.label || z.text ? html`<div class="ft-zlabel">${[z.label, z.text].filter(Boolean).join(" · ")}</div>` : null}
  <//>`;
}

/** A row's name where room is short: its first word ("头道 first row" → "头道"). */
function shortLabel(label) {
  return String(label).trim().split(/\s+/u)[0];
}

function result(r) {
  if (!r) return null;
  const tone = /^[+]/.test(r) ? "ft-plus" : /^[-−–]/.test(r) ? "ft-minus" : "";
  return html`<span class=${`ft-result ${tone}`}>${r}</span>`;
}

/** Rows of cards, each overlapped in order, one under the other: the suit rows of the layout
 * games, 十三张's three rows with their names and results. */
function Rows({ z, ctx, cls }) {
  const rows = z._rows;
  return html`<${Box} z=${z} ctx=${ctx} cls=${cls}>
    <div class="ft-rowstack">
      ${rows.map((r, i) => html`<div class="ft-rowline" key=${i}>
        ${r.label ? html`<span class="ft-rlabel" title=${r.label}>${Number.isInteger(z.owner) ? shortLabel(r.label) : r.label}</span>` : null}
        ${r.cards.length ? html`<${Row} cards=${r.cards} ctx=${ctx} from=${fromFor(z)} show=${z.kind === "rows" ? 0.45 : 0.36} />`
          : html`<div class="ft-slot"></div>`}
        ${result(r.result)}
      </div>`)}
      ${!rows.length && z._cards.length ? html`<${Row} cards=${z._cards} ctx=${ctx} from=${fromFor(z)} />` : null}
      ${!rows.length && z.count ? html`<${Squared} count=${Number(z.count)} />` : null}
    </div>
    ${z.text ? html`<div class="ft-ztext">${z.text}</div>` : null}
  <//>`;
}

/** The auction as a small bidding box: a column per seat, the bids in order, the contract. */
function Bids({ z, ctx }) {
  const n = ctx.names.length;
  const bids = z.bids || [];
  let body;
  if (n >= 2 && n <= 5 && bids.length) {
    const lines = [];
    let line = new Array(n).fill(null);
    let last = -1;
    for (const [seat, bid] of bids) {
      if (seat <= last || line[seat] !== null) {
        lines.push(line);
        line = new Array(n).fill(null);
      }
      line[seat] = bid;
      last = seat;
    }
    lines.push(line);
    body = html`<table class="ft-bidtable"><thead><tr>${ctx.names.map((nm, i) =>
      html`<th key=${i} title=${nm}>${short(nm)}</th>`)}</tr></thead>
      <tbody>${lines.map((l, i) => html`<tr key=${i}>${l.map((b, j) => html`<td key=${j}>${b ?? ""}</td>`)}</tr>`)}</tbody></table>`;
  } else {
    body = html`<div class="ft-bidlist">${bids.map(([seat, bid], i) =>
      html`<span key=${i} class="ft-chip">${short(ctx.names[seat] || String(seat + 1))} ${bid}</span>`)}</div>`;
  }
  return html`<${Box} z=${z} ctx=${ctx}>
    ${bids.length ? body : null}
    ${z.text ? html`<div class="ft-ztext ft-contract">${z.text}</div>` : null}
    ${z._cards.length ? html`<${Row} cards=${z._cards} ctx=${ctx} from=${fromFor(z)} />` : null}
  <//>`;
}

function short(name) {
  const s = String(name || "");
  return [...s].length > 7 ? `${[...s].slice(0, 6).join("")}…` : s;
}

/** Cards laid plainly (the kitty, a won pile, deadwood, a short note). */
function Plain({ z, ctx }) {
  const count = Number(z.count) || 0;
  return html`<${Box} z=${z} ctx=${ctx}>
    <div class="ft-plain">
      ${count || z.kind === "kitty" && !z._cards.length ? html`<${Squared} count=${count} label=${z.label} />` : null}
      ${z._cards.length ? html`<${Row} cards=${z._cards} ctx=${ctx} from=${fromFor(z)} show=${0.45} />` : null}
      ${z._plays.length ? html`<${Row} cards=${z._plays} ctx=${ctx} from=${fromFor(z)} show=${0.45} />` : null}
    </div>
    ${z.text ? html`<div class="ft-ztext">${z.text}</div>` : null}
  <//>`;
}

function Info({ z, ctx }) {
  return html`<${Box} z=${z} ctx=${ctx} caption=${false}>
    <div class="ft-info">${z.label ? html`<b>${z.label}</b> ` : null}${z.text || ""}</div>
    ${z._cards.length ? html`<${Row} cards=${z._cards} ctx=${ctx} from=${fromFor(z)} />` : null}
  <//>`;
}

const KIND = {
  stock: Stock, pile: Pile, meld: Meld, trick: Trick,
  layout: (p) => html`<${Rows} ...${p} cls="ft-suitrows" />`,
  rows: (p) => html`<${Rows} ...${p} cls="ft-threerows" />`,
  bids: Bids, kitty: Plain, cards: Plain, info: Info,
};

/** Whether a zone has anything to draw. */
function empty(z) {
  return !z._cards.length && !z._plays.length && !z._rows.some((r) => r.cards.length) &&
    !(Number(z.count) > 0 && z.kind !== "rows") && !z.text && !(z.bids || []).length;   // rows face down: the hand's backs show them
}

/** One zone, drawn by its kind (an unknown kind plainly). A zone with nothing in it and no
 * move to make there stays an element (its hooks) but takes no room; the stock, the pile and
 * the trick keep their place even when empty. */
export function Zone({ z, ctx }) {
  if (empty(z) && !ctx.hot.has(z.id) && !["stock", "pile", "trick"].includes(z.kind)) {
    return html`<div class=${`ft-zone ft-void ft-z-${z.kind}`} data-zone=${z.kind} data-zone-id=${z.id}
        role="button" tabindex="-1" aria-hidden="true" aria-label=${zoneLabel(z)}></div>`;
  }
  if (z.kind === "layout" && !(z._rows || []).length) return html`<${Plain} z=${z} ctx=${ctx} />`;
  const C = KIND[z.kind] || Plain;
  return html`<${C} z=${z} ctx=${ctx} />`;
}
