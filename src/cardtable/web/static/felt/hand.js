// The viewer's own place at the bottom: the plaque, the zones in front of them (melds …) and
// the hand, fanned and overlapping to fit the width (two rows when a strip would be under
// 20 px), each card a button (data-card, data-hand-index, aria-pressed), selected cards raised.

import { html } from "./html.js";
import { CardImage, cardLabel, faceUrl } from "./card.js";
import { RATIO, handFan } from "./geometry.js";
import { Plaque, Tags } from "./seat.js";
import { Zone } from "./zones.js";
import { t } from "../i18n.js";

/** The hand's fan inside ``width`` px with cards ``hw`` wide. */
export function Hand({ hand, selected, ctx, width, hw, focusKey }) {
  const raise = Math.round(hw * RATIO * 0.2);
  const fan = handFan(hand.length, width, hw, raise);
  const sel = new Set(selected || []);
  let focusIndex = hand.findIndex((c) => c.key === focusKey);
  if (focusIndex < 0) focusIndex = 0;
  const cards = hand.map((c, i) => {
    const p = fan.cards[i];
    const on = sel.has(i);
    const style = {
      left: `${p.x.toFixed(1)}px`,
      top: `${(p.y - (on ? raise : 0)).toFixed(1)}px`,
      rotate: `${p.r.toFixed(2)}deg`,
      zIndex: String(i + 1 + p.row * 100),
    };
    return html`<button type="button" key=${c.key} class=${`ft-card ft-hc${on ? " ft-sel" : ""}`}
        data-card=${c.card} data-hand-index=${i} data-key=${c.key} data-from="draw"
        aria-pressed=${on ? "true" : "false"} aria-label=${cardLabel(c.card)}
        tabindex=${i === focusIndex ? 0 : -1} style=${style}>
      <${CardImage} src=${faceUrl(c.card, ctx.four)} />
    </button>`;
  });
  return html`<div class=${`ft-hand${ctx.active ? " ft-active" : ""}`} role="group" aria-label=${t("your hand")}
      style=${{ height: `${hand.length ? fan.height.toFixed(1) : 0}px`, "--w": `${hw.toFixed(1)}px` }}>
    ${cards}
  </div>`;
}

/** The viewer's place: plaque, tags, the zones in front of them, the sort button, the hand. */
export function MyPlace({ n, seat, info, ctx, hand, selected, width, hw, focusKey }) {
  const cls = `ft-place ft-bottom ft-mine${info.toMove ? " ft-tomove" : ""}`;
  return html`<div class=${cls} data-seat=${n}>
    <div class="ft-myline">
      <div class="ft-mywho">
        <${Plaque} n=${n} info=${info} ring=${ctx.rings[n]} reduced=${ctx.reduced} me=${true} />
        <${Tags} tags=${seat.tags} />
      </div>
      ${seat.zones.length ? html`<div class="ft-front ft-myfront">${seat.zones.map((z) => html`<${Zone} key=${z.id} z=${z} ctx=${ctx} />`)}</div>` : html`<div class="ft-front ft-myfront"></div>`}
      ${hand.length > 1 ? html`<button type="button" class="ft-sort" data-sort="" title=${t("sort my hand")} aria-label=${t("sort my hand")}>⇅</button>` : null}
    </div>
    <${Hand} hand=${hand} selected=${selected} ctx=${ctx} width=${width} hw=${hw} focusKey=${focusKey} />
  </div>`;
}
