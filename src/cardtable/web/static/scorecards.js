// The scorekeeper's card picker (/score, issue 30): a compact grid of the game's pack — a row
// per suit (♠ ♥ ♦ ♣) of its ranks, and the jokers when the game has them — where a tap puts a
// card in or takes it out, with a text box beside it for typing cards as people write them
// (`10h qs ♠8`, docs/notation.md). A card the pack holds once and another place of this deal
// already has is greyed. The picked cards are shown drawn as cards (cards.js), in order.
//
// A picker holds one of: a set of cards (`cards`), one card (`card`), groups of cards built
// from a selection (`melds`) or 十三张's three rows (`rows`). It never judges the cards: the
// server does when the deal is scored.

import { cardEl, cardKey, parseCard } from "./cards.js";
import { N_, t } from "./i18n.js";

const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const SUITS = ["♠", "♥", "♦", "♣"];
const SUIT_IN = { "♠": "♠", "♥": "♥", "♦": "♦", "♣": "♣", "♤": "♠", "♡": "♥", "♢": "♦", "♧": "♣",
  s: "♠", h: "♥", d: "♦", c: "♣" };
const RANK_IN = { T: "10", 10: "10", J: "J", Q: "Q", K: "K", A: "A" };
for (const r of "23456789") RANK_IN[r] = r;
const JOKERS = ["LJ", "BJ", "JK"];
export const ROW_SIZES = [3, 5, 5];
export const ROW_NAMES = [N_("front (头道)"), N_("middle (中道)"), N_("back (尾道)")];

/** One typed token as the project's card (`10♥`, `BJ`), or null: rank then suit or suit then
 * rank, suits as symbols or letters in either case, T for 10 (docs/notation.md). */
export function readToken(token) {
  const s = String(token).trim().replace(/[\uFE0E\uFE0F]/gu, "");
  if (!s) return null;
  const up = s.toUpperCase();
  if (JOKERS.includes(up)) return up;
  const suitOf = (ch) => SUIT_IN[ch] || SUIT_IN[ch.toLowerCase()] || null;
  let suit = suitOf(s.slice(-1));
  let rank = RANK_IN[s.slice(0, -1).toUpperCase()];
  if (suit && rank) return rank + suit;
  suit = suitOf(s[0]);
  rank = RANK_IN[s.slice(1).toUpperCase()];
  return suit && rank ? rank + suit : null;
}

/** Typed text as cards: ``{cards, bad}`` (``bad`` the tokens that are no card). */
export function readCards(text) {
  const cards = [];
  const bad = [];
  for (const tok of String(text || "").replace(/,/g, " ").split(/\s+/u).filter(Boolean)) {
    const c = readToken(tok);
    if (c) cards.push(c);
    else bad.push(tok);
  }
  return { cards, bad };
}

/** A value of the entry as a list of tokens (a list already, or one string). */
export function asTokens(value) {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === "string") return readCards(value).cards;
  return [];
}

/** How many of each card the game's pack holds ({token: n}): each token of ``pack`` as often as
 * it is listed, unless ``copies`` ({token: n}) says otherwise; the 52 cards when not told. */
export function packCounts(pack, copies = null) {
  const out = {};
  const list = Array.isArray(pack) && pack.length ? pack
    : SUITS.flatMap((s) => RANKS.map((r) => r + s));
  for (const c of list) out[c] = (out[c] || 0) + 1;
  if (copies && typeof copies === "object") {
    for (const [c, n] of Object.entries(copies)) out[c] = Number(n) || 0;
  }
  return out;
}

export const sortTokens = (cards) => [...cards].sort((a, b) => cardKey(a) - cardKey(b));

function count(list, card) {
  let n = 0;
  for (const c of list) if (c === card) n += 1;
  return n;
}

function without(list, card, all = false) {
  const out = [...list];
  if (all) return out.filter((c) => c !== card);
  const i = out.lastIndexOf(card);
  if (i >= 0) out.splice(i, 1);
  return out;
}

function button(cls, text, title) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = cls;
  if (text !== undefined) b.textContent = text;
  if (title) b.title = title;
  return b;
}

function div(cls) {
  const d = document.createElement("div");
  d.className = cls;
  return d;
}

/** The grid of the pack: a row per suit and one of jokers; ``onTap(card)``. Returns the
 * element and ``paint(state)`` where ``state(card)`` is ``{n, taken}`` (n picked here, taken:
 * no copy left for this place). */
function grid(pack, onTap, label) {
  const box = div("sk-grid");
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", label);
  const buttons = new Map();
  const rows = SUITS.map((s) => ({ head: s, cards: RANKS.map((r) => r + s).filter((c) => c in pack) }));
  rows.push({ head: "", cards: JOKERS.filter((c) => c in pack) });
  for (const row of rows.filter((r) => r.cards.length)) {
    const line = div("sk-grid-row");
    if (row.head) {
      const head = document.createElement("span");
      head.className = `sk-grid-suit suit suit-${{ "♠": "s", "♥": "h", "♦": "d", "♣": "c" }[row.head]}`;
      head.textContent = row.head;
      head.setAttribute("aria-hidden", "true");
      line.append(head);
    }
    for (const c of row.cards) {
      const p = parseCard(c);
      const b = button(`sk-card ${p && p.suit ? `suit-${{ "♠": "s", "♥": "h", "♦": "d", "♣": "c" }[p.suit]}` : "sk-joker"}`,
        p && p.suit ? p.rank : c);
      b.dataset.card = c;
      b.setAttribute("aria-label", c);
      b.setAttribute("aria-pressed", "false");
      b.addEventListener("click", () => onTap(c));
      buttons.set(c, b);
      line.append(b);
    }
    box.append(line);
  }
  const paint = (state) => {
    for (const [c, b] of buttons) {
      const { n, taken } = state(c);
      b.setAttribute("aria-pressed", n > 0 ? "true" : "false");
      b.classList.toggle("on", n > 0);
      b.classList.toggle("twice", n > 1);
      b.classList.toggle("taken", taken && n === 0);
      b.disabled = taken && n === 0;
      b.title = taken && n === 0 ? t("already entered elsewhere in this deal") : "";
    }
  };
  return { el: box, paint };
}

function strip(cards, onRemove) {
  const s = div("sk-strip");
  for (const c of cards) {
    const e = cardEl(c, { small: true });
    if (onRemove) {
      const b = button("sk-strip-card", undefined, t("take {card} out", { card: c }));
      b.append(e);
      b.dataset.card = c;
      b.addEventListener("click", () => onRemove(c));
      s.append(b);
    } else {
      s.append(e);
    }
  }
  return s;
}

/**
 * A card picker for one place of the entry.
 *  kind: "cards" | "card" | "melds" | "rows"
 *  get(): the value (tokens, one token or null, groups, rows); set(value)
 *  pack: {token: copies}; elsewhere(card): copies other places of this deal hold
 *  label: the field's words (for the grid's name)
 * Returns {el, update()}.
 */
export function cardPicker({ kind, get, set, pack, elsewhere, label }) {
  const box = div(`sk-picker sk-picker-${kind}`);
  let pending = [];      // melds: the cards selected for the next group
  let activeRow = 0;     // rows: the row a tap fills
  const current = () => {
    const v = get();
    if (kind === "card") return v ? [v] : [];
    if (kind === "cards") return asTokens(v);
    if (kind === "melds") return [...(Array.isArray(v) ? v.flatMap(asTokens) : []), ...pending];
    return Array.isArray(v) ? v.flatMap(asTokens) : [];
  };
  const rowsOf = () => {
    const v = get();
    return ROW_SIZES.map((_, i) => (Array.isArray(v) && v[i] ? asTokens(v[i]) : []));
  };
  const room = (c) => (pack[c] || 0) - elsewhere(c) - count(current(), c);

  function tap(c) {
    const mine = count(current(), c);
    if (kind === "card") {
      set(get() === c ? null : c);
    } else if (kind === "cards") {
      const v = asTokens(get());
      set(room(c) > 0 ? sortTokens([...v, c]) : without(v, c, true));
    } else if (kind === "melds") {
      const inGroups = mine - count(pending, c);
      if (count(pending, c) && room(c) <= 0) pending = without(pending, c, true);
      else if (room(c) > 0) pending = [...pending, c];
      else if (inGroups) {
        // a card of a group: take it out of its group
        const groups = (get() || []).map(asTokens).map((g) => without(g, c)).filter((g) => g.length);
        set(groups);
        return;
      }
      update();
    } else {
      const rows = rowsOf();
      const at = rows.findIndex((r) => r.includes(c));
      if (at >= 0 && room(c) <= 0) {
        rows[at] = without(rows[at], c);
      } else if (room(c) > 0) {
        let i = activeRow;
        for (let k = 0; k < rows.length && rows[i].length >= ROW_SIZES[i]; k++) i = (i + 1) % rows.length;
        if (rows[i].length >= ROW_SIZES[i]) return;
        rows[i] = [...rows[i], c];
        activeRow = rows[i].length >= ROW_SIZES[i] ? (i + 1) % rows.length : i;
      } else if (at >= 0) {
        rows[at] = without(rows[at], c);
      }
      set(rows.every((r) => !r.length) ? null : rows);
    }
  }

  const g = grid(pack, tap, label);
  const shown = div("sk-picked");
  const typed = document.createElement("input");
  typed.type = "text";
  typed.className = "sk-typed";
  typed.autocomplete = "off";
  typed.spellcheck = false;
  typed.setAttribute("autocapitalize", "off");
  typed.setAttribute("aria-label", t("{field}: type cards", { field: label }));
  typed.placeholder = kind === "card" ? t("or type a card: qs") : t("or type cards: 10h qs 3c");
  const typedLine = div("sk-typed-line");
  typedLine.append(typed);
  const extra = div("sk-picker-extra");
  let rowTabs = null;

  if (kind === "rows") {
    rowTabs = div("sk-row-tabs");
    rowTabs.setAttribute("role", "group");
    rowTabs.setAttribute("aria-label", t("row to fill"));
    box.append(rowTabs);
  }
  box.append(shown, g.el, typedLine, extra);

  typed.addEventListener("change", () => {
    const raw = typed.value;
    const { cards, bad } = readCards(raw);
    if (kind === "card") {
      set(bad.length || cards.length > 1 ? raw.trim() || null : cards[0] || null);
    } else if (kind === "cards") {
      // a token that is no card goes as typed: the server names it
      set(bad.length ? raw : sortTokens(cards));
    } else if (kind === "melds") {
      if (!raw.trim()) return;
      const groups = (get() || []).map(asTokens);
      set([...groups, bad.length ? raw : cards]);
      pending = [];
      typed.value = "";
    } else {
      const rows = rowsOf();
      rows[activeRow] = bad.length ? raw : cards;
      activeRow = Math.min(activeRow + 1, rows.length - 1);
      set(rows);
    }
  });
  typed.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter") { ev.preventDefault(); typed.dispatchEvent(new Event("change")); }
  });

  function update() {
    const mine = current();
    g.paint((c) => ({ n: count(mine, c), taken: room(c) <= 0 }));
    shown.replaceChildren();
    extra.replaceChildren();
    if (kind === "card" || kind === "cards") {
      const v = get();
      const cards = kind === "card" ? (v && readToken(v) ? [readToken(v)] : []) : asTokens(v);
      if (cards.length) shown.append(strip(cards, (c) => tap(c)));
      const n = document.createElement("span");
      n.className = "sk-count";
      n.textContent = String(cards.length);
      if (kind === "cards" && cards.length) shown.append(n);
      if (document.activeElement !== typed) {
        typed.value = typeof v === "string" ? v : cards.join(" ");
      }
    } else if (kind === "melds") {
      const groups = (get() || []).map(asTokens);
      groups.forEach((grp, i) => {
        const row = div("sk-group");
        row.append(strip(grp));
        const x = button("small-button sk-remove", "×", t("remove this group"));
        x.setAttribute("aria-label", t("remove group {n}", { n: i + 1 }));
        x.addEventListener("click", () => set(groups.filter((_, k) => k !== i)));
        row.append(x);
        shown.append(row);
      });
      const add = button("small-button sk-add-group", t("add group"));
      add.disabled = !pending.length;
      add.addEventListener("click", () => {
        if (!pending.length) return;
        const next = [...groups, sortTokens(pending)];
        pending = [];
        set(next);
      });
      const sel = strip(pending, (c) => { pending = without(pending, c); update(); });
      sel.classList.add("sk-pending");
      extra.append(sel, add);
      if (document.activeElement !== typed) typed.value = "";
    } else {
      const rows = rowsOf();
      rowTabs.replaceChildren();
      rows.forEach((r, i) => {
        const b = button(`sk-row-tab${i === activeRow ? " active" : ""}`);
        b.setAttribute("aria-pressed", i === activeRow ? "true" : "false");
        b.dataset.row = String(i);
        const name = document.createElement("span");
        name.textContent = t(ROW_NAMES[i]);
        const n = document.createElement("span");
        n.className = "sk-row-n";
        n.textContent = `${r.length}/${ROW_SIZES[i]}`;
        b.append(name, n);
        const cards = r.length ? strip(r, (c) => tap(c)) : null;
        b.addEventListener("click", () => { activeRow = i; update(); });
        const line = div("sk-row-line");
        line.append(b);
        if (cards) line.append(cards);
        rowTabs.append(line);
      });
      if (document.activeElement !== typed) typed.value = "";
      typed.placeholder = t("type the {row}: 10h qs 3c", { row: t(ROW_NAMES[activeRow]) });
    }
  }

  return { el: box, update };
}
