// Motion by FLIP (first, last, invert, play) with the Web Animations API: every card keyed by
// its identity is measured before a redraw and after it, then animated from where it was to
// where it is. A card new to the picture starts where it came from (the stock for a draw, a
// seat for a card that leaves a hidden hand); a complete trick is swept to its winner. Only
// the drawn elements move: no clone is made, so no back ever shows a face early.

const DURATION = 260;
const EASE = "cubic-bezier(.2,.75,.3,1)";

function centre(r) {
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/** Where things are now: each keyed card, each seat's hand (or place) and the stock. */
export function measure(host) {
  const cards = new Map();
  for (const el of host.querySelectorAll("[data-key]")) {
    if (el.classList.contains("ft-sweeping") || el.classList.contains("ft-dragging")) continue;
    if (!cards.has(el.dataset.key)) cards.set(el.dataset.key, el.getBoundingClientRect());
  }
  const seats = new Map();
  for (const el of host.querySelectorAll("[data-seat]")) {
    const hold = el.querySelector(".ft-fan") || el.querySelector(".ft-holding") || el.querySelector(".ft-plaque") || el;
    seats.set(Number(el.dataset.seat), hold.getBoundingClientRect());
  }
  const stockEl = host.querySelector('[data-zone="stock"] .ft-squared, [data-zone="stock"]');
  const felt = host.firstElementChild;
  return {
    cards, seats,
    stock: stockEl ? stockEl.getBoundingClientRect() : null,
    middle: felt ? felt.querySelector(".ft-centre")?.getBoundingClientRect() || felt.getBoundingClientRect() : null,
  };
}

/**
 * Animate every keyed card of ``host`` from its place in ``before`` to its place now.
 * ``why``: {gave: [seats whose hidden cards went down], drew: the stock went down,
 * dealing: a new deal (many new cards)}. Returns the animations started.
 */
export function flip(host, before, why) {
  const out = [];
  let dealt = 0;
  // every place read first, then every animation started (no layout between two starts)
  const els = [...host.querySelectorAll("[data-key]")]
    .filter((el) => !el.classList.contains("ft-sweeping") && !el.classList.contains("ft-dragging"));
  const rects = els.map((el) => el.getBoundingClientRect());
  for (let i = 0; i < els.length; i++) {
    const el = els[i];
    const now = rects[i];
    if (!now.width) continue;
    const was = before.cards.get(el.dataset.key);
    let from = null;
    let delay = 0;
    if (was) {
      from = was;
    } else {
      const hint = el.dataset.from || "";
      if (hint.startsWith("seat:")) {
        from = before.seats.get(Number(hint.slice(5))) || null;
      } else if (hint === "draw") {
        if (why.dealing) {
          from = before.stock || before.middle;
          delay = Math.min(dealt++ * 12, 120);
        } else if (why.drew) {
          from = before.stock;
        }
      } else if (hint === "auto" && why.gave.length) {
        from = before.seats.get(why.gave[0]) || null;
      }
      if (!from && hint !== "none") {
        out.push(el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 180, easing: "ease-out" }));
        continue;
      }
    }
    if (!from) continue;
    const a = centre(from);
    const b = centre(now);
    const dx = a.x - b.x;
    const dy = a.y - b.y;
    const s = Math.max(0.25, Math.min(4, from.width / now.width || 1));
    if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5 && Math.abs(s - 1) < 0.02) continue;
    out.push(el.animate([
      { translate: `${dx}px ${dy}px`, scale: String(s), zIndex: 500 },
      { translate: "0px 0px", scale: "1", zIndex: 500 },
    ], { duration: DURATION, delay, easing: EASE, fill: "backwards" }));
  }
  return out;
}

/** Sweep ``els`` (a complete trick) into ``target`` (its winner's place): they fly there,
 * shrink and fade. Returns the animations. */
export function sweep(els, target) {
  const out = [];
  const b = target ? centre(target) : null;
  els.forEach((el, i) => {
    el.classList.add("ft-sweeping");
    const r = el.getBoundingClientRect();
    const a = centre(r);
    const dx = b ? b.x - a.x : 0;
    const dy = b ? b.y - a.y : 0;
    out.push(el.animate([
      { translate: "0px 0px", scale: "1", opacity: 1 },
      { translate: `${dx}px ${dy}px`, scale: "0.45", opacity: 0.15 },
    ], { duration: 260, delay: i * 12, easing: "cubic-bezier(.5,0,.75,.6)", fill: "forwards" }));
  });
  return out;
}
