// The replay viewer of an ended match: the card table at every step of each deal, as any seat
// saw it (or a spectator). Each step is the engine's view of that seat and the table's picture
// of it (GET /api/tables/{id}/replay/steps?seat=N, given once the match is over); the felt
// (felt/felt.js) draws the picture and animates the cards from one step to the next. Nothing
// here is played: the felt is never active. The review of the seat seen as (issue 29) is
// review.js: asked for from here, drawn over the same steps.

import { Felt } from "/static/felt/felt.js";
import { cardKey, parseCard, suitHtml } from "./cards.js";
import { pageUrl, t, withLang } from "./i18n.js";
import { askWithoutReplay, drawReview, feltResized, reviewFelt, seatChanged, setupReview } from "./review.js";

const STEP_MS = 800;                 // the pace of "play": one move every STEP_MS
const HOLD_MS = 650;                 // a complete trick stays this long before it is swept
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).slice(-2, -1)[0]);

const rp = {
  cache: new Map(),       // seat ("" for a spectator) -> the steps as that seat saw them
  data: null,             // the steps of the seat seen as now
  seat: null,             // the seat seen as (null: a spectator)
  deal: 0,
  step: 0,
  table: null,            // GET /api/tables/{id}: the seats' people and the match totals
  game: null,             // the game's entry of GET /api/games
  sort: "game",           // the hand's order: the game's ("game") or by rank ("rank")
  scoreDown: false,       // the score of the deal folded to a strip
  timer: null,            // "play" runs
};
let felt = null;

function seatLabel(s) {
  return t("Seat {n}", { n: s + 1 });
}

function players() {
  return rp.data ? rp.data.players : 0;
}

function dealData() {
  return rp.data.deals[rp.deal];
}

function lastStep() {
  return dealData().steps.length - 1;
}

// --- the data --------------------------------------------------------------------------------

/** The steps as ``seat`` saw them (fetched once per seat). False, with the reason shown, when
 * the server gives none (the match is not over, or the table is gone). */
async function load(seat) {
  const key = seat === null ? "" : String(seat);
  if (!rp.cache.has(key)) {
    const q = seat === null ? "" : `?seat=${seat}`;
    let r = null;
    let data = {};
    try {
      r = await fetch(withLang(`/api/tables/${encodeURIComponent(tableId)}/replay/steps${q}`));
      data = await r.json().catch(() => ({}));
    } catch (e) {
      r = null;
    }
    if (!r || !r.ok) {
      showMessage(data.error || t("no replay ({status})", { status: r ? r.status : 0 }));
      return false;
    }
    rp.cache.set(key, data);
  }
  rp.data = rp.cache.get(key);
  rp.seat = seat;
  return true;
}

function showMessage(text) {
  const m = $("message");
  m.textContent = text;
  m.className = "message rp-message error";
  m.hidden = !text;
}

async function json(url) {
  try {
    const r = await fetch(withLang(url));
    return r.ok ? await r.json() : null;
  } catch (e) {
    return null;
  }
}

// --- what the felt draws -------------------------------------------------------------------------

/** The seat's own cards in its view: ``hand``, or its entry of ``hands`` (Dummy keeps every
 * seat's hand there). */
function ownCards(view) {
  if (rp.seat === null) return [];
  if (Array.isArray(view.hand)) return view.hand;
  if (Array.isArray(view.hands) && Array.isArray(view.hands[rp.seat])) return view.hands[rp.seat];
  return [];
}

function tally(cards) {
  const m = new Map();
  for (const c of cards) m.set(c, (m.get(c) || 0) + 1);
  return m;
}

/** Every face-up card of one seat's place in the picture: known cards and its zones'. */
function placeCards(place) {
  if (!place) return [];
  const out = [...(place.known || [])];
  for (const z of place.zones || []) {
    out.push(...(z.cards || []), ...(z.plays || []).map((p) => p[1]));
    for (const r of z.rows || []) out.push(...(r.cards || []));
  }
  return out;
}

function rankOf(c) {
  const p = parseCard(c);
  return p && !p.joker ? RANKS.indexOf(p.rank) : 99;
}

/** The hand at the bottom, in the order its players keep it (or by rank, when asked). A hand
 * laid out in front of its seat (十三张's rows), or on the table at the end of the deal (gin's
 * knock with its lay-offs), is drawn there, not twice. */
function handOf(view, picture) {
  const cards = ownCards(view);
  if (!cards.length) return [];
  const places = view.over ? [...(picture.seats || []), { zones: picture.centre || [] }]
    : [(picture.seats || [])[rp.seat]];
  const laid = tally(places.flatMap(placeCards));
  const need = tally(cards);
  if ([...need].every(([c, n]) => (laid.get(c) || 0) >= n)) return [];
  const order = Array.isArray(picture.hand_order) ? picture.hand_order : null;
  const same = order && order.length === cards.length &&
    [...tally(order)].every(([c, n]) => need.get(c) === n);
  const base = same ? [...order] : [...cards].sort((a, b) => cardKey(a) - cardKey(b));
  if (rp.sort !== "rank") return base;
  const at = new Map(base.map((c, i) => [c, i]));
  return base.sort((a, b) => rankOf(a) - rankOf(b) || at.get(a) - at.get(b));
}

/** The deal's points per seat from its last view, when it ended. */
function dealPoints(d) {
  const v = d.steps[d.steps.length - 1];
  return v && v.over && Array.isArray(v.scores) ? v.scores : null;
}

/** Match totals at this step: the deals before it, and this one at its end; the table's own
 * totals at the end of the match (they hold its closing bonuses). */
function totalsNow() {
  const n = players();
  const deals = rp.data.deals;
  const atEnd = rp.step === lastStep();
  if (atEnd && rp.deal === deals.length - 1 && rp.table && rp.table.status === "over" &&
      Array.isArray(rp.table.totals) && rp.table.totals.length === n) {
    return rp.table.totals;
  }
  const out = Array(n).fill(0);
  const add = (pts) => { if (pts) pts.forEach((p, s) => { out[s] += Number(p) || 0; }); };
  for (let i = 0; i < rp.deal; i++) add(dealPoints(deals[i]));
  if (atEnd) add(dealPoints(deals[rp.deal]));
  return out;
}

/** Who sat at a seat: a person's name, or the bot's level. */
function seatNote(s) {
  const seat = rp.table && Array.isArray(rp.table.seats) ? rp.table.seats[s] : null;
  if (!seat) return "";
  if (seat.kind === "bot") {
    const bot = ((rp.game && rp.game.bot_choices) || []).find((b) => b.name === seat.name);
    return bot ? bot.label : seat.name || "";
  }
  return seat.name || "";
}

function seatsInfo(view) {
  const movers = new Set(view.over ? [] : view.to_move || []);
  const totals = totalsNow();
  return Array.from({ length: players() }, (_, s) => {
    const seat = rp.table && Array.isArray(rp.table.seats) ? rp.table.seats[s] : null;
    return {
      name: seatLabel(s), total: totals[s] ?? 0, note: seatNote(s), connected: null, away: false,
      bot: Boolean(seat && seat.kind === "bot"), toMove: movers.has(s), deadline: null,
    };
  });
}

/** The seat that made move ``k`` (1-based) of the deal: the one seat to move before it, else
 * the seat its log line names. */
function moverOf(d, k) {
  const before = d.steps[k - 1];
  const movers = (before && before.to_move) || [];
  if (movers.length === 1) return movers[0];
  const old = ((before && before.log) || []).length;
  for (const line of ((d.steps[k] && d.steps[k].log) || []).slice(old)) {
    const m = /^(\d+): /.exec(line);
    if (m) return Number(m[1]);
  }
  return null;
}

function moveLine(d, k) {
  let words = (d.move_words || [])[k - 1] || d.moves[k - 1] || "";
  let who = moverOf(d, k);
  // a move made while several seats were to move is recorded with its seat ("2: arrange …",
  // counted from 0): the seat is said as everywhere else, from 1
  const seated = /^(\d+): (.*)$/su.exec(words);
  if (seated && Number(seated[1]) < players()) {
    who = Number(seated[1]);
    words = seated[2];
  }
  return who === null ? words : t("{who}: {move}", { who: seatLabel(who), move: words });
}

// --- the page around the felt ------------------------------------------------------------------

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function signed(n) {
  return (n > 0 ? "+" : "") + n;
}

function drawWhere(d) {
  const moves = d.moves.length;
  $("count").textContent = t("move {step} of {moves}", { step: rp.step, moves });
  const move = $("move");
  move.replaceChildren(rp.step ? suitHtml(moveLine(d, rp.step)) : document.createTextNode(t("the cards as dealt")));
  $("hand-title").textContent = rp.seat === null ? t("Spectator") : t("Hand of seat {n}", { n: rp.seat + 1 });
}

function drawLog(d) {
  const log = $("log");
  log.replaceChildren();
  if (!rp.step) {
    log.append(el("li", "rp-empty", t("no moves yet")));
    return;
  }
  for (let k = 1; k <= rp.step; k++) {
    const li = el("li");
    li.append(suitHtml(moveLine(d, k)));
    li.dataset.step = String(k);
    if (k === rp.step) li.setAttribute("aria-current", "step");
    li.addEventListener("click", () => go(k));
    log.append(li);
  }
  if ($("log-box").open) log.scrollTop = log.scrollHeight;
}

/** The score of a deal at its last step: the points of each seat, the match totals, and the
 * engine's reasons folded under them. */
function drawScore(d, view) {
  const box = $("score-box");
  const show = rp.step === lastStep() && view.over;
  box.hidden = !show;
  if (!show) {
    box.replaceChildren();
    return;
  }
  box.classList.toggle("down", rp.scoreDown);
  const head = el("header", "rp-score-head");
  const h = el("h2", "", t("Score of deal {n}", { n: rp.deal + 1 }));
  h.id = "score-title";
  const fold = el("button", "rp-fold", rp.scoreDown ? t("show the score") : t("look at the table"));
  fold.type = "button";
  fold.id = "score-fold";
  fold.setAttribute("aria-expanded", rp.scoreDown ? "false" : "true");
  fold.addEventListener("click", () => {
    rp.scoreDown = !rp.scoreDown;
    drawScore(d, view);
  });
  head.append(h, fold);
  const points = Array.isArray(view.scores) ? view.scores : [];
  const totals = totalsNow();
  const best = points.length ? Math.max(...points) : null;
  const table = el("table");
  const top = el("tr");
  [t("player"), t("points"), t("match total")].forEach((c) => top.append(el("th", "", c)));
  table.append(top);
  for (let s = 0; s < players(); s++) {
    const tr = el("tr", points.length && points[s] === best && best > 0 ? "rp-best" : "");
    tr.dataset.scoreSeat = String(s);
    const note = seatNote(s);
    tr.append(el("td", "", note ? `${seatLabel(s)} · ${note}` : seatLabel(s)),
      el("td", "num", s < points.length ? signed(points[s]) : "—"),
      el("td", "num", String(totals[s] ?? 0)));
    table.append(tr);
  }
  box.replaceChildren(head, table);
  // the reasons in words of the page's language (the server's score summary of the deal),
  // else the engine's own notes
  const worded = d.score && Array.isArray(d.score.seats)
    ? d.score.seats.flatMap((st) => (st.lines || []).map((line) => ({ who: st.name, points: line.points, text: line.text })))
    : (view.items || []).filter((it) => it.points || it.note)
      .map((it) => ({ who: seatLabel(it.seat), points: it.points, text: it.note || it.rule || "" }));
  if (worded.length) {
    const why = el("details");
    why.open = worded.length <= 3;
    why.append(el("summary", "", t("why")));
    const ul = el("ul");
    for (const it of worded) {
      const li = el("li");
      li.append(el("span", "pts", `${it.who} ${signed(it.points)}`), document.createTextNode(" "), suitHtml(it.text));
      ul.append(li);
    }
    why.append(ul);
    box.append(why);
  }
  if (rp.deal === rp.data.deals.length - 1 && rp.table && rp.table.status === "over") {
    box.append(el("p", "", t("The match is over.")));
  }
}

function drawButtons() {
  const end = lastStep();
  $("first").disabled = rp.step === 0;
  $("prev").disabled = rp.step === 0;
  $("next").disabled = rp.step >= end;
  $("last").disabled = rp.step >= end;
  $("play").setAttribute("aria-pressed", rp.timer ? "true" : "false");
}

function keepInUrl() {
  const params = new URLSearchParams(location.search);
  if (rp.seat === null) params.delete("seat");
  else params.set("seat", String(rp.seat + 1));
  params.set("deal", String(rp.deal + 1));
  params.set("move", String(rp.step));
  try {
    history.replaceState(null, "", `${location.pathname}?${params}${location.hash}`);
  } catch (e) { /* a sandboxed page keeps its address */ }
}

function render() {
  const d = dealData();
  const view = d.steps[rp.step];
  const picture = (d.pictures || [])[rp.step] || { seats: [], centre: [] };
  const hand = handOf(view, picture);
  // the review's best move at this step, drawn as a move being made (its cards, its zone)
  const best = reviewFelt(hand);
  const config = {
    picture, viewer: rp.seat, seats: seatsInfo(view), hand, selected: best.selected,
    active: false, hot: best.hot,
  };
  if (!felt) {
    felt = Felt($("felt"), { ...config, holdMs: HOLD_MS, fourColour: fourColour() });
    felt.on("sort", () => {
      rp.sort = rp.sort === "rank" ? "game" : "rank";
      render();
    });
    felt.on("seat", (n) => {
      if (Number.isInteger(n) && n !== rp.seat) chooseSeat(n);
    });
  } else {
    felt.set(config);
  }
  document.body.dataset.step = String(rp.step);
  document.body.dataset.deal = String(rp.deal);
  document.body.dataset.seat = rp.seat === null ? "" : String(rp.seat);
  drawWhere(d);
  drawLog(d);
  drawScore(d, view);
  drawButtons();
  keepInUrl();
  drawReview();
}

function fourColour() {
  try {
    const on = localStorage.getItem("cardtable.fourColour") === "1";
    document.body.classList.toggle("four-colour", on);
    return on;
  } catch (e) {
    return false;
  }
}

// --- stepping --------------------------------------------------------------------------------

function go(step, { keepPlaying = false } = {}) {
  if (!rp.data) return;
  if (!keepPlaying) pause();
  rp.step = Math.max(0, Math.min(lastStep(), step));
  render();
}

function pause() {
  if (!rp.timer) return;
  clearInterval(rp.timer);
  rp.timer = null;
  drawButtons();
}

function play() {
  if (rp.timer) {
    pause();
    return;
  }
  if (rp.step >= lastStep()) go(0);
  rp.timer = setInterval(() => {
    if (rp.step >= lastStep()) {
      pause();
      return;
    }
    go(rp.step + 1, { keepPlaying: true });
    if (rp.step >= lastStep()) pause();
  }, STEP_MS);
  drawButtons();
}

async function chooseSeat(seat) {
  const select = $("as-seat");
  select.value = seat === null ? "" : String(seat);
  if (await load(seat)) {
    rp.step = Math.min(rp.step, lastStep());
    seatChanged();
    render();
  }
}

function onKey(ev) {
  if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey || !rp.data) return;
  const target = ev.target;
  if (target && target.closest && target.closest("select, input, textarea, [data-hand-index], summary, .rp-log-list")) return;
  const to = { ArrowRight: rp.step + 1, ArrowLeft: rp.step - 1, Home: 0, End: lastStep() }[ev.key];
  if (to !== undefined) {
    ev.preventDefault();
    go(to);
  } else if (ev.key === " " && (target === document.body || !target)) {
    ev.preventDefault();
    play();
  }
}

function fromUrl() {
  const params = new URLSearchParams(location.search);
  const num = (k) => {
    const v = Number(params.get(k));
    return params.has(k) && Number.isInteger(v) ? v : null;
  };
  return { seat: num("seat"), deal: num("deal"), move: num("move") };
}

async function start() {
  const asked = fromUrl();
  const seat = asked.seat !== null && asked.seat >= 1 ? asked.seat - 1 : null;
  const [games, table] = await Promise.all([json("/api/games"), json(`/api/tables/${encodeURIComponent(tableId)}`)]);
  rp.table = table;
  const reviewAsked = new URLSearchParams(location.search).get("review") === "1";
  const failed = async () => {
    if (reviewAsked && seat !== null) await askWithoutReplay(tableId, seat, $("message").textContent);
  };
  if (!(await load(null))) return failed();
  if (seat !== null && seat < players() && !(await load(seat))) return failed();
  rp.game = (games || []).find((g) => g.id === rp.data.game) || null;
  const title = t("Replay of {game}", { game: rp.game ? rp.game.title || rp.game.name : rp.data.game });
  $("title").textContent = title;
  document.title = title;
  document.querySelector("header.bar a.home").href = pageUrl("/");
  const asSeat = $("as-seat");
  asSeat.append(new Option(t("spectator"), ""));
  for (let s = 0; s < players(); s++) asSeat.append(new Option(t("seat {n}", { n: s + 1 }), String(s)));
  asSeat.value = rp.seat === null ? "" : String(rp.seat);
  const deal = $("deal");
  const count = rp.data.deals.length;
  rp.data.deals.forEach((_, i) => deal.append(new Option(t("{n} of {count}", { n: i + 1, count }), String(i))));
  if (asked.deal !== null && asked.deal >= 1 && asked.deal <= count) rp.deal = asked.deal - 1;
  deal.value = String(rp.deal);
  asSeat.addEventListener("change", () => chooseSeat(asSeat.value === "" ? null : Number(asSeat.value)));
  deal.addEventListener("change", () => {
    rp.deal = Number(deal.value);
    go(0);
  });
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(rp.step - 1));
  $("next").addEventListener("click", () => go(rp.step + 1));
  $("last").addEventListener("click", () => go(lastStep()));
  $("play").addEventListener("click", play);
  $("log-box").addEventListener("toggle", () => {
    if ($("log-box").open) $("log").scrollTop = $("log").scrollHeight;
  });
  document.addEventListener("keydown", onKey);
  rp.step = asked.move !== null ? Math.max(0, Math.min(lastStep(), asked.move)) : 0;
  setupReview({
    tableId,
    seat: () => rp.seat,
    deal: () => rp.deal,
    step: () => rp.step,
    dealData,
    render,
    go(dealIndex, step) {
      if (dealIndex !== rp.deal && dealIndex >= 0 && dealIndex < rp.data.deals.length) {
        rp.deal = dealIndex;
        $("deal").value = String(dealIndex);
      }
      go(step);
    },
  });
  new ResizeObserver(() => feltResized()).observe($("felt"));
  render();
}

start();
