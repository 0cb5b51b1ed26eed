// Remik's meld builder: the person puts selected cards into groups on the table (each group
// drawn as a meld in front of them, not sent yet), sees a live check line — for an opening,
// the points so far of the required minimum and whether a pure run is there yet, computed
// from the cards' values as a display aid only — and sends the groups as one move. The
// server judges it; a legal move with the same groups is sent as the engine lists it (with
// what each joker stands for).

import { parseCard } from "./cards.js";
import { t } from "./i18n.js";
import { sameCards } from "./gestures.js";

const RUN = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

/** Is the builder offered now? Remik, in the part of this seat's turn where melds are laid
 * down (after the draw: a discard is legal then, or a meld is). */
export function builderActive(w) {
  return Boolean(w && w.view.game === "remik" && !w.view.over && !w.fromFinished
    && (w.legal || []).some((m) => /^(meld|take meld|discard) /.test(m)));
}

function setValue(rank) {
  return rank === "A" ? 11 : ["J", "Q", "K"].includes(rank) ? 10 : Number(rank);
}

function runValue(pos) {      // 1 = ace at the bottom … 14 = ace at the top
  return pos === 1 ? 1 : pos === 14 ? 11 : Math.min(pos, 10);
}

/** One group as Remik would count it: ``{kind, value, pure, stands}`` (``stands``: what each
 * joker would stand for, in order), or ``{kind: null}`` when it is no meld. */
export function judgeGroup(cards) {
  const parsed = cards.map((c) => parseCard(c.startsWith("JK=") ? "JK" : c));
  if (cards.length < 3 || parsed.some((p) => !p)) return { kind: null, value: 0, pure: false, stands: [] };
  const naturals = parsed.filter((p) => !p.joker);
  const jokers = parsed.length - naturals.length;
  if (!naturals.length) return { kind: null, value: 0, pure: false, stands: [] };
  const rank = naturals[0].rank;
  if (naturals.every((p) => p.rank === rank)) {
    const suits = new Set(naturals.map((p) => p.suit));
    const free = ["♠", "♥", "♦", "♣"].filter((s) => !suits.has(s));
    const stands = free.slice(0, jokers).map((s) => rank + s);
    const faces = [...cards.filter((c) => !c.startsWith("JK")), ...stands.map((c) => `JK=${c}`)];
    return { kind: "set", value: setValue(rank) * cards.length, pure: false, stands, faces };
  }
  const suit = naturals[0].suit;
  if (!naturals.every((p) => p.suit === suit)) return { kind: null, value: 0, pure: false, stands: [] };
  for (const high of [false, true]) {
    const pos = naturals.map((p) => (p.rank === "A" ? (high ? 14 : 1) : RUN.indexOf(p.rank) + 1)).sort((a, b) => a - b);
    if (new Set(pos).size !== pos.length) continue;
    const gaps = pos[pos.length - 1] - pos[0] + 1 - pos.length;
    if (gaps > jokers) continue;
    let lo = pos[0];
    let hi = pos[pos.length - 1];
    let extra = jokers - gaps;
    while (extra > 0 && hi < 14) { hi += 1; extra -= 1; }
    while (extra > 0 && lo > 1) { lo -= 1; extra -= 1; }
    const at = new Map(naturals.map((n, i) => [pos[i], null]));
    const natural = cards.filter((c) => !c.startsWith("JK"));
    for (const c of natural) {
      const r = parseCard(c).rank;
      at.set(r === "A" ? (high ? 14 : 1) : RUN.indexOf(r) + 1, c);
    }
    const stands = [];
    const faces = [];
    let value = 0;
    for (let p = lo; p <= hi; p++) {
      value += runValue(p);
      if (at.get(p)) {
        faces.push(at.get(p));
      } else {
        const c = (p === 14 || p === 1 ? "A" : RUN[p - 1]) + suit;
        stands.push(c);
        faces.push(`JK=${c}`);
      }
    }
    return { kind: "run", value, pure: jokers === 0, stands, faces };
  }
  return { kind: null, value: 0, pure: false, stands: [] };
}

/** The check line under the groups: an opening's points of its minimum and the pure run,
 * else the groups' points. */
export function checkLine(w, groups) {
  const judged = groups.map(judgeGroup);
  const points = judged.reduce((a, g) => a + g.value, 0);
  const bad = judged.filter((g) => !g.kind).length;
  const parts = [];
  const me = w.seat;
  const opened = Array.isArray(w.view.opened) && me !== null ? Boolean(w.view.opened[me]) : true;
  if (!opened && w.view.opening_min !== undefined) {
    const min = Number(w.view.opening_min);
    parts.push(t("opening: {points} of {minimum}", { points, minimum: min }));
    const needsPure = !w.view.options || w.view.options.opening_requires_pure_run !== false;
    if (needsPure) parts.push(judged.some((g) => g.pure) ? t("a pure run ✓") : t("no pure run yet"));
    if (points >= min && (!needsPure || judged.some((g) => g.pure)) && !bad) parts.push("✓");
  } else {
    parts.push(t("{points} points", { points }));
  }
  if (bad) parts.push(t("{n} of the groups is no meld yet", { n: bad }));
  return parts.join(" · ");
}

function groupsOf(text) {
  return [...text.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1].split(/\s+/).filter(Boolean)
    .map((c) => (c.startsWith("JK") ? "JK" : c)));
}

/** The legal moves that lay down exactly these groups (``verb``: "meld" or "take meld"). */
export function legalFor(legal, groups, verb = "meld") {
  const want = groups.map((g) => g.map((c) => (c.startsWith("JK") ? "JK" : c)));
  return (legal || []).filter((m) => {
    if (!m.startsWith(verb + " ") || m.startsWith("meld") !== verb.startsWith("meld")) return false;
    const got = groupsOf(m);
    if (got.length !== want.length) return false;
    const left = [...got];
    return want.every((g) => {
      const i = left.findIndex((x) => sameCards(x, g));
      if (i < 0) return false;
      left.splice(i, 1);
      return true;
    });
  });
}

/** The move text for the groups: a run in its order, each joker written with the card it
 * would stand for (a group that is no meld as it was put together: the server says why). */
export function compose(groups) {
  return "meld " + groups.map((g) => {
    const j = judgeGroup(g);
    return "[" + (j.kind ? j.faces : g).join(" ") + "]";
  }).join(" ");
}
