// The scorekeeper's entry form (/score, issue 30): one deal's end as the game's tally fields
// describe it (POST /api/score/fields; docs/scorekeeper.md has every kind and every game's
// entry), drawn as widgets that take few taps: cards on a grid of the pack (scorecards.js),
// players as buttons with their names, choices as segmented buttons, numbers with steppers, an
// order by tapping players in turn, penalties as a list of events, rounds as repeated small
// forms. Per-seat fields with cards get a tab per player (the player's name on it); other
// per-seat fields a line per player. The form only builds the entry (seats from 0, as the
// engine's JSON); the server scores it and refuses what is impossible.

import { cardPicker, asTokens, packCounts, readToken } from "./scorecards.js";
import { pageUrl, t } from "./i18n.js";

const CARD_KINDS = new Set(["cards", "card", "melds", "rows"]);

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

function button(cls, text) {
  const b = el("button", cls, text);
  b.type = "button";
  return b;
}

/** A person's name with the seat counted from 1: "Ann (1)". */
export function seatName(names, seat) {
  return t("{name} ({seat})", { name: names[seat] ?? "?", seat: seat + 1 });
}

/** The rules page of a rule id ("dummy:O7" → /rules/dummy), at the section that explains it
 * when its ``anchor`` is known (the fields answer's ``rule_anchors``, a score line's ``anchor``):
 * /rules/dummy#<anchor>; the rule's id is its title. */
export function ruleLink(rule, fallbackGame, anchor = null) {
  const [game, id] = String(rule || "").includes(":") ? rule.split(":", 2) : [fallbackGame, rule];
  const a = el("a", "sk-rule", id ? t("rule {rule}", { rule: id }) : t("rules"));
  a.href = pageUrl(`/rules/${encodeURIComponent(game)}`) + (anchor ? `#${encodeURIComponent(anchor)}` : "");
  a.target = "_blank";
  a.rel = "noopener";
  a.title = t("the rules page of the game ({rule})", { rule: rule || game });
  return a;
}

/** Nothing entered, as the engine reads it: null, false, "", [] or a per-seat list of those. */
export function blank(v) {
  if (v === null || v === undefined || v === false || v === "") return true;
  if (Array.isArray(v)) return v.length === 0 || v.every((x) => x === null || x === undefined || x === false || x === "" || (Array.isArray(x) && x.length === 0));
  return false;
}

const clone = (v) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));

/** A field's value as the server takes it (cards as token lists, blanks left out). */
function clean(f, v, players) {
  if (f.per_seat) {
    const list = Array.from({ length: players }, (_, s) => clean({ ...f, per_seat: false }, Array.isArray(v) ? v[s] : null, players));
    const filler = f.kind === "flag" ? false : f.kind === "cards" || f.kind === "melds" ? [] : null;
    const out = list.map((x) => (x === undefined ? filler : x));
    return out.every((x) => blank(x)) ? undefined : out;
  }
  if (blank(v)) return undefined;
  switch (f.kind) {
    case "cards": return typeof v === "string" ? v : asTokens(v);
    case "card": return readToken(v) || String(v);
    case "melds": return v.map((g) => (typeof g === "string" ? g : asTokens(g))).filter((g) => g.length);
    case "rows": return v.map((r) => (typeof r === "string" ? r : asTokens(r || [])));
    case "count": {
      const n = Number(v);
      return typeof v === "string" && (v.trim() === "" || !Number.isFinite(n)) ? (v.trim() || undefined) : n;
    }
    case "penalty": return v.map((e) => {
      const out = { rule: e.rule ?? null, seat: e.seat ?? null };
      if (e.against !== null && e.against !== undefined) out.against = e.against;
      if (e.card) out.card = readToken(e.card) || e.card;
      return out;
    });
    case "rounds": return v.map((r) => subEntry(f.parts || [], r, players));
    default: return v;
  }
}

function subEntry(fields, values, players) {
  const out = {};
  for (const f of fields) {
    const v = clean(f, values ? values[f.key] : undefined, players);
    if (v !== undefined) out[f.key] = v;
  }
  return out;
}

/** The starting value of a field (a per-seat count starts at 0 where 0 is allowed). */
function initial(f, players) {
  const one = f.kind === "count" && f.per_seat && (f.min ?? 0) <= 0 && (f.max ?? 0) >= 0 ? 0 : null;
  if (f.per_seat) return Array.from({ length: players }, () => (f.kind === "flag" ? false : one));
  if (f.kind === "penalty") return [];
  // a table that plays a fixed number of rounds a deal says so in the field's min
  if (f.kind === "rounds") return Array.from({ length: Math.max(1, f.min || 1) }, () => ({}));
  return f.kind === "flag" ? false : null;
}

export class EntryForm {
  /** ``root``: the element to draw in; ``setup``: the fields answer ({fields, players, names,
   * pack, game}); ``onChange()`` after every change. */
  constructor(root, setup, onChange = () => {}) {
    this.root = root;
    this.fields = setup.fields || [];
    this.players = setup.players;
    this.names = setup.names;
    this.game = setup.game;
    this.ruleAnchors = setup.rule_anchors || {};
    this.pack = packCounts(setup.pack, setup.pack_copies);
    this.onChange = onChange;
    this.tab = 0;
    this.values = {};
    this.clear();
  }

  clear(template = null) {
    this.values = {};
    this.tab = 0;
    for (const f of this.fields) this.values[f.key] = initial(f, this.players);
    if (template) this.prefill(template);
    this.render();
  }

  /** A new deal's form, from the previous deal's entry: as many rounds, and each ``prev_x``
   * field filled with that deal's ``x`` (捉黑A's tribute needs the previous hand). */
  prefill(previous) {
    for (const f of this.fields) {
      if (f.kind === "rounds" && Array.isArray(previous[f.key]) && previous[f.key].length) {
        this.values[f.key] = previous[f.key].map(() => ({}));
      }
      if (f.key.startsWith("prev_")) {
        const from = previous[f.key.slice(5)];
        if (from !== undefined && from !== null) this.values[f.key] = clone(from);
      }
    }
  }

  /** Show ``entry`` (a deal's, for a correction, or one given back by undo). */
  load(entry) {
    this.values = {};
    this.tab = 0;
    for (const f of this.fields) {
      const v = entry ? entry[f.key] : undefined;
      this.values[f.key] = v === undefined || v === null ? initial(f, this.players) : clone(v);
      if (f.kind === "rounds") {
        this.values[f.key] = (Array.isArray(v) && v.length ? v : initial(f, this.players)).map((r) => ({ ...r }));
      }
      if (f.per_seat && !Array.isArray(this.values[f.key])) this.values[f.key] = initial(f, this.players);
    }
    this.render();
  }

  /** The entry as the server takes it: every key with something entered. */
  entry() {
    return subEntry(this.fields, this.values, this.players);
  }

  isBlank() {
    return Object.keys(this.entry()).length === 0;
  }

  // --- drawing ------------------------------------------------------------------------------

  changed() {
    for (const u of this.updaters) u();
    this.onChange();
  }

  /** How many copies of ``card`` places other than ``except`` hold (places that count cards:
   * per-seat fields, and a field the server says places its cards). */
  usedElsewhere(card, except) {
    let n = 0;
    for (const f of this.fields) {
      const places = f.place ?? f.per_seat;
      if (!places || !CARD_KINDS.has(f.kind)) continue;
      const v = this.values[f.key];
      const seats = f.per_seat ? (v || []).map((x, s) => [s, x]) : [[null, v]];
      for (const [s, x] of seats) {
        if (except && except.key === f.key && except.seat === s) continue;
        let cards = [];
        if (f.kind === "card") cards = x && readToken(x) ? [readToken(x)] : [];
        else if (f.kind === "cards") cards = asTokens(x);
        else if (Array.isArray(x)) cards = x.flatMap((g) => asTokens(g || []));
        for (const c of cards) if (c === card) n += 1;
      }
    }
    return n;
  }

  render() {
    this.updaters = [];
    this.root.replaceChildren();
    const perSeat = this.fields.filter((f) => f.per_seat);
    const tabs = perSeat.some((f) => CARD_KINDS.has(f.kind));
    let placed = false;
    for (const f of this.fields) {
      if (f.per_seat && tabs) {
        if (!placed) this.root.append(this.seatTabs(perSeat));
        placed = true;
        continue;
      }
      this.root.append(this.field(f, this.accessor(f.key)));
    }
    for (const u of this.updaters) u();
  }

  accessor(key, seat = null, base = () => this.values) {
    return {
      get: () => {
        const v = base()[key];
        return seat === null ? v : (Array.isArray(v) ? v[seat] : null);
      },
      set: (value) => {
        const b = base();
        if (seat === null) b[key] = value;
        else {
          if (!Array.isArray(b[key])) b[key] = Array.from({ length: this.players }, () => null);
          b[key][seat] = value;
        }
        this.changed();
      },
      key,
      seat,
    };
  }

  /** The players' tabs, each with every per-seat field of that player. */
  seatTabs(fields) {
    const box = el("section", "sk-seats");
    const bar = el("div", "sk-tabs");
    bar.setAttribute("role", "tablist");
    bar.setAttribute("aria-label", t("players"));
    const panels = [];
    const tabs = [];
    for (let s = 0; s < this.players; s++) {
      const tab = button("sk-tab");
      tab.setAttribute("role", "tab");
      tab.id = `sk-tab-${s}`;
      tab.dataset.seat = String(s);
      const name = el("span", "sk-tab-name", seatName(this.names, s));
      const note = el("span", "sk-tab-note");
      tab.append(name, note);
      tab.addEventListener("click", () => this.showTab(s));
      tab.addEventListener("keydown", (ev) => {
        const d = ev.key === "ArrowRight" ? 1 : ev.key === "ArrowLeft" ? -1 : 0;
        if (!d) return;
        const next = (s + d + this.players) % this.players;
        this.showTab(next);
        tabs[next].focus();
      });
      const panel = el("div", "sk-tab-panel");
      panel.setAttribute("role", "tabpanel");
      panel.setAttribute("aria-labelledby", tab.id);
      panel.dataset.seat = String(s);
      for (const f of fields) panel.append(this.field(f, this.accessor(f.key, s), s));
      tabs.push(tab);
      panels.push(panel);
      bar.append(tab);
      // the tab says how many cards the player has so far
      this.updaters.push(() => {
        const f = fields.find((x) => CARD_KINDS.has(x.kind));
        const v = f ? (this.values[f.key] || [])[s] : null;
        const n = !v ? 0 : f.kind === "cards" ? asTokens(v).length : f.kind === "card" ? 1
          : v.flatMap((g) => asTokens(g || [])).length;
        note.textContent = n ? String(n) : "";
      });
    }
    this.tabEls = { tabs, panels };
    box.append(bar, ...panels);
    this.showTab(Math.min(this.tab, this.players - 1));
    return box;
  }

  showTab(s) {
    this.tab = s;
    if (!this.tabEls) return;
    this.tabEls.tabs.forEach((tab, i) => {
      tab.setAttribute("aria-selected", i === s ? "true" : "false");
      tab.tabIndex = i === s ? 0 : -1;
    });
    this.tabEls.panels.forEach((p, i) => { p.hidden = i !== s; });
  }

  /** One field: its label (and rule link, help), then its widget; a per-seat field outside
   * the tabs has a line per player. */
  field(f, acc, seat = null, game = this.game) {
    const box = el("div", `sk-field sk-kind-${f.kind}`);
    box.dataset.field = f.key;
    if (seat !== null) box.dataset.seat = String(seat);
    const head = el("div", "sk-field-head");
    const label = el("span", "sk-label", f.label);
    label.id = `sk-l-${f.key}-${seat ?? "all"}-${Math.random().toString(36).slice(2, 7)}`;
    head.append(label);
    if (f.optional) head.append(el("span", "sk-optional", t("optional")));
    if (f.rule) head.append(ruleLink(f.rule, game, this.ruleAnchors[f.rule]));
    const oneButton = f.kind === "flag" && !(f.per_seat && seat === null);
    if (!oneButton) box.append(head);
    if (f.per_seat && seat === null) {
      const lines = el("div", "sk-per-seat");
      for (let s = 0; s < this.players; s++) {
        const line = el("div", "sk-seat-line");
        line.dataset.seat = String(s);
        line.append(el("span", "sk-seat-name", seatName(this.names, s)));
        const sub = { get: () => { const v = acc.get(); return Array.isArray(v) ? v[s] : null; },
          set: (value) => {
            const v = Array.isArray(acc.get()) ? [...acc.get()] : Array.from({ length: this.players }, () => null);
            v[s] = value;
            acc.set(v);
          } };
        line.append(this.widget({ ...f, per_seat: false }, sub, s, label));
        lines.append(line);
      }
      box.append(lines);
    } else {
      box.append(this.widget(f, acc, seat, label));
    }
    if (oneButton && f.rule) {
      // a flag is one button with its label; the rule link beside it
      box.lastChild.append(ruleLink(f.rule, game, this.ruleAnchors[f.rule]));
    }
    if (f.help) box.append(el("p", "sk-help", f.help));
    return box;
  }

  widget(f, acc, seat, label) {
    const name = f.label + (seat !== null ? ` — ${seatName(this.names, seat)}` : "");
    switch (f.kind) {
      case "cards": case "card": case "melds": case "rows": {
        // a field that picks among cards entered elsewhere (gin's melds, Dummy's head card)
        // greys nothing; one that places its cards greys those other places hold
        const places = f.place ?? (f.per_seat || seat !== null);
        const p = cardPicker({ kind: f.kind, get: acc.get, set: acc.set, pack: this.pack, label: name,
          elsewhere: places ? (c) => this.usedElsewhere(c, { key: acc.key ?? f.key, seat: acc.seat ?? seat }) : () => 0 });
        this.updaters.push(p.update);
        p.update();
        const first = this.fields.find((x) => CARD_KINDS.has(x.kind) && x.per_seat === f.per_seat);
        if (!f.optional || f.kind === "card" || (f.per_seat && first && first.key === f.key)) return p.el;
        // an optional set of cards after the first is rarely needed: folded until wanted
        const box = el("details", "sk-fold");
        box.open = !blank(acc.get());
        const sum = el("summary", "small-button", t("enter the cards"));
        box.append(sum, p.el);
        return box;
      }
      case "flag": return this.flag(f, acc, seat);
      case "seat": return this.seats(acc, f.optional, label);
      case "choice": return this.choice(f, acc, label);
      case "count": return this.count(f, acc, name);
      case "order": return this.order(acc, f.help);
      case "penalty": return this.penalties(f, acc);
      case "rounds": return this.rounds(f, acc);
      default: {
        const i = el("input", "sk-text");
        i.value = acc.get() ?? "";
        i.addEventListener("change", () => acc.set(i.value));
        return i;
      }
    }
  }

  flag(f, acc, seat) {
    const line = el("div", "sk-flag-line");
    const b = button("sk-flag");
    b.append(el("span", "sk-check"), el("span", "", f.label));
    if (seat !== null && !f.per_seat) b.setAttribute("aria-label", `${f.label} — ${seatName(this.names, seat)}`);
    b.addEventListener("click", () => acc.set(!acc.get()));
    this.updaters.push(() => { b.setAttribute("aria-pressed", acc.get() ? "true" : "false"); });
    b.setAttribute("aria-pressed", acc.get() ? "true" : "false");
    line.append(b);
    return line;
  }

  /** Buttons of ``options`` [{value, text}]; a tap on the chosen one clears it. */
  segmented(options, acc, label, cls = "") {
    const box = el("div", `sk-seg ${cls}`);
    box.setAttribute("role", "group");
    if (label) box.setAttribute("aria-labelledby", label.id);
    const buttons = options.map((o) => {
      const b = button("sk-opt");
      b.append(el("span", "", o.text));
      if (o.extra) b.append(o.extra);
      b.dataset.value = String(o.value);
      b.addEventListener("click", () => acc.set(acc.get() === o.value ? null : o.value));
      box.append(b);
      return [o.value, b];
    });
    const paint = () => {
      for (const [v, b] of buttons) b.setAttribute("aria-pressed", acc.get() === v ? "true" : "false");
    };
    paint();
    this.updaters.push(paint);
    return box;
  }

  seats(acc, optional, label) {
    const opts = this.names.map((_, s) => ({ value: s, text: seatName(this.names, s) }));
    const box = this.segmented(opts, acc, label, "sk-seat-buttons");
    if (optional) box.append(el("span", "sk-none-note", t("tap again for none")));
    return box;
  }

  choice(f, acc, label) {
    return this.segmented((f.choices || []).map((c) => ({ value: c.value, text: c.label })), acc, label);
  }

  count(f, acc, name) {
    const box = el("div", "sk-count-box");
    const step = f.step || 1;
    const input = el("input", "sk-number");
    input.type = "number";
    input.inputMode = "numeric";
    input.step = String(step);
    if (f.min !== null && f.min !== undefined) input.min = String(f.min);
    if (f.max !== null && f.max !== undefined) input.max = String(f.max);
    input.setAttribute("aria-label", name);
    const minus = button("sk-step", "−");
    minus.setAttribute("aria-label", t("{field}: less", { field: name }));
    const plus = button("sk-step", "+");
    plus.setAttribute("aria-label", t("{field}: more", { field: name }));
    const bump = (d) => {
      const v = acc.get();
      const lo = f.min ?? 0;
      let n = v === null || v === undefined || v === "" || !Number.isFinite(Number(v)) ? (d > 0 ? lo : (f.max ?? lo)) : Number(v) + d * step;
      if (f.min !== null && f.min !== undefined) n = Math.max(f.min, n);
      if (f.max !== null && f.max !== undefined) n = Math.min(f.max, n);
      acc.set(n);
    };
    minus.addEventListener("click", () => bump(-1));
    plus.addEventListener("click", () => bump(1));
    input.addEventListener("input", () => {
      const raw = input.value.trim();
      const n = Number(raw);
      acc.set(raw === "" ? null : Number.isInteger(n) ? n : raw);
    });
    const paint = () => {
      if (document.activeElement !== input) input.value = acc.get() ?? "";
    };
    paint();
    this.updaters.push(paint);
    box.append(minus, input, plus);
    return box;
  }

  order(acc, help) {
    const box = el("div", "sk-order");
    const pool = el("div", "sk-seg sk-seat-buttons");
    const list = el("ol", "sk-order-list");
    const clear = button("small-button sk-order-clear", t("clear"));
    const get = () => (Array.isArray(acc.get()) ? acc.get() : []);
    const buttons = this.names.map((_, s) => {
      const b = button("sk-opt", seatName(this.names, s));
      b.dataset.value = String(s);
      b.addEventListener("click", () => {
        let v = get();
        if (v.includes(s)) v = v.filter((x) => x !== s);
        else {
          v = [...v, s];
          // the last one left goes last: one tap fewer
          const rest = this.names.map((__, k) => k).filter((k) => !v.includes(k));
          if (rest.length === 1) v.push(rest[0]);
        }
        acc.set(v.length ? v : null);
      });
      pool.append(b);
      return b;
    });
    clear.addEventListener("click", () => acc.set(null));
    const paint = () => {
      const v = get();
      buttons.forEach((b, s) => {
        const at = v.indexOf(s);
        b.setAttribute("aria-pressed", at >= 0 ? "true" : "false");
        b.dataset.place = at >= 0 ? String(at + 1) : "";
      });
      list.replaceChildren(...v.map((s) => el("li", "", seatName(this.names, s))));
      list.hidden = !v.length;
      clear.hidden = !v.length;
    };
    paint();
    this.updaters.push(paint);
    box.append(pool, list, clear);
    box.append(el("p", "sk-help", t("Tap the players in order: the first one first.")));
    box.lastChild.hidden = Boolean(help);
    return box;
  }

  penalties(f, acc) {
    const box = el("div", "sk-penalties");
    const events = Array.isArray(acc.get()) ? acc.get() : [];
    events.forEach((e, i) => {
      const row = el("div", "sk-penalty");
      row.dataset.index = String(i);
      const top = el("div", "sk-penalty-top");
      top.append(el("strong", "", t("Penalty {n}", { n: i + 1 })));
      const x = button("small-button sk-remove", t("remove"));
      x.addEventListener("click", () => { acc.get().splice(i, 1); this.changed(); this.render(); });
      top.append(x);
      row.append(top);
      const part = (key) => ({ get: () => e[key] ?? null, set: (v) => { e[key] = v; this.changed(); } });
      const rules = el("div", "sk-seg sk-rule-buttons");
      rules.setAttribute("role", "group");
      rules.setAttribute("aria-label", t("which penalty"));
      const ruleButtons = (f.choices || []).map((c) => {
        const b = button("sk-opt sk-rule-opt");
        b.dataset.value = c.value;
        b.append(el("span", "", c.label));
        b.addEventListener("click", () => part("rule").set(e.rule === c.value ? null : c.value));
        const wrap = el("div", "sk-rule-choice");
        wrap.append(b);
        if (c.rule) wrap.append(ruleLink(c.rule, this.game, this.ruleAnchors[c.rule]));
        rules.append(wrap);
        return b;
      });
      // once a rule is chosen the others fold away (a tap on it shows them again)
      const paintRules = () => ruleButtons.forEach((b) => {
        b.setAttribute("aria-pressed", e.rule === b.dataset.value ? "true" : "false");
        b.parentElement.hidden = Boolean(e.rule) && e.rule !== b.dataset.value;
      });
      paintRules();
      this.updaters.push(paintRules);
      const who = el("div", "sk-sub");
      who.dataset.part = "seat";
      const l1 = el("span", "sk-sublabel", t("charged to"));
      l1.id = `sk-pen-${i}-seat`;
      who.append(l1, this.segmented(this.names.map((_, s) => ({ value: s, text: seatName(this.names, s) })), part("seat"), l1, "sk-seat-buttons"));
      const against = el("div", "sk-sub");
      against.dataset.part = "against";
      const l2 = el("span", "sk-sublabel", t("who profited (optional)"));
      l2.id = `sk-pen-${i}-against`;
      against.append(l2, this.segmented(this.names.map((_, s) => ({ value: s, text: seatName(this.names, s) })), part("against"), l2, "sk-seat-buttons"));
      const card = el("label", "sk-sub sk-penalty-card");
      const input = el("input", "sk-typed");
      input.value = e.card || "";
      input.placeholder = t("card (optional): qs");
      input.autocomplete = "off";
      input.addEventListener("change", () => part("card").set(input.value.trim() || null));
      input.addEventListener("keydown", (ev) => { if (ev.key === "Enter") { ev.preventDefault(); input.blur(); } });
      card.append(el("span", "sk-sublabel", t("the card (optional)")), input);
      row.append(rules, who, against, card);
      box.append(row);
    });
    const add = button("small-button sk-add", t("add penalty"));
    add.addEventListener("click", () => {
      const v = Array.isArray(acc.get()) ? acc.get() : [];
      v.push({ rule: (f.choices || []).length === 1 ? f.choices[0].value : null, seat: null });
      acc.set(v);
      this.render();
      const rows = this.root.querySelectorAll(".sk-penalty");
      if (rows.length) rows[rows.length - 1].scrollIntoView({ block: "nearest" });
    });
    box.append(add);
    return box;
  }

  rounds(f, acc) {
    const box = el("div", "sk-rounds");
    const rounds = Array.isArray(acc.get()) ? acc.get() : [];
    rounds.forEach((r, i) => {
      const sub = el("fieldset", "sk-round");
      sub.dataset.index = String(i);
      const legend = el("legend", "", t("Round {n}", { n: i + 1 }));
      sub.append(legend);
      for (const p of f.parts || []) {
        if (p.per_seat && !Array.isArray(r[p.key])) r[p.key] = initial(p, this.players);
        if (!(p.key in r)) r[p.key] = initial(p, this.players);
        sub.append(this.field(p, this.accessor(p.key, null, () => r)));
      }
      if (rounds.length > 1) {
        const x = button("small-button sk-remove", t("remove round {n}", { n: i + 1 }));
        x.addEventListener("click", () => { rounds.splice(i, 1); this.changed(); this.render(); });
        sub.append(x);
      }
      box.append(sub);
    });
    const add = button("small-button sk-add", t("add round"));
    add.addEventListener("click", () => {
      rounds.push({});
      acc.set(rounds);
      this.render();
    });
    box.append(add);
    return box;
  }

  /** Mark the field the server named (``seat`` from 1) and bring it into view. */
  markError(err) {
    for (const e of this.root.querySelectorAll(".sk-bad")) e.classList.remove("sk-bad");
    if (!err || !err.field) return;
    const seat = err.seat ? err.seat - 1 : null;
    if (seat !== null && this.tabEls) this.showTab(seat);
    const sel = `.sk-field[data-field="${CSS.escape(err.field)}"]`;
    let target = seat !== null ? this.root.querySelector(`${sel}[data-seat="${seat}"]`) : null;
    target = target || this.root.querySelector(sel);
    if (target) {
      target.classList.add("sk-bad");
      target.scrollIntoView({ block: "nearest" });
    }
  }
}
