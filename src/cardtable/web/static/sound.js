// Short sounds made with the Web Audio API (no audio files): your turn, a card played or
// drawn, a trick won, a deal's end. Off by the settings' toggle, remembered in this browser.

import { readSetting, writeSetting } from "./store.js";

const KEY = "cardtable.sound";
let ctx = null;

export function soundOn() {
  return readSetting(KEY, "1") !== "0";
}

export function setSound(on) {
  writeSetting(KEY, on ? "1" : "0");
  if (on) wake();
}

/** Browsers start audio only after a gesture: the first press wakes it. */
function wake() {
  try {
    if (!ctx) {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) return null;
      ctx = new Ctx();
    }
    if (ctx.state === "suspended") ctx.resume();
  } catch (e) {
    ctx = null;
  }
  return ctx;
}

for (const ev of ["pointerdown", "keydown"]) {
  document.addEventListener(ev, () => { if (soundOn()) wake(); }, { capture: true, passive: true });
}

/** One tone: ``freq`` Hz from ``at`` seconds for ``dur`` seconds, shaped so it never clicks. */
function tone(freq, at, dur, { type = "sine", gain = 0.12, slide = 0 } = {}) {
  const c = ctx;
  const t0 = c.currentTime + at;
  const osc = c.createOscillator();
  const g = c.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  if (slide) osc.frequency.exponentialRampToValueAtTime(freq * slide, t0 + dur);
  g.gain.setValueAtTime(0.0001, t0);
  g.gain.exponentialRampToValueAtTime(gain, t0 + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
  osc.connect(g).connect(c.destination);
  osc.start(t0);
  osc.stop(t0 + dur + 0.02);
}

const SOUNDS = {
  turn: () => { tone(660, 0, 0.14); tone(880, 0.12, 0.2); },
  card: () => tone(1400, 0, 0.05, { type: "triangle", gain: 0.08, slide: 0.5 }),
  trick: () => { tone(520, 0, 0.08, { type: "triangle" }); tone(780, 0.07, 0.12, { type: "triangle" }); },
  deal: () => { [523, 659, 784, 1047].forEach((f, i) => tone(f, i * 0.09, 0.22, { gain: 0.1 })); },
};

/** Play a named sound (turn, card, trick, deal) when sounds are on. */
export function play(name) {
  document.body.dataset.lastSound = name;          // for tests and tools: what was heard
  if (!soundOn() || !SOUNDS[name]) return;
  const c = ctx;            // made by the person's first press (browsers allow no sound before)
  if (!c || c.state !== "running") return;
  try { SOUNDS[name](); } catch (e) { /* a sound is never worth an error */ }
}
