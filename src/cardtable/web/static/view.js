// Drawing one seat's view. Everything drawn comes from the server's state frame (the engine's
// view of this seat): the page never guesses a card it was not sent.

import { backEl, cardEl, isCard, sortCards } from "./cards.js";
import { N_, t } from "./i18n.js";

const COMMON = new Set(["game", "players", "seat", "to_move", "over", "log", "scores", "items",
  "hand", "options"]);

// the keys a family (the game's declared `family`, from GET /api/games) puts in the middle of
// the table, in order
const CENTRE_KEYS = {
  rummy: ["upcard", "head", "discard", "discard_pile", "stock", "stock_count", "melds", "table"],
  tricks: ["trump", "turned", "contract", "high_bid", "trick", "last_trick", "bids", "stock", "stock_size"],
  climbing: ["top", "top_kind", "last_player", "faceup", "played"],
  layout: ["chains", "table", "dead", "joker"],
  throw: ["table", "last_throw", "thrown", "pairs", "stock", "set_aside"],
  rows: ["my_submission", "specials", "submitted", "showdown"],
};

// the words for the view's keys shown as headings (the keys themselves are data)
const KEY_WORDS = {
  upcard: N_("upcard"), head: N_("head of the discard pile"), discard: N_("discard"),
  discard_pile: N_("discard pile"), stock: N_("stock"), stock_count: N_("cards in the stock"),
  melds: N_("melds"), table: N_("table"), trump: N_("trump"), turned: N_("turned card"),
  contract: N_("contract"), high_bid: N_("highest bid"), trick: N_("trick"),
  last_trick: N_("last trick"), bids: N_("bids"), stock_size: N_("cards in the stock"),
  top: N_("top play"), top_kind: N_("kind of the top play"), last_player: N_("last to play"),
  faceup: N_("face-up cards"), played: N_("played"), chains: N_("chains"), dead: N_("dead cards"),
  joker: N_("joker"), last_throw: N_("last throw"), thrown: N_("thrown"), pairs: N_("pairs"),
  set_aside: N_("set aside"), my_submission: N_("my arrangement"), specials: N_("special hands"),
  submitted: N_("arranged"), showdown: N_("showdown"), hands: N_("hands"), round: N_("round"),
  dealer: N_("dealer"), phase: N_("phase"), scores: N_("scores"),
};

export function words(key) {
  return key in KEY_WORDS ? t(KEY_WORDS[key]) : key.replace(/_/g, " ");
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function isCardList(v) {
  return Array.isArray(v) && v.length > 0 && v.every(isCard);
}

/** A value of the view as elements: cards drawn as cards, everything else as plain text. */
export function valueEl(value, ctx, depth = 0) {
  if (value === null || value === undefined) return el("span", "none", "—");
  if (typeof value === "boolean") return el("span", "", value ? t("yes") : t("no"));
  if (typeof value === "number") return el("span", "num", String(value));
  if (typeof value === "string") {
    if (isCard(value)) return cardEl(value, { small: true });
    return el("span", "", value);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return el("span", "none", "—");
    if (isCardList(value)) {
      const row = el("span", "cards");
      value.forEach((c) => row.append(cardEl(c, { small: true })));
      return row;
    }
    // a trick's plays: [[seat, card], …]
    if (value.every((x) => Array.isArray(x) && x.length === 2 && typeof x[0] === "number" && isCard(x[1]))) {
      const row = el("span", "plays");
      value.forEach(([s, c]) => {
        const p = el("span", "play");
        p.append(el("span", "who", ctx.seatName(s)), cardEl(c, { small: true }));
        row.append(p);
      });
      return row;
    }
    if (depth < 3 && value.length === ctx.players && ctx.players > 1 &&
        value.every((x) => x === null || typeof x !== "object" || Array.isArray(x) || typeof x === "object")) {
      const list = el("div", "per-seat");
      value.forEach((x, s) => {
        const line = el("div", "line");
        line.append(el("span", "who", ctx.seatName(s)), valueEl(x, ctx, depth + 1));
        list.append(line);
      });
      return list;
    }
    const list = el("span", "list");
    value.forEach((x) => list.append(valueEl(x, ctx, depth + 1)));
    return list;
  }
  if (typeof value === "object") {
    // an opponent's hand as the engine shows it: a count and the known cards
    if ("count" in value && "known" in value && Object.keys(value).length === 2) {
      const row = el("span", "cards");
      const known = value.known || [];
      known.forEach((c) => row.append(cardEl(c, { small: true })));
      for (let i = known.length; i < value.count; i++) row.append(backEl(true));
      return row;
    }
    const dl = el("dl", "facts");
    for (const [k, v] of Object.entries(value)) {
      const label = /^\d+$/.test(k) ? ctx.seatName(Number(k)) : words(k);
      dl.append(el("dt", "", label));
      const dd = el("dd");
      dd.append(valueEl(v, ctx, depth + 1));
      dl.append(dd);
    }
    return dl;
  }
  return el("span", "", String(value));
}

function zone(key, value, ctx) {
  const z = el("section", "zone zone-" + key);
  z.dataset.zone = key;
  z.append(el("h3", "", words(key)));
  z.append(valueEl(value, ctx));
  return z;
}

/** The middle of the table (the family's zones) and the other facts of the view. */
export function drawZones(view, centre, facts, ctx) {
  centre.replaceChildren();
  facts.replaceChildren();
  const fam = CENTRE_KEYS[ctx.family] ? ctx.family : "rummy";
  const centreKeys = CENTRE_KEYS[fam].filter((k) => k in view);
  for (const k of centreKeys) centre.append(zone(k, view[k], ctx));
  for (const [k, v] of Object.entries(view)) {
    if (COMMON.has(k) || centreKeys.includes(k)) continue;
    facts.append(zone(k, v, ctx));
  }
  if (view.options) {
    const d = el("details", "zone options");
    d.append(el("summary", "", t("rules in force")), valueEl(view.options, ctx));
    facts.append(d);
  }
}

/** The seat's own cards: ``hand``, or its entry of ``hands`` where a game keeps every seat's
 * hand there (Dummy: the others' entries are counts and known cards). */
export function ownHand(view) {
  if (Array.isArray(view.hand)) return view.hand;
  if (view.seat !== null && Array.isArray(view.hands) && Array.isArray(view.hands[view.seat])) {
    return view.hands[view.seat];
  }
  return [];
}

/** The seat's own hand, sorted by suit then rank; each card carries ``data-card``. */
export function drawHand(view, box, selected, onToggle) {
  box.replaceChildren();
  const hand = sortCards(ownHand(view));
  hand.forEach((c) => {
    const b = cardEl(c, { selectable: true });
    if (selected.includes(c)) {
      b.classList.add("selected");
      b.setAttribute("aria-pressed", "true");
    }
    b.addEventListener("click", () => onToggle(c));
    box.append(b);
  });
  if (!hand.length) box.append(el("span", "none", view.seat === null ? t("spectating") : t("no cards in hand")));
}

function scoreHead() {
  const head = el("tr");
  [t("player"), t("points"), t("why")].forEach((h) => head.append(el("th", "", h)));
  return head;
}

/** Score items of a finished deal, per seat, with the engine's note for each. */
export function drawScores(view, box, ctx) {
  box.replaceChildren();
  if (!view.over) return;
  box.append(el("h3", "", t("Score of the deal")));
  const table = el("table", "score");
  table.append(scoreHead());
  (view.items || []).forEach((it) => {
    if (!it.points && !it.note) return;
    const tr = el("tr");
    tr.append(el("td", "", ctx.seatName(it.seat)));
    tr.append(el("td", "num", (it.points > 0 ? "+" : "") + it.points));
    const why = el("td");
    why.append(el("span", "", it.note || it.rule));
    if (it.cards && it.cards.length) why.append(valueEl(it.cards, ctx));
    tr.append(why);
    table.append(tr);
  });
  (view.scores || []).forEach((s, seat) => {
    const tr = el("tr", "total");
    tr.append(el("td", "", ctx.seatName(seat)), el("td", "num", String(s)), el("td", "", t("deal total")));
    table.append(tr);
  });
  box.append(table);
}

// --- the core's table layout (presentation.table_layout), when the frame carries it --------

function tokenEl(tok, opts = {}) {
  const e = cardEl(tok.text, opts);
  if (tok.new) e.classList.add("new");
  return e;
}

/** The public zones of the layout: a name and its cards or its text. */
export function drawLayoutZones(layout, centre) {
  centre.replaceChildren();
  for (const z of layout.zones || []) {
    const sec = el("section", "zone");
    sec.dataset.zone = z.name;
    sec.append(el("h3", "", z.name));
    if (Array.isArray(z.cards)) {
      const row = el("span", "cards");
      if (!z.cards.length) row.append(el("span", "none", "—"));
      z.cards.forEach((tok) => row.append(tokenEl(tok, { small: true })));
      sec.append(row);
    } else {
      sec.append(el("p", "zone-text", z.text || "—"));
    }
    centre.append(sec);
  }
}

/** The seat's hand as the layout groups it (by suit, or by rank where the game sorts so),
 * the card just drawn marked; every card a button with ``data-card``. */
export function drawLayoutHand(layout, box, selected, onToggle, fresh) {
  box.replaceChildren();
  const groups = layout.hand || [];
  let n = 0;
  const left = [...fresh];
  for (const g of groups) {
    const group = el("span", "suit-group");
    for (const tok of g.cards) {
      const b = tokenEl(tok, { selectable: true });
      const i = left.indexOf(tok.text);
      if (i >= 0) {
        b.classList.add("new");
        b.title = t("just drawn");
        left.splice(i, 1);
      }
      if (selected.includes(tok.text)) {
        b.classList.add("selected");
        b.setAttribute("aria-pressed", "true");
      }
      b.addEventListener("click", () => onToggle(tok.text));
      group.append(b);
      n++;
    }
    box.append(group);
  }
  if (!n) box.append(el("span", "none", layout.hand === null ? t("spectating") : t("no cards in hand")));
}

/** The deal's score in words (explanation.score_summary): per player, each line's reason
 * and points, then the totals; rule labels are not shown. */
export function drawSummary(score, view, box) {
  box.replaceChildren();
  if (!score) return;
  box.append(el("h3", "", t("Score of the deal")));
  if (score.note) box.append(el("p", "score-note", score.note));
  if (score.deal) box.append(el("p", "score-deal", score.deal));
  const table = el("table", "score");
  table.append(scoreHead());
  for (const s of score.seats) {
    for (const line of s.lines) {
      const tr = el("tr");
      tr.append(el("td", "", s.name), el("td", "num", (line.points > 0 ? "+" : "") + line.points),
        el("td", "", line.text));
      table.append(tr);
    }
  }
  for (const s of score.seats) {
    const tr = el("tr", "total");
    tr.append(el("td", "", s.name), el("td", "num", String(s.total)), el("td", "", t("deal total")));
    table.append(tr);
  }
  box.append(table);
  if (score.winners) box.append(el("p", "score-winners", score.winners));
}


/** The trick on the table (trick-taking games): each play in front of its player, the
 * players placed round the table as they sit (you at the bottom), the leader marked. */
export function drawTrick(view, box, seatName) {
  box.replaceChildren();
  const trick = view.trick;
  const plays = trick && Array.isArray(trick.plays) ? trick.plays : null;
  box.hidden = !plays;
  if (!plays) return;
  const n = view.players;
  const me = view.seat === null ? 0 : view.seat;
  // places on a 3×3 grid, going round from the bottom (you) in seat order
  const spots = {
    2: ["s", "n"], 3: ["s", "w", "e"], 4: ["s", "w", "n", "e"],
    5: ["s", "w", "nw", "ne", "e"], 6: ["s", "sw", "nw", "n", "ne", "se"],
  }[n] || [];
  const bySeat = new Map(plays.map(([s, c]) => [s, c]));
  box.append(el("h3", "", t("the trick")));
  const grid = el("div", "trick-grid");
  for (let k = 0; k < n; k++) {
    const seat = (me + k) % n;
    const cell = el("div", "trick-spot spot-" + (spots[k] || "n"));
    cell.dataset.seat = String(seat);
    const who = el("span", "who", trick.leader === seat ? t("{player} (led)", { player: seatName(seat) }) : seatName(seat));
    cell.append(who);
    if (bySeat.has(seat)) cell.append(cardEl(bySeat.get(seat), { small: false }));
    else cell.append(el("span", "none", "·"));
    grid.append(cell);
  }
  box.append(grid);
}
