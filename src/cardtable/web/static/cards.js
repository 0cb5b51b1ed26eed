// Cards as the server writes them (symbol form: "10♥", "Q♠", "BJ", "LJ", "JK") and their drawing.
// The faces and the back are our own SVG drawing (viewBox 0 0 250 350): ranks and letters are
// stroked paths and suits are filled paths, so a card looks the same on every system and needs
// no font; the index (rank over suit, top-left and turned bottom-right) is a jumbo index that
// stays readable on a 40-px card fanned under its neighbours.
// The card's text stays the notation in every language; only spoken labels are translated.

import { N_, t } from "./i18n.js";

export const SUITS = ["♠", "♥", "♦", "♣"];
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const JOKERS = { BJ: N_("big joker"), LJ: N_("little joker"), JK: N_("joker") };
const CARD_RE = /^(10|[2-9JQKA])([♠♥♦♣])$/u;

export function isCard(text) {
  return typeof text === "string" && (CARD_RE.test(text) || text in JOKERS);
}

export function parseCard(text) {
  if (text in JOKERS) return { rank: text, suit: null, joker: true };
  const m = CARD_RE.exec(text);
  return m ? { rank: m[1], suit: m[2], joker: false } : null;
}

/** Sort key: by suit (♠ ♥ ♦ ♣, jokers last), then rank 2 … A. */
export function cardKey(text) {
  const c = parseCard(text);
  if (!c) return 999;
  if (c.joker) return 100 + Object.keys(JOKERS).indexOf(text);
  return SUITS.indexOf(c.suit) * 20 + RANKS.indexOf(c.rank);
}

export function sortCards(cards) {
  return [...cards].sort((a, b) => cardKey(a) - cardKey(b));
}

export function suitClass(suit) {
  return { "♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs" }[suit] || "joker";
}

// --- colours ---------------------------------------------------------------------------------

const INK = { s: "#111", h: "#c8102e", d: "#1f4fb5", c: "#17803d" };
const LETTER = { "♠": "s", "♥": "h", "♦": "d", "♣": "c" };
const TWO = { s: INK.s, h: INK.h, d: INK.h, c: INK.s };
const FOUR = { s: INK.s, h: INK.h, d: INK.d, c: INK.c };
const GOLD = "#e2b13c";
const JOKER_INK = { BJ: "#c8102e", LJ: "#111", JK: "#6a1b9a" };

// --- the drawing's shapes --------------------------------------------------------------------

// Ranks and letters as stroke centre lines in a box 100 units high ([width, path]).
const OVAL = (w) => `M${w / 2},0C${w - 3},0 ${w},22 ${w},50C${w},78 ${w - 3},100 ${w / 2},100` +
  `C3,100 0,78 0,50C0,22 3,0 ${w / 2},0Z`;
const SIX = "M46,8C41,3 35,0 28,0C10,0 1,22 1,56C1,84 11,100 27,100C43,100 52,88 52,70" +
  "C52,53 42,42 27,42C14,42 4,50 1,60";
const GLYPHS = {
  0: [46, OVAL(46)],
  1: [14, "M0,14L14,0V100"],
  2: [52, "M2,22C4,8 14,0 26,0C40,0 50,9 50,24C50,42 36,54 0,100H52"],
  3: [52, "M3,11C9,3 17,0 26,0C40,0 49,9 49,23C49,38 38,46 22,46C40,46 52,56 52,72" +
    "C52,89 41,100 26,100C15,100 6,96 1,87"],
  4: [54, "M40,100V0L0,70H54"],
  5: [52, "M48,0H9L5,45C11,40 18,38 26,38C42,38 52,50 52,68C52,87 41,100 26,100C15,100 6,96 1,87"],
  6: [53, SIX],
  7: [52, "M0,0H52C36,28 26,60 22,100"],
  8: [52, "M26,46C12,46 4,37 4,23C4,9 13,0 26,0C39,0 48,9 48,23C48,37 40,46 26,46" +
    "C10,46 0,56 0,73C0,89 11,100 26,100C41,100 52,89 52,73C52,56 42,46 26,46Z"],
  9: [53, SIX.replace(/(-?[\d.]+),(-?[\d.]+)/g, (m, x, y) => `${53 - x},${100 - y}`)],
  A: [56, "M0,100L28,0L56,100M11,64H45"],
  K: [52, "M2,0V100M50,0L2,60M19,40L52,100"],
  Q: [56, OVAL(56) + "M33,72L56,104"],
  J: [46, "M12,0H46M38,0V70C38,90 30,100 19,100C8,100 1,92 0,80"],
  O: [56, OVAL(56)],
  E: [46, "M46,0H2V100H46M2,48H40"],
  R: [52, "M2,100V0H26C42,0 50,10 50,26C50,42 42,52 26,52H2M26,52L52,100"],
};
const GAP = 21; // between the glyphs of a word: the stroke and a clear gap

/** A word of stroked glyphs, centred on ``cx``, its top at ``y``, ``h`` units high. */
function word(text, cx, y, h, sw, colour, cls = "") {
  const chars = [...text];
  const width = chars.reduce((n, ch) => n + GLYPHS[ch][0], 0) + GAP * (chars.length - 1);
  const s = h / 100;
  let x = 0;
  const d = chars.map((ch) => {
    const [w, path] = GLYPHS[ch];
    const moved = path.replace(/(-?[\d.]+),(-?[\d.]+)/g, (m, a, b) => `${+a + x},${b}`)
      .replace(/H(-?[\d.]+)/g, (m, a) => `H${+a + x}`);
    x += w + GAP;
    return moved;
  }).join("");
  return `<path${cls ? ` class="${cls}"` : ""} d="${d}" transform="translate(${r1(cx - (width * s) / 2)},${y}) scale(${s})" ` +
    `fill="none" stroke="${colour}" stroke-width="${r1(sw / s)}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function r1(n) {
  return Math.round(n * 10) / 10;
}

// Suits as filled paths centred on 0,0, 100 units wide.
const PIPS = {
  h: "M0,46C-10,30 -50,8 -50,-18C-50,-34 -38,-44 -25,-44C-12,-44 -4,-36 0,-26C4,-36 12,-44 25,-44" +
    "C38,-44 50,-34 50,-18C50,8 10,30 0,46Z",
  d: "M0,-50C10,-30 24,-14 38,0C24,14 10,30 0,50C-10,30 -24,14 -38,0C-24,-14 -10,-30 0,-50Z",
  s: "M0,-48C-10,-30 -50,-10 -50,14C-50,30 -38,40 -25,40C-14,40 -7,35 -4,29C-5,38 -10,45 -18,50H18" +
    "C10,45 5,38 4,29C7,35 14,40 25,40C38,40 50,30 50,14C50,-10 10,-30 0,-48Z",
  c: "M-21,-24A21,21 0 1,0 21,-24A21,21 0 1,0 -21,-24ZM-47,12A21,21 0 1,0 -5,12A21,21 0 1,0 -47,12Z" +
    "M5,12A21,21 0 1,0 47,12A21,21 0 1,0 5,12ZM-9,-4H9L5,12H-5ZM-4,14C-4,30 -10,42 -18,50H18" +
    "C10,42 4,30 4,14Z",
};

function pip(s, x, y, scale, colour, turned = false, cls = "pip") {
  const rot = turned ? " rotate(180)" : "";
  return `<path class="${cls}" d="${PIPS[s]}" fill="${colour}" transform="translate(${r1(x)},${r1(y)})${rot} scale(${scale})"/>`;
}

function star(cx, cy, big, small, points = 5) {
  const pts = [];
  for (let i = 0; i < points * 2; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / points;
    const rr = i % 2 ? small : big;
    pts.push(`${r1(cx + rr * Math.cos(a))},${r1(cy + rr * Math.sin(a))}`);
  }
  return `M${pts.join("L")}Z`;
}

// --- layout ----------------------------------------------------------------------------------

const CARD = `<rect class="card-edge" x="1.5" y="1.5" width="247" height="347" rx="16" fill="#fffefa" stroke="#8a8a8a" stroke-width="3"/>`;
const TURN = `transform="rotate(180 125 175)"`;
const IX = 40; // the index column's centre
const RANK_TOP = 18;
const RANK_H = 70;
const RANK_SW = 11;
// pip columns and rows of the number cards (the centre band, clear of both indexes)
const COL = { L: 100, C: 125, R: 150 };
const TOP = 54;
const BOTTOM = 296;
const LAYOUTS = {
  2: ["C0", "C6"],
  3: ["C0", "C3", "C6"],
  4: ["L0", "R0", "L6", "R6"],
  5: ["L0", "R0", "C3", "L6", "R6"],
  6: ["L0", "R0", "L3", "R3", "L6", "R6"],
  7: ["L0", "R0", "C1.5", "L3", "R3", "L6", "R6"],
  8: ["L0", "R0", "C1.5", "L3", "R3", "C4.5", "L6", "R6"],
  9: ["L0", "R0", "L2", "R2", "C3", "L4", "R4", "L6", "R6"],
  10: ["L0", "R0", "C1", "L2", "R2", "L4", "R4", "C5", "L6", "R6"],
};

function svgOpen(text, cls) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 250 350" role="img" aria-hidden="true" ` +
    `class="${cls}" data-face="${text}">`;
}

/** The two indexes: ``top`` drawn in the top-left corner and again turned bottom-right. */
function indexes(top, attrs) {
  return `<g class="index" ${attrs}>${top}</g><g class="index turned" ${attrs} ${TURN}>${top}</g>`;
}

function numberFace(text, rank, s, colour) {
  let body = "";
  if (rank === "A") {
    const big = s === "s" ? 1.05 : 0.9;
    if (s === "s") body += `<circle cx="125" cy="175" r="66" fill="none" stroke="${colour}" stroke-width="2"/>`;
    body += pip(s, 125, 175, big, colour);
  } else if (rank === "J" || rank === "Q" || rank === "K") {
    body += court(rank, s, colour);
  } else {
    for (const spot of LAYOUTS[rank]) {
      const row = Number(spot.slice(1));
      const y = TOP + ((BOTTOM - TOP) * row) / 6;
      body += pip(s, COL[spot[0]], y, 0.38, colour, row > 3);
    }
  }
  const index = word(rank, IX, RANK_TOP, RANK_H, RANK_SW, colour, "rank") +
    pip(s, IX, 126, 0.44, colour, false, "index-pip");
  return svgOpen(text, `card-face suit-${s}`) + CARD + body +
    indexes(index, `data-rank="${rank}" data-suit="${s}"`) + "</svg>";
}

// J, Q, K: a framed double-ended panel, each half a headdress over the large letter, the suit
// either side.
const HEADDRESS = {
  K: (c) => `<path d="M-30,16L-36,-14L-18,2L0,-24L18,2L36,-14L30,16Z" fill="${GOLD}" stroke="${c}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<path d="M-31,16H31V25H-31Z" fill="${c}"/>` +
    `<circle cx="-36" cy="-15" r="4.5" fill="${c}"/><circle cx="0" cy="-25" r="4.5" fill="${c}"/><circle cx="36" cy="-15" r="4.5" fill="${c}"/>`,
  Q: (c) => `<path d="M-28,18C-28,6 -30,-2 -34,-8C-24,-2 -19,-2 -15,-10C-10,-2 -5,-2 0,-16C5,-2 10,-2 15,-10C19,-2 24,-2 34,-8C30,-2 28,6 28,18Z" fill="${GOLD}" stroke="${c}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<path d="M-29,18H29V25H-29Z" fill="${c}"/>` +
    [-34, -15, 0, 15, 34].map((x) => `<circle cx="${x}" cy="${x === 0 ? -18 : Math.abs(x) === 15 ? -12 : -10}" r="3.5" fill="${c}"/>`).join(""),
  J: (c) => `<path d="M-32,20C-34,-2 -18,-16 2,-16C22,-16 34,-4 32,20Z" fill="${GOLD}" stroke="${c}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<path d="M-34,18H34V26H-34Z" fill="${c}"/>` +
    `<path d="M8,-14C12,-28 26,-36 40,-34C30,-28 22,-22 18,-12Z" fill="${c}"/>`,
};

function court(rank, s, colour) {
  const half = `<g transform="translate(125,${rank === "J" ? 56 : 52})">${HEADDRESS[rank](colour)}</g>` +
    word(rank, 125, 84, 62, 10, colour, "court-letter") +
    pip(s, 92, 118, 0.2, colour, false, "court-pip") + pip(s, 158, 118, 0.2, colour, false, "court-pip");
  return `<g class="court">` +
    `<rect x="76" y="18" width="98" height="314" rx="8" fill="#f7edcf" stroke="${colour}" stroke-width="2.5"/>` +
    `<rect x="81" y="23" width="88" height="304" rx="5" fill="none" stroke="${colour}" stroke-width="1" opacity=".6"/>` +
    `<path d="M84,175H112M138,175H166" stroke="${colour}" stroke-width="1.5"/>` +
    `<path d="M125,166L133,175L125,184L117,175Z" fill="${GOLD}" stroke="${colour}" stroke-width="1.5"/>` +
    half + `<g ${TURN}>${half}</g></g>`;
}

// Jokers: a star over JOKER written downwards in the corners; the big joker a jester in red and
// gold, the little joker the same jester smaller in black and grey, Remik's joker a purple star.
function jester(a, b, face, line) {
  return `<path d="M-31,0C-44,-20 -58,-40 -66,-58C-46,-52 -24,-36 -8,-8Z" fill="${a}" stroke="${line}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<path d="M31,0C44,-20 58,-40 66,-58C46,-52 24,-36 8,-8Z" fill="${a}" stroke="${line}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<path d="M-13,-6C-10,-30 -4,-52 0,-74C4,-52 10,-30 13,-6Z" fill="${b}" stroke="${line}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<circle cx="-66" cy="-58" r="7" fill="${b}" stroke="${line}" stroke-width="2"/>` +
    `<circle cx="66" cy="-58" r="7" fill="${b}" stroke="${line}" stroke-width="2"/>` +
    `<circle cx="0" cy="-76" r="7" fill="${a}" stroke="${line}" stroke-width="2"/>` +
    `<path d="M-40,50L-29,66L-19,52L-9,68L0,54L9,68L19,52L29,66L40,50C20,40 -20,40 -40,50Z" fill="${b}" stroke="${line}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<circle cx="0" cy="22" r="28" fill="${face}" stroke="${line}" stroke-width="2.5"/>` +
    `<path d="M-34,-2C-12,-12 12,-12 34,-2L32,8C12,0 -12,0 -32,8Z" fill="${b}" stroke="${line}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<circle cx="-10" cy="18" r="3.2" fill="${line}"/><circle cx="10" cy="18" r="3.2" fill="${line}"/>` +
    `<path d="M-13,29C-6,38 6,38 13,29" fill="none" stroke="${line}" stroke-width="2.5" stroke-linecap="round"/>`;
}

function jokerFace(text) {
  const ink = JOKER_INK[text];
  let emblem;
  let mark;
  if (text === "BJ") {
    emblem = `<g transform="translate(125,182) scale(1)">${jester("#c8102e", GOLD, "#fff4e0", "#4a0d16")}</g>`;
    mark = `<path d="${star(IX, 44, 27, 11)}" fill="${ink}" stroke="${ink}" stroke-width="2" stroke-linejoin="round"/>`;
  } else if (text === "LJ") {
    emblem = `<g transform="translate(125,186) scale(.8)">${jester("#222", "#b8b8b8", "#fff", "#111")}</g>`;
    mark = `<path d="${star(IX, 44, 26, 10.5)}" fill="#fff" stroke="${ink}" stroke-width="5" stroke-linejoin="round"/>`;
  } else {
    emblem = `<circle cx="125" cy="175" r="58" fill="none" stroke="${ink}" stroke-width="3"/>` +
      `<circle cx="125" cy="175" r="50" fill="none" stroke="${GOLD}" stroke-width="2"/>` +
      `<path d="${star(125, 178, 46, 19)}" fill="${ink}" stroke="${ink}" stroke-width="2" stroke-linejoin="round"/>` +
      `<path d="${star(125, 178, 19, 8)}" fill="${GOLD}"/>`;
    mark = `<path d="${star(IX, 44, 27, 11)}" fill="${ink}" stroke="${ink}" stroke-width="2" stroke-linejoin="round"/>` +
      `<path d="${star(IX, 45, 10, 4)}" fill="${GOLD}"/>`;
  }
  const letters = [..."JOKER"].map((ch, i) => word(ch, IX, 84 + i * 32, 24, 5.5, ink, "joker-letter")).join("");
  return svgOpen(text, `card-face joker joker-${text.toLowerCase()}`) + CARD + emblem +
    indexes(mark + letters, `data-rank="${text}" data-joker="${text}"`) + "</svg>";
}

function unknownFace(text) {
  return svgOpen("", "card-face unknown") + CARD +
    `<path d="${star(125, 175, 30, 12)}" fill="#bbb"/></svg>`;
}

const FACES = new Map();

/** A card's face as SVG markup (viewBox 0 0 250 350, scales to its box); cached per
 * (card, four colours). ``opts.fourColour``: ♦ blue and ♣ green. */
export function faceSvg(text, opts = {}) {
  const key = `${text}|${opts.fourColour ? 4 : 2}|${opts.live ? 1 : 0}`;
  let svg = FACES.get(key);
  if (svg === undefined) {
    const c = parseCard(text);
    if (!c) svg = unknownFace(text);
    else if (c.joker) svg = jokerFace(text);
    else {
      const s = LETTER[c.suit];
      // live: drawn in currentColor, so the element's CSS colour (suits.css) decides
      const colour = opts.live ? "currentColor" : (opts.fourColour ? FOUR : TWO)[s];
      svg = numberFace(text, c.rank, s, colour);
    }
    FACES.set(key, svg);
  }
  return svg;
}

// The back: dark red, a gold-dotted lattice inside a white margin, a double gold frame and a
// medallion with the four suits. Drawn without ids (no pattern or clip), so any number of backs
// can share a page.
function lattice(x0, y0, x1, y1, step) {
  // the lines y = x + a and y = -x + b through the card's centre every ``step``, cut to the box
  const cut = (c, sign) => {
    const pts = [];
    for (const x of [x0, x1]) {
      const y = sign * x + c;
      if (y >= y0 && y <= y1) pts.push([x, y]);
    }
    for (const y of [y0, y1]) {
      const x = (y - c) / sign;
      if (x > x0 && x < x1) pts.push([x, y]);
    }
    return pts.length >= 2 ? `M${r1(pts[0][0])},${r1(pts[0][1])}L${r1(pts[1][0])},${r1(pts[1][1])}` : "";
  };
  const as = [];
  const bs = [];
  for (let k = -30; k <= 30; k++) {
    const a = 50 + k * step;
    const b = 300 + k * step;
    if (a > y0 - x1 && a < y1 - x0) as.push(a);
    if (b > y0 + x0 && b < y1 + x1) bs.push(b);
  }
  const lines = as.map((a) => cut(a, 1)).join("") + bs.map((b) => cut(b, -1)).join("");
  // a dot where two lines cross: they lie on rows step/2 apart, every step along a row, so
  // each row is one dashed subpath (zero-length dashes with round caps) from its first crossing
  const rows = [];
  const h = step / 2;
  for (let n = Math.ceil((y0 + 4 - 175) / h); 175 + n * h < y1 - 4; n++) {
    const y = 175 + n * h;
    let m = Math.ceil((x0 + 4 - 125) / h);
    if ((m + n) % 2) m += 1; // crossings: 125 + m*h with m + n even
    const x = 125 + m * h;
    const last = x + Math.floor((x1 - 4 - x) / step) * step;
    rows.push(`M${x},${y}H${last}`);
  }
  return [lines, rows.join("")];
}

let BACK = null;

/** The back of a card as SVG markup (same box as a face). */
export function backSvg() {
  if (BACK === null) {
    const [lines, dots] = lattice(19, 19, 231, 331, 20);
    const medallion = ["s", "h", "d", "c"].map((s, i) => {
      const a = (i * Math.PI) / 2 - Math.PI / 2;
      return pip(s, 125 + 22 * Math.cos(a), 175 + 22 * Math.sin(a), 0.2, GOLD, false, "back-pip");
    }).join("");
    BACK = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 250 350" role="img" aria-hidden="true" class="card-back">` +
      `<rect x="1.5" y="1.5" width="247" height="347" rx="16" fill="#fffefa" stroke="#8a8a8a" stroke-width="3"/>` +
      `<rect x="13" y="13" width="224" height="324" rx="10" fill="#7a1424"/>` +
      `<path d="${lines}" stroke="#a83a48" stroke-width="2.2" fill="none"/>` +
      `<path d="${dots}" stroke="${GOLD}" stroke-width="5.5" stroke-linecap="round" stroke-dasharray="0 20" opacity=".85"/>` +
      `<rect x="19" y="19" width="212" height="312" rx="6" fill="none" stroke="${GOLD}" stroke-width="2.5"/>` +
      `<rect x="25" y="25" width="200" height="300" rx="4" fill="none" stroke="${GOLD}" stroke-width="1" opacity=".8"/>` +
      `<ellipse cx="125" cy="175" rx="52" ry="62" fill="#7a1424" stroke="${GOLD}" stroke-width="2.5"/>` +
      `<ellipse cx="125" cy="175" rx="45" ry="55" fill="none" stroke="${GOLD}" stroke-width="1"/>` +
      `<path d="${star(125, 175, 9, 4, 4)}" fill="${GOLD}"/>` + medallion + "</svg>";
  }
  return BACK;
}

// --- DOM elements (small inline cards: hands, logs, score lines) ------------------------------

function svgNode(markup) {
  const tpl = document.createElement("template");
  tpl.innerHTML = markup;
  const svg = tpl.content.firstChild;
  svg.style.display = "block";
  svg.style.width = "100%";
  svg.style.height = "100%";
  return svg;
}

function hiddenText(text) {
  // the notation, for copying and innerText; screen readers use the element's label
  const span = document.createElement("span");
  span.className = "card-text";
  span.textContent = text;
  span.style.cssText = "position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap";
  return span;
}

/** A joker written with the card it stands for ("JK=8♥", Remik's melds): ``{joker, card}``. */
export function jokerStandIn(text) {
  const m = /^(BJ|LJ|JK)=(.+)$/u.exec(typeof text === "string" ? text : "");
  return m && CARD_RE.test(m[2]) ? { joker: m[1], card: m[2] } : null;
}

/** A card element: a <button> when ``opts.selectable`` (own hand), else a <span>. Its face is
 * the SVG drawing in ``currentColor``: the four-colour switch (body.four-colour, suits.css)
 * recolours cards already drawn. A joker standing in ("JK=8♥") is the joker with a small tag
 * of its card. */
export function cardEl(text, opts = {}) {
  const stand = jokerStandIn(text);
  const face = stand ? stand.joker : text;
  const c = parseCard(face);
  const el = document.createElement(opts.selectable ? "button" : "span");
  const suit = c && !c.joker ? LETTER[c.suit] : "";
  el.className = "card face " + (c ? suitClass(c.suit) : "unknown") + (suit ? ` suit-${suit}` : "") +
    (stand ? " stands-in" : "") + (opts.small ? " small" : "");
  if (opts.selectable) {
    el.type = "button";
    el.dataset.card = text;
    el.setAttribute("aria-pressed", "false");
  } else {
    el.setAttribute("role", "img");
  }
  const label = c && c.joker ? t(JOKERS[face]) : text;
  el.setAttribute("aria-label", stand ? `${label} = ${stand.card}` : label);
  el.append(svgNode(faceSvg(face, { live: true })), hiddenText(text));
  if (stand) {
    const tag = document.createElement("span");
    tag.className = "stand-in";
    tag.setAttribute("aria-hidden", "true");
    tag.append(suitHtml(stand.card));
    el.append(tag);
  }
  return el;
}

/** A face-down card (an opponent's hand, the stock). */
export function backEl(small = true) {
  const el = document.createElement("span");
  el.className = "card back" + (small ? " small" : "");
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", t("face-down card"));
  el.append(svgNode(backSvg()));
  return el;
}

/** The cards named in a move's text, in order ("take 6♠ meld 6♠ 6♥ 6♣" → 6♠ 6♠ 6♥ 6♣). */
export function cardsInText(text) {
  return text.split(/[\s|()[\],]+/u).filter(isCard);
}

/** ``text`` as a fragment with each suit symbol in ``<span class="suit suit-s|h|d|c">`` (coloured
 * by suits.css, four colours under body.four-colour). Text nodes only: safe for any text. */
export function suitHtml(text) {
  const frag = document.createDocumentFragment();
  const str = String(text ?? "");
  let start = 0;
  for (const m of str.matchAll(/[♠♥♦♣]\uFE0F?/gu)) {
    if (m.index > start) frag.append(document.createTextNode(str.slice(start, m.index)));
    const span = document.createElement("span");
    span.className = `suit suit-${LETTER[m[0][0]]}`;
    span.textContent = m[0][0];
    frag.append(span);
    start = m.index + m[0].length;
  }
  if (start < str.length) frag.append(document.createTextNode(str.slice(start)));
  return frag;
}
