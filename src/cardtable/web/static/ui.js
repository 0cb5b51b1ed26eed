// The page's component kit: Preact with htm (vendored ES modules, no build step; the page's
// import map names them). Texts shown to people are computed with t() *outside* the html``
// templates: the catalog extraction does not read inside template literals.

import { h, render, Fragment, Component, createRef } from "preact";
import { useEffect, useLayoutEffect, useRef, useState, useMemo, useCallback } from "preact/hooks";
import htm from "htm";

export const html = htm.bind(h);
export { h, render, Fragment, Component, createRef, useEffect, useLayoutEffect, useRef, useState, useMemo, useCallback };

const LETTER = { "♠": "s", "♥": "h", "♦": "d", "♣": "c" };

/** A text of the server's (a move, a log line, a hint) with each suit symbol in
 * ``<span class="suit suit-s|h|d|c">``, as cards.js's suitHtml marks them (suits.css colours
 * them, in four colours under body.four-colour). Text only, never HTML. */
export function suited(text) {
  if (typeof text !== "string" || !/[♠♥♦♣]/u.test(text)) return text;
  const out = [];
  let start = 0;
  for (const m of text.matchAll(/[♠♥♦♣]\uFE0F?/gu)) {
    if (m.index > start) out.push(text.slice(start, m.index));
    out.push(h("span", { class: `suit suit-${LETTER[m[0][0]]}` }, m[0][0]));
    start = m.index + m[0].length;
  }
  if (start < text.length) out.push(text.slice(start));
  return out;
}

/** The focusable elements inside ``box``, in order. */
export function focusables(box) {
  return [...box.querySelectorAll(
    "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, iframe, [tabindex]:not([tabindex='-1'])",
  )].filter((e) => e.offsetParent !== null || e === document.activeElement);
}
