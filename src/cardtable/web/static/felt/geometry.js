// Where things go on the felt: each seat's side of the table, the card sizes that fit the
// element, and the fans (a hand spread to fit its width, backs fanned to a bounded width).
// Pure functions of numbers: no DOM.

/** Card height over width (the faces' viewBox is 250 × 350). */
export const RATIO = 1.4;

/**
 * Each seat's place: ``{seat, pos, angle, side}`` in seat order. The viewer (or seat 0 for a
 * spectator) sits at the bottom (angle 90°, screen y down); the others follow clockwise as
 * seen from above: on to the viewer's left, across the top, down the right. ``side`` is the
 * band of the screen the place is drawn in: bottom, left, top or right.
 */
export function seatPlaces(players, viewer) {
  const base = Number.isInteger(viewer) && viewer >= 0 && viewer < players ? viewer : 0;
  const out = [];
  for (let s = 0; s < players; s++) {
    const pos = (s - base + players) % players;
    const angle = 90 + (pos * 360) / players;
    let side = "bottom";
    if (pos > 0) side = angle < 225 - 1e-6 ? "left" : angle <= 315 + 1e-6 ? "top" : "right";
    out.push({ seat: s, pos, angle, side });
  }
  return out;
}

/** The places of one side in screen order: left bottom-to-top is read top-down, so reversed. */
export function sideOrder(places, side) {
  const list = places.filter((p) => p.side === side).sort((a, b) => a.angle - b.angle);
  return side === "left" ? list.reverse() : list;
}

/** Where a seat's card lies in a trick, as fractions of a card's width and height from the
 * trick's middle: toward that seat's side of the table (further apart with more players). */
export function trickOffset(angle, players) {
  const r = (angle * Math.PI) / 180;
  const far = players > 4;
  return { x: Math.cos(r) * (far ? 1.25 : 0.95), y: Math.sin(r) * (far ? 0.52 : 0.36) };
}

/** The trick's box, in card widths and heights. */
export function trickBox(players) {
  return players > 4 ? { w: 3.5, h: 2.04 } : { w: 3, h: 1.72 };
}

/**
 * The first guess of the card sizes (px) for a felt of ``w`` × ``h``; the fitting loop
 * shrinks them together until nothing overflows. ``cw``: the middle's cards, ``hw``: the
 * viewer's hand, ``cs``: cards at the other seats, ``cm``: cards in front of the viewer.
 */
export function baseSizes(w, h, players) {
  const many = players > 4 ? 0.86 : 1;
  const cw = Math.max(28, Math.min(w / 8, h / 6.2, 104) * many);
  const hw = Math.max(34, Math.min(w / 5.2, h / 5.2, 112));
  const cs = Math.max(16, Math.min(cw * (players > 4 ? 0.52 : 0.6), 60));
  const cm = Math.max(20, cw * 0.72);
  return { cw, hw, cs, cm };
}

/** A set of sizes scaled by ``f`` (never below a card one can still read). The hand
 * shrinks more slowly than the table: its width always fits, only its height counts. */
export function scaled(sizes, f) {
  return {
    cw: Math.max(18, sizes.cw * f),
    hw: Math.max(30, sizes.hw * Math.sqrt(f)),
    cs: Math.max(12, sizes.cs * f),
    cm: Math.max(14, sizes.cm * f),
  };
}

/**
 * The viewer's hand laid out in ``width`` px: ``{rows, height, cards: [{x, y, r, row}]}``
 * (x, y the card's top-left in px inside the hand box, r its tilt in degrees). One row while
 * each card's visible strip stays ≥ 20 px wide, else two (the first row behind). The fan is
 * a shallow arc: the middle cards a little higher, the ends tilted outwards.
 */
export function handFan(n, width, cw, raise) {
  const ch = cw * RATIO;
  const inset = Math.min(cw * 0.08, 8);           // room for the end cards' tilt
  const stepFor = (k) => (k <= 1 ? 0 : Math.min(cw * 0.62, (width - 2 * inset - cw) / (k - 1)));
  const rows = n > 1 && stepFor(n) < 20 ? 2 : 1;
  const perRow = Math.ceil(n / rows);
  const cards = [];
  const arc = Math.min(cw * 0.08, 6);
  for (let i = 0; i < n; i++) {
    const row = rows === 2 ? (i < perRow ? 0 : 1) : 0;
    const k = row === 0 ? Math.min(perRow, n) : n - perRow;
    const j = row === 0 ? i : i - perRow;
    const step = stepFor(k);
    const span = cw + step * (k - 1);
    const mid = (k - 1) / 2;
    const d = k > 1 ? (j - mid) / Math.max(mid, 1) : 0;       // -1 … 1 across the row
    const x = (width - span) / 2 + j * step;
    const y = raise + row * ch * 0.55 + arc * d * d;
    const r = k > 1 ? d * Math.min(6, 1.1 * k) * 0.5 : 0;
    cards.push({ x, y, r, row });
  }
  const height = raise + ch + (rows - 1) * ch * 0.55 + arc + 2;
  return { rows, height, cards };
}

/** How much of each back shows in a fan of ``n`` backs at most ``units`` card widths wide. */
export function fanStep(n, units) {
  if (n <= 1) return 1;
  return Math.max(0.04, Math.min(0.3, (units - 1) / (n - 1)));
}

/** A back's tilt and lift in a fan (degrees, fraction of a card's width). */
export function fanTilt(i, n) {
  if (n <= 1) return { r: 0, y: 0 };
  const d = (i - (n - 1) / 2) / ((n - 1) / 2);
  const spread = Math.min(14, 2 + n);
  return { r: d * spread, y: d * d * 0.08 };
}

/** A small stable number for a card, so the trick's cards lie a little askew, always the same. */
export function jitter(text, range) {
  let h = 7;
  for (const ch of String(text)) h = (h * 31 + ch.codePointAt(0)) % 1009;
  return ((h % 97) / 96 - 0.5) * 2 * range;
}
