// The card table's drawing layer, apart from the app (lichess's chessground is the model):
//
//   import { Felt } from "/static/felt/felt.js";
//   const felt = Felt(element, config);   // draws into element (it fills it)
//   felt.set(partialConfig);              // merge and redraw at once (DOM updated on return)
//   felt.on(name, handler);               // "select" "zone" "play" "drop" "seat" "sort"; returns off()
//   felt.animating();                     // how many card animations run now
//   felt.destroy();
//
// config: {picture, viewer, seats: [{name, total, note, connected, away, bot, toMove,
// deadline}], hand, selected, active, hot, fourColour, reducedMotion, holdMs}. The picture is
// the server's (parts/felt.py); the felt draws it, animates each card from its old place to
// its new one, and reports gestures. It decides no legality. Its stylesheet is felt.css
// (linked by the page; added to the document's head when it is not).

import { h, render } from "./html.js";
import { attachGestures } from "./gestures.js";
import { baseSizes, scaled } from "./geometry.js";
import { allZones, buildModel, isComplete, seatsThatGave, stockCount, trickSig, zoneKeys } from "./model.js";
import { flip, measure, sweep } from "./motion.js";
import { Table } from "./table.js";

const CSS_URL = new URL("./felt.css", import.meta.url).href;
const EVENTS = ["select", "zone", "play", "drop", "seat", "sort"];

function prefersStill() {
  try {
    return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  } catch (e) {
    return false;
  }
}

/** Adds the stylesheet once; ``then`` when it has loaded (the fit is measured again). */
function ensureCss(then) {
  const have = [...document.querySelectorAll('link[rel="stylesheet"]')].find((l) => l.href === CSS_URL);
  if (have) {
    if (!have.sheet) have.addEventListener("load", then, { once: true });
    return;
  }
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = CSS_URL;
  link.addEventListener("load", then, { once: true });
  document.head.append(link);
}

/** How much there is to draw: cards, backs and zones (more never needs less room). */
function bulk(model) {
  let n = model.hand.length;
  const zone = (z) => 2 + z._cards.length + z._plays.length + z._rows.reduce((a, r) => a + 1 + r.cards.length, 0) +
    ((z.bids || []).length + 3) / 4;
  for (const s of model.seats) n += s.backs * 0.3 + s.known.length + s.tags.length + s.zones.reduce((a, z) => a + zone(z), 0);
  return n + model.centre.reduce((a, z) => a + zone(z), 0);
}

export function Felt(element, config = {}) {
  const host = document.createElement("div");
  host.className = "ft-host";
  element.append(host);
  const cfg = {
    picture: null, viewer: null, seats: [], hand: [], selected: [], active: false, hot: [],
    fourColour: false, reducedMotion: prefersStill(), holdMs: 1000, ...config,
  };
  if (config.reducedMotion === undefined || config.reducedMotion === null) cfg.reducedMotion = prefersStill();
  const handlers = new Map(EVENTS.map((n) => [n, new Set()]));
  const ui = {
    spreadOpen: new Set(), focusKey: null, held: null, heldTimer: null, since: new Map(), rings: {},
  };
  const running = new Set();
  let model = null;
  let drawn = false;
  let dead = false;

  function track(anims) {
    for (const a of anims) {
      running.add(a);
      const done = () => running.delete(a);
      a.addEventListener("finish", done);
      a.addEventListener("cancel", done);
    }
  }

  function emit(name, value) {
    for (const fn of handlers.get(name) || []) {
      try {
        fn(value);
      } catch (e) {
        setTimeout(() => { throw e; }, 0);   // a handler's error is the page's, never the felt's
      }
    }
  }

  /** The seats' turn-timer rings: the first time a deadline is drawn sets how long it runs. */
  function keepRings() {
    const now = Date.now();
    (cfg.seats || []).forEach((s, n) => {
      const d = s && s.toMove && Number(s.deadline) > 0 ? Number(s.deadline) : null;
      if (d === null) {
        delete ui.rings[n];
      } else if (!ui.rings[n] || ui.rings[n].deadline !== d) {
        const left = Math.max(0, d - now);
        ui.rings[n] = { deadline: d, total: Math.max(1, left), left0: left };
      }
    });
    for (const n of Object.keys(ui.rings)) if (!(cfg.seats || [])[n]) delete ui.rings[n];
  }

  /** What has focus in the felt, to give it back after a redraw. */
  function focused() {
    const a = document.activeElement;
    if (!a || !host.contains(a)) return null;
    if (a.dataset.handIndex !== undefined) return { key: a.dataset.key, index: Number(a.dataset.handIndex) };
    if (a.dataset.zoneId) return { sel: `[data-zone-id="${CSS.escape(a.dataset.zoneId)}"]` };
    if (a.dataset.seatPlaque) return { sel: `[data-seat-plaque="${a.dataset.seatPlaque}"]` };
    if (a.dataset.spread) return { sel: `[data-spread="${CSS.escape(a.dataset.spread)}"]` };
    if (a.dataset.sort !== undefined) return { sel: "[data-sort]" };
    return null;
  }

  function refocus(was) {
    if (!was) return;
    let el = null;
    if (was.key) {
      el = host.querySelector(`[data-hand-index][data-key="${CSS.escape(was.key)}"]`);
      if (!el) {                      // the card left the hand: its neighbour takes the focus
        const all = host.querySelectorAll("[data-hand-index]");
        el = all[Math.min(was.index, all.length - 1)] || null;
      }
    } else {
      el = host.querySelector(was.sel);
    }
    if (el && document.activeElement !== el) el.focus({ preventScroll: true });
  }

  /** Render at the largest sizes that fit the element: shrink all cards together until
   * nothing overflows (no scrollbars, no clipped card). */
  function renderFitted() {
    const W = element.clientWidth || host.clientWidth || 1;
    const H = element.clientHeight || host.clientHeight || 1;
    const players = model.players || 1;
    const base = baseSizes(W, H, players);
    const pad = W < 500 ? 4 : 8;
    const wide = W > H * 1.2;
    const shape = `${W}x${H}:${players}:${cfg.viewer}`;
    const last = ui.fit && ui.fit.shape === shape ? ui.fit : null;
    let handWidth = last ? last.handWidth : Math.max(60, W - 2 * pad);
    const geom = (f) => ({ ...scaled(base, f), W, H, pad, handWidth, wide });
    const attempt = (f) => {
      render(h(Table, { model, cfg, geom: geom(f), ui }), host);
      const felt = host.firstElementChild;
      // the hand takes the width its band is given (between the side seats on a wide screen)
      const hand = felt && felt.querySelector(".ft-hand");
      if (hand && Math.abs(hand.clientWidth - handWidth) > 1) {
        handWidth = Math.max(60, hand.clientWidth);
        render(h(Table, { model, cfg, geom: geom(f), ui }), host);
      }
      return !felt || (felt.scrollWidth <= felt.clientWidth + 1 && felt.scrollHeight <= felt.clientHeight + 1);
    };
    // start from the last fit of this shape of table: one step larger when there is less on
    // it than then (it may have room again), else shrink step by step until it fits
    const sig = bulk(model);
    let f = last ? last.f : 1;
    if (last && f < 1 && sig < last.sig && attempt(Math.min(1, f / 0.9))) {
      f = Math.min(1, f / 0.9);
    } else if (!attempt(f)) {
      for (let i = 0; i < 16 && f > 0.2; i++) {
        f *= i < 6 ? 0.9 : 0.95;
        if (attempt(f)) break;
      }
    }
    ui.fit = { shape, f, handWidth, sig };
  }

  function draw(animate, why = { gave: [], drew: false, dealing: false }) {
    if (dead) return;
    const moving = animate && drawn && !cfg.reducedMotion;
    const before = moving ? measure(host) : null;
    for (const a of [...running]) if (!a.effect?.target?.classList.contains("ft-sweeping")) a.cancel();
    const was = focused();
    keepRings();
    model = buildModel(cfg, ui.held);
    renderFitted();
    refocus(was);
    drawn = true;
    if (moving) track(flip(host, before, why));
  }

  /** Complete tricks: when one first shows, and when one leaves the picture it is held (drawn
   * on) until holdMs after it first showed, then swept to its winner. */
  function trackTricks(oldPic, newPic) {
    const now = performance.now();
    const complete = allZones(newPic).filter((e) => isComplete(e.zone));
    const sigs = new Set(complete.map((e) => trickSig(e.zone)));
    for (const s of sigs) if (!ui.since.has(s)) ui.since.set(s, now);
    for (const e of allZones(oldPic)) {
      const sig = trickSig(e.zone);
      if (!isComplete(e.zone) || sigs.has(sig) || (ui.held && ui.held.sig === sig)) continue;
      dropHeld();
      const drawnZone = model && [...model.centre, ...model.seats.flatMap((s) => s.zones)].find((z) => z.id === e.zone.id);
      ui.held = {
        sig, zone: e.zone, owner: e.owner, index: e.index, winner: e.zone.winner,
        keys: drawnZone ? zoneKeys(drawnZone) : [], sweeping: false,
      };
      const wait = Math.max(0, (ui.since.get(sig) ?? now) + Number(cfg.holdMs ?? 1000) - now);
      ui.heldTimer = setTimeout(sweepHeld, wait);
    }
    for (const s of [...ui.since.keys()]) if (!sigs.has(s) && !(ui.held && ui.held.sig === s)) ui.since.delete(s);
  }

  function dropHeld() {
    if (!ui.held) return;
    clearTimeout(ui.heldTimer);
    for (const a of [...running]) if (a.effect?.target?.classList.contains("ft-sweeping")) a.cancel();
    ui.held = null;
  }

  function sweepHeld() {
    if (dead || !ui.held || ui.held.sweeping) return;
    const held = ui.held;
    held.sweeping = true;
    const zoneEl = host.querySelector(`[data-zone-id="${CSS.escape(held.zone.id)}"]`);
    const els = zoneEl ? held.keys.map((k) => zoneEl.querySelector(`[data-key="${CSS.escape(k)}"]`)).filter(Boolean) : [];
    const finish = () => {
      if (ui.held !== held) return;
      ui.held = null;
      draw(true);
    };
    if (cfg.reducedMotion || !els.length) {
      finish();
      return;
    }
    const place = host.querySelector(`[data-seat="${held.winner}"]`);
    const target = place && (place.querySelector(".ft-fan, .ft-holding, .ft-plaque") || place);
    const anims = sweep(els, target ? target.getBoundingClientRect() : null);
    track(anims);
    Promise.all(anims.map((a) => a.finished)).then(finish, () => {});
  }

  const api = {
    set(partial = {}) {
      if (dead) return api;
      const oldPic = cfg.picture;
      const oldHand = cfg.hand || [];
      Object.assign(cfg, partial);
      if (partial.reducedMotion === null) cfg.reducedMotion = prefersStill();
      const why = { gave: [], drew: false, dealing: false };
      if ("picture" in partial && partial.picture !== oldPic) {
        trackTricks(oldPic, cfg.picture);
        why.gave = seatsThatGave(oldPic, cfg.picture);
        const a = stockCount(oldPic);
        const b = stockCount(cfg.picture);
        why.drew = a !== null && b !== null && b < a;
        const kept = new Set(oldHand);
        const fresh = (cfg.hand || []).filter((c) => !kept.has(c)).length;
        why.dealing = fresh >= 3 && fresh >= (cfg.hand || []).length / 2;
      }
      draw(true, why);
      return api;
    },
    on(name, fn) {
      if (!handlers.has(name)) throw new Error(`felt: no event ${name}; one of ${EVENTS.join(", ")}`);
      handlers.get(name).add(fn);
      return () => handlers.get(name).delete(fn);
    },
    animating() {
      return [...running].filter((a) => a.playState === "running" || a.playState === "pending").length;
    },
    destroy() {
      if (dead) return;
      dead = true;
      clearTimeout(ui.heldTimer);
      observer.disconnect();
      detach();
      for (const a of [...running]) a.cancel();
      render(null, host);
      host.remove();
    },
  };

  const detach = attachGestures(host, {
    cfg: () => cfg,
    emit,
    select(sel) {
      cfg.selected = sel;
      draw(true);
      emit("select", [...sel]);
    },
    toggleSpread(id) {
      if (ui.spreadOpen.has(id)) ui.spreadOpen.delete(id);
      else ui.spreadOpen.add(id);
      draw(true);
    },
    focusKey(key) {
      ui.focusKey = key;
    },
  });

  let lastSize = "";
  const observer = new ResizeObserver(() => {
    const size = `${element.clientWidth}x${element.clientHeight}`;
    if (size !== lastSize && drawn) draw(false);
    lastSize = size;
  });
  observer.observe(element);
  ensureCss(() => draw(false));
  if (cfg.picture) trackTricks(null, cfg.picture);
  draw(false);
  lastSize = `${element.clientWidth}x${element.clientHeight}`;
  return api;
}
