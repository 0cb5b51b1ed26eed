// One card on the felt: its face (cards.js draws it as SVG) or its back. A card's size comes
// from the CSS variable --w of the place it lies in, so the same card draws at any scale.

import { html } from "./html.js";
import { backSvg, faceSvg, parseCard } from "../cards.js";
import { t } from "../i18n.js";

const faces = new Map();
let back = null;

function dataUrl(svg) {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The face as an image address (its SVG in a data: URL), made once per card and colouring.
 * One <img> per card rather than the SVG's elements inline: a table of 150 cards stays a few
 * hundred elements, so a redraw and its layout stay within a frame. */
export function faceUrl(card, four) {
  const id = `${four ? 4 : 2}${card}`;
  let m = faces.get(id);
  if (m === undefined) {
    m = dataUrl(faceSvg(card, { fourColour: !!four }));
    faces.set(id, m);
  }
  return m;
}

export function backUrl() {
  if (back === null) back = dataUrl(backSvg());
  return back;
}

/** A card's picture: a face or the back (never both: a back's element holds no face). */
export function CardImage({ src }) {
  return html`<img class="ft-face" src=${src} alt="" draggable="false" decoding="sync" />`;
}

/** What a screen reader says for a card: its notation, or the joker's name. */
export function cardLabel(card) {
  const c = parseCard(card);
  if (c && c.joker) return { BJ: t("big joker"), LJ: t("little joker"), JK: t("joker") }[card] || card;
  return card;
}

function suitOf(card) {
  const c = parseCard(card);
  return c && c.suit ? { "♠": "s", "♥": "h", "♦": "d", "♣": "c" }[c.suit] : "j";
}

/**
 * A face-up card. ``k``: its identity (card#occurrence) for the motion; ``from``: where it
 * comes from when it is new (see motion.js); ``extra``: small things drawn on it (a mark,
 * a joker's stand-in); ``style``/``cls`` for its place in a fan or a trick.
 */
export function Face({ card, k, from, four, cls, style, extra, title }) {
  return html`<div class=${`ft-card ft-suit-${suitOf(card)}${cls ? ` ${cls}` : ""}`}
      data-card=${card} data-key=${k} data-from=${from || null} style=${style}
      role="img" aria-label=${title || cardLabel(card)}>
    <${CardImage} src=${faceUrl(card, four)} />
    ${extra}
  </div>`;
}

/** A face-down card. ``hidden``: a card of a hand the viewer may not see (data-card-back). */
export function Back({ k, from, hidden, cls, style }) {
  return html`<div class=${`ft-card ft-back${cls ? ` ${cls}` : ""}`}
      data-card-back=${hidden ? "" : null} data-key=${k || null} data-from=${from || null}
      style=${style} aria-hidden="true">
    <${CardImage} src=${backUrl()} />
  </div>`;
}
