// A seat's place at the table (data-seat="N"): the player's plaque (name, note, match total,
// turn-timer ring, the glow of the seat to move), the hand as a fan of backs with the cards
// the viewer knows face up, its tags, and the zones in front of it.

import { html } from "./html.js";
import { Back, Face } from "./card.js";
import { fanStep, fanTilt } from "./geometry.js";
import { Zone } from "./zones.js";
import { t } from "../i18n.js";

const RING = 2 * Math.PI * 20;   // the timer ring's circumference (r = 20 in a 44 × 44 box)

/** The ring around the plaque's initial: time left of the seat's turn. Under reduced motion
 * it is drawn still, as it stands when drawn. */
function Ring({ ring, reduced }) {
  if (!ring) return null;
  // running: from where it stood when this deadline was first drawn (the same style at every
  // redraw, so the animation runs on undisturbed); still: as it stands now
  const left = reduced ? Math.max(0, ring.deadline - Date.now()) : ring.left0;
  const frac = ring.total > 0 ? Math.min(1, left / ring.total) : 0;
  const style = reduced
    ? { strokeDashoffset: String(RING * (1 - frac)) }
    : { "--c": String(RING), strokeDashoffset: String(RING * (1 - frac)), animationDuration: `${left}ms` };
  return html`<svg class="ft-ring" viewBox="0 0 44 44" aria-hidden="true">
    <circle class="ft-ring-bg" cx="22" cy="22" r="20" />
    <circle key=${ring.deadline} class=${reduced ? "ft-ring-fg" : "ft-ring-fg ft-ring-run"} cx="22" cy="22" r="20"
      stroke-dasharray=${RING} style=${style} />
  </svg>`;
}

/** The plaque: a button (the page shows the seat's host tools on a click). */
export function Plaque({ n, info, ring, reduced, me }) {
  const name = info.name || t("Seat {n}", { n: n + 1 });
  const status = info.away ? "away" : info.connected === false ? "gone" : info.bot ? "bot" : "here";
  const initial = [...String(name)][0] || "?";
  return html`<button type="button" class=${`ft-plaque${me ? " ft-me" : ""}`} data-seat-plaque=${n}
      aria-label=${[name, info.note, info.total !== undefined && info.total !== null ? String(info.total) : ""].filter(Boolean).join(", ")}>
    <span class="ft-avatar">
      <${Ring} ring=${ring} reduced=${reduced} />
      <span class="ft-initial">${info.bot ? "⚙" : initial}</span>
      <span class=${`ft-dot ft-${status}`}></span>
    </span>
    <span class="ft-who">
      <span class="ft-name">${name}</span>
      <span class="ft-sub">
        ${info.total !== undefined && info.total !== null && info.total !== ""
          ? html`<span class="ft-total">${info.total}</span>` : null}
        ${info.note ? html`<span class="ft-note">${info.note}</span>` : null}
      </span>
    </span>
  </button>`;
}

/** The seat's tags as small chips ("dealer", "bid 80"). */
export function Tags({ tags }) {
  if (!tags || !tags.length) return null;
  return html`<span class="ft-tags">${tags.map((tg, i) => html`<span key=${i} class="ft-chip">${tg}</span>`)}</span>`;
}

/** A hand held by another player: its backs fanned (every back an element), the known
 * cards face up beside them. ``units``: the widest the fan may be, in card widths. */
export function Holding({ n, seat, ctx, units }) {
  const count = seat.backs;
  const step = fanStep(count, units);
  const backs = [];
  for (let i = 0; i < count; i++) {
    const tilt = fanTilt(i, count);
    backs.push(html`<${Back} key=${`b${i}`} k=${`back:${n}:${i}`} from="draw" hidden=${true}
      style=${{ rotate: `${tilt.r.toFixed(1)}deg`, marginTop: `calc(var(--w) * ${tilt.y.toFixed(3)})` }} />`);
  }
  if (!count && !seat.known.length) return null;
  return html`<div class="ft-holding" aria-label=${count ? `${count}` : null}>
    ${count ? html`<div class="ft-fan" style=${{ "--ov": step.toFixed(3) }}>${backs}</div>` : null}
    ${seat.known.length ? html`<div class="ft-row ft-known" style=${{ "--ov": "0.42" }}>
      ${seat.known.map((c) => html`<${Face} key=${c.key} card=${c.card} k=${c.key} from=${`seat:${n}`} four=${ctx.four} />`)}
    </div>` : null}
  </div>`;
}

/** Another player's place (or seat 0's at the bottom, for a spectator). */
export function Place({ n, seat, info, side, ctx, units }) {
  const cls = `ft-place ft-${side}${info.toMove ? " ft-tomove" : ""}${info.connected === false ? " ft-off" : ""}`;
  return html`<div class=${cls} data-seat=${n}>
    <${Plaque} n=${n} info=${info} ring=${ctx.rings[n]} reduced=${ctx.reduced} />
    <${Tags} tags=${seat.tags} />
    <${Holding} n=${n} seat=${seat} ctx=${ctx} units=${units} />
    ${seat.zones.length ? html`<div class="ft-front">${seat.zones.map((z) => html`<${Zone} key=${z.id} z=${z} ctx=${ctx} />`)}</div>` : null}
  </div>`;
}
